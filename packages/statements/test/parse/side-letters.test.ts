// A Dr/Cr column under a heading the reader has no name for ('Type'), its sides cut to one letter
// ('D' / 'C'): the bands stage makes it the Dr/Cr column when every cell spells a side and both
// sides occur, so a statement without an opening balance gets its first row's side from the letter,
// not from a guess. A column of other letters ('T', 'C': Finacle's transfer and cash) stays other.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnBands } from '../../src/parse/columns/bands.ts';
import type { Header } from '../../src/parse/columns/model.ts';
import type { Run } from '../../src/parse/lines.ts';
import { column } from './stages.ts';
import { parseStatement } from '../../src/parse/index.ts';
import { readDelimited } from '../../src/read/delimited.ts';

const header: Header = {
  columns: [
    column('date', 10, 60),
    column('description', 80, 200),
    column('amount', 300, 340),
    column('balance', 400, 450),
  ],
  charWidth: 5,
  unnamed: [{ x0: 350, x1: 370 }],
};
const run = (text: string, x0: number, x1: number): Run => ({ text, x0, x1 });
const rowsWith = (letters: string[]) =>
  letters.map((l, i) => [
    run(`0${i + 1}/02/2024`, 10, 60),
    run('UPI/DR/404092491393/AMAZON', 80, 190),
    run('1,000.00', 305, 340),
    run(l, 355, 360),
    run('9,000.00', 410, 450),
  ]);

test("a column of 'D' and 'C' under an unnamed heading is the Dr/Cr column", () => {
  const bands = columnBands(header, rowsWith(['D', 'C', 'D', 'D']));
  assert.equal(bands.find((b) => b.x0 >= 340 && b.x1 <= 400)?.col.role, 'mark');
});

test('other letters, or one side only, stay a column of their own', () => {
  for (const letters of [
    ['T', 'C', 'T', 'C'],
    ['C', 'C', 'C', 'C'],
  ]) {
    const bands = columnBands(header, rowsWith(letters));
    assert.equal(bands.find((b) => b.x0 >= 340 && b.x1 <= 400)?.col.role, 'other', letters.join());
  }
});

test("a CSV without an opening balance reads its first row's side from the 'Type' letter", () => {
  const csv = [
    'Tran Date,Particulars,Amount,Type,Balance',
    '03/02/2024,POS/479876XXXXXX8129/LIC OF INDIA,"8,054.54",D,"69,522.06"',
    '06/02/2024,NACH DR/LIC HOUSING FINANCE,"4,211.00",D,"65,311.06"',
    '06/02/2024,NEFT/IN/UTKSH240372813291/GLOBAL,"1,39,652.00",C,"2,04,963.06"',
    '09/02/2024,UPI/DR/404092491393/AMAZON PAY,36.00,D,"2,04,927.06"',
  ].join('\r\n');
  const sheet = readDelimited(csv)!;
  const result = parseStatement({ kind: 'sheets', format: 'xlsx', sheets: [sheet] });
  const rows = result.accounts.flatMap((a) => a.transactions).map((t) => [t.withdrawal, t.deposit]);
  assert.deepEqual(rows, [
    [805454, 0],
    [421100, 0],
    [0, 13965200],
    [3600, 0],
  ]);
});

test('a column of sides under no heading at all is the Dr/Cr column too: its cells say what it is', () => {
  // (the bank prints no heading over its Dr/Cr column; the sides stand clear of the amount)
  const bare: Header = { ...header, unnamed: [] };
  for (const letters of [
    ['D', 'C', 'D', 'D'],
    ['Cr', 'Dr', 'Cr', 'Cr'],
  ]) {
    const bands = columnBands(bare, rowsWith(letters));
    assert.equal(bands.find((b) => b.x0 >= 340 && b.x1 <= 400)?.col.role, 'mark', letters.join());
  }
  const bands = columnBands(bare, rowsWith(['T', 'C', 'T', 'C']));
  assert.equal(bands.find((b) => b.x0 >= 340 && b.x1 <= 400)?.col.role, 'other');
});
