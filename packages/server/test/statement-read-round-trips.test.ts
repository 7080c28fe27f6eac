import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { loadStatementRows } from '../src/statements/results.ts';
import { startApp, upload } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

// Issue 38: beyond the read itself, a signed-in read's time is its round trips to the database
// (each waits for a core on a busy machine: the database's thread, or the server's own). A small
// statement's read asks the database few times, and its rows are written by the spend's
// transaction: no chunk committed on its own first. PGlite in memory (inline), the real reader.

/** Every statement sent to PGlite (outside a transaction, inside one, and each transaction's own), in order. */
function countStatements(pglite: PGlite) {
  const sent: string[] = [];
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  const label = (q: string) => q.replace(/\s+/g, ' ').trim().slice(0, 60);
  pglite.query = (async (q: string, ...rest: unknown[]) => {
    // (the health check's probe, db/probe.ts, a second apart, is not the read's)
    if (q.trim() !== 'select 1') sent.push(label(q));
    return (query as (...a: unknown[]) => unknown)(q, ...rest);
  }) as PGlite['query'];
  pglite.exec = (async (q: string, ...rest: unknown[]) => {
    sent.push(label(q));
    return (exec as (...a: unknown[]) => unknown)(q, ...rest);
  }) as PGlite['exec'];
  pglite.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    sent.push('begin');
    try {
      return await transaction((tx) => {
        const q = tx.query.bind(tx);
        tx.query = (async (s: string, ...rest: unknown[]) => {
          sent.push(`(tx) ${label(s)}`);
          return (q as (...a: unknown[]) => unknown)(s, ...rest);
        }) as typeof tx.query;
        return fn(tx);
      });
    } finally {
      sent.push('commit');
    }
  }) as PGlite['transaction'];
  return {
    sent,
    stop() {
      pglite.query = query;
      pglite.exec = exec;
      pglite.transaction = transaction;
    },
  };
}

const csv = (n: number) =>
  Buffer.from(
    ['Date,Narration,Withdrawal,Deposit,Balance']
      .concat(
        Array.from(
          { length: n },
          (_, i) => `0${1 + (i % 9)}/04/2024,ROUNDTRIP PAYEE ${i},,10.00,${(10 * (i + 1)).toFixed(2)}`,
        ),
      )
      .join('\n') + '\n',
  );

describe('a signed-in read asks the database few times (PGlite)', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    await h?.close();
  });

  // 18 before session 19: the payer read four times (now once, by the spend), the balance again, the
  // rows' chunk committed on its own and counted back in the transaction, the person read again for the token.
  test("a small statement's read: at most 12 statements, its rows written with the statement", async () => {
    const m = await makeMember(h, 100);
    // once untimed: the reader starts, and the first read's one-time queries are done
    const first = await upload(h.app, '/api/auto/extract-statement', {
      token: m.token,
      bytes: csv(30),
      name: 'a.csv',
    });
    assert.equal(first.status, 200);
    const count = countStatements(h.database.pglite as PGlite);
    let res;
    try {
      res = await upload(h.app, '/api/auto/extract-statement', {
        token: m.token,
        bytes: csv(40),
        name: 'b.csv',
      });
    } finally {
      count.stop();
    }
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 300));
    const body = res.body as { statement_id: string; page_left: number; transactions: unknown[] };
    assert.equal(body.transactions.length, 40);
    // the rows reach the database once, inside the spend's transaction (between its begin and commit)
    const carrying = count.sent.flatMap((q, i) =>
      /statement_row_chunks/.test(q) && /insert/i.test(q) ? [i] : [],
    );
    assert.equal(carrying.length, 1, count.sent.join('\n'));
    const begin = count.sent.lastIndexOf('begin', carrying[0]);
    assert.ok(begin >= 0 && count.sent.indexOf('commit', begin) > carrying[0]!, count.sent.join('\n'));
    assert.ok(
      count.sent.length <= 12,
      `the read sent ${count.sent.length} statements:\n${count.sent.join('\n')}`,
    );
    // and what the answer says is what the database holds
    const page = await loadStatementRows(h.database.db, m.id, body.statement_id, { offset: 0, limit: 100 });
    assert.equal(page?.total, 40);
    assert.equal(page?.rows[39]?.[1], 'ROUNDTRIP PAYEE 39');
    assert.equal(body.page_left, 100 - 1 - 1);
  });
});
