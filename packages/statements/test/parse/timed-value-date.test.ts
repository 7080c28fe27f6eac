// A posting date without its year, its time and the value date drawn as one item in a tight table
// ('Feb 02 01:00 AM Feb 02'): generated BOM 17659473159 of seed 2230001 (headings the reader has no
// name for, the figures a space apart, '1,840.00 3,88,516.95 Dr'). The item read as no date, so no
// line was a dated row, no layout was inferred and the statement gave 0 of 25 rows ('No transaction
// table was found'). A time after a date is the date's, and a date after the time the next cell's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitDates } from '../../src/parse/columns/rows.ts';
import { readsExactly } from './fixture.ts';

test('a date, its time and a value date drawn as one item are two cells', () => {
  const cells = (text: string) => splitDates({ text, x0: 0, x1: 10 * text.length }).map((r) => r.text);
  assert.deepEqual(cells('Feb 02 01:00 AM Feb 02'), ['Feb 02 01:00 AM', 'Feb 02']);
  assert.deepEqual(cells('02/02/2024 13:05 02/02/2024'), ['02/02/2024 13:05', '02/02/2024']);
  // (a time alone after the date is the date's cell; a number after the time is no date)
  assert.deepEqual(cells('Feb 02 01:00 AM'), ['Feb 02 01:00 AM']);
  assert.deepEqual(cells('Feb 02 01:00 AM 15'), ['Feb 02 01:00 AM 15']);
});

test('every row read where the posting date, its time and the value date are one item', () => {
  readsExactly('BOM-17659473159', 25);
});
