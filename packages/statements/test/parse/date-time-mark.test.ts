// A date with its time, then the next column's text, drawn as one item in a tight table ('01 Mar 25
// 01:00 AM CR': a Dr/Cr column printed after the date; '01 Jan 24 01 Jan 24 00:00:00 TFR': a value
// date, the date with its time, a transaction type): the time is the last date's, and what follows
// it is the next column's, as it is after dates without a time ('01 Dec 2023 TRANSFER FROM ...').
// Before, such an item read as no date at all: the dated rows placed no columns, and the words' order
// read kept 'CR' or 'TFR' in every narration and took the lines above a date line for the row above.
// Items as generated layouts drew them: ICICI 9106976779 of seed 1150001 (Courier 7.5, landscape,
// unknown headings, the mark column after the date, the value date under the date, narrations
// centred on their date line) and AXIS 126719 of seed 1 (Courier 7.5, unknown headings, a
// transaction type after the dates, narrations wrapped above their date line, evenly spaced).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { documentLines } from '../../src/parse/lines.ts';
import { itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

const doc = itemsPage(
  11,
  [
    [20, [[38, 157, 'ICICI Bank Limited']]],
    [
      40,
      [
        [38, 128, 'Name : MR PRIYA CHOUDHARY'],
        [421, 511, 'Account No : 046501644879'],
      ],
    ],
    [
      47,
      [
        [38, 95, '12, STATION ROAD'],
        [421, 504, 'IFSC Code : ICIC0080956'],
      ],
    ],
    [
      54,
      [
        [38, 85, 'PUNE - 411001'],
        [421, 471, 'Currency : INR'],
      ],
    ],
    [61, [[421, 529, 'Opening Balance : 252585.36 Dr']]],
    [76, [[38, 247, 'Statement of Account for the period 01 Mar 25 to 31 Mar 25']]],
    [
      90,
      [
        [38, 59, 'Kolumn'],
        [106, 137, 'Frob Quux'],
        [293, 311, 'Plugh'],
        [324, 342, 'Xyzzy'],
        [367, 381, 'Zorb'],
      ],
    ],
    [
      98,
      [
        [123, 134, 'Val'],
        [328, 339, 'Amt'],
      ],
    ],
    [120, [[123, 274, 'UPI/506020112679/Payment/ritu@paytm/PUNJAB']]],
    [
      128,
      [
        [38, 113, '01 Mar 25 01:00 AM CR'],
        [123, 271, 'NATIONAL BANK/ICIc9e6eaf9ddc7702bd2073a94'],
        [324, 396, '1755.00 250830.36 Dr'],
      ],
    ],
    [135, [[38, 70, '01 Mar 25']]],
    [146, [[123, 249, 'NEFT-PYTMN250608974132-SHREE GANESH']]],
    [
      153,
      [
        [38, 113, '01 Mar 25 06:13 PM CR'],
        [123, 267, 'TRADERS-invoice-XXXXXXXX3108-PYTM0142066'],
        [324, 396, '6519.00 244311.36 Dr'],
      ],
    ],
    [160, [[38, 70, '01 Mar 25']]],
    [171, [[123, 245, 'MMT/IMPS/506241122161/Payment from']]],
    [
      178,
      [
        [38, 113, '03 Mar 25 11:26 AM CR'],
        [123, 231, 'PhonePe/NAVEEN MIS/KKBK0835713'],
        [324, 396, '3628.00 240683.36 Dr'],
      ],
    ],
    [185, [[38, 70, '03 Mar 25']]],
    [196, [[123, 245, 'MMT/IMPS/506350780304/Payment/RITU']]],
    [
      203,
      [
        [38, 113, '04 Mar 25 04:39 PM DR'],
        [123, 177, 'RAO/CNRB0898248'],
        [321, 396, '21673.00 262356.36 Dr'],
      ],
    ],
    [210, [[38, 70, '04 Mar 25']]],
    [221, [[123, 281, 'UPI/506412737062/school fee/uber@icici/UNION']]],
    [
      228,
      [
        [38, 113, '05 Mar 25 09:52 AM DR'],
        [123, 271, 'BANK OF INDIA/ICI07531d48f2780b755fddd194'],
        [324, 396, '6808.00 269164.36 Dr'],
      ],
    ],
    [235, [[38, 70, '05 Mar 25']]],
  ],
  [842, 595],
);

const NARRATIONS = [
  'UPI/506020112679/Payment/ritu@paytm/PUNJAB NATIONAL BANK/ICIc9e6eaf9ddc7702bd2073a94',
  'NEFT-PYTMN250608974132-SHREE GANESH TRADERS-invoice-XXXXXXXX3108-PYTM0142066',
  'MMT/IMPS/506241122161/Payment from PhonePe/NAVEEN MIS/KKBK0835713',
  'MMT/IMPS/506350780304/Payment/RITU RAO/CNRB0898248',
  'UPI/506412737062/school fee/uber@icici/UNION BANK OF INDIA/ICI07531d48f2780b755fddd194',
];

test('the dated rows place the date, the Dr/Cr column after it and the narration', () => {
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2025-03-01', 0, 175500, -25083036],
      ['2025-03-01', 0, 651900, -24431136],
      ['2025-03-03', 0, 362800, -24068336],
      ['2025-03-04', 2167300, 0, -26235636],
      ['2025-03-05', 680800, 0, -26916436],
    ],
  );
  assert.deepEqual(
    rows.map((t) => t.description),
    NARRATIONS,
  );
});

test('no Dr/Cr of that column in a narration, no narration line lost', () => {
  const result = parseStatement(doc);
  assert.deepEqual(
    result.accounts.flatMap((a) => a.transactions).map((t) => t.description),
    NARRATIONS,
  );
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});

const axis = itemsPage(
  11,
  [
    [19.9, [[25, 85, 'AXIS BANK']]],
    [
      39.8,
      [
        [25, 108, 'Name : MS SNEHA AGARWAL'],
        [306, 407, 'Account No : 929018685866523'],
      ],
    ],
    [
      46.9,
      [
        [25, 83, '12, STATION ROAD'],
        [306, 389, 'IFSC Code : UTIB0064737'],
      ],
    ],
    [
      54.0,
      [
        [25, 72, 'PUNE - 411001'],
        [306, 356, 'Currency : INR'],
      ],
    ],
    [68.3, [[25, 234, 'Statement of Account for the period 01 Jan 24 to 31 Jan 24']]],
    [
      82.5,
      [
        [25, 47, 'Kolumn'],
        [61, 75, 'Frob'],
        [128, 178, 'Quux Val Plugh'],
        [185, 217, 'Xyzzy Amt'],
        [344, 358, 'Zorb'],
        [375, 397, 'Wibble'],
        [407, 436, 'Snark No'],
      ],
    ],
    [
      105.2,
      [
        [25, 139, '01 Jan 24 01 Jan 24 00:00:00 TFR'],
        [185, 257, 'CASH DEPOSIT MI ROAD'],
        [347, 358, 'NIL'],
        [365, 397, '30,100.00'],
        [404, 436, '62,903.96'],
      ],
    ],
    [112.3, [[185, 296, 'IMPS/P2A/400220973656/VENKATESH']]],
    [
      119.5,
      [
        [25, 139, '02 Jan 24 02 Jan 24 05:13:29 CLG'],
        [185, 232, 'REDDY/YESB/NA'],
        [326, 358, '22,721.00'],
        [386, 397, 'NIL'],
        [404, 436, '40,182.96'],
      ],
    ],
    [126.6, [[185, 289, 'UPI/P2A/400316492931/HARPREET']]],
    [
      133.7,
      [
        [25, 139, '03 Jan 24 03 Jan 24 10:26:58 CSH'],
        [185, 282, 'CHOUDHARY/BANK OF BARODA/NA'],
        [329, 358, '1,255.00'],
        [386, 397, 'NIL'],
        [404, 436, '38,927.96'],
      ],
    ],
    [140.8, [[185, 318, 'UPI/P2A/400759364348/IMRAN KHAN/STATE']]],
    [
      148.0,
      [
        [25, 139, '07 Jan 24 07 Jan 24 15:39:27 TFR'],
        [185, 260, 'BANK OF INDIA/advance'],
        [340, 358, '31.00'],
        [386, 397, 'NIL'],
        [404, 436, '38,896.96'],
      ],
    ],
    [155.1, [[185, 318, 'UPI/P2A/400988028389/KAVITA IYER/BANK']]],
    [
      162.2,
      [
        [25, 143, '09 Jan 24 09 Jan 24 20:52:56 NEFT'],
        [185, 250, 'OF MAHARASHTRA/UPI'],
        [336, 358, '215.00'],
        [386, 397, 'NIL'],
        [404, 436, '38,681.96'],
      ],
    ],
    [169.3, [[185, 293, 'UPI/P2A/400945408315/VENKATESH']]],
    [
      176.4,
      [
        [25, 139, '09 Jan 24 09 Jan 24 01:05:25 TFR'],
        [185, 275, 'IYER/AXIS BANK/school fee'],
        [336, 358, '231.00'],
        [386, 397, 'NIL'],
        [404, 436, '38,450.96'],
      ],
    ],
    [183.6, [[185, 304, 'RTGS/UTIBR2024010928678869/BHARAT']]],
    [
      190.7,
      [
        [25, 139, '09 Jan 24 09 Jan 24 06:18:54 CLG'],
        [185, 260, 'ELECTRICALS/AXIS BANK'],
        [347, 436, 'NIL 433,197.00 471,647.96'],
      ],
    ],
    [
      197.8,
      [
        [25, 139, '10 Jan 24 10 Jan 24 11:31:23 CSH'],
        [185, 304, 'POS/INDIAN OIL CORP/JAIPUR/551869'],
        [329, 358, '2,627.30'],
        [386, 436, 'NIL 469,020.66'],
      ],
    ],
  ],
  [612, 792],
);

test('a value date, a date with its time and a transaction type in one item place three columns', () => {
  const layout = inferLayout(documentLines(axis));
  assert.ok(layout, 'no columns the dated rows show');
  assert.deepEqual(
    layout.columns.map((c) => c.role),
    ['date', 'valueDate', 'other', 'description', 'debit', 'credit', 'balance'],
  );
});

test("no transaction type in a narration, and the lines above a date line are its row's (AXIS)", () => {
  const result = parseStatement(axis);
  assert.deepEqual(
    result.accounts.flatMap((a) => a.transactions).map((t) => t.description),
    [
      'CASH DEPOSIT MI ROAD',
      'IMPS/P2A/400220973656/VENKATESH REDDY/YESB/NA',
      'UPI/P2A/400316492931/HARPREET CHOUDHARY/BANK OF BARODA/NA',
      'UPI/P2A/400759364348/IMRAN KHAN/STATE BANK OF INDIA/advance',
      'UPI/P2A/400988028389/KAVITA IYER/BANK OF MAHARASHTRA/UPI',
      'UPI/P2A/400945408315/VENKATESH IYER/AXIS BANK/school fee',
      'RTGS/UTIBR2024010928678869/BHARAT ELECTRICALS/AXIS BANK',
      'POS/INDIAN OIL CORP/JAIPUR/551869',
    ],
  );
});
