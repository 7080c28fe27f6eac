// The balance chain mends figures of a scan the recogniser read one digit wrong (9 for 0, 5 for 6),
// or missed, but only where the next printed balance proves which figure was wrong.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mendOcrFigures, oneDigitApart, oneDigitExtra, twoDigitsApart } from '../../src/parse/ocr-figures.ts';
import type { Transaction } from '../../src/parse/types.ts';

/** Rows of [withdrawal, deposit, balance] in rupees, all from OCR'd pages unless `page` is 1. */
const rows = (...r: [number, number, number | null, number?][]): Transaction[] =>
  r.map(([w, d, b, page = 2], i) => ({
    date: `2022-02-${String(i + 1).padStart(2, '0')}`,
    valueDate: null,
    description: `row ${i + 1}`,
    reference: null,
    withdrawal: w * 100,
    deposit: d * 100,
    balance: b === null ? null : b * 100,
    page,
  }));
const ocr = (t: Transaction) => t.page === 2;
const figures = (txs: Transaction[]) =>
  txs.map((t) => [t.withdrawal / 100, t.deposit / 100, t.balance && t.balance / 100]);

test('one digit apart: same length, one place', () => {
  assert.equal(oneDigitApart(893544, 803544), true);
  assert.equal(oneDigitApart(893544, 803545), false);
  assert.equal(oneDigitApart(89354, 893544), false);
  assert.equal(oneDigitApart(-893544, 893544), false);
  assert.equal(oneDigitApart(893544, 893544), false);
});

test('a balance one digit off is mended when the next balance follows from the chain', () => {
  // 12935 - 4000 = 8935, read 8035; the next row (+1380 -> 10315) proves 8935
  const txs = rows([4000, 0, 8035], [0, 1380, 10315]);
  const mended = mendOcrFigures(txs, 1293500, null, ocr);
  assert.deepEqual(figures(txs), [
    [4000, 0, 8935],
    [0, 1380, 10315],
  ]);
  assert.deepEqual(mended, [txs[0]]);
});

test('an amount one digit off is mended when the printed balance is the one the next row follows', () => {
  // 2985 + 13900 = 16885 printed; 13000 read
  const txs = rows([0, 13000, 16885], [100, 0, 16785]);
  mendOcrFigures(txs, 298500, null, ocr);
  assert.deepEqual(figures(txs), [
    [0, 13900, 16885],
    [100, 0, 16785],
  ]);
});

test('a missed balance or amount is filled when the next printed balance follows; the last row answers to the closing balance', () => {
  const txs = rows([1500, 0, null], [100, 0, null], [0, 200, 500], [0, 0, 5500]);
  const mended = mendOcrFigures(txs, 190000, 550000, ocr);
  assert.deepEqual(figures(txs), [
    [1500, 0, 400],
    [100, 0, 300],
    [0, 200, 500],
    [0, 5000, 5500],
  ]);
  assert.equal(mended.length, 3);
});

test('two balances in a row one digit off: both mended', () => {
  // 12935 - 4000 = 8935 (read 8035), + 1380 = 10315 (read 10815), - 15 = 10300 printed
  const txs = rows([4000, 0, 8035], [0, 1380, 10815], [15, 0, 10300]);
  mendOcrFigures(txs, 1293500, null, ocr);
  assert.deepEqual(figures(txs), [
    [4000, 0, 8935],
    [0, 1380, 10315],
    [15, 0, 10300],
  ]);
});

test('nothing is mended without proof, three digits off, or on a text page', () => {
  // the next row follows neither reading: left for the user, flagged by the reconciliation
  const unproven = rows([4000, 0, 8035], [0, 1380, 99999]);
  assert.deepEqual(mendOcrFigures(unproven, 1293500, null, ocr), []);
  const threeDigits = rows([4000, 0, 8045.1], [0, 1380, 10315]);
  assert.deepEqual(mendOcrFigures(threeDigits, 1293500, null, ocr), []);
  const text = rows([4000, 0, 8035, 1], [0, 1380, 10315, 1]);
  assert.deepEqual(mendOcrFigures(text, 1293500, null, ocr), []);
  assert.equal(text[0]!.balance, 803500);
});

test('one digit more or fewer: a digit read from a speck, or lost to a faint stroke', () => {
  assert.equal(oneDigitExtra(39565732, 3955732), true); // 395657.32 for 39,557.32
  assert.equal(oneDigitExtra(3955732, 39565732), true);
  assert.equal(oneDigitExtra(395732, 3955732), true); // 3957.32 for 39,557.32
  assert.equal(oneDigitExtra(39565732, 3955733), false); // a digit more and one changed
  assert.equal(oneDigitExtra(3955732, 3955732), false);
  assert.equal(oneDigitExtra(-39565732, 3955732), false);
});

test('a balance read with a digit more is mended when the next balance follows from the chain', () => {
  // the scan bench's contrast BOM (decision 041, round seven): 39,939.80 - 382.48 = 39,557.32,
  // read 395657.32; the next row (+47,400 -> 86,957.32) proves 39,557.32
  const txs = rows([382.48, 0, 395657.32], [0, 47400, 86957.32]);
  const mended = mendOcrFigures(txs, 3993980, null, ocr);
  assert.deepEqual(figures(txs), [
    [382.48, 0, 39557.32],
    [0, 47400, 86957.32],
  ]);
  assert.deepEqual(mended, [txs[0]]);
  // without the next row's proof nothing is mended
  const alone = rows([382.48, 0, 395657.32], [0, 47400, 86957.33]);
  assert.deepEqual(mendOcrFigures(alone, 3993980, null, ocr), []);
});

test('nothing is mended from a printed balance that broke the chain: the rows after it carry no proof', () => {
  // 10,000 + 500 = 10,500, read 10,490 (two digits off: not mended, the chain breaks there); the
  // rows after it print no balance, and the one that does, 11,700 (+1,200 from the true 10,500),
  // would fit the misread 10,490 only with its deposit 1,210: one digit from 1,200, but proven by
  // nothing the chain stands on
  const txs = rows([0, 500, 10490], [100, 0, null], [0, 100, null], [0, 1200, 11700], [200, 0, 11500]);
  const mended = mendOcrFigures(txs, 1000000, null, ocr);
  assert.deepEqual(mended, []);
  assert.deepEqual(figures(txs), [
    [0, 500, 10490],
    [100, 0, null],
    [0, 100, null],
    [0, 1200, 11700],
    [200, 0, 11500],
  ]);
  // once a row follows from a printed balance, that balance is proof again: the row after it is mended
  const later = rows([0, 500, 10490], [0, 10, 10500], [300, 0, 10290], [0, 10, 10210]);
  assert.deepEqual(
    mendOcrFigures(later, 1000000, null, ocr).map((t) => t.description),
    ['row 3'],
  );
});

test('a balance two digits off is mended only when the very next printed balance follows from the chain', () => {
  // the scan bench's photo INDIANBANK seed 71499 at 200 dpi (decision 041, session 23): 1,97,903.09 -
  // 18,608.00 = 1,79,295.09, read '175295.08' (confidence 64); the next row (+4,020 -> 1,83,315.09)
  // proves the chain's figure
  assert.equal(twoDigitsApart(17929509, 17529508), true);
  assert.equal(twoDigitsApart(17929509, 17529518), false); // three places
  assert.equal(twoDigitsApart(17929509, 1792950), false); // a digit fewer
  const txs = rows([18608, 0, 175295.08], [0, 4020, 183315.09]);
  const mended = mendOcrFigures(txs, 19790309, null, ocr);
  assert.deepEqual(figures(txs), [
    [18608, 0, 179295.09],
    [0, 4020, 183315.09],
  ]);
  assert.deepEqual(mended, [txs[0]]);
  // the next row's balance unread, the one after it following: a row between could hide a second
  // misread, so two digits are not enough
  const gap = rows([18608, 0, 175295.08], [0, 4020, null], [100, 0, 183215.09]);
  assert.deepEqual(mendOcrFigures(gap, 19790309, null, ocr), []);
  // the next row not following from the chain's figure: left as read
  const broken = rows([18608, 0, 175295.08], [0, 4020, 183315.19]);
  assert.deepEqual(mendOcrFigures(broken, 19790309, null, ocr), []);
});
