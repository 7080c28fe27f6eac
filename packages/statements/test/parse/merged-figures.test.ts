// Tables whose headings the reader has no name for, where figures of neighbouring columns are drawn
// as one item in every row that has them, so no gutter shows between those columns: a deposit and
// the balance ('Rs.18764.00 Rs.32641.63 (Cr)', Union in Helvetica 10), a branch code's column
// beside an amount and the balance drawn as one ('0057' '15,088.00 25,416.46', Kotak in a tight
// Helvetica 7.5). Positions from generated layouts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredRowsOf, linesOf } from './stages.ts';
import { inferLayout } from '../../src/parse/columns/rows.ts';

// A4 landscape
const page = (height: number, lines: [number, Item[]][]) => itemsPage(height, lines, [842, 595]);

test("a deposit and the balance drawn as one item in every row ('Rs.18764.00 Rs.32641.63 (Cr)')", () => {
  // (the two columns were one stretch of figures: every row read with no amount, or none at all)
  const figures: Item[][] = [
    [
      [649, 652, '-'],
      [676, 808, 'Rs.18764.00 Rs.32641.63 (Cr)'],
    ],
    [
      [649, 652, '-'],
      [681, 808, 'Rs.1854.00 Rs.34495.63 (Cr)'],
    ],
    [
      [603, 652, 'Rs.9323.00'],
      [727, 808, '- Rs.25172.63 (Cr)'],
    ],
    [
      [603, 652, 'Rs.4133.00'],
      [727, 808, '- Rs.21039.63 (Cr)'],
    ],
    [
      [603, 652, 'Rs.3000.00'],
      [727, 808, '- Rs.18039.63 (Cr)'],
    ],
    [
      [603, 652, 'Rs.8187.00'],
      [727, 730, '-'],
      [740, 808, 'Rs.9852.63 (Cr)'],
    ],
    [
      [649, 652, '-'],
      [676, 808, 'Rs.15000.00 Rs.24852.63 (Cr)'],
    ],
    [
      [649, 652, '-'],
      [681, 808, 'Rs.9665.00 Rs.34517.63 (Cr)'],
    ],
    [
      [603, 652, 'Rs.2150.00'],
      [727, 808, '- Rs.32367.63 (Cr)'],
    ],
  ];
  const days = ['01', '02', '03', '03', '08', '10', '11', '12', '14'];
  const doc = page(10, [
    [20, [[36, 172, 'Union Bank of India']]],
    [92, [[36, 305, 'Statement of Account for the period 01 Jun 2023 to 30 Jun 2023']]],
    [
      113,
      [
        [36, 71, 'Kolumn'],
        [114, 135, 'Frob'],
        [192, 231, 'Quux Val'],
        [501, 528, 'Plugh'],
        [579, 627, 'Xyzzy Amt'],
        [657, 678, 'Zorb'],
        [735, 766, 'Wibble'],
      ],
    ],
    ...figures.map((items, i): [number, Item[]] => [
      163 + 24 * i,
      [
        [36, 88, `${days[i]} Jun 2023`],
        [114, 166, `${days[i]} Jun 2023`],
        [192, 340, `IMPS/CR/31527397781${i}/LAKSHMI`],
        ...items,
      ],
    ]),
  ]);
  // the columns stage alone: unknown headings, so the dated rows and their balances place the columns
  assert.deepEqual(
    inferLayout(linesOf(doc))?.columns.map((c) => c.role),
    ['date', 'valueDate', 'description', 'debit', 'credit', 'balance', 'mark'],
  );
  assert.deepEqual(inferredRowsOf(doc), [
    ['2023-06-01', 0, 1876400, 3264163],
    ['2023-06-02', 0, 185400, 3449563],
    ['2023-06-03', 932300, 0, 2517263],
    ['2023-06-03', 413300, 0, 2103963],
    ['2023-06-08', 300000, 0, 1803963],
    ['2023-06-10', 818700, 0, 985263],
    ['2023-06-11', 0, 1500000, 2485263],
    ['2023-06-12', 0, 966500, 3451763],
    ['2023-06-14', 215000, 0, 3236763],
  ]);
});

test("a code's column, the amount and the balance drawn close together ('0057' '15,088.00 25,416.46')", () => {
  const rows: [string, string, Item][] = [
    ['02', '0057', [370, 426, '15,088.00 25,416.46']],
    ['05', '0446', [370, 426, '11,074.00 36,490.46']],
    ['05', '0835', [373, 426, '3,539.00 40,029.46']],
    ['07', '1224', [371, 426, '2,070.00- 37,959.46']],
    ['08', '1613', [380, 426, '36.00- 37,923.46']],
    ['09', '2002', [376, 426, '340.00- 37,583.46']],
  ];
  const doc = page(7.5, [
    [20, [[19, 140, 'Kotak Mahindra Bank']]],
    [72, [[19, 183, 'Statement of Account for the period 01.07.2025 to 31.07.2025']]],
    [
      88,
      [
        [19, 41, 'Kolumn'],
        [53, 66, 'Frob'],
        [80, 105, 'Quux Val'],
        [128, 145, 'Plugh'],
        [242, 272, 'Xyzzy Amt'],
        [352, 365, 'Zorb'],
        [377, 426, 'Wibble Snark No'],
      ],
    ],
    ...rows.map(([day, code, figures], i): [number, Item[]] => [
      112 + 8 * i,
      [
        [19, 22, String(i + 1)],
        [44, 162, `${day}.07.2025 ${day}.07.2025 UPI-51837455184${i}`],
        [165, 291, `UPI/SNEHA MISHRA/51837455184${i}/groceries`],
        [352, 365, code],
        figures,
      ],
    ]),
  ]);
  assert.deepEqual(inferredRowsOf(doc), [
    ['2025-07-02', 0, 1508800, 2541646],
    ['2025-07-05', 0, 1107400, 3649046],
    ['2025-07-05', 0, 353900, 4002946],
    ['2025-07-07', 207000, 0, 3795946],
    ['2025-07-08', 3600, 0, 3792346],
    ['2025-07-09', 34000, 0, 3758346],
  ]);
});
