// A currency a word space before whole rupees ('Rs. 35,270') is one cell with them, as it is before
// a figure with paise ('Rs. 104,762.16'): where a deposit and the balance were drawn as one item
// ('Rs. 35,270 Rs. 104,762.16'), the item is two cells, as the rows that draw them apart show.
// Before, 'Rs.' was a word of its own there, those rows wrote other cells than the rest, the
// stretch was not cut into the deposit and the balance, and no columns were inferred. Items as a
// generated PNB layout drew them (Courier 9.5, tight, unknown headings, dates without their year,
// 'NIL' for an empty amount, the narration last).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemsPage } from './items.ts';
import { inferredRowsOf } from './stages.ts';

const doc = itemsPage(
  11,
  [
    [70, [[43, 267, 'Statement of Account for the period 01 Dec 2023 to 31 Dec 2023']]],
    [
      85,
      [
        [43, 65, 'Kolumn'],
        [72, 86, 'Frob'],
        [103, 132, 'Quux Val'],
        [157, 175, 'Plugh'],
        [196, 228, 'Xyzzy Amt'],
        [323, 338, 'Zorb'],
      ],
    ],
    [
      108,
      [
        [43, 90, 'Dec 01 Dec 01'],
        [121, 132, 'NIL'],
        [139, 228, 'Rs. 35,270 Rs. 104,762.16'],
        [231, 426, 'NEFT/IN/CNRBN233354170778/MAHALAXMI STEELS/CNRB0929395'],
      ],
    ],
    [
      120,
      [
        [43, 90, 'Dec 02 Dec 02'],
        [96, 132, 'Rs. 20,778'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 83,984.16'],
        [231, 418, 'UPI/DR/333693786468/POOJA MEHTA/IDIB/pooja@oksbi/UPI'],
      ],
    ],
    [
      132,
      [
        [43, 90, 'Dec 05 Dec 05'],
        [121, 132, 'NIL'],
        [139, 175, 'Rs. 10,538'],
        [181, 228, 'Rs. 94,522.16'],
        [231, 415, 'INWARD CLG/UTKARSH SMALL FINANCE BANK/VISHAL PHARMA'],
      ],
    ],
    [140, [[231, 274, 'DISTRIBUTORS']]],
    [
      152,
      [
        [43, 90, 'Dec 05 Dec 05'],
        [100, 132, 'Rs. 8,131'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 86,391.16'],
        [231, 318, 'UPI/DR/333967515852/TATA'],
      ],
    ],
    [159, [[231, 404, 'PLAY/BKID/tataplay@hdfcbank/Payment from PhonePe']]],
    [
      171,
      [
        [43, 90, 'Dec 07 Dec 07'],
        [100, 132, 'Rs. 3,199'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 83,192.16'],
        [231, 429, 'UPI/DR/334186725909/BIGBASKET/UTKS/bigbasket@ybl/school'],
      ],
    ],
    [179, [[231, 242, 'fee']]],
    [
      191,
      [
        [43, 90, 'Dec 07 Dec 07'],
        [107, 132, 'Rs. 745'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 82,447.16'],
        [231, 325, 'UPI/DR/334140832953/KAVITA'],
      ],
    ],
    [199, [[231, 354, 'KULKARNI/SBIN/kavita341@oksbi/rent']]],
    [
      211,
      [
        [43, 90, 'Dec 09 Dec 09'],
        [111, 132, 'Rs. 38'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 82,409.16'],
        [231, 332, 'UPI/DR/334359012850/HARPREET'],
      ],
    ],
    [218, [[231, 343, 'KULKARNI/BKID/harpreet@ibl/rent']]],
    [
      230,
      [
        [43, 90, 'Dec 09 Dec 09'],
        [100, 132, 'Rs. 1,000'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 81,409.16'],
        [231, 350, 'ATM CASH/385888/S1YCLOY27/KOLKATA'],
      ],
    ],
    [
      242,
      [
        [43, 90, 'Dec 10 Dec 10'],
        [121, 132, 'NIL'],
        [139, 228, 'Rs. 79,095 Rs. 160,504.16'],
        [231, 429, 'NEFT/IN/YESBN233444436866/ORIENT PAPER MART/YESB0705283'],
      ],
    ],
    [
      254,
      [
        [43, 90, 'Dec 11 Dec 11'],
        [96, 132, 'Rs. 11,805'],
        [164, 228, 'NIL Rs. 148,699.16'],
        [231, 321, 'UPI/DR/334550055093/POOJA'],
      ],
    ],
    [262, [[231, 354, 'PILLAI/SBIN/pooja428@ybl/groceries']]],
    [
      274,
      [
        [43, 90, 'Dec 13 Dec 13'],
        [121, 132, 'NIL'],
        [139, 228, 'Rs. 33,427 Rs. 182,126.16'],
        [231, 368, 'NEFT/IN/KKBKH233472213338/METRO OFFICE'],
      ],
    ],
    [281, [[231, 303, 'SUPPLIES/KKBK0509957']]],
    [
      293,
      [
        [43, 90, 'Dec 13 Dec 13'],
        [96, 132, 'Rs. 86,522'],
        [164, 175, 'NIL'],
        [181, 228, 'Rs. 95,604.16'],
        [231, 332, 'CHQ PAID/RAJDHANI AUTO PARTS'],
      ],
    ],
  ],
  [595.28, 841.89],
);

test("a currency a word space before whole rupees is one cell with them ('Rs. 35,270 Rs. 104,762.16')", () => {
  assert.deepEqual(inferredRowsOf(doc), [
    ['0000-12-01', 0, 3527000, 10476216],
    ['0000-12-02', 2077800, 0, 8398416],
    ['0000-12-05', 0, 1053800, 9452216],
    ['0000-12-05', 813100, 0, 8639116],
    ['0000-12-07', 319900, 0, 8319216],
    ['0000-12-07', 74500, 0, 8244716],
    ['0000-12-09', 3800, 0, 8240916],
    ['0000-12-09', 100000, 0, 8140916],
    ['0000-12-10', 0, 7909500, 16050416],
    ['0000-12-11', 1180500, 0, 14869916],
    ['0000-12-13', 0, 3342700, 18212616],
    ['0000-12-13', 8652200, 0, 9560416],
  ]);
});
