// A balance at either end of a scanned statement read with a digit too many: the recogniser reads an
// Indian-grouped figure's comma as '1,' ('2,61,571.41' read '2,611,571.41'), and no printed balance
// after it (the closing line is the same figure read the same way) or before it (no opening line)
// proves the chain's reading to mendOcrFigures (decision 041, session 12). The fixtures are the scan
// bench's reads: dpi150 BOB 47619 (last balance and closing '2,611,571.41') and turn180 BANKOFINDIA
// 39839 (first balance '1,911,431.98', no opening line).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { mendDigitTooMany } from '../../src/parse/ocr-figures.ts';
import type { Transaction } from '../../src/parse/types.ts';
import type { SourceDocument } from '../../src/source.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('scan-bench', name);

test('the last balance and the closing line read with a digit too many are mended and flagged (dpi150 BOB)', () => {
  const result = parseStatement(json('dpi150-BOB-47619-read.ocr.json') as SourceDocument);
  const a = result.accounts[0]!;
  const last = a.transactions.at(-1)!;
  assert.equal(last.balance, 26157141);
  assert.equal(last.ocrFlag, true);
  assert.equal(a.closingBalance, 26157141);
  assert.equal(a.reconciliation.ok, true);
  assert.ok(result.issues.some((i) => /mended.*and the closing balance/.test(i.message)));
});

test('the first balance read with a digit too many, no opening printed, is mended and flagged (turn180 BANKOFINDIA)', () => {
  const result = parseStatement(json('turn180-BANKOFINDIA-39839-read.ocr.json') as SourceDocument);
  const first = result.accounts[0]!.transactions[0]!;
  assert.equal(first.balance, 19143198);
  assert.equal(first.ocrFlag, true);
});

/** Rows of [withdrawal, deposit, balance] in rupees, all from OCR'd pages. */
const rows = (...r: [number, number, number | null][]): Transaction[] =>
  r.map(([w, d, b], i) => ({
    date: `2024-02-${String(i + 1).padStart(2, '0')}`,
    valueDate: null,
    description: `row ${i + 1}`,
    reference: null,
    withdrawal: Math.round(w * 100),
    deposit: Math.round(d * 100),
    balance: b === null ? null : Math.round(b * 100),
  }));
const ocr = () => true;
const balances = (txs: Transaction[]) => txs.map((t) => t.balance && t.balance / 100);

test('mendDigitTooMany: the last row, its closing read the same way', () => {
  // 2,51,437.41 - 1,000 = 2,50,437.41 (follows); + 11,134 = 2,61,571.41 read 2,611,571.41
  const txs = rows([0, 250, 251437.41], [1000, 0, 250437.41], [0, 11134, 2611571.41]);
  const out = mendDigitTooMany(txs, 25118741, 261157141, ocr);
  assert.deepEqual(balances(txs), [251437.41, 250437.41, 261571.41]);
  assert.equal(out.closing, 26157141);
  assert.deepEqual(out.mended, [txs[2]]);
  // no closing printed: the same
  const none = rows([0, 250, 251437.41], [1000, 0, 250437.41], [0, 11134, 2611571.41]);
  assert.equal(mendDigitTooMany(none, 25118741, null, ocr).mended.length, 1);
});

test('mendDigitTooMany: nothing mended when another reading fits or nothing proves the row before', () => {
  // a closing that is another figure: it is evidence, and mendOcrFigures's to weigh
  const other = rows([0, 250, 251437.41], [1000, 0, 250437.41], [0, 11134, 2611571.41]);
  assert.deepEqual(mendDigitTooMany(other, 25118741, 26157142, ocr).mended, []);
  // the row before does not follow from its own predecessor: the chain's figure is no proof
  const unproven = rows([0, 250, 251437.41], [1000, 0, 250438.41], [0, 11134, 2611571.41]);
  assert.deepEqual(mendDigitTooMany(unproven, 25118741, null, ocr).mended, []);
  // the amount could be the misread one: 100 + 1,000 = 1,100 read 11,100, or a deposit of 11,000
  // read 1,000 (a digit lost) and the balance right: two readings fit
  const amount = rows([0, 50, 100], [0, 1000, 11100]);
  assert.deepEqual(mendDigitTooMany(amount, 5000, null, ocr).mended, []);
  // (the same with a deposit no digit from 11,000 is mended)
  const sure = rows([0, 50, 100], [0, 1020, 11200]);
  assert.equal(mendDigitTooMany(sure, 5000, null, ocr).mended.length, 1);
  // a digit fewer is not this mend's (a lost digit has more readings)
  const fewer = rows([0, 250, 251437.41], [1000, 0, 250437.41], [0, 11134, 26157.41]);
  assert.deepEqual(mendDigitTooMany(fewer, 25118741, null, ocr).mended, []);
});

test('mendDigitTooMany: the first row, no opening, proved by the two rows after it', () => {
  // 1,91,431.98 read 1,911,431.98; - 324 = 1,91,107.98; + 491.00 = 1,91,598.98
  const txs = rows([220, 0, 1911431.98], [324, 0, 191107.98], [0, 491, 191598.98]);
  const out = mendDigitTooMany(txs, null, 19159898, ocr);
  assert.deepEqual(balances(txs), [191431.98, 191107.98, 191598.98]);
  assert.deepEqual(out.mended, [txs[0]]);
  // the row after the next does not follow: the next balance is no proof
  const loose = rows([220, 0, 1911431.98], [324, 0, 191107.98], [0, 491, 191599.98]);
  assert.deepEqual(mendDigitTooMany(loose, null, null, ocr).mended, []);
  // an opening printed: mendOcrFigures's case, not this one
  const opened = rows([220, 0, 1911431.98], [324, 0, 191107.98], [0, 491, 191598.98]);
  assert.deepEqual(mendDigitTooMany(opened, 19165198, null, ocr).mended, []);
});
