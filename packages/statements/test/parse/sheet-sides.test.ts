// A spreadsheet with withdrawal and deposit columns says each row's side by its column, never by the
// balance movement between rows: same-day rows printed out of balance order once made a credit a
// withdrawal and the read "reconcile". A sheet's one unsigned amount column is still sided by the chain.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { Sheet } from '../../src/source.ts';

const read = (rows: Sheet['rows']) =>
  parseStatement({ kind: 'sheets', format: 'xlsx', sheets: [{ name: 'S', rows }] }).accounts[0]!;

test('a deposit column keeps its rows deposits when same-day rows are out of balance order', () => {
  const account = read([
    ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
    ['02/04/2024', 'NEFT from A', null, '500.00', '2000.00'],
    ['02/04/2024', 'NEFT from B', null, '500.00', '1500.00'],
    ['03/04/2024', 'ATM', '200.00', null, '1300.00'],
  ]);
  assert.deepEqual(
    account.transactions.map((t) => [t.withdrawal, t.deposit]),
    [
      [0, 50000],
      [0, 50000],
      [20000, 0],
    ],
  );
  // the order the bank printed breaks the chain: a break the user sees, not a credit made a debit
  assert.equal(account.reconciliation.ok, false);
});

// one unsigned amount column: 500.00 could be a withdrawal from 2,000.00 as well as a deposit to 1,000.00
const UNSIGNED = [
  ['Date', 'Narration', 'Amount', 'Balance'],
  ['02/04/2024', 'NEFT from A', '500.00', '1500.00'],
  ['03/04/2024', 'ATM', '200.00', '1300.00'],
];

for (const opening of [true, false])
  test(`one unsigned amount column is sided by the balance chain; ${opening ? 'an opening balance proves the first row' : 'without an opening balance its first row is no success'}`, () => {
    const account = read([...(opening ? [['Opening Balance', '1000.00']] : []), ...UNSIGNED]);
    assert.deepEqual(
      account.transactions.map((t) => [t.withdrawal, t.deposit]),
      [
        [0, 50000],
        [20000, 0],
      ],
    );
    assert.equal(account.reconciliation.ok, opening);
    if (!opening) assert.match(account.reconciliation.message, /first row \(2024-04-02\) prints no side/);
  });
