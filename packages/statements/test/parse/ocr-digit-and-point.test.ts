// Two adjacent rows of a scan misread together, one digit wrong on one and a point lost on the
// other, mended by the balance chain only where exactly one pair of readings fits and the row after
// vouches for it (parse/ocr-figures.ts mendDigitAndPoint; decision 041, session 27).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { mendDigitAndPoint, mendOcrFigures } from '../../src/parse/ocr-figures.ts';
import type { Transaction } from '../../src/parse/types.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

/** Rows of [withdrawal, deposit, balance] in rupees, all from OCR'd pages. */
const rows = (...r: [number, number, number | null][]): Transaction[] =>
  r.map(([w, d, b], i) => ({
    date: `2025-03-${String(i + 20).padStart(2, '0')}`,
    valueDate: null,
    description: `row ${i + 1}`,
    reference: null,
    withdrawal: Math.round(w * 100),
    deposit: Math.round(d * 100),
    balance: b === null ? null : Math.round(b * 100),
    page: 3,
  }));
const ocr = () => true;
const figures = (txs: Transaction[]) =>
  txs.map((t) => [t.withdrawal / 100, t.deposit / 100, t.balance! / 100]);

/**
 * Photo ICICI seed 7943's 22-25 Mar as read fresh: 23 Mar's balance 96,498.64 read 96,496.64,
 * 24 Mar's deposit 30.00 read '3000'.
 */
const icici = () =>
  rows(
    [3954, 0, 104116.64],
    [7543, 0, 96573.64],
    [75, 0, 96496.64],
    [0, 3000, 96528.64],
    [909.73, 0, 95618.91],
  );

test("ICICI 7943's 23/24 Mar: a balance a digit off and the next row's point lost, mended together", () => {
  const txs = icici();
  // the chain's own mend finds nothing: neither row follows, and no one figure makes both follow
  assert.deepEqual(mendOcrFigures(txs, 10807064, null, ocr), []);
  const mended = mendDigitAndPoint(txs, 10807064, null, ocr);
  assert.deepEqual(mended, [txs[2], txs[3]]);
  assert.deepEqual(figures(txs).slice(2, 4), [
    [75, 0, 96498.64],
    [0, 30, 96528.64],
  ]);
});

test('the lost point on the first row and a digit on the second are mended too', () => {
  // 96,573.64 - 75.00 = 96,498.64, the withdrawal read '7500'; + 30.00 = 96,528.64, read 39.00
  const txs = rows([7543, 0, 96573.64], [7500, 0, 96498.64], [0, 39, 96528.64], [909.73, 0, 95618.91]);
  assert.deepEqual(mendDigitAndPoint(txs, 10411664, null, ocr), [txs[1], txs[2]]);
  assert.deepEqual(figures(txs).slice(1, 3), [
    [75, 0, 96498.64],
    [0, 30, 96528.64],
  ]);
});

test("the first row's amount a digit off (its balance right) and the next row's point lost", () => {
  // 96,573.64 - 77.00 = 96,496.64, the withdrawal read 75.00; + 32.00 = 96,528.64, read '3200'
  const txs = rows([7543, 0, 96573.64], [75, 0, 96496.64], [0, 3200, 96528.64], [909.73, 0, 95618.91]);
  assert.deepEqual(mendDigitAndPoint(txs, 10411664, null, ocr), [txs[1], txs[2]]);
  assert.deepEqual(figures(txs).slice(1, 3), [
    [77, 0, 96496.64],
    [0, 32, 96528.64],
  ]);
});

test('nothing is mended where the row after does not vouch, the balance before is not proved, or no one digit-and-point pair fits', () => {
  // 25 Mar does not follow from 24 Mar's printed balance
  const unvouched = icici();
  unvouched[4]!.balance = 9561991;
  assert.deepEqual(mendDigitAndPoint(unvouched, 10807064, null, ocr), []);
  // 23 Mar's 7,543.00 does not follow from 22 Mar: the chain's figure proves nothing
  const unproved = icici();
  unproved[1]!.withdrawal = 754400;
  assert.deepEqual(mendDigitAndPoint(unproved, 10807064, null, ocr), []);
  // a digit on each row (24 Mar's 30.00 read 39.00): no pair of this mend's
  const digits = rows([7543, 0, 96573.64], [75, 0, 96496.64], [0, 39, 96528.64], [909.73, 0, 95618.91]);
  assert.deepEqual(mendDigitAndPoint(digits, 10411664, null, ocr), []);
  // 24 Mar read 31.00: 30.00 after 23 Mar's balance mended and 32.00 after its amount mended both
  // fit, a digit from it; two pairs, no mend
  const two = rows([7543, 0, 96573.64], [75, 0, 96496.64], [0, 31, 96528.64], [909.73, 0, 95618.91]);
  assert.deepEqual(mendDigitAndPoint(two, 10411664, null, ocr), []);
});

test('the fresh read of photo ICICI seed 7943: 26 -> 28 of 28 rows, the pair flagged', () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-ICICI-7943-fresh.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 28);
  // (26 before: 23 Mar's balance 96,496.64 and 24 Mar's deposit 3,000.00)
  assert.equal(score.matched, 28);
  const account = result.accounts[0]!;
  assert.equal(account.reconciliation.ok, true);
  const pair = account.transactions
    .filter((t) => t.date === '2025-03-23' || t.date === '2025-03-24')
    .slice(-2);
  assert.deepEqual(
    pair.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.ocrFlag]),
    [
      ['2025-03-23', 7500, 0, 9649864, true],
      ['2025-03-24', 0, 3000, 9652864, true],
    ],
  );
});
