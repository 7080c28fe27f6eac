// A value date's year drawn touching the narration's first word, with no space between them
// ('2019IQZ EOF'), on the wrapped line of a two-line date. Positions from a real SBI statement
// (Helvetica 9); the words are invented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { cellsAt, tableRowsOf, texts } from './stages.ts';

const heading: Item[] = [
  [58, 87, 'Txn Date'],
  [111, 140, 'Value Date'],
  [144, 200, 'Description'],
  [390, 414, 'Debit'],
  [460, 485, 'Credit'],
  [522, 557, 'Balance'],
];

const rows: [number, Item[]][] = [
  [
    200,
    [
      [58, 87, '28 Dec'],
      [111, 140, '28 Dec'],
      [144, 210, 'TO TRANSFER-'],
      [387, 414, '228.00'],
      [522, 557, '3,168.63'],
    ],
  ],
  [
    209,
    [
      [67, 87, '2019'],
      [120, 270, '2019UPI/DR/558814808009/Mr'],
    ],
  ],
  [
    240,
    [
      [58, 87, '29 Dec'],
      [111, 140, '29 Dec'],
      [144, 266, 'by debit card-ZLCRYB044007'],
      [379, 414, '1,050.00'],
      [522, 557, '2,118.63'],
    ],
  ],
  [
    249,
    [
      [67, 87, '2019'],
      [120, 256, '2019IQZ EOF DOIEAAOIHYU'],
    ],
  ],
  [258, [[144, 172, 'FUYZ-']]],
  [
    280,
    [
      [58, 87, '30 Dec'],
      [111, 140, '30 Dec'],
      [144, 210, 'BY TRANSFER-'],
      [452, 485, '2,000.00'],
      [522, 557, '4,118.63'],
    ],
  ],
  [
    289,
    [
      [67, 87, '2019'],
      [120, 270, '2019UPI/CR/964898997592/HZREJ'],
    ],
  ],
];

const doc = itemsPage(9, [
  [40, [[58, 200, 'State Bank of India']]],
  [60, [[58, 400, 'Account Statement from 28 Dec 2019 to 31 Dec 2019']]],
  [180, heading],
  ...rows,
]);

test("a value date's year drawn touching the narration ('2019IQZ EOF') is cut at the column's edge", () => {
  // the cells stage alone: the year to the value date, the words to the narration
  assert.deepEqual(texts(cellsAt(doc, 249)), [
    ['date', '2019'],
    ['valueDate', '2019'],
    ['description', 'IQZ EOF DOIEAAOIHYU'],
  ]);
  // and the rows stage reads the three rows whole
  assert.deepEqual(tableRowsOf(doc), [
    ['2019-12-28', 22800, 0, 316863],
    ['2019-12-29', 105000, 0, 211863],
    ['2019-12-30', 0, 200000, 411863],
  ]);
});
