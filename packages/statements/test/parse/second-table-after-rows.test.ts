// A branch's ledger report (BOB_branch_ledger_report's last page, positions as corpus-real draws them)
// heads its table with a header of two lines, ends the table with a ruling, and prints an
// interest-rate table under it: its own heading line (anonymised in the corpus, 'Yksamt(S.L.+ITTa)',
// 'Int Jqcj': a heading the reader does not know), then '01-03-2024 0.00 0.00 2.7500'. The rows stage
// takes the table up again at a dated line only on a page without a header of its own above it, and
// pageHasNoHeader matches one-line headers only: under this two-line header the interest line was
// read as a row of 2.75 wherever its date fell in the date column (the real statement redrawn with
// other page breaks, real-perturb mixes at 11 and 21: one row too many, the chain broken). On page 1
// the same header is followed by 'Sorted by VL. Date.', which ends the table before the header's first
// row: that row still takes it up.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage, rowsOf } from './items.ts';

const RULE = '-'.repeat(155);
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
const rows: [number, Item[]][] = [
  [
    86.3,
    [
      [58, 94, '11-02-2025'],
      [101, 137, '11-02-2025'],
      [198, 375, 'UPI/986795741680/11:17:59/UPI/bexbuagxj83@okaxis/'],
      [425, 454, '2,695.00'],
      [587, 612, '50.77Cr'],
    ],
  ],
  [
    93.4,
    [
      [58, 94, '11-02-2025'],
      [101, 137, '11-02-2025'],
      [198, 375, 'UPI/181731239200/13:14:12/UPI/0023762134@ybl/Paym'],
      [500, 529, '2,500.00'],
      [576, 612, '2,550.77Cr'],
    ],
  ],
  [
    100.0,
    [
      [58, 94, '11-02-2025'],
      [101, 137, '11-02-2025'],
      [198, 375, 'UPI/507831498328/14:16:07/UPI/0023762134@ybl/Paym'],
      [507, 529, '300.00'],
      [576, 612, '2,850.77Cr'],
    ],
  ],
  [
    106.7,
    [
      [58, 94, '01-03-2025'],
      [101, 137, '01-03-2025'],
      [198, 372, 'UPI/791648602968/15:28:31/UPI/q391300139@ybl/UPI'],
      [425, 454, '1,590.00'],
      [576, 612, '1,260.77Cr'],
    ],
  ],
];
const sortedBy = (y: number): [number, Item[]] => [
  y,
  [
    [461, 490, 'Sorted by'],
    [493, 526, 'VL. Date.'],
  ],
];
const interest: [number, Item[]][] = [
  [120.8, [[58, 618, RULE]]],
  sortedBy(127.9),
  [134.9, [[58, 618, RULE]]],
  [
    147.9,
    [
      [90, 104, 'Date'],
      [169, 231, 'Yksamt(S.L.+ITTa)'],
      [292, 328, 'Draw Power'],
      [385, 414, 'Int Jqcj'],
    ],
  ],
  [154.9, [[58, 618, RULE]]],
  [
    168.1,
    [
      [66, 102, '01-03-2024'],
      [227, 241, '0.00'],
      [342, 356, '0.00'],
      [392, 414, '2.7500'],
    ],
  ],
  [182.3, [[58, 618, RULE]]],
  [
    188.5,
    [
      [155, 191, 'Page Total'],
      [194, 216, 'Credit'],
      [223, 227, ':'],
      [295, 324, '2,800.00'],
    ],
  ],
  [
    195.4,
    [
      [155, 191, 'Page Total'],
      [194, 212, 'Debit'],
      [223, 227, ':'],
      [295, 324, '4,285.00'],
    ],
  ],
];
const READ = [
  ['2025-02-11', 269500, 0, 5077],
  ['2025-02-11', 0, 250000, 255077],
  ['2025-02-11', 0, 30000, 285077],
  ['2025-03-01', 159000, 0, 126077],
];

test('a dated line of another table, after the rows under the page’s own two-line header ended, is no row', () => {
  assert.deepEqual(rowsOf(itemsPage(12, [...header, ...rows, ...interest])), READ);
});

test('a line between a two-line header and its first row ends the table, and the first row takes it up', () => {
  // (page 1 of the same report: 'Sorted by VL. Date.' between the header's ruling and the rows)
  const under = rows.map(([y, items]): [number, Item[]] => [y + 13.6, items]);
  assert.deepEqual(
    rowsOf(itemsPage(12, [...header, [72.9, [[58, 618, RULE]]], sortedBy(79.7), ...under])),
    READ,
  );
});
