// Columns under headings the reader does not know, inferred from the rows (columns/rows.ts): whole
// rupees whose side a Dr/Cr column prints are the amount, and a heading over cells no column holds
// (a cheque number a few rows print) is a column of its own, not the narration's start (that one is
// tested on the generated statements it was seen in: test/perturb/pdf-variants 'since session 7').
// The items are where a generated statement drew them (KOTAK seed 435647979).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

const read = (doc: ReturnType<typeof itemsPage>) =>
  inferredTableOf(doc).sections.flatMap((s) =>
    s.transactions.map((t) => [t.description, t.withdrawal, t.deposit, t.balance]),
  );

test('whole rupees beside a Dr/Cr column are the amount; the reference column is no narration', () => {
  const row = (
    y: number,
    day: string,
    ref: string,
    text: string,
    amount: string,
    side: string,
    bal: string,
  ) =>
    [
      y,
      [
        [24, 62, `${day} July 25`],
        [78, 116, `${day} July 25`],
        [131, 131 + 5 * ref.length, ref],
        [215, 215 + 4.5 * text.length, text],
        [513 - 5 * amount.length, 513, amount],
        [522, 534, side],
        [576, 620, bal],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(8.5, [
    [
      103.4,
      [
        [24, 55, 'Kolumn'],
        [78, 96, 'Frob'],
        [131, 167, 'Quux Val'],
        [215, 238, 'Plugh'],
        [468, 511, 'Xyzzy Amt'],
        [522, 541, 'Zorb'],
        [576, 604, 'Wibble'],
      ],
    ],
    row(
      134.5,
      '02',
      'UPI-518374551840',
      'UPI/SNEHA MISHRA/518374551840/groceries',
      '15088',
      'CR',
      '25416.46Cr',
    ),
    row(
      148.4,
      '05',
      'UPI-518690030138',
      'UPI/DEEPA GUPTA/518690030138/school fee',
      '11074',
      'CR',
      '36490.46Cr',
    ),
    row(
      162.2,
      '05',
      'NEFTINW-436964',
      'NEFT ICICH251861561234 RAJDHANI AUTO PARTS',
      '3539',
      'CR',
      '40029.46Cr',
    ),
    row(
      176.0,
      '07',
      'NEFTINW-436156',
      'NEFT HDFCN251885733469 ORIENT PAPER MART',
      '2070',
      'DR',
      '37959.46Cr',
    ),
  ]);
  assert.deepEqual(read(doc), [
    ['UPI/SNEHA MISHRA/518374551840/groceries', 0, 1508800, 2541646],
    ['UPI/DEEPA GUPTA/518690030138/school fee', 0, 1107400, 3649046],
    ['NEFT ICICH251861561234 RAJDHANI AUTO PARTS', 0, 353900, 4002946],
    ['NEFT HDFCN251885733469 ORIENT PAPER MART', 207000, 0, 3795946],
  ]);
});
