// The headings over a table are the line right above its first row, or above the opening balance
// printed under them: a heading there over cells no column holds (a reference a few rows print,
// 'Plugh' over '546909') makes a column of its own, and its cells are no narration. Before, the
// opening balance's line was taken for the headings, it holds a figure, so no heading was looked
// at, and '546909' was read into the narration. Items as a generated ICICI layout drew them
// (Helvetica 8.5, landscape, unknown headings, dates without their year, narrations above their
// date line).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

const doc = itemsPage(
  7,
  [
    [72, [[21, 185, 'Statement of Account for the period 01.03.2025 to 31.03.2025']]],
    [
      88,
      [
        [21, 43, 'Kolumn'],
        [62, 75, 'Frob'],
        [103, 119, 'Quux'],
        [252, 269, 'Plugh'],
        [315, 331, 'Xyzzy'],
        [334, 348, 'Zorb'],
        [394, 413, 'Wibble'],
      ],
    ],
    [
      96,
      [
        [103, 112, 'Val'],
        [320, 331, 'Amt'],
      ],
    ],
    [
      120,
      [
        [103, 149, 'Opening Balance'],
        [375, 413, '4,58,483.36Dr'],
      ],
    ],
    [132, [[103, 237, 'UPI/506020112679/Payment/ritu@paytm/PUNJAB']]],
    [
      140,
      [
        [21, 40, 'Mar 01'],
        [62, 81, 'Mar 01'],
        [103, 238, 'NATIONAL BANK/ICIc9e6eaf9ddc7702bd2073a94'],
        [308, 343, '1,755.00 CR'],
        [375, 413, '4,56,728.36Dr'],
      ],
    ],
    [151, [[103, 231, 'NEFT-PYTMN250608974132-SHREE GANESH']]],
    [159, [[103, 242, 'TRADERS-invoice-XXXXXXXX3108-PYTM0142066']]],
    [
      167,
      [
        [21, 40, 'Mar 01'],
        [62, 81, 'Mar 01'],
        [103, 247, 'PAYMENT AGAINST BILL NO 4471 DATED EARLIER'],
        [308, 343, '6,519.00 CR'],
        [375, 413, '4,50,209.36Dr'],
      ],
    ],
    [175, [[103, 240, 'FOR SERVICES RENDERED AT SITE OFFICE AS']]],
    [183, [[103, 128, 'AGREED']]],
    [194, [[103, 213, 'MMT/IMPS/506241122161/Payment from']]],
    [
      202,
      [
        [21, 40, 'Mar 03'],
        [62, 81, 'Mar 03'],
        [103, 207, 'PhonePe/NAVEEN MIS/KKBK0835713'],
        [308, 343, '3,628.00 CR'],
        [375, 413, '4,46,581.36Dr'],
      ],
    ],
    [214, [[103, 215, 'MMT/IMPS/506350780304/Payment/RITU']]],
    [
      222,
      [
        [21, 40, 'Mar 04'],
        [62, 81, 'Mar 04'],
        [103, 158, 'RAO/CNRB0898248'],
        [305, 343, '21,673.00 DR'],
        [375, 413, '4,68,254.36Dr'],
      ],
    ],
    [233, [[103, 234, 'UPI/506412737062/school fee/uber@icici/UNION']]],
    [241, [[103, 233, 'BANK OF INDIA/ICI07531d48f2780b755fddd194']]],
    [
      249,
      [
        [21, 40, 'Mar 05'],
        [62, 81, 'Mar 05'],
        [103, 247, 'PAYMENT AGAINST BILL NO 4471 DATED EARLIER'],
        [308, 343, '6,808.00 DR'],
        [375, 413, '4,75,062.36Dr'],
      ],
    ],
    [257, [[103, 240, 'FOR SERVICES RENDERED AT SITE OFFICE AS']]],
    [265, [[103, 128, 'AGREED']]],
    [276, [[103, 241, 'UPI/506532459944/school fee/anjali765@apl/BANK']]],
    [
      284,
      [
        [21, 40, 'Mar 06'],
        [62, 81, 'Mar 06'],
        [103, 248, 'OF MAHARASHTRA/ICI0a920bc9793310b31ec8ecd6'],
        [308, 343, '3,426.00 CR'],
        [375, 413, '4,71,636.36Dr'],
      ],
    ],
    [296, [[103, 243, 'UPI/506713205990/Payment/deepa@apl/UTKARSH']]],
    [
      304,
      [
        [21, 40, 'Mar 08'],
        [62, 81, 'Mar 08'],
        [103, 151, 'SMALL FINANCE'],
        [316, 343, '45.00 CR'],
        [375, 413, '4,71,591.36Dr'],
      ],
    ],
    [312, [[103, 203, 'BANK/ICIfdb51924f7a13d38fc0ac905']]],
    [440, [[103, 193, 'UPI/507140083026/Payment from']]],
    [
      448,
      [
        [21, 40, 'Mar 12'],
        [62, 81, 'Mar 12'],
        [103, 208, 'PhonePe/bescom@axisbank/BANK OF'],
        [308, 343, '2,040.00 DR'],
        [375, 413, '4,76,444.36Dr'],
      ],
    ],
    [456, [[103, 207, 'INDIA/ICIb014a63e9f31ad8c14a49e76']]],
    [
      468,
      [
        [21, 40, 'Mar 13'],
        [62, 81, 'Mar 13'],
        [103, 214, 'CAM/S1AEO96G72/CASH DEP/13-03-25'],
        [308, 343, '2,400.00 CR'],
        [375, 413, '4,74,044.36Dr'],
      ],
    ],
    [479, [[103, 247, 'CLG/OM SAI LOGISTICS/BANK OF INDIA PAYMENT']]],
    [487, [[103, 232, 'AGAINST BILL NO 4471 DATED EARLIER FOR']]],
    [
      495,
      [
        [21, 40, 'Mar 14'],
        [62, 81, 'Mar 14'],
        [103, 226, 'SERVICES RENDERED AT SITE OFFICE AS'],
        [252, 272, '546909'],
        [305, 343, '25,385.00 CR'],
        [375, 413, '4,48,659.36Dr'],
      ],
    ],
    [503, [[103, 128, 'AGREED']]],
    [
      514,
      [
        [21, 40, 'Mar 16'],
        [62, 81, 'Mar 16'],
        [103, 247, 'ACH/BAJAJ FINANCE LTD/UTKS4199169794465488'],
        [308, 343, '2,627.00 DR'],
        [375, 413, '4,51,286.36Dr'],
      ],
    ],
    [
      526,
      [
        [103, 113, 'C/F'],
        [375, 413, '4,51,286.36Dr'],
      ],
    ],
  ],
  [792, 612],
);

test("a heading above the opening balance over a reference makes a column ('Plugh' over '546909')", () => {
  const narrations = inferredTableOf(doc).sections.flatMap((s) => s.transactions.map((t) => t.description));
  assert.deepEqual(narrations, [
    'UPI/506020112679/Payment/ritu@paytm/PUNJAB NATIONAL BANK/ICIc9e6eaf9ddc7702bd2073a94',
    'NEFT-PYTMN250608974132-SHREE GANESH TRADERS-invoice-XXXXXXXX3108-PYTM0142066 PAYMENT AGAINST BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT SITE OFFICE AS AGREED',
    'MMT/IMPS/506241122161/Payment from PhonePe/NAVEEN MIS/KKBK0835713',
    'MMT/IMPS/506350780304/Payment/RITU RAO/CNRB0898248',
    'UPI/506412737062/school fee/uber@icici/UNION BANK OF INDIA/ICI07531d48f2780b755fddd194 PAYMENT AGAINST BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT SITE OFFICE AS AGREED',
    'UPI/506532459944/school fee/anjali765@apl/BANK OF MAHARASHTRA/ICI0a920bc9793310b31ec8ecd6',
    'UPI/506713205990/Payment/deepa@apl/UTKARSH SMALL FINANCE BANK/ICIfdb51924f7a13d38fc0ac905',
    'UPI/507140083026/Payment from PhonePe/bescom@axisbank/BANK OF INDIA/ICIb014a63e9f31ad8c14a49e76',
    'CAM/S1AEO96G72/CASH DEP/13-03-25',
    'CLG/OM SAI LOGISTICS/BANK OF INDIA PAYMENT AGAINST BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT SITE OFFICE AS AGREED',
    'ACH/BAJAJ FINANCE LTD/UTKS4199169794465488',
  ]);
});
