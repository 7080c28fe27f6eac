// Specks the recogniser read as words in speckle HDFC (seed 63375, 2 pages, 240 dpi) as the reader
// read it at a15b95b (session 19, pdf.js's decode): 11 of 18 rows (decision 041, session 20).
// - page 2: a flat speck read 'Bl' (0.29 of the text height, confidence 44) on a line of its own in
//   the value-date column ended the table, and under it 'ng' (0.53, 35) before the date column: 4 rows;
// - page 1: the opening balance's 'Cr.' read 'a.': no opening balance, and the first three rows'
//   balances, unproved, were left unread; 3 Dec's withdrawal read '319.97.' (a speck after it).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { cleanOcrWords } from '../../src/parse/ocr-words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

const word = (text: string, x: number, y: number, width: number, confidence = 90, height = 5): Word => ({
  text,
  x,
  y,
  width,
  height,
  confidence,
});

test('cleanOcrWords drops a glyph or two read unsure that stand too short for their letters', () => {
  const words = [
    word('PAYMENT', 165, 104, 27),
    word('FROM', 196, 104, 16),
    word('PHONEPE', 216, 104, 27),
    word('Bl', 382, 103, 12.7, 44, 1.4), // a flat speck: dropped
    word('ng', 59, 107, 9, 35, 2.5), // rises under half a letter, read unsure: dropped
    word('to', 100, 120, 8, 62, 2.7), // as short, read surely (a photo's small print): kept
    word('ac', 120, 120, 8, 40, 3.5), // small letters of their own height: kept
    word('on', 140, 120, 8, 21, 2.8), // no letter rising or falling: kept
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    ['PAYMENT', 'FROM', 'PHONEPE', 'to', 'ac', 'on'],
  );
});

test("cleanOcrWords drops a speck's point after a figure's paise", () => {
  const words = [
    word('319.97.', 440, 148, 24),
    word('1,234.56Cr.', 500, 148, 40),
    word('12.5.', 560, 148, 15),
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    ['319.97', '1,234.56Cr.', '12.5.'],
  );
});

test("cleanOcrWords drops an opening balance's misread mark, not a read one nor words after it", () => {
  const line = (y: number, ...rest: [string, number, number][]) => [
    word('Opening', 126, y, 26),
    word('Balance', 157, y, 26),
    ...rest.map(([t, x, w]) => word(t, x, y, w)),
  ];
  const texts = (ws: Word[]) => cleanOcrWords(ws).map((w) => w.text);
  assert.deepEqual(texts(line(112, ['7,259.18', 530, 30], ['a.', 565, 9])), [
    'Opening',
    'Balance',
    '7,259.18',
  ]);
  assert.deepEqual(texts(line(112, ['7,259.18', 530, 30], ['Cr.', 565, 9])), [
    'Opening',
    'Balance',
    '7,259.18',
    'Cr.',
  ]);
  assert.deepEqual(texts(line(112, ['7,259.18', 530, 30], ['as', 565, 8], ['on', 576, 8])), [
    'Opening',
    'Balance',
    '7,259.18',
    'as',
    'on',
  ]);
});

test('the speckle HDFC statement of the specks: every row', () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/speckle-HDFC-63375.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 18);
  assert.equal(score.found, 18);
  assert.equal(score.matched, 18);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});
