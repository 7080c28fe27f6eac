// The facts printed around the table (src/parse/facts.ts) alone: balances, the holder.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { holderFallback, readFacts } from '../../src/parse/facts.ts';
import type { Line } from '../../src/parse/lines.ts';

const line = (y: number, ...runs: [number, string][]): Line => ({
  page: 1,
  y,
  height: 9,
  runs: runs.map(([x, text]) => ({ text, x0: x, x1: x + 5 * text.length })),
  text: runs.map(([, t]) => t).join(' '),
});

test('an overdrawn opening or closing balance keeps its sign wherever it is printed', () => {
  // (generated BOB seed 609786859, flat: '3,00,521.40-' was read as a credit balance)
  for (const [text, paise] of [
    ['Opening Balance : 3,00,521.40-', -30_052_140],
    ['Opening Balance : (11,238.54)', -1_123_854],
    // (flat BANKOFINDIA seed 166315079: the currency inside the brackets)
    ['Opening Balance : (Rs.1,37,184.02)', -13_718_402],
    ['Opening Balance : -1,000.00', -100_000],
    ['Opening Balance : INR 2,500.00 Dr', -250_000],
    ['Opening Balance : 2,500.00', 250_000],
  ] as const)
    assert.equal(readFacts([line(80, [300, text])]).opening, paise, text);
  assert.equal(readFacts([line(80, [300, 'Closing Balance : 7,440.10-'])]).closing, -744_010);
});

test('the holder without a label is no label cell and no rule, and may follow "Customer :"', () => {
  // a sheet's label in a cell of its own, its value in the next
  assert.equal(holderFallback([line(10, [10, 'Account Number'], [120, '123456789012'])]), null);
  assert.equal(holderFallback([line(10, [10, '-'.repeat(60)])]), null);
  assert.equal(
    holderFallback([line(10, [10, 'Account Number'], [120, '1234']), line(20, [10, 'ACME TRADERS'])]),
    'ACME TRADERS',
  );
  assert.equal(
    readFacts([line(10, [10, 'Customer : SHRI GANESH TRADERS'], [300, 'A/c No : 001234567890'])]).holder,
    'SHRI GANESH TRADERS',
  );
});

test("a balance 'as on' a date is the closing when the date ends the period, read whole", () => {
  // (a real SBI net-banking statement: 'Balance as on 27 APR 2023 INR 894.02' was read as an
  // opening of 4.02)
  const asOn = (date: string) =>
    readFacts([
      line(10, [20, 'Balance as on'], [200, `${date} INR 894.02`]),
      line(20, [20, 'Search for'], [200, '01 APR 2023 to 27 APR 2023']),
    ]);
  assert.deepEqual([asOn('27 APR 2023').closing, asOn('27 APR 2023').opening], [89_402, null]);
  assert.deepEqual([asOn('01 APR 2023').opening, asOn('01 APR 2023').closing], [89_402, null]);
});
