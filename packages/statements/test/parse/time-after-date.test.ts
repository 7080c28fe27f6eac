// A time a word space after its date, set closer to the narration than the date column's gutter
// ('02' 'Jul' '25' '01:00 AM' 'UPI/...'): the time is the date's, not the first words of the
// narration. Positions from a generated Kotak layout (Courier 9, headings three lines deep set in a
// smaller font than the rows, a branch code and a channel before the amounts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { onePage, placed, type Item } from './items.ts';
import { cellsAt, texts } from './stages.ts';

const line = (y: number, items: Item[], height = 9): Word[] => placed(y, items, height);

const row = (day: string, time: string, text: string, code: string, amount: [number, string], bal: string) =>
  [
    [26, 33, day],
    [37, 48, 'Jul'],
    [51, 58, '25'],
    [62, 91, time],
    [94, 94 + 5.4 * text.length, text],
    [328, 343, code],
    [353, 375, 'MOBILE'],
    amount[0] === 0
      ? [435 - 5.4 * amount[1].length, 435, amount[1]]
      : [471 - 5.4 * amount[1].length, 471, amount[1]],
    [506 - 5.4 * bal.length, 506, bal],
    [510, 517, 'Dr'],
  ] as [number, number, string][];

test("a time a word space after the date ('02 Jul 25' '01:00 AM') is the date's, not the narration's", () => {
  const body = [
    row('02', '01:00 AM', 'UPI/SNEHA MISHRA/518374551840/groceries', '0057', [0, '15,088.00'], '26,662.54'),
    row('05', '06:13 PM', 'UPI/DEEPA GUPTA/518690030138/school fee', '0446', [1, '11,074.00'], '15,588.54'),
    row('07', '04:39 PM', 'NEFT HDFCN251885733469 ORIENT PAPER MART', '1224', [0, '2,070.00'], '17,658.54'),
    row('08', '09:52 AM', 'UPI/JOSEPH DAS/518917431142/Payment', '1613', [1, '36.00'], '17,622.54'),
  ];
  const doc: SourceDocument = onePage(
    [612, 792],
    [
      ...line(20, [[26, 151, 'Kotak Mahindra Bank']]),
      ...line(70, [[26, 235, 'Statement of Account for the period 01 Jul 25 to 31 Jul 25']]),
      ...line(
        85,
        [
          [26, 40, 'Tran'],
          [94, 133, 'Particulars'],
          [328, 350, 'Branch'],
          [353, 378, 'Channel'],
          [396, 435, 'Withdrawals'],
          [463, 471, 'Cr'],
          [492, 517, 'Closing'],
        ],
        6,
      ),
      ...line(
        92.5,
        [
          [26, 40, 'Date'],
          [328, 343, 'Code'],
          [417, 435, '(INR)'],
          [449, 471, 'Amount'],
          [492, 517, 'Balance'],
        ],
        6,
      ),
      ...line(
        100,
        [
          [453, 471, '(INR)'],
          [499, 517, '(INR)'],
        ],
        6,
      ),
      ...body.flatMap((r, i) => line(123 + 11 * i, r)),
    ],
  );
  // the cells stage alone: the time goes to the date, the narration starts after it
  const cells = texts(cellsAt(doc, 123));
  assert.deepEqual(cells.slice(0, 2), [
    ['date', '02 Jul 25 01:00 AM'],
    ['description', 'UPI/SNEHA MISHRA/518374551840/groceries'],
  ]);
  const tx = parseStatement(doc).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.description]),
    [
      ['2025-07-02', 1508800, 0, -2666254, 'UPI/SNEHA MISHRA/518374551840/groceries'],
      ['2025-07-05', 0, 1107400, -1558854, 'UPI/DEEPA GUPTA/518690030138/school fee'],
      ['2025-07-07', 207000, 0, -1765854, 'NEFT HDFCN251885733469 ORIENT PAPER MART'],
      ['2025-07-08', 0, 3600, -1762254, 'UPI/JOSEPH DAS/518917431142/Payment'],
    ],
  );
});

test("a time under the date that pdf.js draws reaching into the narration ('05:04 AM') stays whole", () => {
  // Positions from a generated Indian Bank layout (Helvetica 8.5, newest first, no year, the time
  // under the date). 'AM' had gone into the narration's second line.
  const words = (y: number, items: [number, number, string][]) => line(y, items, 8.5);
  const doc: SourceDocument = onePage(
    [595, 842],
    [
      ...words(20, [[35, 118, 'INDIAN BANK']]),
      ...words(87, [[35, 241, 'Statement of Account for the period 01/01/2023 to 31/01/2023']]),
      ...words(104, [
        [35, 53, 'S.No'],
        [58, 78, 'Value'],
        [84, 104, 'Trans'],
        [197, 239, 'Description'],
        [330, 367, 'Reference'],
        [374, 387, 'Txn'],
        [403, 436, 'Category'],
        [449, 489, 'Withdrawal'],
        [505, 533, 'Deposit'],
        [546, 576, 'Running'],
      ]),
      ...words(112, [
        [60, 76, 'Date'],
        [86, 102, 'Date'],
        [343, 353, 'No'],
        [372, 389, 'Type'],
        [476, 489, '(Dr)'],
        [519, 533, '(Cr)'],
        [548, 576, 'Balance'],
      ]),
      ...words(120.5, [[558, 576, '(INR)']]),
      ...words(139.7, [
        [35, 44, '29'],
        [57, 105, 'Jan 30 Jan 30'],
        [109, 206, 'UPI/CR/303034755063/ANIL'],
        [371, 385, 'TFR'],
        [394, 445, 'NET BANKING'],
        [503, 576, '4,020.00 1,83,315.09'],
      ]),
      ...words(148.2, [
        [83, 115, '05:04 AM'],
        [109, 278, 'PATEL/PYTM/anil@okaxis/Payment from PhonePe'],
      ]),
      ...words(162.9, [
        [35, 44, '28'],
        [57, 105, 'Jan 29 Jan 29'],
        [109, 312, 'UPI/DR/302945118531/ARJUN MEHTA/BKID/arjun@axl/rent'],
        [371, 386, 'CSH'],
        [394, 409, 'ATM'],
        [456, 489, '18,608.00'],
        [537, 576, '1,79,295.09'],
      ]),
      ...words(171.4, [[83, 115, '10:51 PM']]),
      ...words(186.1, [
        [35, 44, '27'],
        [57, 105, 'Jan 29 Jan 29'],
        [109, 302, 'INWARD CLG/PAYTM PAYMENTS BANK/GLOBAL TECH'],
        [330, 355, '872686'],
        [371, 386, 'CLG'],
        [394, 426, 'BRANCH'],
        [499, 576, '33,376.00 1,97,903.09'],
      ]),
      ...words(194.5, [
        [83, 115, '03:38 AM'],
        [109, 185, 'SOLUTIONS PVT LTD'],
      ]),
    ],
  );
  const tx = parseStatement(doc).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.description]),
    [
      ['2023-01-29', 0, 3337600, 19790309, 'INWARD CLG/PAYTM PAYMENTS BANK/GLOBAL TECH SOLUTIONS PVT LTD'],
      ['2023-01-29', 1860800, 0, 17929509, 'UPI/DR/302945118531/ARJUN MEHTA/BKID/arjun@axl/rent'],
      [
        '2023-01-30',
        0,
        402000,
        18331509,
        'UPI/CR/303034755063/ANIL PATEL/PYTM/anil@okaxis/Payment from PhonePe',
      ],
    ],
  );
});
