// A date cell's first date-like piece (dates.ts firstToken). A month-first date without its year
// may be drawn in one item with the reference after it ('Dec 09 334359', generated UTKARSH of seed
// 1350001): the reference's first four digits are no year, or the row reads as dated in 3343 and
// no longer starts with a date (the headings stage then joined it with the line above it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstToken, isDateStart } from '../../src/parse/dates.ts';

test('a month-first date takes four digits after it as its year only when they end there', () => {
  assert.equal(firstToken('Dec 09 334359'), 'Dec 09');
  assert.ok(isDateStart(firstToken('Dec 09 334359')));
  assert.equal(firstToken('Dec 09 2024'), 'Dec 09 2024');
  assert.equal(firstToken('Dec 09, 2024 UPI/DR'), 'Dec 09, 2024');
  assert.equal(firstToken('Dec 09'), 'Dec 09');
});
