// A date with its time, then the Dr/Cr column printed after the date, drawn as one item in a tight
// table ('01 Mar 25 01:00 AM CR'): the time is the date's, and what follows it is the next column's,
// as it is after a date without a time ('01 Dec 2023 TRANSFER FROM ...'). Before, such an item read as
// no date at all: the dated rows placed no columns, the words' order read kept 'CR' in every
// narration and lost the first narration's line above its date line. Items as a generated ICICI
// layout drew them (seed 1150001, ICICI 9106976779: Courier 7.5, landscape, unknown headings, a
// time in the date, the mark column after the date, the value date under the date, narrations
// centred on their date line).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
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
