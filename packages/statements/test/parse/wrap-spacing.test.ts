// The wrap stage alone: a statement whose every row wraps (narrations centred on the date line, a
// value date under each date) has no two rows side by side, so its row spacing is measured where the
// clear cases part their rows. Without it, the lines at the top of a new page (after 'Brought
// Forward') went to the last row of the page before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Line } from '../../src/parse/lines.ts';
import { type Item, type WrapRow, attachContinuations } from '../../src/parse/wrap.ts';

const line = (page: number, y: number, text: string): Line => ({
  page,
  y,
  height: 8,
  text,
  runs: [{ text, x0: 80, x1: 80 + 5 * text.length }],
});

test('rows that all wrap: the spacing of the clear cases places lines at the top of a page', () => {
  // in-row lines 13.1 apart, rows 16.3 apart (a padded table); a line above each date line and two
  // below it (the value date's line, the narration's end): the flow the clear cases show is 'after'
  const items: Item[] = [];
  const rows: WrapRow[] = [];
  let y = 100;
  const addRow = (page: number, name: string) => {
    items.push({ line: line(page, y, `${name} first`) });
    const row: WrapRow = { anchor: line(page, y + 13.1, `01-07-25 ${name}`), above: [], below: [] };
    rows.push(row);
    items.push(
      { row },
      { line: line(page, y + 26.2, `${name} value date`) },
      { line: line(page, y + 39.3, `${name} last`) },
    );
    y += 39.3 + 16.3;
  };
  for (const name of ['a', 'b', 'c', 'd']) addRow(1, name);
  // a page break: the next row's lines start the new page, under its header
  y = 120;
  addRow(2, 'e');
  attachContinuations(items, 'after', () => false);
  const texts = (ls: Line[]) => ls.map((l) => l.text);
  assert.deepEqual(
    rows.map((r) => [texts(r.above), texts(r.below)]),
    ['a', 'b', 'c', 'd', 'e'].map((n) => [[`${n} first`], [`${n} value date`, `${n} last`]]),
  );
});
