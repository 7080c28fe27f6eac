// Without headings, a long narration's last word drawn as an item of its own a word space after the
// rest ('...mohammed869@ybl/Payment' 'from', then 'PhonePe' on the next line) in a few rows: those
// words make a stretch of their own past the narration's, which had been taken for a reference
// column and the word left out of the narration. Positions from a generated Canara layout
// (Helvetica 7.5, made-up headings, an empty amount printed '--').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument, Word } from '../../src/source.ts';
import { onePage, placed, type Item } from './items.ts';
import { inferredTableOf } from './stages.ts';

const line = (y: number, items: Item[]): Word[] => placed(y, items, 7.5);

const row = (n: number, date: string, text: Item[], dr: string, cr: string, bal: string): Item[] => [
  [35, n < 10 ? 39 : 42, String(n)],
  [60, 89, date],
  ...text,
  dr === '--' ? [349, 356, dr] : [377 - 4.2 * dr.length, 377, dr],
  cr === '--' ? [384, 391, cr] : [416 - 4.2 * cr.length, 416, cr],
  [466 - 4.2 * bal.length, 466, bal],
];

test("without headings, a narration's last word a word space after the rest, in a few rows, is the narration's", () => {
  const lines: Item[][] = [
    row(
      1,
      '01-05-24',
      [[92, 300, 'UPI/DR/412220246414/BHARAT PETROLEUM/HDFC/bpcl@sbi/Payment']],
      '920.00',
      '--',
      '55,953.43',
    ),
    row(
      2,
      '01-05-24',
      [
        [92, 318, 'UPI/CR/412258786469/MOHAMMED DESAI/KKBK/mohammed869@ybl/Payment'],
        [322, 336, 'from'],
      ],
      '--',
      '1,155.00',
      '57,108.43',
    ),
    [[92, 117, 'PhonePe']],
    row(
      3,
      '01-05-24',
      [[92, 236, 'IMPS/CR/412253789917/ABHISHEK YADAV/BKID']],
      '--',
      '3,302.00',
      '60,410.43',
    ),
    row(4, '02-05-24', [[92, 218, 'IMPS/CR/412381259304/IMRAN DAS/KKBK']], '--', '48,040.00', '1,08,450.43'),
    row(
      5,
      '03-05-24',
      [[92, 239, 'IMPS/CR/412423323241/VENKATESH PILLA/KKBK']],
      '--',
      '912.00',
      '1,09,362.43',
    ),
    row(
      6,
      '05-05-24',
      [[92, 264, 'NACH DR/HDFC BANK LTD LOANS/PYTM5184097800163662']],
      '4,820.00',
      '--',
      '1,04,542.43',
    ),
    row(7, '09-05-24', [[92, 214, 'ATM CASH/458686/S1AQZ6KE70/LUCKNOW']], '1,000.00', '--', '1,03,542.43'),
    row(
      8,
      '10-05-24',
      [
        [92, 326, 'UPI/DR/413158032908/ABHISHEK KULKARNI/SBIN/abhishek@oksbi/Payment'],
        [329, 344, 'from'],
      ],
      '4,015.00',
      '--',
      '99,527.43',
    ),
    [[92, 117, 'PhonePe']],
    row(
      9,
      '12-05-24',
      [[92, 300, 'UPI/CR/413323132246/SURESH MEHTA/UTIB/suresh@apl/groceries']],
      '--',
      '6,487.00',
      '1,06,014.43',
    ),
    row(
      10,
      '14-05-24',
      [[92, 293, 'NEFT/IN/YESBN241353614318/NEW INDIA HARDWARE/YESB0454679']],
      '--',
      '3,874.00',
      '1,09,888.43',
    ),
    row(
      11,
      '16-05-24',
      [[92, 290, 'UPI/DR/413769076630/ZOMATO LTD/SBIN/zomato@hdfcbank/UPI']],
      '1,554.00',
      '--',
      '1,08,334.43',
    ),
    row(
      12,
      '17-05-24',
      [[92, 225, 'IMPS/CR/413817007275/DEEPA YADAV/UBIN']],
      '--',
      '88,610.00',
      '1,96,944.43',
    ),
  ];
  const doc: SourceDocument = onePage(
    [595, 842],
    [
      ...line(20, [[35, 108, 'Canara Bank']]),
      ...line(61, [[298, 395, 'Opening Balance : 56,873.43']]),
      ...line(75, [[35, 237, 'Statement of Account for the period 01-05-24 to 31-05-24']]),
      ...line(89, [
        [35, 74, 'Kolumn Frob'],
        [92, 106, 'Quux'],
        [356, 374, 'Plugh'],
        [395, 413, 'Xyzzy'],
        [439, 454, 'Zorb'],
      ]),
      ...line(96, [
        [92, 102, 'Val'],
        [398, 409, 'Amt'],
      ]),
      ...lines.flatMap((r, i) => line(118 + 11.6 * i, r)),
    ],
  );
  const tx = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.equal(tx.length, 12);
  assert.deepEqual(
    tx.filter((t) => /Payment/.test(t.description)).map((t) => t.description),
    [
      'UPI/DR/412220246414/BHARAT PETROLEUM/HDFC/bpcl@sbi/Payment',
      'UPI/CR/412258786469/MOHAMMED DESAI/KKBK/mohammed869@ybl/Payment from PhonePe',
      'UPI/DR/413158032908/ABHISHEK KULKARNI/SBIN/abhishek@oksbi/Payment from PhonePe',
    ],
  );
});
