// A date drawn as two items, its year going with the time ('01 May' '2024 00:00:00'), and the value
// date under it on the next line ('01 May' '2024'): the date is 1 May 2024, not 2001 (the day of
// the date under it was taken for a two-digit year). Positions from a generated Canara layout
// (Courier 8, value date under the date, headings that know no value date).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage, rowsOf } from './items.ts';

test("a date whose year went with its time, the value date under it ('01 May' '2024 00:00:00' / '01 May' '2024')", () => {
  const rows: [string, string, string, Item[]][] = [
    [
      '01 May',
      '2024 00:00:00',
      'UPI/DR/412220246414/BHARAT',
      [
        [432, 461, '920.00'],
        [503, 522, '0.00'],
        [539, 592, '55,953.43Cr'],
      ],
    ],
    [
      '01 May',
      '2024 05:13:29',
      'UPI/CR/412258786469/MOHAMMED',
      [
        [442, 461, '0.00'],
        [483, 522, '1,155.00'],
        [539, 592, '57,108.43Cr'],
      ],
    ],
    [
      '02 May',
      '2024 15:39:27',
      'IMPS/CR/412381259304/IMRAN',
      [
        [442, 461, '0.00'],
        [479, 522, '48,040.00'],
        [530, 592, '1,05,148.43Cr'],
      ],
    ],
    [
      '05 May',
      '2024 06:18:54',
      'NACH DR/HDFC BANK LTD',
      [
        [422, 461, '4,820.00'],
        [503, 522, '0.00'],
        [530, 592, '1,00,328.43Cr'],
      ],
    ],
  ];
  const doc = itemsPage(8, [
    [19, [[33, 119, 'Canara Bank']]],
    [77, [[306, 445, 'Opening Balance : 56,873.43Cr']]],
    [98, [[33, 330, 'Statement of Account for the period 01 May 2024 to 31 May 2024']]],
    [
      119,
      [
        [33, 52, 'Tran'],
        [137, 195, 'Chq./Ref.No.'],
        [203, 236, 'Remarks'],
        [413, 461, 'Withdrawal'],
        [483, 522, 'Deposits'],
        [559, 592, 'Balance'],
      ],
    ],
    [
      130,
      [
        [33, 52, 'Date'],
        [442, 461, 'Amt.'],
      ],
    ],
    ...rows.flatMap(([day, yearTime, text, figures], i): [number, Item[]][] => [
      [151 + 26 * i, [[33, 62, day], [66, 129, yearTime], [203, 203 + 5 * text.length, text], ...figures]],
      [
        162 + 26 * i,
        [
          [33, 62, day],
          [66, 86, '2024'],
        ],
      ],
    ]),
  ]);
  assert.deepEqual(rowsOf(doc), [
    ['2024-05-01', 92000, 0, 5595343],
    ['2024-05-01', 0, 115500, 5710843],
    ['2024-05-02', 0, 4804000, 10514843],
    ['2024-05-05', 482000, 0, 10032843],
  ]);
});
