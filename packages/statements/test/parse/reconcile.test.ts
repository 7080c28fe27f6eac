// The check every read gets: opening + deposits - withdrawals gives each printed balance. Rows of
// which not one balance was read prove nothing by it (a balance column read as nothing once passed
// as "Balances reconcile."); printed debit and credit totals that match them still do.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptyFacts } from '../../src/parse/facts.ts';
import { type PrintedFigures, reconcile } from '../../src/parse/reconcile.ts';
import type { Transaction } from '../../src/parse/types.ts';

const tx = (withdrawal: number, deposit: number, balance: number | null): Transaction => ({
  date: '2025-04-01',
  valueDate: null,
  description: 'UPI/1',
  reference: null,
  withdrawal,
  deposit,
  balance,
});
// (a statement that prints no opening, closing or totals)
const none: PrintedFigures = emptyFacts();

test('rows whose balances follow from their amounts reconcile', () => {
  const r = reconcile([tx(0, 10000, 60000), tx(2500, 0, 57500)], none);
  assert.equal(r.ok, true);
  assert.equal(r.checkedBalances, 2);
  assert.equal(r.message, 'Balances reconcile (opening balance derived from the first row).');
});

test('rows without one balance read are no success, unless printed totals match them', () => {
  const rows = [tx(0, 10000, null), tx(2500, 0, null)];
  const bare = reconcile(rows, none);
  assert.equal(bare.ok, false);
  assert.equal(bare.checkedBalances, 0);
  assert.match(bare.message, /No running balance was read, so nothing proves these rows/);

  const totals = reconcile(rows, { ...none, debitTotal: 2500, creditTotal: 10000 });
  assert.equal(totals.ok, true);
  assert.match(totals.message, /the rows match the printed debit and credit totals/);

  const wrong = reconcile(rows, { ...none, debitTotal: 2600, creditTotal: 10000 });
  assert.equal(wrong.ok, false);
});

test('a printed opening the first row does not follow from is no success: rows before it may be missing', () => {
  // (generated INDIANBANK seed 609810739: three first rows of whole rupees were taken for the
  // header, and the rest chained from an opening derived from them: exit 0 with rows missing)
  const rows = [tx(0, 10000, 60000), tx(2500, 0, 57500)];
  assert.equal(reconcile(rows, { ...none, opening: 50000 }).ok, true);
  const short = reconcile(rows, { ...none, opening: 48000 });
  assert.equal(short.ok, false);
  assert.equal(short.breaks.length, 0);
  assert.match(
    short.message,
    /printed on the statement \(480\.00\) does not lead to the first row's balance/,
  );
});
