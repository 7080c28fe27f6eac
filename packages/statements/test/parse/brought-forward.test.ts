// A 'Brought Forward' printed after rows (a page's, carrying its balance on) is not the statement's
// opening balance: the header's 'Opening Balance' is. Taken as the opening, it made the read say the
// printed opening balance did not lead to the first row's balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { type Item, itemsPage } from './items.ts';
import { tableOf } from './stages.ts';

test("a 'Brought Forward' after rows is a page's, not the opening balance", () => {
  const row = (y: number, day: string, text: string, debit: string, credit: string, balance: string) =>
    [
      y,
      [
        [33, 80, `${day}/05/2024`],
        [203, 203 + 5 * text.length, text],
        [461 - 5 * debit.length, 461, debit],
        [522 - 5 * credit.length, 522, credit],
        [592 - 5 * balance.length, 592, balance],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(8, [
    [19, [[33, 119, 'Canara Bank']]],
    [77, [[306, 445, 'Opening Balance : 56,873.43Cr']]],
    [98, [[33, 330, 'Statement of Account for the period 01/05/2024 to 31/05/2024']]],
    [
      119,
      [
        [33, 80, 'Tran Date'],
        [203, 236, 'Remarks'],
        [413, 461, 'Withdrawal'],
        [483, 522, 'Deposits'],
        [559, 592, 'Balance'],
      ],
    ],
    row(140, '01', 'UPI/DR/412220246414/BHARAT', '920.00', '0.00', '55,953.43Cr'),
    row(155, '02', 'UPI/CR/412258786469/MOHAMMED', '0.00', '1,155.00', '57,108.43Cr'),
    [
      170,
      [
        [203, 300, 'Balance C/F'],
        [413, 461, '920.00'],
        [483, 522, '1,155.00'],
        [537, 592, '57,108.43Cr'],
      ],
    ],
    [
      185,
      [
        [203, 300, 'Brought Forward'],
        [537, 592, '57,108.43Cr'],
      ],
    ],
    row(200, '05', 'NACH DR/HDFC BANK LTD', '4,820.00', '0.00', '52,288.43Cr'),
  ]);
  // the rows stage alone: the carried and brought forward lines are specials, the later one not before the rows
  assert.deepEqual(
    tableOf(doc).sections[0]!.specials.map((s) => [s.kind, s.beforeRows, s.balance]),
    [
      ['carriedForward', false, 5710843],
      ['broughtForward', false, 5710843],
    ],
  );
  const result = parseStatement(doc);
  const account = result.accounts[0]!;
  assert.equal(account.openingBalance, 5687343);
  assert.equal(account.transactions.length, 3);
  assert.deepEqual(
    result.issues.filter((i) => i.kind === 'totals'),
    [],
  );
  assert.equal(account.reconciliation.ok, true);
});
