// Page furniture in the rows stage (readTable over columns the dated rows placed): what every page
// prints above its first row (the bank's name, column names the reader does not know) is no row's
// wrapped line. Generated INDIANBANK seed 2296549819: page 2's second heading line 'Val Amt', its
// 'Val' under the narration, went on the narration of page 1's last row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument } from '../../src/source.ts';
import { type Item, placed, rowItems } from './items.ts';
import { inferredTableOf } from './stages.ts';

const HEADS: [Item[], Item[]] = [
  [
    [33, 70, 'Kolumn'],
    [120, 150, 'Frob'],
    [413, 440, 'Zorb'],
    [559, 592, 'Wibble'],
  ],
  [
    [130, 145, 'Val'],
    [300, 318, 'Amt'],
  ],
];

// a row with a code of four digits set at 300, under a column no heading names ('Xyzzy')
const coded = (code: string, ...cells: Parameters<typeof rowItems>): Item[] => [
  ...rowItems(...cells),
  [300, 320, code],
];

const page = (number: number, top: [number, Item[]][], rows: [number, Item[]][]) => ({
  number,
  width: 612,
  height: 792,
  words: [...top, ...rows].flatMap(([y, items]) => placed(y, items, 8)),
});

const doc: SourceDocument = {
  kind: 'pages',
  format: 'pdf',
  pages: [
    page(
      1,
      [
        [20, [[33, 110, 'INDIAN BANK']]],
        [40, [[33, 200, 'Account No : 6640411955']]],
        [82, HEADS[0]],
        [90, HEADS[1]],
      ],
      [
        [110, coded('0057', '01/01/2023', 'UPI/CR/3001/VENKATESH', '', '32.00', '98,182.56')],
        [130, coded('0446', '02/01/2023', 'IMPS/CR/3002/KAVITA', '', '570.00', '98,752.56')],
        [150, coded('0835', '03/01/2023', 'CASH DEPOSIT/MG ROAD', '', '4,900.00', '1,03,652.56')],
        [170, coded('8615', '21/01/2023', 'NEFT/OUT/UTIBN2302/VISHAL PHARMA', '21,405.00', '', '82,247.56')],
        [178, rowItems('', 'DISTRIBUTORS/UTIB0120781')],
      ],
    ),
    page(
      2,
      [
        [20, [[33, 110, 'INDIAN BANK']]],
        [40, [[33, 200, 'Account No : 6640411955 Page 2']]],
        [54, HEADS[0]],
        [61, HEADS[1]],
      ],
      [
        [72, coded('9004', '21/01/2023', 'UPI/CR/3021/NEHA CHOUDHARY', '', '362.00', '82,609.56')],
        [92, coded('9393', '22/01/2023', 'NEFT/IN/BKIDH2302/VISHAL PHARMA', '', '8,492.00', '91,101.56')],
      ],
    ),
  ],
};

test("a heading line every page prints above its first row is not the narration of the page before's last row", () => {
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => t.description),
    [
      'UPI/CR/3001/VENKATESH',
      'IMPS/CR/3002/KAVITA',
      'CASH DEPOSIT/MG ROAD',
      'NEFT/OUT/UTIBN2302/VISHAL PHARMA DISTRIBUTORS/UTIB0120781',
      'UPI/CR/3021/NEHA CHOUDHARY',
      'NEFT/IN/BKIDH2302/VISHAL PHARMA',
    ],
  );
});
