// A date's day a word space before its month and year ('01' 'May 24') under headings set in
// smaller type three lines deep: the word space is the rows' (Courier 8.5), not the headings'. Taken
// as the headings', the day made a column of its own and every row was dated the 24th of May.
// Positions from a generated Canara layout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { tableRowsOf } from './stages.ts';

test("a day a word space before 'May 24' under headings in smaller type is the date's", () => {
  const rows: [string, string, string, string, string][] = [
    ['1', '01', '`920.00', 'DR', '`891,820.57'],
    ['2', '01', '`1,155.00', 'CR', '`890,665.57'],
    ['3', '03', '`3,302.00', 'CR', '`887,363.57'],
    ['4', '06', '`48,040.00', 'CR', '`839,323.57'],
  ];
  const doc = itemsPage(8.5, [
    [20, [[43, 122, 'Canara Bank']]],
    [76, [[43, 286, 'Statement of Account for the period 01 May 24 to 31 May 24']]],
    [
      92,
      [
        [76, 81, 'S'],
        [144, 165, 'Trans'],
        [261, 299, 'Narration'],
        [393, 418, 'Amount'],
        [478, 486, 'Dr'],
        [544, 573, 'Running'],
      ],
    ],
    [
      101,
      [
        [72, 85, 'No.'],
        [147, 163, 'Date'],
        [395, 416, '(Rs.)'],
        [480, 484, '/'],
        [544, 573, 'Balance'],
      ],
    ],
    [
      109,
      [
        [478, 486, 'Cr'],
        [548, 569, '(INR)'],
      ],
    ],
    [
      135,
      [
        [196, 259, 'Opening Balance'],
        [540, 582, '890,900.57'],
        [586, 594, 'Dr'],
      ],
    ],
    ...rows.map(([serial, day, amount, side, balance], i): [number, Item[]] => [
      149 + 22 * i,
      [
        [43, 47, serial],
        [119, 128, day],
        [132, 157, 'May 24'],
        [196, 305, `UPI/DR/41222024641${i}/BHARAT`],
        [441 - 4.2 * amount.length, 441, amount],
        [446, 455, side],
        [582 - 4.2 * balance.length, 582, balance],
        [586, 594, 'Dr'],
      ],
    ]),
  ]);
  // the rows stage over the bands the headings and rows placed: each row dated its own day
  assert.deepEqual(tableRowsOf(doc), [
    ['2024-05-01', 92000, 0, -89182057],
    ['2024-05-01', 0, 115500, -89066557],
    ['2024-05-03', 0, 330200, -88736357],
    ['2024-05-06', 0, 4804000, -83932357],
  ]);
});
