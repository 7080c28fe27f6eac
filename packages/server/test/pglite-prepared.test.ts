// The embedded database's selects as prepared statements (decision 052, round nine; `with`
// statements too since round seventeen): a select's text is parsed once and then only bound and run, and answers exactly as PGlite's query did:
// rows, dates as drizzle reads them, errors with their SQLSTATE, inside transactions too, and a
// statement whose table changed its columns prepared again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from '../src/db/index.ts';
import { MAX_PREPARED } from '../src/db/pglite-prepared.ts';

const things = pgTable('t_prepared', {
  id: integer('id').primaryKey(),
  name: text('name'),
  at: timestamp('at', { withTimezone: true }),
});

let database: Database;
before(async () => {
  process.env.BAHI_PGLITE_THREAD = '1';
  database = await openDatabase({ pgliteDir: 'memory://' });
  await database.db.execute(sql`create table t_prepared (id int primary key, name text, at timestamptz)`);
  await database.db.insert(things).values([
    { id: 1, name: 'one', at: new Date('2026-11-29T10:00:00.123Z') },
    { id: 2, name: null, at: null },
  ]);
});
after(() => database.close());

const preparedCount = async () => {
  const { rows } = await database.pglite!.query<{ n: number }>(
    "select count(*)::int as n from pg_prepared_statements where name like 'bahi_%'",
  );
  return rows[0]!.n;
};

test('a select asked again with other values is parsed once, and answers as before', async () => {
  const before = await preparedCount();
  const one = await database.db.select().from(things).where(eq(things.id, 1));
  const two = await database.db.select().from(things).where(eq(things.id, 2));
  const none = await database.db.select().from(things).where(eq(things.id, 3));
  assert.deepEqual(one, [{ id: 1, name: 'one', at: new Date('2026-11-29T10:00:00.123Z') }]);
  assert.deepEqual(two, [{ id: 2, name: null, at: null }]);
  assert.deepEqual(none, []);
  // the three calls' one text (the count's own was prepared by its first call)
  assert.equal((await preparedCount()) - before, 1);
});

test('in a transaction too, and an error keeps its SQLSTATE and leaves the statement usable', async () => {
  await assert.rejects(
    database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(things).where(eq(things.id, 1));
      assert.equal(row!.name, 'one');
      await tx.insert(things).values({ id: 3, name: 'three' });
      assert.equal((await tx.select().from(things).where(eq(things.id, 3)))[0]!.name, 'three');
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.deepEqual(await database.db.select().from(things).where(eq(things.id, 3)), []);
  // 22P02: an integer parameter given text
  await assert.rejects(
    database.pglite!.query('select id from t_prepared where id = $1', ['x']),
    (err: { code?: string; message: string }) => err.code === '22P02',
  );
  const { rows } = await database.pglite!.query<{ id: number }>(
    'select id from t_prepared where id = $1',
    [2],
  );
  assert.deepEqual(rows, [{ id: 2 }]);
});

test("a `with` statement that writes (the read end's markRead) is parsed once, and writes and answers as before", async () => {
  await database.db.insert(things).values({ id: 10, name: 'ten' });
  const before = await preparedCount();
  // one text, as drizzle sends markRead's: each CTE a select from the one before it
  const rename = async (id: number, name: string) =>
    (await database.db.execute(sql`
      with was as (
        select name from t_prepared where id = ${id}
      ), put as (
        update t_prepared set name = ${name}::text where id = ${id} returning id, name
      )
      select p.id, p.name, (select name from was) as was from put p`)) as unknown as { rows: unknown[] };
  const first = await rename(10, 'TEN');
  const again = await rename(10, 'Ten');
  assert.deepEqual(first.rows, [{ id: 10, name: 'TEN', was: 'ten' }]);
  assert.deepEqual(again.rows, [{ id: 10, name: 'Ten', was: 'TEN' }]);
  assert.equal((await preparedCount()) - before, 1, "the two calls' one text is prepared once");
  // in a transaction rolled back, its writes go with it
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await tx.execute(
        sql`with put as (insert into t_prepared (id, name) values (${11}, ${'x'}) returning id) select id from put`,
      );
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.deepEqual(await database.db.select().from(things).where(eq(things.id, 11)), []);
  await database.db.delete(things).where(eq(things.id, 10));
});

test('a write whose text comes again is prepared, and writes, answers and fails as before; a bulk insert seen once is not', async () => {
  const before = await preparedCount();
  const put = (id: number, name: string) =>
    database.db.insert(things).values({ id, name }).returning({ id: things.id, name: things.name });
  // the first time the text is PGlite's query, from the second a prepared statement's
  assert.deepEqual(await put(20, 'twenty'), [{ id: 20, name: 'twenty' }]);
  assert.equal(await preparedCount(), before);
  assert.deepEqual(await put(21, 'twenty-one'), [{ id: 21, name: 'twenty-one' }]);
  assert.deepEqual(await put(22, 'twenty-two'), [{ id: 22, name: 'twenty-two' }]);
  assert.equal((await preparedCount()) - before, 1, 'the one-row insert is prepared once');
  // an update without returning counts its rows as before (drizzle reads affectedRows)
  const rename = () => database.db.update(things).set({ name: 'x' }).where(eq(things.id, 20));
  await rename();
  const renamed = (await rename()) as unknown as { affectedRows?: number };
  assert.equal(renamed.affectedRows, 1);
  // a unique violation keeps its code and constraint, prepared, in a transaction rolled back too
  const violation = (err: { cause?: { code?: string; constraint?: string; message?: string } }) => {
    assert.equal(err.cause?.code, '23505');
    assert.equal(err.cause?.constraint, 't_prepared_pkey');
    assert.match(
      err.cause?.message ?? '',
      /duplicate key value violates unique constraint "t_prepared_pkey"/,
    );
    return true;
  };
  await assert.rejects(put(21, 'again'), violation);
  await assert.rejects(
    database.db.transaction(async (tx) => {
      await tx.insert(things).values({ id: 23, name: 'x' });
      await tx.insert(things).values({ id: 24, name: 'y' });
      throw new Error('roll back');
    }),
    /roll back/,
  );
  assert.deepEqual(await database.db.select().from(things).where(eq(things.id, 24)), []);
  // a three-row insert's text, seen once, takes no prepared statement
  const was = await preparedCount();
  await database.db.insert(things).values([{ id: 30 }, { id: 31 }, { id: 32 }]);
  assert.equal(await preparedCount(), was);
  await database.db.delete(things).where(eq(things.id, 30));
});

test('a statement whose columns changed type is prepared again', async () => {
  const ask = () =>
    database.pglite!.query<{ name: unknown }>('select name from t_prepared where id = $1', [1]);
  assert.equal((await ask()).rows[0]!.name, 'one');
  await database.pglite!.exec(
    "alter table t_prepared alter column name type int using (case when name = 'one' then 1 end)",
  );
  // PostgreSQL refuses the old plan once ("cached plan must not change result type"), then it is new
  await ask().catch((err: { code?: string }) => assert.equal(err.code, '0A000'));
  assert.equal((await ask()).rows[0]!.name, 1);
});

test('the texts kept prepared are bounded', async () => {
  for (let i = 0; i < MAX_PREPARED + 20; i++) await database.pglite!.query(`select $1::int + ${i} as n`, [1]);
  assert.ok((await preparedCount()) <= MAX_PREPARED + 1, `${await preparedCount()} prepared`);
  assert.equal((await database.pglite!.query<{ n: number }>('select $1::int + 0 as n', [1])).rows[0]!.n, 1);
});
