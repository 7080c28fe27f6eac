// A figure column's cell holds a row's amount only when it prints money. A branch's ledger report
// (BOB_branch_ledger_report of corpus-real, its header two lines deep) ends its table with a ruling
// and prints an interest-rate table under it: 'Date', 'Yksamt(S.L.+ITTa)', 'Draw Power', 'Int Jqcj'
// (anonymised headings the reader does not know), then '01-03-2024 0.00 0.00 2.7500', the rate set
// under 'Debit Amount'. The rows stage took any digit in a figure column for a figure, so that line
// was a dated line with an amount: where the table may be taken up again (here a last page printed
// without a header of its own, as the real-perturb mixes redraw the report's pages) it was read as a
// withdrawal of 2.75 and the chain broke. Session 24 kept it out under a page's own header by where
// it stands (second-table-after-rows); this keeps it out by what it prints: 2.7500 is no money.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { printsMoney } from '../../src/parse/amount.ts';
import { type Item, pagesOf, placed, rowsOf } from './items.ts';

const RULE = '-'.repeat(155);
const HEIGHT = 12;
const header: [number, Item[]][] = [
  [
    52.5,
    [
      [65, 76, 'VL.'],
      [94, 112, 'Value'],
      [137, 166, 'Cheque'],
      [198, 238, 'Particulars'],
      [407, 447, 'Transaction'],
      [482, 522, 'Transaction'],
      [579, 605, 'Balance'],
    ],
  ],
  [
    59.1,
    [
      [65, 79, 'Date'],
      [94, 108, 'Date'],
      [140, 162, 'Number'],
      [403, 421, 'Debit'],
      [425, 446, 'Amount'],
      [475, 522, 'Credit Amount'],
    ],
  ],
  [66.1, [[58, 618, RULE]]],
];
const row = (y: number, date: string, text: string, ...figures: Item[]): [number, Item[]] => [
  y,
  [[58, 94, date], [101, 137, date], [198, 375, text], ...figures],
];
const page1 = [
  ...header,
  row(
    86.3,
    '11-02-2025',
    'UPI/986795741680/11:17:59/UPI/bexbuagxj83@okaxis/',
    [425, 454, '2,695.00'],
    [587, 612, '50.77Cr'],
  ),
  row(
    93.4,
    '11-02-2025',
    'UPI/181731239200/13:14:12/UPI/0023762134@ybl/Paym',
    [500, 529, '2,500.00'],
    [576, 612, '2,550.77Cr'],
  ),
  row(
    100.0,
    '11-02-2025',
    'UPI/507831498328/14:16:07/UPI/0023762134@ybl/Paym',
    [507, 529, '300.00'],
    [576, 612, '2,850.77Cr'],
  ),
];
// the last page: the last row, the table's end, and the interest-rate table (its date in the date
// column, as the perturbed report draws it)
const page2 = (rate: string): [number, Item[]][] => [
  row(
    40.2,
    '01-03-2025',
    'UPI/791648602968/15:28:31/UPI/q391300139@ybl/UPI',
    [425, 454, '1,590.00'],
    [576, 612, '1,260.77Cr'],
  ),
  [54.3, [[58, 618, RULE]]],
  [
    61.4,
    [
      [461, 490, 'Sorted by'],
      [493, 526, 'VL. Date.'],
    ],
  ],
  [68.4, [[58, 618, RULE]]],
  [
    81.4,
    [
      [90, 104, 'Date'],
      [169, 231, 'Yksamt(S.L.+ITTa)'],
      [292, 328, 'Draw Power'],
      [385, 414, 'Int Jqcj'],
    ],
  ],
  [88.4, [[58, 618, RULE]]],
  [
    101.6,
    [
      [58, 94, '01-03-2024'],
      [227, 241, '0.00'],
      [342, 356, '0.00'],
      [421, 443, rate],
    ],
  ],
  [115.8, [[58, 618, RULE]]],
];
const doc = (rate: string) =>
  pagesOf([page1, page2(rate)].map((lines) => lines.flatMap(([y, items]) => placed(y, items, HEIGHT))));

const READ = [
  ['2025-02-11', 269500, 0, 5077],
  ['2025-02-11', 0, 250000, 255077],
  ['2025-02-11', 0, 30000, 285077],
  ['2025-03-01', 159000, 0, 126077],
];

test('a rate under a figure column, on a dated line after the table, is no row', () => {
  assert.deepEqual(rowsOf(doc('2.7500')), READ);
});

test('money where the rate stood is a row (the page does take the table up there)', () => {
  // (the same line with money in the debit column: the rule is the cell's print, not the place)
  assert.deepEqual(rowsOf(doc('2.75')), [...READ, ['2024-03-01', 275, 0, null]]);
});

test('printsMoney: figures with paise or whole rupees, with their marks; not rates, dates or codes', () => {
  for (const t of [
    '1,200.00',
    '15,088.0',
    '1,04,762.16 Cr.',
    '(Rs.6,04,888.46)',
    '2,700',
    '151200',
    'Rs.2,700',
    '2,700 Dr',
    '4,000-',
    '+ 18,764',
    '18764(Cr)',
    '482.00Dr 100,232.11',
    '0.00',
  ])
    assert.equal(printsMoney(t), true, t);
  for (const t of ['2.7500', '12.345', '01-03-2024', '11.02.2025', '2.75%', 'UPI/1234', '10:15', 'Int'])
    assert.equal(printsMoney(t), false, t);
});
