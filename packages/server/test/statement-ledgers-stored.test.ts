// A statement's ledger names are stored without the blank ones at its end (issue 38, decision 052
// round twelve): a statement just read has none, and its 24,000 blank names for 500 pages were the
// longest hold of the embedded database left in a read's save. Every reader answers a name per
// row as before. PGlite in memory.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { StatementTransaction } from '@bahi/contract';
import {
  loadStatementRows,
  loadStatementRowsJson,
  loadStatementTransactions,
  saveStatementLedgers,
  saveStatementResult,
  stageStatementRows,
  type StatementDetail,
} from '../src/statements/results.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

const rowsOf = (n: number, ledger: (i: number) => string = () => ''): StatementTransaction[] =>
  Array.from({ length: n }, (_, i) => ({
    Date: '01-04-2025',
    Description: `ROW ${i}`,
    Withdrawal: '',
    Deposit: '1.00',
    ClosingBalance: String(i + 1),
    LedgerName: ledger(i),
  }));

const detail = { statement_info: { bank: 'HDFC' }, reasons: [], issues: [] } as unknown as StatementDetail;

describe("a statement's ledger names stored without the blank end (PGlite)", () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => void (h = await startApp()));
  after(() => h?.close());

  const save = (userId: string, rows: Parameters<typeof saveStatementResult>[1]['rows']) =>
    h.database.db.transaction((tx) =>
      saveStatementResult(tx, {
        userId,
        requestedBank: 'hdfc',
        fileName: 's.csv',
        format: 'csv',
        detail,
        rows,
        now: new Date(),
      }),
    );

  /** How many names the database holds for the statement. */
  const storedNames = async (id: string) => {
    const r = await h.database.db.execute(
      sql`select jsonb_array_length(ledgers) as n from statement_results where id = ${id}::uuid`,
    );
    return Number((r as unknown as { rows: { n: number }[] }).rows[0]!.n);
  };

  /** Every way the rows are read answers one name per row, these. */
  async function assertNames(userId: string, token: string, id: string, want: string[]) {
    const n = want.length;
    const whole = await loadStatementRows(h.database.db, userId, id, { offset: 0, limit: n });
    assert.deepEqual(whole?.ledgers, want);
    const tail = await loadStatementRows(h.database.db, userId, id, { offset: n - 10, limit: 50 });
    assert.deepEqual(tail?.ledgers, want.slice(n - 10));
    const text = JSON.parse((await loadStatementRowsJson(h.database.db, userId, id))!);
    assert.deepEqual(text.ledgers, want);
    assert.equal(text.rows.length, n);
    const route = await call(h.app, 'GET', `/api/statements/${id}/rows`, { token });
    assert.equal(route.status, 200);
    assert.deepEqual(route.body.ledgers, want);
    const all = await loadStatementTransactions(h.database.db, userId, id);
    assert.deepEqual(
      all?.map((r) => r.LedgerName),
      want,
    );
  }

  test('a statement read without ledgers stores no names, and answers a blank one per row', async () => {
    const m = await makeMember(h, 10);
    const { id } = await save(m.id, rowsOf(600));
    assert.equal(await storedNames(id), 0, 'no name stored for 600 blank ledgers');
    await assertNames(
      m.id,
      m.token,
      id,
      rowsOf(600).map(() => ''),
    );
    // staged first, as a large read is saved
    const staged = await stageStatementRows(h.database.db, { userId: m.id, rows: rowsOf(600) });
    const saved = await save(m.id, staged);
    assert.equal(await storedNames(saved.id), 0);
    await assertNames(
      m.id,
      m.token,
      saved.id,
      rowsOf(600).map(() => ''),
    );
  });

  test('names up to the last one set are stored; a ledger set, changed and cleared reads back', async () => {
    const m = await makeMember(h, 10);
    const { id } = await save(
      m.id,
      rowsOf(600, (i) => (i === 7 ? 'Sales' : '')),
    );
    assert.equal(await storedNames(id), 8);
    const want: string[] = rowsOf(600).map((_, i) => (i === 7 ? 'Sales' : ''));
    await assertNames(m.id, m.token, id, want);

    const set = await saveStatementLedgers(
      h.database.db,
      m.id,
      id,
      { revision: 1, changes: [{ rows: [300], ledger: 'Rent' }] },
      new Date(),
    );
    assert.equal(typeof set === 'object' && set.saved, 1);
    assert.equal(await storedNames(id), 301);
    want[300] = 'Rent';
    await assertNames(m.id, m.token, id, want);

    // the last row: every name stored, as before
    await saveStatementLedgers(
      h.database.db,
      m.id,
      id,
      { revision: 1, changes: [{ rows: [599], ledger: 'Bank charges' }] },
      new Date(),
    );
    assert.equal(await storedNames(id), 600);
    want[599] = 'Bank charges';
    await assertNames(m.id, m.token, id, want);

    // cleared again: the blank end goes
    await saveStatementLedgers(
      h.database.db,
      m.id,
      id,
      { revision: 1, changes: [{ rows: [300, 599], ledger: '' }] },
      new Date(),
    );
    assert.equal(await storedNames(id), 8);
    want[300] = want[599] = '';
    await assertNames(m.id, m.token, id, want);

    // an index past the rows is still refused (the names are as many as the rows)
    const past = await saveStatementLedgers(
      h.database.db,
      m.id,
      id,
      { revision: 1, changes: [{ rows: [600], ledger: 'X' }] },
      new Date(),
    );
    assert.equal(past, 'out-of-range');
  });
});
