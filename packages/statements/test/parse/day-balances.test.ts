// A statement that prints the running balance only on each day's last row: the other rows take the
// running balance, marked computed, where the next printed balance proves it; a page's total is no
// statement total (a real BOB branch ledger: 453 -> 454 of 454 rows, and it reconciles).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement, toTruthJson } from '../../src/index.ts';
import { fixSidesFromBalance } from '../../src/parse/reconcile.ts';
import type { Transaction } from '../../src/parse/types.ts';
import type { Sheet } from '../../src/source.ts';

const read = (rows: Sheet['rows']) =>
  parseStatement({ kind: 'sheets', format: 'xlsx', sheets: [{ name: 'S', rows }] });

test("a day's rows before its last take the running balance the printed one proves", () => {
  const result = read([
    ['Date', 'Particulars', 'Debit Amount', 'Credit Amount', 'Balance'],
    ['04/03/2024', 'UPI paytm', '50.00', null, '288.05'],
    ['05/03/2024', 'UPI one', '60.00', null, null],
    ['05/03/2024', 'UPI two', '10.00', null, null],
    ['05/03/2024', 'UPI three', '25.00', null, '193.05'],
    ['06/03/2024', 'UPI four', '5.00', null, null],
    ['07/03/2024', 'UPI five', '5.00', null, '999.00'],
  ]);
  assert.deepEqual(
    result.accounts[0]!.transactions.map((t) => [t.balance, t.balanceComputed ?? false]),
    [
      [28805, false],
      [22805, true],
      [21805, true],
      [19305, false],
      // the next printed balance does not follow: nothing is proven, nothing filled
      [null, false],
      [99900, false],
    ],
  );
  // and the JSON says which balances were computed
  assert.match(JSON.stringify(toTruthJson(result)), /"balance":228.05,"balanceComputed":true/);
  assert.equal(result.accounts[0]!.reconciliation.checkedBalances, 3);
  assert.equal(result.accounts[0]!.reconciliation.ok, false);
});

test("a page's printed totals are no statement's totals", () => {
  const result = read([
    ['Date', 'Particulars', 'Debit Amount', 'Credit Amount', 'Balance'],
    ['04/03/2024', 'UPI paytm', '50.00', null, '288.05'],
    ['05/03/2024', 'NEFT in', null, '100.00', '388.05'],
    [null, 'Page Total Credit :', null, '12,189.00', null],
    [null, 'Page Total Debit :', '7,950.00', null, null],
  ]);
  assert.equal(result.accounts[0]!.reconciliation.printedTotals, undefined);
});

// The same statements with one amount column and no side printed on a day's rows: the sides are
// the one combination that reaches the day's printed balance (generated KOTAK seed 166457419: two
// withdrawals before the day's balance had stayed deposits, and the chain broke).
test("a day's rows take the one set of sides that reaches its printed balance", () => {
  const row = (deposit: number, balance: number | null): Transaction => ({
    date: '2025-07-12',
    valueDate: null,
    description: 'UPI',
    reference: null,
    withdrawal: 0,
    deposit,
    balance,
  });
  const day = [row(14_471_00, null), row(136_00, 22_976_46)];
  fixSidesFromBalance(day, 37_583_46);
  assert.deepEqual(
    day.map((t) => [t.withdrawal, t.deposit]),
    [
      [14_471_00, 0],
      [136_00, 0],
    ],
  );
  // two equal amounts, one of each side, reach the balance either way round: left as read
  const even = [row(500_00, null), row(500_00, null), row(100_00, 1_100_00)];
  fixSidesFromBalance(even, 1_000_00);
  assert.deepEqual(
    even.map((t) => t.withdrawal),
    [0, 0, 0],
  );
});
