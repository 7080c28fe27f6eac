// The rows stage alone (readTable): a disclaimer every page prints under its last row, word for word,
// is a page's foot, not the table's end, so the last row's narration carried onto the next page's
// top is still the row's. Generated HDFC seed 2930164679 ('footer disclaimer'): page 9 holds only
// 'USING PAYTM' and the closing balance, and the narration came out cut ('... 95205-SENT').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument } from '../../src/source.ts';
import { HEADINGS, type Item, placed, rowItems } from './items.ts';
import { tableOf } from './stages.ts';

const DISCLAIMER: Item[] = [
  [33, 300, 'This is a computer generated statement and does not require a signature.'],
];

const page = (number: number, lines: [number, Item[]][]) => ({
  number,
  width: 612,
  height: 792,
  words: lines.flatMap(([y, items]) => placed(y, items, 8)),
});

const doc: SourceDocument = {
  kind: 'pages',
  format: 'pdf',
  pages: [
    page(1, [
      [20, [[33, 130, 'HDFC BANK LTD']]],
      [100, HEADINGS],
      [120, rowItems('25/08/2024', 'NEFT CR-BKID0406300-VISHAL PHARMA', '', '4,161.00', '2,01,268.86')],
      [130, rowItems('', 'DISTRIBUTORS- METRO OFFICE')],
      [145, rowItems('28/08/2024', 'NEFT DR-PYTM0757667-ACME INDUSTRIES', '6,189.00', '', '1,95,079.86')],
      [160, rowItems('30/08/2024', 'UPI-INDIAN OIL', '760.00', '', '1,94,319.86')],
      [170, rowItems('', 'CORP-iocl@paytm-KKBK0548822-4243525 95205-SENT')],
      [750, DISCLAIMER],
    ]),
    page(2, [
      [20, [[33, 130, 'HDFC BANK LTD']]],
      [60, rowItems('', 'USING PAYTM')],
      [72, rowItems('', 'Closing Balance', '', '', '1,94,319.86')],
      [750, DISCLAIMER],
    ]),
  ],
};

test("a disclaimer under every page's last row does not end the table: the narration goes on overleaf", () => {
  const rows = tableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => t.description),
    [
      'NEFT CR-BKID0406300-VISHAL PHARMA DISTRIBUTORS- METRO OFFICE',
      'NEFT DR-PYTM0757667-ACME INDUSTRIES',
      'UPI-INDIAN OIL CORP-iocl@paytm-KKBK0548822-4243525 95205-SENT USING PAYTM',
    ],
  );
});
