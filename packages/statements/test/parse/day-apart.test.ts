// A tight Courier table whose date cells pdf.js draws as a day alone and the rest of both dates as
// one item ('01' + 'March 25 01 March 25'). Positions from a generated ICICI layout (Courier 9.5,
// month names written out).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { onePage, placed, type Item } from './items.ts';
import { cellsAt, texts } from './stages.ts';

const line = (y: number, items: Item[]): Word[] => placed(y, items, 9.5);

const rows: [number, number, string][][] = [
  [
    [40, 47, '01'],
    [51, 122, 'March 25 01 March 25'],
    [125, 276, 'UPI/506020112679/Payment/ritu@paytm/PUNJAB'],
    [382, 385, '-'],
    [403, 431, '1,755.00'],
    [438, 470, '37,861.64'],
  ],
  [
    [40, 47, '03'],
    [51, 122, 'March 25 03 March 25'],
    [125, 301, 'MMT/IMPS/506241122161/Payment from PhonePe/NAVEEN'],
    [382, 385, '-'],
    [403, 431, '3,628.00'],
    [438, 470, '41,489.64'],
  ],
  [
    [40, 47, '04'],
    [51, 122, 'March 25 04 March 25'],
    [125, 305, 'MMT/IMPS/506350780304/Payment/RITU RAO/CNRB0898248'],
    [353, 385, '21,673.00'],
    [428, 431, '-'],
    [438, 470, '19,816.64'],
  ],
  [
    [40, 47, '10'],
    [51, 122, 'March 25 10 March 25'],
    [125, 262, 'NFS/CASH WDL/S14X20N40/NAGPUR/10-03-25'],
    [356, 385, '2,500.00'],
    [428, 431, '-'],
    [438, 470, '17,316.64'],
  ],
];

test("a date's day drawn apart from the rest of its dates ('01' 'March 25 01 March 25') is read whole", () => {
  // (the day had gone to the value date with the next date's, 'March 25' read as the 25th)
  const doc: SourceDocument = onePage(
    [595, 842],
    [
      ...line(20, [[40, 159, 'ICICI Bank Limited']]),
      ...line(67, [[40, 263, 'Statement of Account for the period 01 March 25 to 31 March 25']]),
      ...line(81, [
        [45, 74, 'Value Dt'],
        [95, 109, 'Date'],
        [207, 246, 'Particulars'],
        [331, 367, 'Withdrawal'],
        [371, 413, 'Amt. Deposit'],
        [417, 460, '(Cr) Balance'],
      ]),
      ...rows.flatMap((r, i) => line(104 + 18 * i, r)),
    ],
  );
  const tx = parseStatement(doc).accounts.flatMap((a) => a.transactions);
  // the cells stage alone: the day drawn apart joins the rest of its date, in the date's own column
  assert.deepEqual(
    texts(cellsAt(doc, 104)).filter(([role]) => role === 'date' || role === 'valueDate'),
    [
      ['valueDate', '01 March 25'],
      ['date', '01 March 25'],
    ],
  );
  assert.deepEqual(
    tx.map((t) => [t.date, t.valueDate, t.withdrawal, t.deposit, t.balance]),
    [
      ['2025-03-01', '2025-03-01', 0, 175500, 3786164],
      ['2025-03-03', '2025-03-03', 0, 362800, 4148964],
      ['2025-03-04', '2025-03-04', 2167300, 0, 1981664],
      ['2025-03-10', '2025-03-10', 250000, 0, 1731664],
    ],
  );
});

const page = (header: Word[], body: [number, number, string][][], first = 186): SourceDocument =>
  onePage(
    [792, 612],
    [
      ...line(19, [[38, 264, 'Utkarsh Small Finance Bank']]),
      ...line(111, [[38, 368, 'Statement of Account for the period 01 Dec 23 to 31 Dec 23']]),
      ...header,
      ...body.flatMap((r, i) => line(first + 20 * i, r)),
    ],
  );

test("a date's day drawn with the serial number before it ('10 09' 'Dec' '23') is the date's", () => {
  // Positions from a generated Utkarsh layout (Courier 9.5, headings three lines deep, the time after
  // the date drawn with the cheque number). The serial and the day had been read as one column.
  const header = [
    ...line(136, [
      [38, 49, 'Sl'],
      [92, 120, 'Trans'],
      [206, 240, 'Cheque'],
      [300, 328, 'Value'],
      [346, 408, 'Transaction'],
      [414, 442, 'Dr/Cr'],
      [459, 499, 'Balance'],
      [605, 668, 'Description'],
    ]),
    ...line(149, [
      [38, 49, 'No'],
      [95, 118, 'Date'],
      [217, 229, 'No'],
      [308, 320, 'Dt'],
      [374, 408, 'Amount'],
      [471, 499, '(INR)'],
    ]),
    ...line(161, [[380, 408, '(INR)']]),
  ];
  const body: [number, number, string][][] = [
    [
      [38, 43, '8'],
      [55, 66, '08'],
      [72, 89, 'Dec'],
      [95, 106, '23'],
      [112, 157, '11:31:23'],
      [289, 340, '08 Dec 23'],
      [363, 425, '59100.00 CR'],
      [448, 499, '319965.11'],
      [505, 608, 'CASH DEPOSIT/LANKA'],
    ],
    [
      [38, 43, '9'],
      [55, 66, '08'],
      [72, 89, 'Dec'],
      [95, 106, '23'],
      [112, 197, '16:44:52 348762'],
      [289, 340, '09 Dec 23'],
      [368, 425, '7075.00 CR'],
      [448, 499, '327040.11'],
      [505, 716, 'INWARD CLG/HDFC BANK/KRISHNA AGENCIES'],
    ],
    [
      [38, 66, '10 09'],
      [72, 89, 'Dec'],
      [95, 106, '23'],
      [112, 157, '21:57:21'],
      [289, 340, '09 Dec 23'],
      [374, 425, '127.79 DR'],
      [448, 499, '326912.32'],
      [505, 630, 'ATM CARD AMC JUL-SEP23'],
    ],
    [
      [38, 66, '11 09'],
      [72, 89, 'Dec'],
      [95, 106, '23'],
      [112, 232, '02:10:50 334359015760'],
      [289, 340, '09 Dec 23'],
      [380, 425, '76.00 DR'],
      [448, 499, '326836.32'],
      [505, 636, 'UPI/DR/334359015760/JIO'],
    ],
    [
      [38, 66, '12 11'],
      [72, 89, 'Dec'],
      [95, 106, '23'],
      [112, 260, '07:23:19 UTKSN233459951883'],
      [289, 340, '11 Dec 23'],
      [368, 425, '4419.00 CR'],
      [448, 499, '331255.32'],
      [505, 687, 'NEFT/IN/UTKSN233459951883/OM SAI'],
    ],
  ];
  const tx = parseStatement(page(header, body)).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-12-08', 0, 5910000, 31996511],
      ['2023-12-08', 0, 707500, 32704011],
      ['2023-12-09', 12779, 0, 32691232],
      ['2023-12-09', 7600, 0, 32683632],
      ['2023-12-11', 0, 441900, 33125532],
    ],
  );
});

test("a serial number a word space before a date without its year ('5' 'Dec 23') stays the serial", () => {
  const header = line(136, [
    [38, 49, 'Sr No'],
    [54, 120, 'Transaction Date'],
    [226, 262, 'Details'],
    [420, 459, 'Dr Amount'],
    [470, 507, 'Credit Amount'],
    [520, 580, 'Closing Balance'],
  ]);
  const body: [number, number, string][][] = [5, 4, 3, 2].map((n, i) => [
    [40, 46, String(n)],
    [54, 67, 'Dec'],
    [71, 79, String(23 - i)],
    [226, 340, `UPI/DR/53576714331${n}/DMART`],
    [417, 434, '77.0'],
    [465, 469, '-'],
    [513, 563, `${(10271.48 + 77 * (4 - i)).toFixed(2)} Cr.`],
  ]);
  const tx = parseStatement(page(header, body)).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => t.date),
    ['2023-12-20', '2023-12-21', '2023-12-22', '2023-12-23'],
  );
});

test("the day of a date without its year ('May' '05' 'May' '05') is that date's, not the next one's", () => {
  // Positions from a generated Bank of India layout (Courier 8, made-up headings, no year, a posting
  // and a value date each drawn as two items). The posting date's day had been joined to the value
  // date ('05 May 05', read as 2005) and no row was read.
  const row = (sr: string, day: string, text: string, dr: string, cr: string, bal: string) =>
    [
      [41, 45, sr],
      [71, 84, 'May'],
      [88, 96, day],
      [101, 114, 'May'],
      [118, 126, day],
      [140, 140 + 5 * text.length, text],
      [419 - 4.4 * dr.length, 419, dr],
      [478 - 4.4 * cr.length, 478, cr],
      [529 - 4.4 * bal.length, 529, bal],
      [534, 543, 'CR'],
    ] as [number, number, string][];
  const body = [
    row('1', '05', 'UPI/DR/312546184669/BIGBASKET', '220.00Dr', '0.00', '1,91,431.98'),
    row('2', '06', 'SINGH/BARB/anjali@ybl/Payment', '324.00Dr', '0.00', '1,91,107.98'),
    row('3', '09', 'MEHTA/KKBK/vikram@okhdfcbank', '0.00', '492.00Cr', '1,91,599.98'),
    row('4', '09', 'DISTRIBUTORS/UTIB0602954', '0.00', '17,254.00Cr', '2,08,853.98'),
  ];
  const doc: SourceDocument = onePage(
    [595, 842],
    [
      ...line(19, [[41, 134, 'Bank of India']]),
      ...line(79, [[41, 301, 'Statement of Account for the period 01 May 2023 to 31 May 2023']]),
      ...line(97, [
        [41, 66, 'Kolumn'],
        [71, 88, 'Frob'],
        [101, 118, 'Quux'],
        [122, 135, 'Val'],
        [140, 161, 'Plugh'],
        [372, 410, 'Xyzzy Amt'],
        [443, 459, 'Zorb'],
        [494, 519, 'Wibble'],
        [534, 555, 'Snark'],
      ]),
      ...body.flatMap((r, i) => line(125 + 24 * i, r)),
    ],
  );
  const tx = parseStatement(doc).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-05-05', 22000, 0, 19143198],
      ['2023-05-06', 32400, 0, 19110798],
      ['2023-05-09', 0, 49200, 19159998],
      ['2023-05-09', 0, 1725400, 20885398],
    ],
  );
});
