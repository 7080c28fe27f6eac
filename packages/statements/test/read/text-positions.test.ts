// Issue 19: pdf.js computes the text's transform in a source edit of ours (read/pdfjs-load.ts).
// The page in text-positions/page.ts takes every branch of that computation; its words, positions
// and sizes must be the very numbers pdf.js gave unedited (text-positions/expected.json, written
// by pdf.js 6.5.438 without the edit). A product or sum done in another order moves the last bit
// of some coordinate, and this test fails.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { sourceEditsMissed } from '../../src/read/pdfjs-load.ts';
import { readPdf } from '../../src/read/pdf.ts';
import { textPositionsPdf } from './text-positions/page.ts';

const expected = JSON.parse(readFileSync(new URL('./text-positions/expected.json', import.meta.url), 'utf8'));

test('every edit of pdf.js applies to the pdf.js installed', async () => {
  await readPdf(new Uint8Array(textPositionsPdf()), { ocr: false });
  assert.deepEqual(sourceEditsMissed, []);
});

test('text positions are those of pdf.js unedited, to the last bit', async () => {
  const { pages } = await readPdf(new Uint8Array(textPositionsPdf()), { ocr: false });
  assert.deepStrictEqual(pages, expected);
});
