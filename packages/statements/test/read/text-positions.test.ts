// Issue 19: pdf.js computes the text's transform in a source edit of ours (read/pdfjs-load.ts).
// The page in text-positions/page.ts takes every branch of that computation; its words, positions
// and sizes must be the very numbers pdf.js gave unedited (text-positions/expected.json, written
// by pdf.js 6.5.438 without the edit). A product or sum done in another order moves the last bit
// of some coordinate, and this test fails. The one exception is a run the word-box edit split and
// read/pdf.ts joined again: its width is the same sum taken in another order (within 1e-9).
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
  const joined: number[] = [];
  const got = pages.map((p) => ({
    ...p,
    words: p.words.map(({ edges, ...w }, i) => {
      if (!edges) return w;
      joined.push(i);
      const want = expected[p.number - 1].words[i];
      assert.ok(Math.abs(w.width - want.width) < 1e-9, `width of '${w.text}'`);
      // each word inside the run, in order, within it
      assert.equal(edges.length, 2 * w.text.split(' ').length);
      assert.ok(
        edges.every(
          (e, k) => e >= w.x - 1e-9 && e <= w.x + w.width + 1e-9 && (k === 0 || e >= edges[k - 1]!),
        ),
      );
      return { ...w, width: want.width };
    }),
  }));
  assert.deepStrictEqual(got, expected);
  assert.ok(joined.length > 0, 'the page has runs of several words');
});
