// Amounts printed in whole rupees ('2,700', '151200') beside balances with paise are the amount
// column's figures: before, such rows read 0/0 (four banks of a held-back set).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { type Item, itemsPage, rowsOf } from './items.ts';
import { valuesAt } from './stages.ts';

test('whole rupees in a withdrawal or deposit column of a page are amounts', () => {
  const row = (y: number, day: string, text: string, debit: string, credit: string, balance: string) =>
    [
      y,
      [
        [33, 80, `${day}/05/2024`],
        [120, 120 + 5 * text.length, text],
        ...(debit ? [[461 - 5 * debit.length, 461, debit] as Item] : []),
        ...(credit ? [[522 - 5 * credit.length, 522, credit] as Item] : []),
        [592 - 5 * balance.length, 592, balance],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(8, [
    [
      119,
      [
        [33, 80, 'Date'],
        [120, 170, 'Narration'],
        [413, 461, 'Withdrawal'],
        [483, 522, 'Deposit'],
        [559, 592, 'Balance'],
      ],
    ],
    row(140, '01', 'UPI/DR/412220246414/BHARAT', '2,700', '', '55,953.43'),
    row(155, '02', 'UPI/CR/412258786469/MOHAMMED', '', '151200', '2,07,153.43'),
    row(170, '03', 'ATM CASH', '500.50', '', '2,06,652.93'),
  ]);
  // the values stage alone: whole rupees in the withdrawal cell are the row's figure
  const first = valuesAt(doc, 140);
  assert.ok('tx' in first && first.tx.withdrawal === 270000 && first.tx.deposit === 0, JSON.stringify(first));
  assert.deepEqual(rowsOf(doc), [
    ['2024-05-01', 270000, 0, 5595343],
    ['2024-05-02', 0, 15120000, 20715343],
    ['2024-05-03', 50050, 0, 20665293],
  ]);
});

test('whole rupees in a CSV download are amounts, and the balances prove them', () => {
  const rows = [
    ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
    ['01/05/2024', 'UPI/DR/412220246414/BHARAT', '2700', null, '58653.43'],
    ['02/05/2024', 'NEFT/CR/ACME', null, '1,51,200', '209853.43'],
  ];
  const [account] = parseStatement({
    kind: 'sheets',
    format: 'xlsx',
    sheets: [{ name: 'S', rows }],
  }).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.withdrawal, t.deposit]),
    [
      [270000, 0],
      [0, 15120000],
    ],
  );
  assert.equal(account!.reconciliation.checkedBalances, 2);
});
