// A scanned balance read with a minus it does not have (decision 041, session 18): the scan bench's
// bands BOB statement (seed 23859, 1 page, 200 dpi) as the reader read it at 95c1ec3: 20 Feb's
// balance 2,39,347.06 read '-2,39,347.06' (confidence 35: the shaded band's edge before it read as a
// dash), so the chain broke there and at the next row: 18 of 19 rows, the account not reconciled.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { mendOcrFigures } from '../../src/parse/ocr-figures.ts';
import { parseStatement } from '../../src/parse/index.ts';
import type { Transaction } from '../../src/parse/types.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

/** Rows of [withdrawal, deposit, balance] in rupees, all from OCR'd pages. */
const rows = (...r: [number, number, number][]): Transaction[] =>
  r.map(([w, d, b], i) => ({
    date: `2024-02-${String(i + 1).padStart(2, '0')}`,
    valueDate: null,
    description: `row ${i + 1}`,
    reference: null,
    withdrawal: w * 100,
    deposit: d * 100,
    balance: b * 100,
    page: 1,
  }));

test('a balance read with a minus is mended when the next balance follows from the chain', () => {
  // 1000 - 100 = 900, read -900; the next row (-100 -> 800) proves 900
  const txs = rows([100, 0, -900], [100, 0, 800]);
  assert.deepEqual(
    mendOcrFigures(txs, 100000, null, () => true),
    [txs[0]],
  );
  assert.equal(txs[0]!.balance, 90000);
});

test('an overdraft that follows from the chain as read keeps its minus; an unproved one is left', () => {
  // 100 - 1000 = -900, printed -900: the chain as read
  const overdraft = rows([1000, 0, -900], [0, 1000, 100]);
  assert.deepEqual(
    mendOcrFigures(overdraft, 10000, null, () => true),
    [],
  );
  assert.equal(overdraft[0]!.balance, -90000);
  // read -900 where 900 fits, but the next balance follows from neither: left as read
  const unproved = rows([100, 0, -900], [100, 0, 700]);
  assert.deepEqual(
    mendOcrFigures(unproved, 100000, null, () => true),
    [],
  );
  assert.equal(unproved[0]!.balance, -90000);
  // from a text layer, never
  const text = rows([100, 0, -900], [100, 0, 800]);
  assert.deepEqual(
    mendOcrFigures(text, 100000, null, () => false),
    [],
  );
});

test("the bands BOB statement whose 20 Feb balance was read '-2,39,347.06': every row, the mended one flagged", () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/bands-BOB-23859.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 19);
  assert.equal(score.matched, 19);
  assert.equal(score.found, 19);
  const row = result.accounts.flatMap((a) => a.transactions).find((t) => t.date === '2024-02-20');
  assert.equal(row?.balance, 23934706);
  assert.equal(row?.ocrFlag, true);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});
