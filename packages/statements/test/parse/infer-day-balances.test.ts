// Columns placed by the dated rows (no heading the reader knows): a balance printed only on each
// day's last row is the balance column all the same, proven by the chain across the rows between;
// and a transaction id drawn with the row's one date ('N10186408 30/6/2023') is a cell before it (a
// run is cut at its dates either side, splitDates).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { splitDates } from '../../src/parse/columns/rows.ts';
import { inferredTableOf, measured } from './stages.ts';

const UNKNOWN: Item[] = [
  [23, 55, 'Kolumn'],
  [93, 115, 'Frob'],
  [418, 445, 'Plugh'],
  [489, 516, 'Xyzzy'],
  [570, 592, 'Zorb'],
];

test("a balance printed on each day's last row only (five rows of nine) is the balance column", () => {
  const row = (
    y: number,
    date: string,
    text: string,
    debit: string,
    credit: string,
    balance = '',
  ): [number, Item[]] => [
    y,
    (
      [
        [23, 66, date],
        [93, 93 + 5 * text.length, text],
        [445 - 5 * debit.length, 445, debit],
        [516 - 5 * credit.length, 516, credit],
        [527, 592, balance],
      ] as Item[]
    ).filter(([, , t]) => t !== ''),
  ];
  const doc = itemsPage(8, [
    [155, UNKNOWN],
    [
      198,
      [
        [93, 174, 'Opening Balance'],
        [527, 592, '32,803.96 Cr'],
      ],
    ],
    row(212, '01-01-24', 'CASH DEPOSIT MI ROAD', '0.00', '30,100.00Cr', '62,903.96 Cr'),
    row(226, '02-01-24', 'IMPS/P2A/400220973656/REDDY', '22,721.00Dr', '0.00'),
    row(240, '02-01-24', 'UPI/P2A/400316492931/HARPREET', '1,255.00Dr', '0.00', '38,927.96 Cr'),
    row(254, '03-01-24', 'UPI/P2A/400759364348/IMRAN', '31.00Dr', '0.00'),
    row(268, '03-01-24', 'UPI/P2A/400988028389/KAVITA', '215.00Dr', '0.00', '38,681.96 Cr'),
    row(282, '05-01-24', 'NEFT/ACME INDUSTRIES', '0.00', '10,000.00Cr'),
    row(296, '05-01-24', 'UPI/SWIGGY', '231.00Dr', '0.00', '48,450.96 Cr'),
    row(310, '07-01-24', 'ATM-CASH/AHMEDABAD', '2,000.00Dr', '0.00'),
    row(324, '07-01-24', 'SALARY JAN', '0.00', '5,000.00Cr', '51,450.96 Cr'),
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-01-01', 0, 3010000, 6290396],
      ['2024-01-02', 2272100, 0, null],
      ['2024-01-02', 125500, 0, 3892796],
      ['2024-01-03', 3100, 0, null],
      ['2024-01-03', 21500, 0, 3868196],
      ['2024-01-05', 0, 1000000, null],
      ['2024-01-05', 23100, 0, 4845096],
      ['2024-01-07', 200000, 0, null],
      ['2024-01-07', 0, 500000, 5145096],
    ],
  );
});

test("a transaction id drawn with the row's one date is a cell of its own before it", () => {
  // unknown headings; id and date one item, the signed amount, balance and mark one item, the
  // value date under the date, newest first
  const doc = itemsPage(7, [
    [
      82,
      [
        [21, 42, 'Kolumn'],
        [56, 71, 'Frob'],
        [115, 144, 'Quux Val'],
        [170, 188, 'Plugh'],
        [206, 238, 'Xyzzy Amt'],
      ],
    ],
    [
      104,
      [
        [21, 89, 'N10186408 30/6/2023'],
        [117, 203, '+1,703.00 31,537.57 Cr.'],
        [206, 310, 'UPIAR/CR/318139440417/LAKSHMI'],
      ],
    ],
    [
      112,
      [
        [56, 89, '30/6/2023'],
        [206, 339, 'YADAV/BARB/lakshmi356@okicici/invoice'],
      ],
    ],
    [
      122,
      [
        [21, 89, 'M10178489 29/6/2023'],
        [124, 203, '-358.00 29,834.57 Cr.'],
        [206, 411, 'UPIAR/DR/318079294429/SWIGGY/HDFC/swiggy@icici/school fee'],
      ],
    ],
    [129, [[56, 89, '29/6/2023']]],
    [
      140,
      [
        [21, 89, 'S10170570 26/6/2023'],
        [113, 203, '+18,303.00 30,192.57 Cr.'],
        [206, 400, 'INWARD CLG/PAYTM PAYMENTS BANK/ACME INDUSTRIES PVT LTD'],
      ],
    ],
    [147, [[56, 89, '26/6/2023']]],
    [
      158,
      [
        [21, 89, 'N10162651 25/6/2023'],
        [117, 203, '-4,000.00 11,889.57 Cr.'],
        [206, 335, 'ATM CASH/807420/S1ACV11K80/BENGALURU'],
      ],
    ],
    [165, [[56, 89, '25/6/2023']]],
    [
      176,
      [
        [21, 89, 'M10154732 25/6/2023'],
        [117, 203, '-4,080.00 15,889.57 Cr.'],
        [206, 407, 'NEFT/OUT/SBINN231769992693/JAI HIND TEXTILES/SBIN0625188'],
      ],
    ],
    [183, [[56, 89, '25/6/2023']]],
    [
      194,
      [
        [21, 89, 'S10146813 24/6/2023'],
        [117, 203, '-8,500.00 19,969.57 Cr.'],
        [206, 328, 'ATM CASH/381689/DORLXL14/BENGALURU'],
      ],
    ],
    [201, [[56, 89, '24/6/2023']]],
    [
      212,
      [
        [21, 89, 'N10138894 23/6/2023'],
        [124, 203, '-341.33 28,469.57 Cr.'],
        [206, 285, 'ATM CARD AMC JAN-MAR23'],
      ],
    ],
    [219, [[56, 89, '23/6/2023']]],
    [
      230,
      [
        [21, 89, 'M10130975 23/6/2023'],
        [117, 203, '-1,583.00 28,810.90 Cr.'],
        [206, 303, 'UPIAR/DR/317483072472/POOJA'],
      ],
    ],
    [
      237,
      [
        [56, 89, '23/6/2023'],
        [206, 317, 'KULKARNI/KKBK/pooja@axl/Payment'],
      ],
    ],
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-06-30', 0, 170300, 3153757],
      ['2023-06-29', 35800, 0, 2983457],
      ['2023-06-26', 0, 1830300, 3019257],
      ['2023-06-25', 400000, 0, 1188957],
      ['2023-06-25', 408000, 0, 1588957],
      ['2023-06-24', 850000, 0, 1996957],
      ['2023-06-23', 34133, 0, 2846957],
      ['2023-06-23', 158300, 0, 2881090],
    ],
  );
  assert.equal(rows[1]!.description, 'UPIAR/DR/318079294429/SWIGGY/HDFC/swiggy@icici/school fee');
});

test('a run is cut at its dates either side: dates and the text after them, a code before them', () => {
  // (splitDates, session 18: one cut for both sides; the code before one date was taken only where
  // the date was one word, so 'N10186408 30 Jun 2023' stayed one cell)
  const cut = (...words: [number, number, string][]) =>
    splitDates(measured(...words)).map((r) => [r.text, r.x0, r.x1]);
  assert.deepEqual(cut([21, 60, 'N10186408'], [63, 72, '30'], [75, 90, 'Jun'], [93, 112, '2023']), [
    ['N10186408', 21, 60],
    ['30 Jun 2023', 63, 112],
  ]);
  assert.deepEqual(cut([21, 60, 'N10186408'], [63, 100, '30/6/2023']), [
    ['N10186408', 21, 60],
    ['30/6/2023', 63, 100],
  ]);
  assert.deepEqual(cut([21, 60, '30/6/2023'], [63, 100, 'NEFT/CR/318139440417']), [
    ['30/6/2023', 21, 60],
    ['NEFT/CR/318139440417', 63, 100],
  ]);
  // a word with no digit before a date is no code: a narration's
  assert.deepEqual(cut([21, 35, 'On'], [38, 75, '30/6/2023']), [['On 30/6/2023', 21, 75]]);
});
