// An overdrawn balance printed in brackets with its currency, the currency drawn as an item of its
// own: '(Rs.' '6,04,888.46)'. Neither half read as a figure, so no row had a balance (and nothing
// said so). Positions from a generated SBI layout (Courier 8.5, A4 landscape, figures set at the
// left of their columns, newest first).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { cellsAt, tableRowsOf } from './stages.ts';

test("an overdrawn balance in brackets, its currency drawn apart ('(Rs.' '6,04,888.46)')", () => {
  const rows: [string, string, Item[]][] = [
    [
      '31',
      'TO CLEARING-CHQ 968451',
      [
        [513, 528, 'Rs.'],
        [533, 579, '45,273.00'],
      ],
    ],
    [
      '31',
      'BY TRANSFER-UPI/CR/536521763885/SNEHA',
      [
        [598, 613, 'Rs.'],
        [618, 659, '3,540.00'],
      ],
    ],
    [
      '30',
      'TO TRANSFER-IMPS/P2A/536434525588/SHALINI',
      [
        [513, 528, 'Rs.'],
        [533, 579, '17,942.00'],
      ],
    ],
  ];
  const balances = ['6,04,888.46)', '5,59,615.46)', '5,63,155.46)'];
  const doc = itemsPage(
    8.5,
    [
      [19, [[20, 174, 'State Bank of India']]],
      [85, [[20, 336, 'Statement of Account for the period 01 Nov 2025 to 31 Dec 2025']]],
      [
        105,
        [
          [38, 58, 'Post'],
          [146, 161, 'Ref'],
          [307, 363, 'Transaction'],
          [464, 489, 'Value'],
          [579, 589, 'Dr'],
          [649, 679, 'Credit'],
          [744, 779, 'Running'],
        ],
      ],
      [
        115,
        [
          [38, 58, 'Date'],
          [148, 158, 'No'],
          [318, 353, 'Details'],
          [466, 487, 'Date'],
          [559, 589, 'Amount'],
          [744, 779, 'Balance'],
        ],
      ],
      ...rows.map(([day, text, amount], i): [number, Item[]] => [
        146 + 25 * i,
        [
          [20, 51, `${day} Dec`],
          [56, 76, '2025'],
          [230, 230 + 5.1 * text.length, text],
          [449, 459, day],
          [464, 479, 'Dec'],
          [484, 505, '2025'],
          ...amount,
          [687, 708, '(Rs.'],
          [713, 774, balances[i]!],
        ],
      ]),
    ],
    [841.89, 595.28],
  );
  // the cells stage alone: the currency drawn apart goes with the balance it stands before
  assert.deepEqual(cellsAt(doc, 146).at(-1), { role: 'balance', text: `(Rs. ${balances[0]}` });
  // the rows stage: every row with its overdrawn balance, in the order printed (newest first; the
  // account stage turns them)
  assert.deepEqual(tableRowsOf(doc), [
    ['2025-12-31', 4527300, 0, -60488846],
    ['2025-12-31', 0, 354000, -55961546],
    ['2025-12-30', 1794200, 0, -56315546],
  ]);
});
