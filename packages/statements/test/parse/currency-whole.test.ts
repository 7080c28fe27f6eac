// Whole rupees with their currency glued before them ('`220': '`' is the rupee sign of an old font),
// an overdrawn balance in brackets with the sign inside ('(`266682.02)') and a branch code, drawn as
// one item on some rows ('`220 (`266682.02) 0057'), under headings the reader does not know. A
// currency before a figure says it is money (a code is printed without one), as a group or a sign
// does: the item is three cells. Before, '`220' read as words, the item stayed one cell, the debit,
// the balance and the branch code wrote one stretch and no columns were inferred (exit 3). Items
// where a generated statement drew them (BANKOFINDIA 4830621919, seed 610001: Courier 6): the
// deposit column before the withdrawal, and rows whose figures stand on the line under their date
// line beside the rows that print them on it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

const dated = (id: string, date: string, text: string): Item[] => [
  [44.4, 83.4, id],
  [97.2, 126, date],
  [153.6, 182.4, date],
  [309, 309 + 3.6 * text.length, text],
];

const doc = itemsPage(
  6,
  [
    [19.9, [[44, 130, 'Bank of India']]],
    [
      92.8,
      [
        [44.4, 66, 'Kolumn'],
        [79.8, 111.6, 'Frob Quux'],
        [129, 147, 'Plugh'],
        [153.6, 171.6, 'Xyzzy'],
        [196.2, 210.6, 'Zorb'],
        [217.2, 238.8, 'Wibble'],
        [267, 285, 'Snark'],
        [288, 330.6, 'Blort Kolumn'],
      ],
    ],
    [
      100.4,
      [
        [97.2, 108, 'Val'],
        [153.6, 164.4, 'Amt'],
        [277.8, 285, 'No'],
      ],
    ],
    [
      116.2,
      [
        ...dated('S10004271 1', '05-05-23', 'UPI/DR/312546184669/BIGBASKET/BARB/bigbasket@ybl/NA'),
        [207, 210.6, '–'],
        [224.4, 302.4, '`220 (`266682.02) 0057'],
      ],
    ],
    [126.1, [...dated('M10012190 2', '06-05-23', 'UPI/DR/312626480304/ANJALI'), [288, 302.4, '0446']]],
    [
      133.7,
      [
        [207, 210.6, '–'],
        [224.4, 285, '`324 (`267006.02)'],
        [309, 481.8, 'SINGH/BARB/anjali@ybl/Payment from PhonePe BEING'],
      ],
    ],
    [141.3, [[309, 492.6, 'AMOUNT TRANSFERRED TOWARDS SETTLEMENT OF INVOICE NO']]],
    [181.6, [...dated('N10020109 3', '09-05-23', 'UPI/CR/312918207510/VIKRAM'), [288, 302.4, '0835']]],
    [
      189.2,
      [
        [196.2, 210.6, '`492'],
        [235.2, 285, '– (`266514.02)'],
        [309, 438.6, 'MEHTA/KKBK/vikram@okhdfcbank/invoice'],
      ],
    ],
    [
      199.1,
      [...dated('S10028028 4', '09-05-23', 'NEFT/IN/UTIBH231295195330/VISHAL PHARMA'), [288, 302.4, '1224']],
    ],
    [
      206.7,
      [
        [189, 210.6, '`17254'],
        [235.2, 285, '– (`249260.02)'],
        [309, 395.4, 'DISTRIBUTORS/UTIB0602954'],
      ],
    ],
    [
      216.7,
      [
        ...dated('M10035947 5', '10-05-23', 'IMPS/CR/313046085512/SHALINI RAO/ICIC'),
        [189, 210.6, '`86338'],
        [235.2, 302.4, '– (`162922.02) 1613'],
      ],
    ],
    [226.7, [...dated('N10043866 6', '12-05-23', 'UPI/DR/313226340921/FLIPKART'), [288, 302.4, '2002']]],
    [
      234.2,
      [
        [207, 210.6, '–'],
        [220.8, 285, '`4610 (`167532.02)'],
        [309, 478.2, 'INTERNET/YESB/flipkart@axisbank/groceries'],
      ],
    ],
  ],
  [595.28, 841.89],
);

test("whole rupees with the currency glued before them are figures: '`220 (`266682.02) 0057' is three cells", () => {
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-05-05', 22000, 0, -26668202],
      ['2023-05-06', 32400, 0, -26700602],
      ['2023-05-09', 0, 49200, -26651402],
      ['2023-05-09', 0, 1725400, -24926002],
      ['2023-05-10', 0, 8633800, -16292202],
      ['2023-05-12', 461000, 0, -16753202],
    ],
  );
});
