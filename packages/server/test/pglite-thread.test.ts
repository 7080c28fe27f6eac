// The embedded database on its own thread (issues 37 and 38, decision 052 round three): the
// server's thread keeps serving while PostgreSQL works, and what drizzle, pg-boss and the server ask
// of PGlite answers as before: rows, transactions committed and rolled back (savepoints inside),
// errors with their SQLSTATE and constraint, dates as drizzle reads them, bytes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, uniqueViolation, type Database } from '../src/db/index.ts';

let database: Database;
before(async () => {
  process.env.BAHI_PGLITE_THREAD = '1';
  database = await openDatabase({ pgliteDir: 'memory://' });
  await database.db.execute(sql`create table t_thread (id int primary key, at timestamptz, b bytea)`);
});
after(() => database.close());

test("the server's thread turns while the embedded database runs a query", async () => {
  let turns = 0;
  let running = true;
  const spin = () => {
    turns++;
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  // (in the server's own thread this one call held it throughout: no turn in between)
  const started = turns;
  await database.pglite!.query('select count(*) from generate_series(1, 300000)');
  running = false;
  assert.ok(turns - started > 20, `only ${turns - started} turns of the event loop during the query`);
});

test('a transaction commits; one that throws rolls back, savepoints inside it too', async () => {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into t_thread (id) values (1)`);
    await tx
      .transaction(async (inner) => {
        await inner.execute(sql`insert into t_thread (id) values (2)`);
        throw new Error('inner fails');
      })
      .catch(() => {});
  });
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_thread (id) values (3)`);
      throw new Error('outer fails');
    }),
    /outer fails/,
  );
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_thread (id) values (4)`);
      tx.rollback();
    }),
  );
  const { rows } = await database.pglite!.query<{ id: number }>('select id from t_thread order by id');
  assert.deepEqual(
    rows.map((r) => r.id),
    [1],
  );
});

test('queries outside a transaction wait for it, as on one connection', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const tx = database.db.transaction(async (t) => {
    await t.execute(sql`insert into t_thread (id) values (10)`);
    await held;
  });
  // (started while the transaction is open: it must see the row only once the transaction commits)
  const outside = database.pglite!.query<{ n: number }>(
    'select count(*)::int as n from t_thread where id = 10',
  );
  await new Promise((r) => setTimeout(r, 50));
  release();
  await tx;
  assert.equal((await outside).rows[0]!.n, 1);
});

test("a transaction's first statement is sent behind its begin, before the begin answers", async () => {
  // (one round trip between the threads less while the transaction holds the database: decision
  // 052, round eighteen)
  const thread = database.pglite as unknown as { send: (ask: { op: string }) => Promise<unknown> };
  const send = thread.send.bind(thread);
  const events: string[] = [];
  thread.send = (ask) => {
    events.push(`sent ${ask.op}`);
    return send(ask).finally(() => events.push(`answered ${ask.op}`));
  };
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t_thread (id) values (30)`);
    });
  } finally {
    thread.send = send;
  }
  assert.deepEqual(events.slice(0, 3), ['sent begin', 'sent query', 'answered begin']);
  const { rows } = await database.pglite!.query<{ n: number }>(
    'select count(*)::int as n from t_thread where id = 30',
  );
  assert.equal(rows[0]!.n, 1);
});

test('statements sent behind a begin that waits run in their transaction, after the one before it', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const first = database.db.transaction(async (t) => {
    await t.execute(sql`insert into t_thread (id) values (40)`);
    await held;
  });
  await new Promise((r) => setTimeout(r, 20));
  // begun behind the first: its select runs once the first has committed, inside its own transaction
  let seen = -1;
  const second = database.db.transaction(async (t) => {
    const res = await t.execute(sql`select count(*)::int as n from t_thread where id = 40`);
    seen = (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
    await t.execute(sql`insert into t_thread (id) values (41)`);
    t.rollback();
  });
  await new Promise((r) => setTimeout(r, 50));
  release();
  await first;
  await assert.rejects(second);
  assert.equal(seen, 1);
  const { rows } = await database.pglite!.query<{ id: number }>(
    'select id from t_thread where id in (40, 41) order by id',
  );
  assert.deepEqual(
    rows.map((r) => r.id),
    [40],
  );
});

test('an error keeps its SQLSTATE and constraint; the connection is usable after it', async () => {
  const err = await database.db.execute(sql`insert into t_thread (id) values (1)`).then(
    () => null,
    (e: unknown) => e,
  );
  assert.equal(uniqueViolation(err), 't_thread_pkey');
  const { rows } = await database.pglite!.query<{ one: number }>('select 1 as one');
  assert.equal(rows[0]!.one, 1);
});

test('timestamps come back as drizzle reads them, bytes as bytes', async () => {
  const bytes = new Uint8Array([0, 1, 2, 255]);
  await database.pglite!.query('insert into t_thread (id, at, b) values ($1, $2, $3)', [
    20,
    new Date('2026-01-02T03:04:05Z'),
    bytes,
  ]);
  const result: unknown = await database.db.execute(sql`select at, b from t_thread where id = 20`);
  const [row] = (result as { rows: { at: string; b: Uint8Array }[] }).rows;
  assert.equal(typeof row!.at, 'string', 'drizzle keeps timestamps as PostgreSQL wrote them');
  assert.equal(new Date(row!.at).toISOString(), '2026-01-02T03:04:05.000Z');
  assert.deepEqual([...row!.b], [...bytes]);
});
