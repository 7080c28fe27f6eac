// The cells stage alone (parse/cells.ts, decision 039 "Move two, session 9"): a line's words are cut at
// the column model's band edges by where each word was measured, then kept together by what they are
// (a date with its time, a currency word or a mark with its figure), whatever pdf.js drew as one item.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineCells, withBalanceMarks } from '../../src/parse/cells.ts';
import { bandModel, column, measured, texts } from './stages.ts';

// Date | Dr/Cr (a narrow column printing the side as one letter) | Narration | Amount | Balance
const sided = bandModel([
  column('date', 30, 75),
  column('mark', 76, 86),
  column('description', 92, 250),
  column('amount', 260, 310),
  column('balance', 320, 370),
]);

test('a side letter a space after the date, in its own narrow column, is cut off by its measured place', () => {
  // 'C' overlaps its column by less than 1.6 character widths: the run rules kept '05/01/2024 C'
  // whole as the date cell (no date then reads), the band edge cuts it
  const cells = lineCells(sided, [
    measured([30, 72, '05/01/2024'], [77, 81, 'C']),
    measured([92, 160, 'NEFT/SALARY/ACME']),
    measured([275, 310, '1,200.00']),
    measured([330, 370, '5,400.00']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '05/01/2024'],
    ['description', 'NEFT/SALARY/ACME'],
    ['amount', '1,200.00 Cr'],
    ['balance', '5,400.00'],
  ]);
});

// Sr | Date | Ref | Amount | Balance | Narration (amounts set at their column's left, a mark before)
const union = bandModel([
  column('serial', 42, 51),
  column('date', 64, 113),
  column('reference', 188, 250),
  column('amount', 258, 309),
  column('balance', 322, 363),
  column('description', 375, 600),
]);

test('a mark before its figure standing over a text column, and a time with its date, are kept whole', () => {
  const cells = lineCells(union, [
    measured([42, 47, '1']),
    measured([64, 113, '01-Jun-2023'], [117, 140, '10:15'], [142, 150, 'AM']),
    measured([245, 255, 'Cr'], [257, 309, '18,764.00'], [322, 363, '32,641.63']),
    measured([375, 506, 'UPIAR/CR/315273977814/LAKSHMI']),
  ]);
  assert.deepEqual(texts(cells), [
    ['serial', '1'],
    ['date', '01-Jun-2023 10:15 AM'],
    ['amount', 'Cr 18,764.00'],
    ['balance', '32,641.63'],
    ['description', 'UPIAR/CR/315273977814/LAKSHMI'],
  ]);
});

test('a narration that runs long into a column of figures stays whole; the figures after it are cut off', () => {
  const cells = lineCells(sided, [
    measured([30, 72, '06/01/2024'], [80, 84, 'D']),
    measured(
      [92, 200, 'NEFT/SALARY/ACME'],
      [203, 255, 'CORPORATION'],
      [258, 272, 'LTD'],
      [276, 310, '1,200.00'],
      [330, 370, '4,200.00'],
    ),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '06/01/2024'],
    ['description', 'NEFT/SALARY/ACME CORPORATION LTD'],
    ['amount', '1,200.00 Dr'],
    ['balance', '4,200.00'],
  ]);
});

// Date | Narration | Credit | Debit | Balance, in Courier with the side a space after each figure:
// the band model learnt from the rows puts a debit's mark inside the balance's band
const courier = bandModel([
  column('date', 19, 74),
  column('description', 113, 357),
  column('credit', 386, 430),
  column('other', 434, 446),
  column('debit', 455, 493),
  column('balance', 498, 562),
  column('other', 567, 589),
]);

test("a mark after a figure is that figure's side, not the lead of the next figure that has its own", () => {
  const cells = lineCells(courier, [
    measured([19, 73, '20/03/2025']),
    measured([114, 292, 'RENDERED AT SITE OFFICE AS AGREED']),
    measured([455, 493, '3236.00'], [498, 509, 'Dr'], [513, 562, '108123.64'], [567, 589, '(Cr)']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '20/03/2025'],
    ['description', 'RENDERED AT SITE OFFICE AS AGREED'],
    ['debit', '3236.00 Dr'],
    ['balance', '108123.64 (Cr)'],
  ]);
});

// Date | Description (a narrow heading) | Credit | Debit | Balance: a wrapped narration line ends
// in a number a word space after it, in the gutter nearest the credit column
const narrow = bandModel([
  column('date', 50, 96),
  column('description', 144, 193),
  column('credit', 315, 337),
  column('debit', 413, 448),
  column('balance', 516, 552),
]);

test('a number without paise a word space after text, in the gutter, stays in the narration', () => {
  const cells = lineCells(narrow, [
    measured([144, 174, 'WVQPN'], [176, 219, 'CLNVJLY'], [222, 283, 'BLNMNLIEYLG'], [285, 290, '2']),
  ]);
  assert.deepEqual(texts(cells), [['description', 'WVQPN CLNVJLY BLNMNLIEYLG 2']]);
});

// Trans Date | Description | Amount (Rs.) | Balance, the amounts signed whole rupees set at their
// column's left (generated BANKOFINDIA seed 166330919, Courier 8.5)
const signedLeft = bandModel([
  column('date', 39, 61),
  column('description', 89, 276),
  column('amount', 280, 306),
  column('balance', 330, 377),
]);

test('signed whole rupees a word space after a long narration are the amount, not more narration', () => {
  const cells = lineCells(signedLeft, [
    measured([39, 61, 'May 16']),
    measured([89, 276, 'UPI/DR/313672945157/MAKEMYTRIP/BARB/makemytrip@icici']),
    measured([280, 295, '-823']),
    measured([330, 377, '2,99,035.98Cr']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', 'May 16'],
    ['description', 'UPI/DR/313672945157/MAKEMYTRIP/BARB/makemytrip@icici'],
    ['amount', '-823'],
    ['balance', '2,99,035.98Cr'],
  ]);
});

// Txn Date | Narration | Amount (Rs.) | Balance: the sign set a space before the whole rupees, an en
// dash for a withdrawal (generated HDFC seed 2138256759, Helvetica 7.5, the longest narration of the
// page ending 4.4 pt before the amount)
const signedApart = bandModel([
  column('date', 35, 59),
  column('description', 63, 197),
  column('amount', 207, 231),
  column('balance', 248, 275),
]);

test('a sign a space before whole rupees, a word space after the narration, is the amount', () => {
  const cells = lineCells(signedApart, [
    measured([35, 59, '23-12-23']),
    measured([63.27, 203.13, 'NWD-448870XXXXXX6812-S1A9QYIM53-NAGPUR']),
    measured([207.57, 227.58, '\u2013 3,000']),
    measured([248.23, 274.92, '19,048.19']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '23-12-23'],
    ['description', 'NWD-448870XXXXXX6812-S1A9QYIM53-NAGPUR'],
    ['amount', '\u2013 3,000'],
    ['balance', '19,048.19'],
  ]);
});

// S No. | Transaction Date | Ref No | Transaction Details | Amount (INR) | Closing Balance (INR): whole
// rupees with their side and currency before them, the balance printed on each day's last row only
// (generated UNION seed 4355553079, Times-Roman 8, tight)
const markBeforeWhole = bandModel([
  column('serial', 41, 47),
  column('date', 52, 83),
  column('reference', 86, 95),
  column('description', 98, 270),
  column('amount', 278, 313),
  column('balance', 315, 360),
]);

test('whole rupees with their mark before them, a word space after a long narration, are the amount', () => {
  const cells = lineCells(markBeforeWhole, [
    measured([41, 44, '3']),
    measured([53, 83, '03-Jun-2023']),
    measured([98, 274, 'UPIAR/DR/315414673540/MAKEMYTRIP/UTIB/makemytrip@icici/in']),
    measured([278, 309, 'Dr Rs. 9,323']),
  ]);
  assert.deepEqual(texts(cells), [
    ['serial', '3'],
    ['date', '03-Jun-2023'],
    ['description', 'UPIAR/DR/315414673540/MAKEMYTRIP/UTIB/makemytrip@icici/in'],
    ['amount', 'Dr Rs. 9,323'],
  ]);
});

// S.No | Value Dt | Post Date | Ref No | Particulars | Amount | Balance | Cr/Dr: the amount's side
// printed in a Dr/Cr column after the balance, a space from it (generated BANKOFINDIA seed
// 609842439, Times-Roman 8)
const markAfter = bandModel([
  column('serial', 30, 37),
  column('valueDate', 45, 74),
  column('date', 74, 104),
  column('reference', 104, 124),
  column('description', 126, 287),
  column('amount', 294, 322),
  column('balance', 324, 351),
  column('mark', 354, 363),
]);

test("a mark in a Dr/Cr column a space after the balance is the amount's side, not the balance's", () => {
  const cells = lineCells(markAfter, [
    measured([30, 33, '1']),
    measured([45, 72, '05/05/2023'], [75, 103, '05/05/2023']),
    measured([127, 285, 'UPI/DR/312546184669/BIGBASKET/BARB/bigbasket@ybl/NA']),
    measured([305, 321, '220.00']),
    measured([324, 351, '191,431.98'], [354, 363, 'DR']),
  ]);
  assert.deepEqual(texts(cells), [
    ['serial', '1'],
    ['valueDate', '05/05/2023'],
    ['date', '05/05/2023'],
    ['description', 'UPI/DR/312546184669/BIGBASKET/BARB/bigbasket@ybl/NA'],
    ['amount', '220.00 DR'],
    ['balance', '191,431.98'],
  ]);
});

test("a statement whose amounts carry their own signs beside the Dr/Cr column's mark prints that column for its balances", () => {
  // UNION of seed 350001: every balance overdrawn ('Dr'), withdrawals '9,323.00–', deposits unsigned
  const line = (amount: string, balance: string) => [
    measured([45, 72, '03/06/2023']),
    measured([127, 285, 'UPI/DR/315414673540/MAKEMYTRIP']),
    measured([300, 322, amount]),
    measured([324, 351, balance], [356, 363, 'Dr']),
  ];
  const head = [
    measured([127, 160, 'Description']),
    measured([300, 322, '(INR)']),
    measured([356, 363, 'Cr']),
  ];
  const lines = [{ runs: line('9,323.00–', '13,872.37') }, { runs: line('18,764.00', '6,403.37') }];
  const model = withBalanceMarks(markAfter, lines);
  assert.equal(model.balanceMarks, true);
  assert.deepEqual(texts(lineCells(model, line('18,764.00', '6,403.37'))).slice(2), [
    ['amount', '18,764.00'],
    ['balance', '6,403.37 Dr'],
  ]);
  // read alone, a line gives the unsigned amount the mark (the column may be the amounts' sides)
  assert.deepEqual(texts(lineCells(markAfter, line('18,764.00', '6,403.37'))).slice(2), [
    ['amount', '18,764.00 Dr'],
    ['balance', '6,403.37'],
  ]);
  // a heading's '(INR)' over the amounts is no signed amount
  assert.equal(withBalanceMarks(markAfter, [{ runs: head }, lines[1]!]).balanceMarks, undefined);
});

// Sl. No. | Txn Date | Narration | Amount | Dr/Cr | Balance of a fixed-width report, in characters
const report = bandModel(
  [
    column('date', 88, 107),
    column('description', 111, 160),
    column('amount', 188, 200),
    column('mark', 216, 218),
    column('balance', 227, 239),
  ],
  1,
);

test("a figure ending a narration, in the gutter before an amount the line prints apart, stays the narration's", () => {
  // (real BOB narrations end in figures: 'UPI : 11,483.00 : 12,888.70'; the amount is 'Rs. 140.00')
  const cells = lineCells(report, [
    { text: '08/11/2024 17:22:00', x0: 88, x1: 107 },
    { text: 'UPI/362145687351/20:54:37/UPI/q794099050@ybl/UPI : 11,483.00 : 12,888.70', x0: 111, x1: 183 },
    { text: 'Rs. 140.00', x0: 188, x1: 198 },
    { text: 'Dr', x0: 216, x1: 218 },
    { text: '2,982.41 Cr', x0: 227, x1: 238 },
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '08/11/2024 17:22:00'],
    ['description', 'UPI/362145687351/20:54:37/UPI/q794099050@ybl/UPI : 11,483.00 : 12,888.70'],
    ['amount', 'Rs. 140.00 Dr'],
    ['balance', '2,982.41 Cr'],
  ]);
});

// Tran Id | Trans Date | Ref No | Category | Withdrawals | Deposits | Closing Balance | Narration: a
// reference a few rows print, drawn in one item after the date and time, its middle on the date
// band's edge (generated PNB seed 3880381419, Courier 6)
const refAfterTime = bandModel(
  [
    column('other', 37.3, 87.1),
    column('date', 87.1, 154.9),
    column('reference', 154.9, 165.7),
    column('other', 193.6, 234),
    column('debit', 250.2, 283.4),
    column('credit', 300.4, 333.7),
    column('balance', 335.5, 390.2),
    column('description', 392.9, 591.4),
  ],
  3.6,
);
const refRest = [
  measured([194, 216, 'BRANCH']),
  measured([301, 333, '10,538.00']),
  measured([343, 390, '94,522.16 Cr.']),
  measured([393, 436, 'DISTRIBUTORS']),
];
const refCells = [
  ['date', '05.12.2023 11:26 AM'],
  ['reference', '428150'],
  ['other', 'BRANCH'],
  ['credit', '10,538.00'],
  ['balance', '94,522.16 Cr.'],
  ['description', 'DISTRIBUTORS'],
];

test("a word after a whole date and time that reaches into the next band is that band's, drawn with them or apart", () => {
  // one item: the date band and the reference band hold '428150' alike (10.8 pt each); the date
  // cell holds one date, so the word past its edge starts the next column
  const one = lineCells(refAfterTime, [
    measured(
      [37.3, 69.7, 'N10020109'],
      [72.7, 108.7, '05.12.2023'],
      [112.3, 130.3, '11:26'],
      [133.9, 141.1, 'AM'],
      [144.1, 165.7, '428150'],
    ),
    ...refRest,
  ]);
  assert.deepEqual(texts(one), [['other', 'N10020109'], ...refCells]);
  // the same words drawn as items of their own
  const apart = lineCells(refAfterTime, [
    measured([37.3, 69.7, 'N10020109']),
    measured([72.7, 108.7, '05.12.2023'], [112.3, 130.3, '11:26'], [133.9, 141.1, 'AM']),
    measured([144.1, 165.7, '428150']),
    ...refRest,
  ]);
  assert.deepEqual(texts(apart), [['other', 'N10020109'], ...refCells]);
});
