// Headings the reader does not know, two of them drawn as one item over two columns: a cheque
// number's heading and the channel's beside it ('Quux Val Plugh', made-up names). The one row that
// prints a cheque number sets it a word space after its narration, clear of the narration's column
// and of the channel's: it is that heading's column (a column of its own), not the narration's end.
// Where the heading was an item of its own this already held (addHeadedColumns); over two columns
// the heading stood over the channel and no column was made, and the number was read into the
// narration ('ANNAPURNA 998835 FOODS'). Items where a generated statement drew them (CANARA
// 4513838079, seed 570001: Courier 6, 3.6 pt a character).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

const at = (x: number, text: string): Item => [x, x + 3.6 * text.length, text];
// a dated line: date, narration, [cheque], channel, debit and credit set right, balance Cr and a branch
const row = (
  date: string,
  text: string,
  cheque: string,
  channel: string,
  debit: string,
  credit: string,
  balance: string,
): Item[] => [
  at(31.9, date),
  at(70.9, text),
  ...(cheque ? [at(218.9, cheque)] : []),
  at(250.7, channel),
  [325.7 - 3.6 * debit.length, 325.7, debit] as Item,
  [368.3 - 3.6 * credit.length, 368.3, credit] as Item,
  at(379, `${balance} Cr`),
  at(424.3, '7059'),
];

const doc = itemsPage(
  6,
  [
    [19.9, [at(32, 'Canara Bank')]],
    [
      53.2,
      [
        [31.9, 53.5, 'Kolumn'],
        [70.9, 85.3, 'Frob'],
        [218.9, 268.7, 'Quux Val Plugh'],
        [293.3, 325.7, 'Xyzzy Amt'],
        [353.9, 368.3, 'Zorb'],
        [400.1, 453.5, 'Wibble Snark No'],
      ],
    ],
    [
      63.2,
      row('10/05/2024', 'UPI/DR/413158032908/ABHISHEK', '', 'BRANCH', '4,015.00', '0.00', '2,40,389.43'),
    ],
    [70, [at(70.9, 'KULKARNI/SBIN/abhishek@oksbi/Payment')]],
    [83.4, row('12/05/2024', 'UPI/CR/413323132246/SURESH', '', 'ATM', '0.00', '6,487.00', '2,46,876.43')],
    [90.1, [at(70.9, 'MEHTA/UTIB/suresh@apl/groceries')]],
    [
      96.8,
      row(
        '14/05/2024',
        'NEFT/IN/YESBN241353614318/NEW INDIA',
        '',
        'NET BANKING',
        '0.00',
        '3,874.00',
        '2,50,750.43',
      ),
    ],
    [110.2, row('16/05/2024', 'UPI/DR/413769076630/ZOMATO', '', 'MOBILE', '1,554.00', '0.00', '2,49,196.43')],
    [123.6, row('16/05/2024', 'UPI/DR/413763657214/RAJESH', '', 'BRANCH', '185.00', '0.00', '2,49,011.43')],
    [
      170.5,
      row(
        '20/05/2024',
        'INWARD CLG/PAYTM PAYMENTS BANK/ANNAPURNA',
        '998835',
        'BRANCH',
        '0.00',
        '12,142.00',
        '2,61,153.43',
      ),
    ],
    [177.3, [at(70.9, 'FOODS')]],
    [184, row('22/05/2024', 'UPI/DR/414389626978/MEENAKSHI', '', 'ATM', '5,916.00', '0.00', '2,55,237.43')],
  ],
  [595.28, 841.89],
);

test("a cheque number under its heading, drawn as one item with the next column's heading, is no narration", () => {
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.description, t.withdrawal, t.deposit]),
    [
      ['UPI/DR/413158032908/ABHISHEK KULKARNI/SBIN/abhishek@oksbi/Payment', 401500, 0],
      ['UPI/CR/413323132246/SURESH MEHTA/UTIB/suresh@apl/groceries', 0, 648700],
      ['NEFT/IN/YESBN241353614318/NEW INDIA', 0, 387400],
      ['UPI/DR/413769076630/ZOMATO', 155400, 0],
      ['UPI/DR/413763657214/RAJESH', 18500, 0],
      ['INWARD CLG/PAYTM PAYMENTS BANK/ANNAPURNA FOODS', 0, 1214200],
      ['UPI/DR/414389626978/MEENAKSHI', 591600, 0],
    ],
  );
});
