// A table found by its first dated row (headings Bahi does not know), whose narrations wrap above
// their date line: the line above the first row is that row's, not the header's. A heading's second
// line, set as far from the row as from its first line, stays the header's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

// (a generated HDFC layout: the narration last, wrapped above its date line)
const row = (
  y: number,
  day: string,
  ref: string,
  debit: string,
  credit: string,
  balance: string,
  text: string,
) =>
  [
    y,
    [
      [37, 41, String(Number(day))],
      [69, 105, `${day}-07-24`],
      ...(ref ? [[111, 183, ref] as Item] : []),
      [256 - 4.5 * debit.length, 256, debit],
      [307 - 4.5 * credit.length, 307, credit],
      [312, 375, balance],
      [381, 381 + 4.4 * text.length, text],
    ],
  ] as [number, Item[]];

const page = (headingTail: [number, Item[]][], firstAbove: [number, Item[]][]) =>
  itemsPage(8, [
    [20, [[37, 134, 'HDFC BANK LTD']]],
    [70, [[306, 450, 'Opening Balance : 713,469.28 Cr.']]],
    [
      114.5,
      [
        [37, 64, 'Kolumn'],
        [78, 96, 'Frob'],
        [140, 176, 'Quux Val'],
        [222, 245, 'Plugh'],
        [264, 305, 'Xyzzy Amt'],
        [335, 353, 'Zorb'],
        [474, 501, 'Wibble'],
      ],
    ],
    ...headingTail,
    ...firstAbove,
    row(142.8, '02', '0000418479075120', '--', '513.00', '713,982.28 Cr.', '956-PAYMENT'),
    row(
      155.9,
      '04',
      '0000000000541650',
      '89,746.00',
      '--',
      '624,236.28 Cr.',
      'CHQ PAID-MICR CTS-DL-SAI KRUPA',
    ),
    [169.1, [[381, 579, 'NEFT CR-HDFC0292596-NEW INDIA HARDWARE-METRO']]],
    row(178, '05', 'HDFCN241872981182', '--', '10,481.00', '634,717.28 Cr.', 'OFFICE SUPPLIES'),
    [204.4, [[381, 426, 'UPI-MSEDCL']]],
    [213.2, [[381, 552, 'ELECTRICITY-msedcl@sbi-SBIN0611534-418']]],
    row(222.1, '05', '0000418783194333', '644.00', '--', '634,073.28 Cr.', '783194333-SENT USING PAYTM'),
  ]);

const descriptions = (doc: ReturnType<typeof page>) =>
  inferredTableOf(doc)
    .sections.flatMap((s) => s.transactions)
    .map((t) => t.description);

test("the narration line above a found table's first dated row is that row's", () => {
  const doc = page([], [[133.9, [[381, 593, 'IMPS-418479075120-RAHUL BANERJEE-ICIC-XXXXXXXX1']]]]);
  assert.deepEqual(descriptions(doc), [
    'IMPS-418479075120-RAHUL BANERJEE-ICIC-XXXXXXXX1 956-PAYMENT',
    'CHQ PAID-MICR CTS-DL-SAI KRUPA',
    'NEFT CR-HDFC0292596-NEW INDIA HARDWARE-METRO OFFICE SUPPLIES',
    'UPI-MSEDCL ELECTRICITY-msedcl@sbi-SBIN0611534-418 783194333-SENT USING PAYTM',
  ]);
});

test("a heading's second line over the narration column stays the header's", () => {
  const doc = page([[128.7, [[381, 420, 'Narration']]]], []);
  assert.equal(descriptions(doc)[0], '956-PAYMENT');
});
