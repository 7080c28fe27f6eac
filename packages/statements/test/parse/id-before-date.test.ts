// A transaction id printed before the dates, drawn as one item with them ('S10004271 05-May-2023
// 05-May-2023', generated BANKOFINDIA seed 799961799, whose positions these are): its rows are rows
// under the header, and they place the columns. Before, no line was taken for a row (none started
// with a date), the bands were the headings' own places, and the narration's wrapped lines that
// start left of its centred heading went to the cheque number's column.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { bandsOf, cellsAt, texts } from './stages.ts';

const lines: [number, Item[]][] = [
  [
    122,
    [
      [58, 80, 'Tran'],
      [114, 141, 'Value'],
      [180, 202, 'Tran'],
      [233, 249, 'Chq'],
      [378, 427, 'Narration'],
      [547, 601, 'Withdrawal'],
      [627, 660, 'Credit'],
      [707, 745, 'Balance'],
    ],
  ],
  [
    132.7,
    [
      [63, 74, 'Id'],
      [122, 133, 'Dt'],
      [180, 202, 'Date'],
      [236, 246, 'No'],
      [547, 569, 'Amt.'],
      [707, 734, '(Rs.)'],
    ],
  ],
  [
    156,
    [
      [45, 220, 'S10004271 05-May-2023 05-May-2023'],
      [261, 537, 'UPI/DR/312546184669/BIGBASKET/BARB/bigbasket@ybl/NA'],
      [574, 623, '220.00 Dr'],
      [707, 767, '1,91,431.98'],
    ],
  ],
  [
    172.3,
    [
      [45, 220, 'M10012190 06-May-2023 06-May-2023'],
      [261, 402, 'UPI/DR/312626480304/ANJALI'],
    ],
  ],
  [
    182.9,
    [
      [261, 521, 'SINGH/BARB/anjali@ybl/Payment from PhonePe BEING'],
      [574, 623, '324.00 Dr'],
      [707, 767, '1,91,107.98'],
    ],
  ],
  [193.5, [[261, 537, 'AMOUNT TRANSFERRED TOWARDS SETTLEMENT OF INVOICE NO']]],
  [225.4, [[261, 526, 'BRANCH OFFICE MUMBAI MAIN CREDITED TO BENEFICIARY']]],
  [236, [[261, 299, 'ACCOUNT']]],
  [
    252.3,
    [
      [45, 220, 'N10020109 09-May-2023 09-May-2023'],
      [261, 402, 'UPI/CR/312918207510/VIKRAM'],
    ],
  ],
  [
    263,
    [
      [261, 456, 'MEHTA/KKBK/vikram@okhdfcbank/invoice'],
      [654, 767, '492.00 Cr 1,91,599.98'],
    ],
  ],
  [
    279.3,
    [
      [45, 220, 'S10028028 09-May-2023 09-May-2023'],
      [261, 472, 'NEFT/IN/UTIBH231295195330/VISHAL PHARMA'],
    ],
  ],
  [
    289.9,
    [
      [261, 391, 'DISTRIBUTORS/UTIB0602954'],
      [638, 767, '17,254.00 Cr 2,08,853.98'],
    ],
  ],
];
const doc = itemsPage(9.5, lines, [792, 612]);

test('rows that start with an id before the date place the columns', () => {
  const narration = bandsOf(doc).find((b) => b[0] === 'description')!;
  assert.ok(narration[1] <= 261, `narration band ${narration}`);
});

test("a wrapped narration line left of the narration's heading is the narration's", () => {
  assert.deepEqual(texts(cellsAt(doc, 236)), [['description', 'ACCOUNT']]);
  assert.deepEqual(texts(cellsAt(doc, 225.4)), [
    ['description', 'BRANCH OFFICE MUMBAI MAIN CREDITED TO BENEFICIARY'],
  ]);
});
