// A speck read as a glyph or two (decision 041, session 10). The fixture is the scan bench's speckle
// PNB statement (seed 158539) as the reader read it: a blot in the serial column read 'oT' at
// confidence 10, taller than the text and three times as wide a glyph, on the line before row 9's;
// the table ended there and rows 9-19 were lost (8/20). The first balance read ':1,04,762.16Cr'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { cleanOcrWords } from '../../src/parse/ocr-words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('scan-bench', name);

test('a blot read as a glyph or two does not end the table', () => {
  const doc = json('speckle-PNB-158539-read.ocr.json') as SourceDocument;
  const truth = json('speckle-PNB-158539.expected.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 20);
  assert.equal(score.found, 20);
  // (a wrong row would be flagged)
  const wrong = result.accounts[0]!.transactions.filter(
    (t, i) => t.balance !== Math.round((truth.transactions[i]?.balance ?? NaN) * 100),
  );
  for (const t of wrong) assert.equal(t.ocrFlag, true, t.date);
});

test('cleanOcrWords drops a blot, keeps narrow unsure glyphs, and a figure loses a speck read as a colon', () => {
  const w = (text: string, width: number, height: number, confidence: number): Word => ({
    text,
    x: 0,
    y: 0,
    width,
    height,
    confidence,
  });
  const text = [w('Balance', 30, 6, 96), w('UPI/DR/3339', 46, 6, 90), w('narration', 38, 6, 90)];
  const out = cleanOcrWords([
    ...text,
    w('oT', 23.5, 10.1, 10), // a blot: tall and wide
    w('BK', 8.4, 10.8, 25), // tall, a glyph's width: kept
    w('08', 8, 7.9, 25),
    w('oT', 23.5, 10.1, 60), // sure of it: kept
    w(':1,04,762.16Cr', 50, 6.7, 6),
    w(':', 2, 6, 90),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['Balance', 'UPI/DR/3339', 'narration', 'BK', '08', 'oT', '1,04,762.16Cr', ':'],
  );
});
