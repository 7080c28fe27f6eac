// A CCY column printing 'INR' before the amounts, the amounts set at their columns' left a word
// space after it: the lines stage joins 'INR' and a debit into one token ('INR `269.00'), so the
// currency and the debits write one stretch under 'CCY', and 'Dr Amount', set right of its figures,
// stands over none. The stretch was the CCY column's and every debit read 0 (the positional read
// failed; the words' order read put the reference in the narrations). Positions from a generated
// SBI layout (seed 630001, SBI 4989017599: Courier, US letter landscape).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { bandsOf, tableRowsOf } from './stages.ts';

// (Courier 6.5: 3.9 pt a character; a cell set at its column's left, '' for none)
const at = (x: number, text: string): Item => [x, x + 3.9 * text.length, text];
const row = (
  n: string,
  date: string,
  text: string,
  debit: string,
  credit: string,
  balance: string,
): Item[] => [
  at(41.6, n),
  at(125, date),
  at(319.1, text),
  at(497.8, 'INR'),
  at(514.9, debit || 'NIL'),
  at(598.3, credit || 'NIL'),
  at(681.7, balance),
];

const doc = itemsPage(
  6.5,
  [
    [19.7, [at(41.6, 'State Bank of India')]],
    [73.8, [at(41.6, 'Statement of Account for the period 01-Nov-2025 to 31-Dec-2025')]],
    [
      90.2,
      [
        [41.6, 57.2, 'S.No'],
        [125, 160.1, 'Tran Date'],
        [208.4, 231.8, 'Chq No'],
        [319.1, 362, 'Description'],
        [497.8, 509.5, 'CCY'],
        [557.8, 592.9, 'Dr Amount'],
        [641.2, 676.3, 'Cr Amount'],
        [709, 759.7, 'Balance (Rs.)'],
      ],
    ],
    [115.5, [at(319.1, 'Opening Balance'), at(681.7, 'INR 2,44,604.54 (Cr)')]],
    [126.5, row('1', '04-Nov-2025', 'TO TRANSFER-UPI/DR/530870141039', '`269.00', '', '`2,44,335.54 (Cr)')],
    [145.8, row('2', '05-Nov-2025', 'TO TRANSFER-UPI/DR/530987550490', '`441.00', '', '`2,43,894.54 (Cr)')],
    [
      181.4,
      row('3', '06-Nov-2025', 'DEBIT-ACHDr HDFC3593705294942041', '`12,468.00', '', '`2,31,426.54 (Cr)'),
    ],
    [255.5, row('4', '11-Nov-2025', 'BY TRANSFER-RTGS*IDIB0809022', '', '`4,56,464.00', '`6,87,890.54 (Cr)')],
    [274.8, row('5', '13-Nov-2025', 'ATM WDL-ATM CASH 8979 CHENNAI', '`6,500.00', '', '`6,81,390.54 (Cr)')],
    [
      321.5,
      row('6', '15-Nov-2025', 'BY TRANSFER-UPI/CR/531990459132', '', '`51,800.00', '`7,33,190.54 (Cr)'),
    ],
  ],
  [792, 612],
);

test("a CCY column's 'INR' before debits set at their column's left: the figures are the debit column's", () => {
  const bands = bandsOf(doc);
  const debit = bands.find(([role]) => role === 'debit')!;
  const ccy = bands.find(([role]) => role === 'other')!;
  // the debits (515-542 in most rows) in the debit band, the currency (498-509) in its own
  assert.ok(debit[1] <= 515 && debit[2] >= 542, `debit band ${debit}`);
  assert.ok(ccy[1] <= 498 && ccy[2] >= 509 && ccy[2] <= 515, `CCY band ${ccy}`);
  assert.deepEqual(tableRowsOf(doc), [
    ['2025-11-04', 26900, 0, 24433554],
    ['2025-11-05', 44100, 0, 24389454],
    ['2025-11-06', 1246800, 0, 23142654],
    ['2025-11-11', 0, 45646400, 68789054],
    ['2025-11-13', 650000, 0, 68139054],
    ['2025-11-15', 0, 5180000, 73319054],
  ]);
});
