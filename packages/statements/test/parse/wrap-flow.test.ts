// The wrap stage alone (attachContinuations): each wrapped line between two rows goes to the row
// above or below, by the gaps where they tell, else by the flow the document's clear cases show,
// else by the bank's; what is printed under a date stays with that date's row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Line } from '../../src/parse/lines.ts';
import { type Flow, type Item, type WrapRow, attachContinuations } from '../../src/parse/wrap.ts';

const line = (y: number, text: string, page = 1): Line => ({
  page,
  y,
  height: 8,
  text,
  runs: [{ text, x0: 80, x1: 80 + 5 * text.length }],
});
const row = (y: number, name: string, page = 1): WrapRow => ({
  anchor: line(y, `01-07-25 ${name}`, page),
  above: [],
  below: [],
});
const texts = (ls: Line[]) => ls.map((l) => l.text);
/** Rows and lines at their y; a string is a wrapped line, an array [y, name] a row. */
function table(
  spec: [number, string | WrapRow][],
  flow: Flow,
  underDate: (l: Line) => boolean = () => false,
) {
  const items: Item[] = spec.map(([y, x]) => (typeof x === 'string' ? { line: line(y, x) } : { row: x }));
  attachContinuations(items, flow, underDate);
}

test('where the gaps tell, they decide: the larger gap parts two rows, whatever the flow', () => {
  for (const flow of ['after', 'before'] as Flow[]) {
    const a = row(100, 'a');
    const b = row(140, 'b');
    // a's narration goes on 10 below it; b's starts 10 above it; 20 between them
    table(
      [
        [100, a],
        [110, 'a more'],
        [130, 'b first'],
        [140, b],
      ],
      flow,
    );
    assert.deepEqual([texts(a.below), texts(b.above)], [['a more'], ['b first']], flow);
  }
});

test("evenly set lines: the flow the document's clear cases show decides, not the bank's", () => {
  // rows 1-3 part clearly with their wrapped lines above them; rows 3-4 have one line evenly between
  const [r1, r2, r3, r4] = [row(100, '1'), row(130, '2'), row(160, '3'), row(180, '4')];
  table(
    [
      [100, r1],
      [120, '2 first'],
      [130, r2],
      [150, '3 first'],
      [160, r3],
      [170, 'between'],
      [180, r4],
    ],
    'after',
  );
  assert.deepEqual(
    [r3, r4].map((r) => [texts(r.above), texts(r.below)]),
    [
      [['3 first'], []],
      [['between'], []],
    ],
  );
});

test("with no clear case the bank's flow decides", () => {
  for (const [flow, toAbove] of [
    ['after', true],
    ['before', false],
  ] as const) {
    const a = row(100, 'a');
    const b = row(120, 'b');
    table(
      [
        [100, a],
        [110, 'between'],
        [120, b],
      ],
      flow,
    );
    assert.deepEqual([texts(a.below), texts(b.above)], toAbove ? [['between'], []] : [[], ['between']], flow);
  }
});

test("what is printed under a date (its time) is the date's row's, and the gaps after it speak for themselves", () => {
  // (set 15 under its date, the time would part from it by the gaps alone: 15 against 10 and 10)
  const a = row(100, 'a');
  const b = row(135, 'b');
  table(
    [
      [100, a],
      [115, '10:15 AM'],
      [125, 'b first'],
      [135, b],
    ],
    'after',
    (l) => /^\d{1,2}:\d{2}/.test(l.text),
  );
  assert.deepEqual([texts(a.below), texts(b.above)], [['10:15 AM'], ['b first']]);
});
