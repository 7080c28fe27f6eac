// An opening balance printed as the first row, its figure in the deposit column as well as the
// balance, is the statement's opening, not a deposit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { Sheet } from '../../src/source.ts';
import { tableOf } from './stages.ts';

const read = (rows: Sheet['rows']) =>
  parseStatement({ kind: 'sheets', format: 'xlsx', sheets: [{ name: 'S', rows }] }).accounts[0]!;

test('an opening balance printed as the first row is the opening', () => {
  const account = read([
    ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
    ['01/04/2024', 'Opening Balance', null, '10,000.00', '10,000.00'],
    ['02/04/2024', 'UPI', '100.00', null, '9,900.00'],
    ['03/04/2024', 'NEFT', null, '1,000.00', '10,900.00'],
  ]);
  assert.equal(account.openingBalance, 1_000_000);
  // the rows stage alone: the first row is the section's opening, not a deposit
  const table = tableOf({
    kind: 'sheets',
    format: 'xlsx',
    sheets: [
      {
        name: 'S',
        rows: [
          ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
          ['01/04/2024', 'Opening Balance', null, '10,000.00', '10,000.00'],
          ['02/04/2024', 'UPI', '100.00', null, '9,900.00'],
        ],
      },
    ],
  });
  assert.deepEqual(
    table.sections[0]!.specials.map((s) => [s.kind, s.balance, s.beforeRows]),
    [['opening', 1_000_000, true]],
  );
  assert.equal(table.sections[0]!.transactions.length, 1);
  assert.deepEqual(
    account.transactions.map((t) => [t.date, t.withdrawal, t.deposit]),
    [
      ['2024-04-02', 10_000, 0],
      ['2024-04-03', 0, 100_000],
    ],
  );
  assert.equal(account.reconciliation.openingSource, 'printed');
});

test('a deposit whose narration starts like an opening, after rows, is a deposit', () => {
  const account = read([
    ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
    ['02/04/2024', 'UPI', '100.00', null, '9,900.00'],
    ['03/04/2024', 'Opening balance transfer from old account', null, '1,000.00', '10,900.00'],
  ]);
  assert.equal(account.transactions.length, 2);
});

test("a first row named opening whose amount is not its balance moves the balance like a row's: a row", () => {
  // (the arithmetic decides, not the name: 0 + 500.00 is no 10,500.00, so the line does not carry the
  // balance from nothing; it is the section's first deposit)
  const table = tableOf({
    kind: 'sheets',
    format: 'xlsx',
    sheets: [
      {
        name: 'S',
        rows: [
          ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
          ['01/04/2024', 'Opening Balance', null, '500.00', '10,500.00'],
          ['02/04/2024', 'UPI', '100.00', null, '10,400.00'],
        ],
      },
    ],
  });
  assert.deepEqual(table.sections[0]!.specials, []);
  assert.deepEqual(
    table.sections[0]!.transactions.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-04-01', 0, 50_000, 1_050_000],
      ['2024-04-02', 10_000, 0, 1_040_000],
    ],
  );
});
