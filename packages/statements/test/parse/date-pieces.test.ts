// A date drawn in pieces, joined by one rule in the cells stage and in the column inference
// (src/parse/date-pieces.ts, pieceApart): the pieces of one date are set alike, and a piece at
// either end standing more than 1.5 times as far off as the others is another cell's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineCells } from '../../src/parse/cells.ts';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { pieceApart } from '../../src/parse/date-pieces.ts';
import type { Line, Run } from '../../src/parse/lines.ts';
import { bandModel, column, measured, texts } from './stages.ts';

test('pieceApart: the end piece set farther off than the others are from each other', () => {
  assert.equal(pieceApart([18, 10], null), 'first');
  assert.equal(pieceApart([4, 30], null), 'last');
  assert.equal(pieceApart([5, 5], null), null);
  // (one gap and a word space inside a piece: '02' | 'July 24')
  assert.equal(pieceApart([5], 5.1), null);
  assert.equal(pieceApart([26], null), null);
});

/** One line of runs at the given x positions, 7 pt per character. */
function line(y: number, cells: [x: number, text: string][]): Line {
  const runs: Run[] = cells.map(([x, text]) => ({ text, x0: x, x1: x + 7 * text.length }));
  return { page: 1, y, height: 10, runs, text: runs.map((r) => r.text).join(' ') };
}
const right = (edge: number, text: string): [number, string] => [edge - 7 * text.length, text];

test("the column inference: a serial number 1.8 times as far from 'Dec' as 'Dec' from its day is no part of the date", () => {
  // 1 | Dec 01 ... (serial gap 18, the date's own gap 10): read as '1 Dec' the date column took the
  // serial, and the day was left a column of its own
  const days = ['01', '01', '02', '05', '07'];
  const amounts = [9273, -1530, -3500, 38028, -12];
  let balance = 100_000;
  const lines = days.map((day, i) => {
    balance += amounts[i]!;
    const figure = Math.abs(amounts[i]!).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const cells: [number, string][] = [
      [20, String(i + 1)],
      [45, 'Dec'],
      [76, day],
      [130, `NEFT/PAYEE ${i}`],
      right(amounts[i]! < 0 ? 400 : 480, figure),
      right(570, balance.toLocaleString('en-US', { minimumFractionDigits: 2 })),
    ];
    return line(100 + 15 * i, cells);
  });
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const date = layout.columns.find((c) => c.role === 'date')!;
  assert.ok(date.x0 > 27 && date.x1 >= 76 + 14, `date column ${date.x0}-${date.x1}`);
});

// Sr | Date | Narration | Balance
const serials = bandModel([
  column('serial', 20, 40),
  column('date', 44, 100),
  column('description', 110, 260),
  column('balance', 390, 440),
]);

test("the cells stage: a number drawn alone in the serial column is the serial's, however close the date ('10' 'Jan' '04')", () => {
  // (a tight Courier table: every gap one character; INDIANBANK 609921619 of seed 77001, where the
  // serial and the date came as one item and cutSerials cut them)
  const cells = lineCells(serials, [
    measured([33, 40, '10']),
    measured([44, 54, 'Jan']),
    measured([58, 65, '04']),
    measured([110, 180, 'UPI/DR/BHARAT']),
    measured([400, 440, '55,953.43']),
  ]);
  assert.deepEqual(texts(cells).slice(0, 2), [
    ['serial', '10'],
    ['date', 'Jan 04'],
  ]);
});

// Txn Id | Date | Narration | Balance: a column the header names, of no date (census P cells.ts:393
// asked for a serial column; session 17, ownColumn in cells.ts)
const ids = bandModel([
  column('reference', 20, 40),
  column('date', 44, 100),
  column('description', 110, 260),
  column('balance', 390, 440),
]);

test("the cells stage: a number in any column the header names but a date's is that column's, however close the date ('10' 'Jan' '04')", () => {
  // drawn apart, and drawn as one item with the date
  for (const runs of [
    [measured([33, 40, '10']), measured([44, 54, 'Jan']), measured([58, 65, '04'])],
    [measured([33, 40, '10'], [44, 54, 'Jan'], [58, 65, '04'])],
  ]) {
    const cells = lineCells(ids, [
      ...runs,
      measured([110, 180, 'UPI/DR/BHARAT']),
      measured([400, 440, '55,953.43']),
    ]);
    assert.deepEqual(texts(cells).slice(0, 2), [
      ['reference', '10'],
      ['date', 'Jan 04'],
    ]);
  }
});
