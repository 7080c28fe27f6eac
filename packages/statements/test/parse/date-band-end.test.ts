// The bands stage (columns/bands.ts): a date column whose dates stand a hair from the narration (no
// gutter the width of a word space between them) ends where every row's date ends, not at the
// narration's heading centred far to the right (real HDFC set in a wider type: every narration's
// first words went to the date cell and no row was read by position).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnBands } from '../../src/parse/columns/bands.ts';
import type { Header } from '../../src/parse/columns/model.ts';
import type { Run } from '../../src/parse/lines.ts';
import { column } from './stages.ts';

const header: Header = {
  columns: [
    column('date', 40, 58),
    column('description', 144, 180),
    column('debit', 405, 470),
    column('balance', 564, 627),
  ],
  charWidth: 4.4,
};
const run = (text: string, x0: number, x1: number): Run => ({ text, x0, x1 });
const row = (date: string, narration: string, debit: string, balance: string): Run[] => [
  run(date, 34, 67),
  run(narration, 68, 68 + 4.4 * narration.length),
  run(debit, 470 - 4.4 * debit.length, 470),
  run(balance, 627 - 4.4 * balance.length, 627),
];
const rows = [
  row('03/01/25', 'UPI-MS CCHHJD SERVICE', '200.00', '35,239.26'),
  row('05/01/25', 'UPI-AHAY CDJH', '960.00', '69,482.14'),
  row('07/01/25', 'NEFT CR-SCBL1009401', '64.00', '69,418.14'),
  row('07/01/25', 'IMPS-925910394543-COMPUTER', '4,305.18', '65,112.96'),
];

test("a date column without a gutter after it ends where the rows' dates end", () => {
  const bands = columnBands(header, rows);
  const date = bands.find((b) => b.col.role === 'date')!;
  const narration = bands.find((b) => b.col.role === 'description')!;
  assert.ok(date.x1 > 67 && date.x1 < 68, `date band ends at ${date.x1}`);
  assert.ok(narration.x0 <= 68, `narration band starts at ${narration.x0}`);
});

test('a date followed by its time keeps the time in the date band', () => {
  const timed = rows.map((r) => [
    run(`${r[0]!.text} 10:15`, 34, 90),
    { ...r[1]!, x0: 91, x1: 91 + r[1]!.x1 - 68 },
    r[2]!,
    r[3]!,
  ]);
  const bands = columnBands(header, timed);
  const date = bands.find((b) => b.col.role === 'date')!;
  assert.ok(date.x1 > 90 && date.x1 < 91, `date band ends at ${date.x1}`);
});
