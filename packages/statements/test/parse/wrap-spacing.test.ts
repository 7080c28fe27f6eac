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

test('rows whose figures sit on their second line are measured from that line: evenly set rows show no spacing', () => {
  // every line 10 apart: a date line, the figures line under it, sometimes one more narration line;
  // the page-2 top line is the end of page 1's last row
  const items: Item[] = [];
  const rows: WrapRow[] = [];
  let y = 100;
  const addRow = (page: number, name: string, more: boolean) => {
    const row: WrapRow = {
      anchor: line(page, y, `01-07-25 ${name}`),
      figuresLine: line(page, y + 10, `${name} figures 1,000.00`),
      above: [],
      below: [],
    };
    rows.push(row);
    items.push({ row });
    y += 20;
    if (more) {
      items.push({ line: line(page, y, `${name} end`) });
      y += 10;
    }
  };
  addRow(1, 'a', true);
  addRow(1, 'b', false);
  addRow(1, 'c', false);
  addRow(1, 'd', true);
  addRow(1, 'e', false);
  addRow(1, 'f', false);
  y = 80;
  items.push({ line: line(2, y, 'f end') });
  y += 10;
  addRow(2, 'g', true);
  // (no clear case: the bank's flow decides, and the page's top line must not go by a spacing the
  // rows do not have)
  attachContinuations(items, 'after', () => false);
  const texts = (ls: Line[]) => ls.map((l) => l.text);
  assert.deepEqual(
    rows.map((r) => [r.anchor.text.slice(9), texts(r.above), texts(r.below)]),
    [
      ['a', [], ['a end']],
      ['b', [], []],
      ['c', [], []],
      ['d', [], ['d end']],
      ['e', [], []],
      ['f', [], ['f end']],
      ['g', [], ['g end']],
    ],
  );
});

test('a gap over a header repeated mid-page is no row pitch: evenly set rows keep a page-top line with the row above', () => {
  // every line 10 apart, each row's narration wrapping onto one line under it; a header of two lines
  // mid-page sets the rows around it 50 apart. The page-2 top line ends page 1's last row (ICICI of
  // seed 410001: the header gaps read as the row spacing, and the line went to the row below)
  const doc: Line[] = [];
  const items: Item[] = [];
  const rows: WrapRow[] = [];
  const put = (l: Line) => (doc.push(l), l);
  const addRow = (page: number, y: number, name: string, end = `${name} end`) => {
    const row: WrapRow = { anchor: put(line(page, y, `01-07-25 ${name}`)), above: [], below: [] };
    rows.push(row);
    items.push({ row }, { line: put(line(page, y + 10, end)) });
  };
  addRow(1, 100, 'a');
  addRow(1, 120, 'b');
  put(line(1, 140, 'Date Narration Withdrawal Deposit Balance'));
  put(line(1, 150, '(INR) (INR) (INR)'));
  addRow(1, 180, 'c');
  addRow(1, 200, 'd');
  put(line(1, 220, 'Date Narration Withdrawal Deposit Balance'));
  put(line(1, 230, '(INR) (INR) (INR)'));
  addRow(1, 260, 'e', 'e more');
  items.push({ line: put(line(2, 60, 'e end')) });
  addRow(2, 70, 'f');
  const at = new Map(doc.map((l, i) => [l, i]));
  attachContinuations(
    items,
    'after',
    () => false,
    (a, b) => at.get(b) === at.get(a)! + 1,
  );
  const texts = (ls: Line[]) => ls.map((l) => l.text);
  assert.deepEqual(
    rows.map((r) => [r.anchor.text.slice(9), texts(r.above), texts(r.below)]),
    [
      ['a', [], ['a end']],
      ['b', [], ['b end']],
      ['c', [], ['c end']],
      ['d', [], ['d end']],
      ['e', [], ['e more', 'e end']],
      ['f', [], ['f end']],
    ],
  );
});

test("rows with a value date under each date line are measured from that line: a page-top line set close over a row is that row's", () => {
  // (KOTAK generated by seed 450001: each date line 10 over its value date's line, rows 16.6
  // apart, no wrapped narration but one, printed over its date line at the top of page 2; with the
  // value dates' lines measured as in-row gaps to the next row, the rows showed no spacing and the
  // bank's flow gave the line to page 1's last row)
  const items: Item[] = [];
  const rows: WrapRow[] = [];
  let y = 190;
  const addRow = (page: number, name: string) => {
    const row: WrapRow = { anchor: line(page, y, `Jul 25 ${name}`), above: [], below: [] };
    rows.push(row);
    items.push({ row }, { line: line(page, y + 10, 'Jul 25') });
    y += 26.6;
  };
  for (const name of ['a', 'b', 'c', 'd']) addRow(1, name);
  y = 89.6;
  items.push({ line: line(2, y, 'e first') });
  y += 10;
  addRow(2, 'e');
  addRow(2, 'f');
  attachContinuations(items, 'after', (l) => l.text === 'Jul 25');
  const texts = (ls: Line[]) => ls.map((l) => l.text);
  assert.deepEqual(
    rows.map((r) => [r.anchor.text.slice(7), texts(r.above), texts(r.below)]),
    [
      ['a', [], ['Jul 25']],
      ['b', [], ['Jul 25']],
      ['c', [], ['Jul 25']],
      ['d', [], ['Jul 25']],
      ['e', ['e first'], ['Jul 25']],
      ['f', [], ['Jul 25']],
    ],
  );
});
