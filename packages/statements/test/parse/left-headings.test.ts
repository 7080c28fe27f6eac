// Headings set at their column's left over figures set at its right: each name stands in the
// gutter before its cells, nearer the cells of the column before its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chainsFrom, tableOf } from './stages.ts';

/** A report line with each text starting at its character column. */
const at = (parts: [number, string][]) => parts.reduce((s, [col, text]) => s.padEnd(col) + text, '');

test("'Debit' | 'Credit' printed left of their figures: each column keeps its own name", () => {
  const row = (date: string, text: string, debit: string, credit: string, balance: string) =>
    at([
      [0, date],
      [14, text],
      [40, 'TFR'],
      [65 - debit.length, debit],
      [83 - credit.length, credit],
      [85, balance],
    ]);
  const lines = [
    'Statement of account for the period 01/05/2023 to 31/05/2023',
    '',
    at([
      [0, 'Date'],
      [14, 'Transaction Details'],
      [40, 'Tran Type'],
      [50, 'Debit'],
      [68, 'Credit'],
      [85, 'Balance'],
    ]),
    at([
      [14, 'Opening Balance'],
      [85, '1,91,651.98 (Cr)'],
    ]),
    row('05-May-2023', 'UPI/DR/312546/BIGBASKET', '220.00', '0.00', '1,91,431.98 (Cr)'),
    row('06-May-2023', 'UPI/DR/312626/ANJALI', '324.00', '0.00', '1,91,107.98 (Cr)'),
    row('09-May-2023', 'UPI/CR/312918/VIKRAM', '0.00', '492.00', '1,91,599.98 (Cr)'),
    row('09-May-2023', 'NEFT/IN/UTIBH2312/VISHAL', '0.00', '17,254.00', '2,08,853.98 (Cr)'),
    row('12-May-2023', 'UPI/DR/313226/FLIPKART', '4,610.00', '0.00', '2,04,243.98 (Cr)'),
  ];
  const r = tableOf({ kind: 'lines', format: 'rpt', lines });
  const tx = r.sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    tx.map((t) => [t.withdrawal, t.deposit, t.balance]),
    [
      [22000, 0, 19143198],
      [32400, 0, 19110798],
      [0, 49200, 19159998],
      [0, 1725400, 20885398],
      [461000, 0, 20424398],
    ],
  );
  // the opening printed as the table's first line, and the rows chain from it
  const opening = r.sections.flatMap((s) => s.specials).find((s) => s.kind === 'opening');
  assert.equal(opening?.balance, 19165198);
  assert.ok(chainsFrom(opening!.balance!, tx));
});
