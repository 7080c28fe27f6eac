// Words drawn apart inside one pdf.js run (issue 30, move two): with word boxes the lines stage
// knows each word's place, and cuts a run where two words stand further apart than the page's own
// word space: a tight table's cells (0.5 em apart and more) that pdf.js wrote as one run with a
// space. In Courier a word space is 0.6 em itself: nothing is cut there.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Word } from '../../src/source.ts';
import { linesOf } from './stages.ts';

const H = 10;

/** A run of words at `x`, each `gaps[i]` ems after the one before (widths from character counts). */
function run(y: number, x: number, words: string[], gaps: number[], charEm = 0.5): Word {
  const edges: number[] = [];
  let at = x;
  words.forEach((w, i) => {
    if (i > 0) at += gaps[i - 1]! * H;
    edges.push(at, at + w.length * charEm * H);
    at += w.length * charEm * H;
  });
  return { text: words.join(' '), x, y, width: at - x, height: H, edges };
}

/** Narrations whose word spaces (`space` em) tell the page's word space: 24 of them. */
function narrations(space: number): Word[] {
  return Array.from({ length: 8 }, (_, i) =>
    run(200 + 20 * i, 50, ['NEFT', 'TO', 'METRO', 'OFFICE'], [space, space, space]),
  );
}

const page = (words: Word[]): { kind: 'pages'; format: 'pdf'; pages: Page[] } => ({
  kind: 'pages',
  format: 'pdf',
  pages: [{ number: 1, width: 600, height: 800, words }],
});

const runsAt = (words: Word[], y: number) =>
  linesOf(page(words))
    .find((l) => l.y === y)!
    .runs.map((r) => r.text);

test('a run is cut where its words stand further apart than the page word space', () => {
  const heading = run(100, 300, ['Debit', 'Credit', 'Amount', 'Balance'], [0.57, 0.25, 0.57]);
  const row = run(120, 300, ['920.00', '675,822.57', 'DR'], [0.55, 0.57]);
  const words = [...narrations(0.25), heading, row];
  assert.deepEqual(runsAt(words, 100), ['Debit', 'Credit Amount', 'Balance']);
  assert.deepEqual(runsAt(words, 120), ['920.00', '675,822.57', 'DR']);
  // the narrations keep their spaces
  assert.deepEqual(runsAt(words, 200), ['NEFT TO METRO OFFICE']);
});

test('the cut pieces keep their measured places', () => {
  const words = [...narrations(0.25), run(100, 300, ['Debit', 'Credit'], [0.6])];
  const [debit, credit] = linesOf(page(words)).find((l) => l.y === 100)!.runs;
  assert.equal(debit!.x1, 300 + 5 * 0.5 * H);
  assert.equal(credit!.x0, debit!.x1 + 0.6 * H);
});

test('in a font whose word space is 0.6 em (Courier), cells 0.5 em apart stay one run', () => {
  const words = [...narrations(0.6), run(100, 300, ['Debit', 'Credit', 'Amount'], [0.5, 0.6])];
  assert.deepEqual(runsAt(words, 100), ['Debit Credit Amount']);
});

test('a page with too few measured spaces is not cut', () => {
  const words = [run(100, 300, ['Debit', 'Credit', 'Amount'], [0.57, 0.25])];
  assert.deepEqual(runsAt(words, 100), ['Debit Credit Amount']);
});

test('two figures with their paise side by side are two cells, however close (a Courier table)', () => {
  const words = [
    ...narrations(0.6),
    run(100, 300, ['0.0', '235769.0', '331387.91Cr'], [0.5, 0.5]),
    run(120, 300, ['PAYMENT', 'AGAINST', '4471', 'DATED'], [0.6, 0.6, 0.6]),
  ];
  assert.deepEqual(runsAt(words, 100), ['0.0', '235769.0', '331387.91Cr']);
  // (numbers without paise in a narration stay in it)
  assert.deepEqual(runsAt(words, 120), ['PAYMENT AGAINST 4471 DATED']);
});
