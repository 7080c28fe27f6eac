// A speck read as ':' far from every word on its line (decision 041, session 18): the scan bench's
// speckle BOM statement (seed 16039, 2 pages, 240 dpi) as the reader read it at 95c1ec3: a ':' at
// confidence 32 in the balance column, on the wrapped line of 5 Feb's narration, made that line no
// continuation and ended the table there: 6 of 25 rows.
// And speckle HDFC (seed 7935, 1 page, 200 dpi) as read at a15b95b (session 19, pdf.js's decode): a
// speck read ':' at confidence 80, squat (2.4 high under text 5.5 high), in the value-date column
// under 4 Dec's narration ended the table there: 2 of 18 rows (decision 041, session 20).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { cleanOcrWords } from '../../src/parse/ocr-words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

const word = (text: string, x: number, y: number, width: number, confidence = 90): Word => ({
  text,
  x,
  y,
  width,
  height: 6,
  confidence,
});

test("cleanOcrWords drops an unsure ':' far from every word on its line, and keeps a label's", () => {
  const words = [
    // the saved read's line: a narration's wrapped part, and a ':' 210 units right of it
    word('THOMAS/ICIC/gurpreet@paytm/UPI', 172, 240, 122, 33),
    word(':', 504.4, 240.5, 1, 32),
    // the same, read surely (or with no confidence given): a printed ':', kept
    word('UPI/DR/1234', 172, 250, 50),
    word(':', 504.4, 250.5, 1, 95),
    // a label's ':' set apart from its label, beside its value; one right after its label
    word('Account', 40, 60, 30),
    word('Number', 74, 60, 28),
    word(':', 160, 60, 1),
    word('6640411955', 166, 60, 45),
    word('Currency', 300, 70, 35),
    word(':', 338, 70, 1),
    // a dash alone in an empty cell, far from the words: kept (it is no separator)
    word('14/06/2023', 40, 100, 40),
    word('-', 430, 100, 2),
    word('32367.63', 500, 100, 37),
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    [
      'THOMAS/ICIC/gurpreet@paytm/UPI',
      'UPI/DR/1234',
      ':',
      'Account',
      'Number',
      ':',
      '6640411955',
      'Currency',
      ':',
      '14/06/2023',
      '-',
      '32367.63',
    ],
  );
});

test("the speckle BOM statement whose table a speck's ':' ended: every row", () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/speckle-BOM-16039.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 25);
  assert.equal(score.matched, 25);
  assert.equal(score.found, 25);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});

test("cleanOcrWords drops a squat ':' far from every word on its line, however sure", () => {
  const words = [
    word('NA', 224, 190, 10),
    // a speck 2.4 high read ':' at 80 in the value-date column, 100 units from the line's words
    { ...word(':', 122.4, 192, 1.4, 80), height: 2.4 },
    // a printed ':' of the same height share as the text, as far: kept (test above)
    word('KHAN', 224, 200, 20),
    word(':', 122.4, 200, 1, 80),
    // a squat ':' beside its label: kept
    word('Currency', 300, 70, 35),
    { ...word(':', 338, 70, 1, 80), height: 2.4 },
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    ['NA', 'KHAN', ':', 'Currency', ':'],
  );
});

test("the speckle HDFC statement whose table a sure speck's ':' ended: every row", () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/speckle-HDFC-7935.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 18);
  assert.equal(score.found, 18);
  assert.equal(score.matched, 18);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
  // 7 Dec, read '.07 Dec 2023' (a speck before the day), is read
  const dec7 = result.accounts.flatMap((a) => a.transactions).find((t) => t.date === '2023-12-07');
  assert.equal(dec7?.withdrawal, 18400);
});
