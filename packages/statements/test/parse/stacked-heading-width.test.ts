// Headings printed three lines deep ('Debit' over 'Amount' over '(INR)') in a Courier table whose
// whole-rupee figures are set at the right of their columns: a character's width is what a line
// prints, not a stacked name's words over one line's room. Measured over the stacked names, the
// word space came out at half a character, and the figures a gutter from their heading were taken for
// columns of no name: every amount of the statement read as 0 (generated BANKOFINDIA seed
// 166354679, whose positions these are).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { bandsOf, valuesAt } from './stages.ts';

const lines: [number, Item[]][] = [
  [
    140.7,
    [
      [30, 44, 'Txn'],
      [115, 142, 'Cheque'],
      [191, 223, 'Details'],
      [434, 457, 'Debit'],
      [510, 537, 'Credit'],
      [586, 618, 'Closing'],
      [662, 684, 'Init.'],
    ],
  ],
  [
    149.9,
    [
      [30, 48, 'Date'],
      [115, 124, 'No'],
      [434, 461, 'Amount'],
      [510, 537, 'Amount'],
      [586, 618, 'Balance'],
      [662, 671, 'Br'],
    ],
  ],
  [
    159.1,
    [
      [434, 457, '(INR)'],
      [510, 533, '(INR)'],
      [586, 609, '(INR)'],
    ],
  ],
  [
    197.2,
    [
      [30, 107, '05/05/23 01:00 AM'],
      [191, 421, 'UPI/DR/312546184669/BIGBASKET/BARB/bigbasket@ybl/NA'],
      [488, 502, '220'],
      [569, 578, '--'],
      [586, 654, '191,431.98 (Cr)'],
      [662, 680, '0057'],
    ],
  ],
  [
    206.5,
    [
      [30, 107, '06/05/23 06:13 PM'],
      [191, 308, 'UPI/DR/312626480304/ANJALI'],
      [488, 502, '324'],
      [569, 578, '--'],
      [586, 654, '191,107.98 (Cr)'],
      [662, 680, '0446'],
    ],
  ],
  [215.7, [[191, 380, 'SINGH/BARB/anjali@ybl/Payment from PhonePe']]],
  [
    224.9,
    [
      [30, 107, '09/05/23 11:26 AM'],
      [191, 308, 'UPI/CR/312918207510/VIKRAM'],
      [493, 502, '--'],
      [551, 578, '12,492'],
      [586, 654, '191,599.98 (Cr)'],
      [662, 680, '0835'],
    ],
  ],
  [
    243.4,
    [
      [30, 107, '09/05/23 04:39 PM'],
      [191, 367, 'NEFT/IN/UTIBH231295195330/VISHAL PHARMA'],
      [493, 502, '--'],
      [551, 578, '17,254'],
      [586, 654, '208,853.98 (Cr)'],
      [662, 680, '1224'],
    ],
  ],
  [
    271.1,
    [
      [30, 107, '12/05/23 02:05 PM'],
      [191, 317, 'UPI/DR/313226340921/FLIPKART'],
      [479, 502, '4,610'],
      [569, 578, '--'],
      [586, 654, '204,243.98 (Cr)'],
      [662, 680, '2002'],
    ],
  ],
  [
    289.6,
    [
      [30, 107, '12/05/23 07:18 AM'],
      [115, 142, '821846'],
      [191, 299, 'CHQ PAID/ANNAPURNA FOODS'],
      [475, 502, '11,503'],
      [569, 578, '--'],
      [586, 654, '192,740.98 (Cr)'],
      [662, 680, '2391'],
    ],
  ],
];
const doc = itemsPage(7.5, lines, [792, 612]);

test("a stacked heading's figures set right of it are its column's", () => {
  const bands = bandsOf(doc);
  const band = (role: string) => bands.find((b) => b[0] === role)!;
  assert.ok(band('debit')[2] >= 502, `debit band ${band('debit')}`);
  assert.ok(band('credit')[2] >= 578, `credit band ${band('credit')}`);
  assert.deepEqual(bands.filter((b) => b[0] === 'other').length, 1, `bands ${JSON.stringify(bands)}`);
});

test('a cheque under its heading is the reference, and whole rupees the withdrawal', () => {
  const { tx } = valuesAt(doc, 289.6) as {
    tx: { reference: string; description: string; withdrawal: number };
  };
  assert.equal(tx.reference, '821846');
  assert.equal(tx.description, 'CHQ PAID/ANNAPURNA FOODS');
  assert.equal(tx.withdrawal, 1150300);
});
