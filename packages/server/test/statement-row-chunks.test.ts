import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { StatementTransaction } from '@bahi/contract';
import type { PGlite } from '@electric-sql/pglite';
import {
  loadStatementRows,
  loadStatementRowsJson,
  saveStatementResult,
  stageStatementRows,
  sweepStagedRows,
  type StatementDetail,
} from '../src/statements/results.ts';
import { call, startApp, upload } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

// Issue 38: a large statement's rows are written a chunk at a time, each chunk committed by itself,
// so the embedded database (one connection) answers other requests while a statement is saved,
// instead of being held by one 3 MB insert inside the spend's transaction. And issue 19's promise
// stays: a statement appears whole or not at all. PGlite in memory (inline).

const ROWS = 6000;

/** A CSV statement of `n` deposits, every narration marked so the database's traffic can be told. */
function csv(n: number): Buffer {
  const lines = ['Date,Narration,Withdrawal,Deposit,Balance'];
  for (let i = 0; i < n; i++)
    lines.push(
      `${String(1 + Math.floor(i / 250)).padStart(2, '0')}/04/2024,CHUNKTEST NEFT PAYEE ${i},,100.00,${(100 * (i + 1)).toFixed(2)}`,
    );
  return Buffer.from(lines.join('\n') + '\n');
}

/**
 * Every hold of the database: a query outside a transaction, or a whole transaction (PGlite's lock
 * is held from its BEGIN to its end), with the text of every parameter it carried and when it
 * started and ended in the order of all holds' events.
 */
function watchHolds(pglite: PGlite) {
  const holds: { params: string; sql: string; start: number; end: number }[] = [];
  let tick = 0;
  const text = (params?: unknown[]) => (params ?? []).map((p) => (typeof p === 'string' ? p : '')).join('');
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  // (PGlite on its thread sends a transaction's own queries through this method with its id as a
  // fourth argument: passed on as given, and not a hold of their own)
  pglite.query = (async (q: string, params?: unknown[], opts?: unknown, ...more: unknown[]) => {
    if (more[0] !== undefined) return (query as (...a: unknown[]) => unknown)(q, params, opts, ...more);
    const hold = { params: text(params), sql: q, start: tick++, end: -1 };
    holds.push(hold);
    try {
      return await query(q, params, opts as never);
    } finally {
      hold.end = tick++;
    }
  }) as PGlite['query'];
  pglite.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    const hold = { params: '', sql: 'transaction', start: tick++, end: -1 };
    holds.push(hold);
    try {
      return await transaction((tx) => {
        const q = tx.query.bind(tx);
        tx.query = (async (s: string, params?: unknown[], opts?: unknown) => {
          hold.params += text(params);
          return q(s, params, opts as never);
        }) as typeof tx.query;
        return fn(tx);
      });
    } finally {
      hold.end = tick++;
    }
  }) as PGlite['transaction'];
  return {
    holds,
    stop() {
      pglite.query = query;
      pglite.transaction = transaction;
    },
  };
}

describe("a statement's rows saved in chunks (PGlite)", () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    await h?.close();
  });

  test('a large statement is saved in short holds of the database, other queries answered between them', async () => {
    const m = await makeMember(h, 1000);
    const watch = watchHolds(h.database.pglite as PGlite);
    // a request's query asked again and again while the statement is read and saved (a turn of
    // the event loop between two, as requests arrive: PGlite's calls alone never leave the microtasks)
    let reading = true;
    const probing = (async () => {
      while (reading) {
        await h.database.db.execute(sql`select 1 as probe`);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    let res;
    try {
      res = await upload(h.app, '/api/auto/extract-statement', {
        token: m.token,
        bytes: csv(ROWS),
        name: 'chunks.csv',
      });
    } finally {
      reading = false;
      await probing;
      watch.stop();
    }
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    assert.equal((res.body as { transactions: unknown[] }).transactions.length, ROWS);

    // The holds that carried the statement's narrations (the preview's few rows aside).
    const carrying = watch.holds.filter((x) => (x.params.match(/CHUNKTEST/g)?.length ?? 0) > 100);
    const total = carrying.reduce((n, x) => n + (x.params.match(/CHUNKTEST/g)?.length ?? 0), 0);
    assert.ok(total >= ROWS, `every row went to the database (${total})`);
    const most = Math.max(...carrying.map((x) => x.params.match(/CHUNKTEST/g)!.length));
    assert.ok(carrying.length >= ROWS / 250, `the rows went in ${carrying.length} holds`);
    // 250 rows: about a millisecond of the database's thread (1,000 held it 16-85 ms under load)
    assert.ok(most <= 250, `no hold carried more than 250 rows (the largest: ${most})`);
    // Between the first and the last of those holds, the probe's queries were answered.
    const first = Math.min(...carrying.map((x) => x.start));
    const last = Math.max(...carrying.map((x) => x.end));
    const between = watch.holds.filter((x) => /probe/.test(x.sql) && x.start > first && x.end < last);
    assert.ok(
      between.length >= carrying.length - 1,
      `${between.length} probes answered while the rows were saved`,
    );

    // And the statement reads back whole, in order.
    const id = (res.body as { statement_id: string }).statement_id;
    const page = await loadStatementRows(h.database.db, m.id, id, { offset: 990, limit: 20 });
    assert.equal(page?.total, ROWS);
    assert.deepEqual(
      page?.rows.map((r) => r[1]),
      Array.from({ length: 20 }, (_, i) => `CHUNKTEST NEFT PAYEE ${990 + i}`),
    );
    const text = JSON.parse((await loadStatementRowsJson(h.database.db, m.id, id))!);
    assert.equal(text.rows.length, ROWS);
    assert.deepEqual(
      text.rows,
      (await loadStatementRows(h.database.db, m.id, id, { offset: 0, limit: ROWS }))!.rows,
    );
    const viaRoute = await call(h.app, 'GET', `/api/statements/${id}/rows`, { token: m.token });
    assert.equal(viaRoute.status, 200);
    assert.equal((viaRoute.body as { rows: unknown[] }).rows.length, ROWS);
  });

  test('a read refused for want of pages leaves no rows behind', async () => {
    const m = await makeMember(h, 2);
    const res = await upload(h.app, '/api/auto/extract-statement', {
      token: m.token,
      bytes: csv(3000),
      name: 'short-of-pages.csv',
    });
    assert.equal(res.status, 402);
    const left = await h.database.db.execute(
      sql`select count(*)::int as n from statement_row_chunks where user_id = ${m.id}`,
    );
    assert.equal((left as unknown as { rows: { n: number }[] }).rows[0].n, 0);
  });

  const rowsOf = (n: number): StatementTransaction[] =>
    Array.from({ length: n }, (_, i) => ({
      Date: '01-04-2025',
      Description: `ROW ${i}`,
      Withdrawal: '',
      Deposit: '1.00',
      ClosingBalance: String(i + 1),
      LedgerName: i === 7 ? 'Sales' : '',
    }));
  const detail = (n: number) =>
    ({
      statement_info: {
        bank: 'HDFC',
        account_number: null,
        period_from: null,
        period_to: null,
        transactions: n,
      },
      reasons: [],
      issues: [],
    }) as unknown as StatementDetail;
  const save = (userId: string, rows: Parameters<typeof saveStatementResult>[1]['rows']) =>
    h.database.db.transaction((tx) =>
      saveStatementResult(tx, {
        userId,
        requestedBank: 'hdfc',
        fileName: 's.csv',
        format: 'csv',
        detail: detail(2500),
        rows,
        now: new Date(),
      }),
    );

  test('staged rows are seen only once their statement is saved; a save missing a chunk is refused whole', async () => {
    const m = await makeMember(h, 10);
    const staged = await stageStatementRows(h.database.db, { userId: m.id, rows: rowsOf(2500) });
    // a process killed here: the chunks are there, no statement shows them
    assert.equal(await loadStatementRows(h.database.db, m.id, staged.id, { offset: 0, limit: 10 }), null);
    const list = await call(h.app, 'GET', '/api/statements', { token: m.token });
    assert.equal((list.body as { total: number }).total, 0);

    // a chunk gone (swept, a disk that lost it): the statement is not saved at all
    await h.database.db.execute(
      sql`delete from statement_row_chunks where statement_id = ${staged.id} and n = 1`,
    );
    await assert.rejects(save(m.id, staged), /2250 of its 2500 rows/);
    assert.equal(await loadStatementRows(h.database.db, m.id, staged.id, { offset: 0, limit: 10 }), null);

    // staged again (the missing chunk written, the others kept), the save commits every row
    const again = await stageStatementRows(h.database.db, {
      id: staged.id,
      userId: m.id,
      rows: rowsOf(2500),
    });
    const { id } = await save(m.id, again);
    const page = await loadStatementRows(h.database.db, m.id, id, { offset: 0, limit: 3000 });
    assert.equal(page?.rows.length, 2500);
    assert.deepEqual(
      page?.rows.map((r) => r[1]),
      rowsOf(2500).map((r) => r.Description),
    );
    assert.equal(page?.ledgers[7], 'Sales');
  });

  test('long narrations make shorter chunks: no insert carries much more than 32 K characters of rows', async () => {
    const m = await makeMember(h, 10);
    const long = rowsOf(400).map((r, i) => ({ ...r, Description: `LONG ${i} `.padEnd(400, 'x') }));
    const staged = await stageStatementRows(h.database.db, { userId: m.id, rows: long });
    const chunks = (
      (await h.database.db.execute(
        sql`select n, row_count as "rowCount", length(rows::text) as chars
            from statement_row_chunks where statement_id = ${staged.id} order by n`,
      )) as unknown as { rows: { n: number; rowCount: number; chars: number }[] }
    ).rows;
    // rows of ~416 characters: 78 to a chunk (32,768 / 416), every row in one of them
    assert.deepEqual(
      chunks.map((c) => c.rowCount),
      [78, 78, 78, 78, 78, 10],
    );
    assert.ok(Math.max(...chunks.map((c) => c.chars)) < 36 * 1024, JSON.stringify(chunks));
    const { id } = await save(m.id, staged);
    const page = await loadStatementRows(h.database.db, m.id, id, { offset: 0, limit: 500 });
    assert.deepEqual(
      page?.rows.map((r) => r[1]),
      long.map((r) => r.Description),
    );
  });

  // Decision 052, round sixteen: a chunk is kept as the JSON text it was sent (a json column), not
  // parsed into jsonb's binary form on its insert, the larger half of the embedded database's work
  // on a chunk; and the statement reads back the same, through both of its readers.
  test('a chunk is stored as the text it was sent, and reads back the same', async () => {
    const m = await makeMember(h, 10);
    const rows = rowsOf(300).map((r, i) => ({
      ...r,
      Description: i === 3 ? 'QUOTE " AND \\ ₹ 1,000' : r.Description,
    }));
    const staged = await stageStatementRows(h.database.db, { userId: m.id, rows });
    const chunks = (
      (await h.database.db.execute(
        sql`select pg_typeof(rows)::text as type, rows::text as text
            from statement_row_chunks where statement_id = ${staged.id} order by n`,
      )) as unknown as { rows: { type: string; text: string }[] }
    ).rows;
    assert.deepEqual(
      chunks.map((c) => c.type),
      ['json', 'json'],
    );
    // the text as JSON.stringify wrote it (jsonb would give it back re-spaced: `["01-04-2025", ...`)
    assert.equal(chunks[0]!.text, JSON.stringify(JSON.parse(chunks[0]!.text)));
    const { id } = await save(m.id, staged);
    const page = await loadStatementRows(h.database.db, m.id, id, { offset: 0, limit: 500 });
    assert.deepEqual(
      page?.rows.map((r) => r[1]),
      rows.map((r) => r.Description),
    );
    const text = JSON.parse((await loadStatementRowsJson(h.database.db, m.id, id))!);
    assert.deepEqual(text.rows, page?.rows);
  });

  test("the sweep removes chunks no statement took once they are a day old, never a statement's", async () => {
    const m = await makeMember(h, 10);
    const orphan = await stageStatementRows(h.database.db, { userId: m.id, rows: rowsOf(1200) });
    const kept = await save(
      m.id,
      await stageStatementRows(h.database.db, { userId: m.id, rows: rowsOf(1200) }),
    );
    const count = async (id: string) =>
      (
        (await h.database.db.execute(
          sql`select count(*)::int as n from statement_row_chunks where statement_id = ${id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    // a save in progress (chunks of a few minutes ago) is left alone
    await sweepStagedRows(h.database.db, new Date());
    assert.equal(await count(orphan.id), 5);
    await sweepStagedRows(h.database.db, new Date(Date.now() + 25 * 3600_000));
    assert.equal(await count(orphan.id), 0);
    assert.equal(await count(kept.id), 5);
    assert.equal(
      (await loadStatementRows(h.database.db, m.id, kept.id, { offset: 0, limit: 5000 }))?.total,
      1200,
    );
  });
});
