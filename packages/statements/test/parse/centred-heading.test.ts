// The headings stage (columns/heading.ts): a column's name printed partly above and partly below
// the line that holds the other names (real KOTAK: 'Withdrawal (Dr)/' over 'Date Narration Chq/Ref
// No Balance' over 'Deposit (Cr)'), or above one of its words, is one column of figures that carry
// their sides; before, no heading was found there, and with the lines a point closer together the
// sides in the name made a Dr/Cr column of their own and every amount read 0.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findHeadings } from '../../src/parse/columns/heading.ts';
import type { Line, Run } from '../../src/parse/lines.ts';

const run = (x0: number, text: string): Run => ({ text, x0, x1: x0 + 5 * text.length });
const line = (y: number, runs: Run[]): Line => ({
  page: 1,
  y,
  height: 10,
  runs,
  text: runs.map((r) => r.text).join(' '),
});
const names = (l: Line[]) => {
  const { at, skipped } = findHeadings(l, undefined);
  const k = at.findIndex(Boolean);
  return { k, skipped: [...skipped], columns: at[k]?.columns.map((c) => `${c.role} ${c.label}`) };
};

test('a name printed above and below the heading line is one amount column with its sides', () => {
  const got = names([
    line(290, [run(462, 'Withdrawal (Dr)/')]),
    line(296, [run(38, 'Date'), run(184, 'Narration'), run(359, 'Chq/Ref No'), run(612, 'Balance')]),
    line(302, [run(471, 'Deposit (Cr)')]),
  ]);
  assert.deepEqual(got, {
    k: 0,
    skipped: [1, 2],
    columns: [
      'date Date',
      'description Narration',
      'reference Chq/Ref No',
      'amount Withdrawal Deposit (Dr)/ (Cr)',
      'balance Balance',
    ],
  });
});

test('a name printed above one of the heading line’s words joins it', () => {
  const got = names([
    line(290, [run(462, 'Withdrawal (Dr)/')]),
    line(296, [
      run(38, 'Date'),
      run(184, 'Narration'),
      run(359, 'Chq/Ref No'),
      run(471, 'Deposit (Cr)'),
      run(612, 'Balance'),
    ]),
  ]);
  assert.deepEqual(got.columns, [
    'date Date',
    'description Narration',
    'reference Chq/Ref No',
    'amount Withdrawal Deposit (Dr)/ (Cr)',
    'balance Balance',
  ]);
});

test('the sides in a stacked amount name are no Dr/Cr column of their own', () => {
  const got = names([
    line(290, [
      run(38, 'Date'),
      run(184, 'Narration'),
      run(359, 'Chq/Ref No'),
      run(462, 'Withdrawal (Dr)/'),
      run(612, 'Balance'),
    ]),
    line(297, [run(471, 'Deposit (Cr)')]),
  ]);
  assert.equal(got.columns?.filter((c) => c.startsWith('mark')).length, 0, JSON.stringify(got.columns));
  assert.ok(
    got.columns?.some((c) => c.startsWith('amount')),
    JSON.stringify(got.columns),
  );
});

test('a ruling line over a header two lines deep is no part of its names', () => {
  // (real BOB ledger report: '-----' over 'VL. Value ... Transaction Transaction Balance' over 'Date
  // Date Number Debit Amount Credit Amount'; the rule had joined the narration's name and the header
  // below it was never read)
  const got = names([
    line(522, [run(58, '-'.repeat(110))]),
    line(529, [
      run(65, 'Txn'),
      run(137, 'Cheque'),
      run(198, 'Particulars'),
      run(407, 'Transaction'),
      run(482, 'Transaction'),
      run(579, 'Balance'),
    ]),
    line(536, [run(65, 'Date'), run(140, 'Number'), run(403, 'Debit Amount'), run(475, 'Credit Amount')]),
  ]);
  assert.equal(got.k, 1, JSON.stringify(got));
  assert.ok(!got.columns?.some((c) => c.includes('---')), JSON.stringify(got.columns));
});
