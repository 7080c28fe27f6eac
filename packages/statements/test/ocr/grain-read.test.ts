// A photographed page given to the recogniser with its grain (src/read/ocr.ts, PHOTO_LOOK) that
// comes back as the grain itself is read again wiped (GRAIN_READ; decision 041, session 23). The
// scan bench's photo INDIANBANK seed 126939 (240 dpi, JPEG 73): its short last page, two rows and
// the closing balance on a blank sheet, was read as 1,455 words, 1% of them sure, and its two rows
// were lost (27 of 29). The OCR test is slow: `npm run test:ocr`.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { renderForOcr } from '../../src/read/pdf.ts';
import { getDocument } from '../../src/read/pdfjs.ts';
import { greyFromRgba } from '../../src/scan/grey.ts';
import type { Word } from '../../src/source.ts';
import { closeOcr, grainRead, ocrGrey, type TessLine } from '../../src/read/ocr.ts';
import { renderStatement } from '../perturb/pdf-recipe.ts';
import { corpusNeeded } from '../read/corpus.ts';
import { imagePdf, renderPages, scanCases, scanPage } from './scan-bench.ts';

after(() => closeOcr());

/** A line of words of the given confidences. */
const line = (...confidences: number[]): TessLine => ({
  words: confidences.map((confidence, i) => ({
    text: confidence >= 60 ? '1,234.00' : 'Se',
    confidence,
    bbox: { x0: 40 * i, y0: 0, x1: 40 * i + 30, y1: 20 },
  })),
  baseline: { x0: 0, y0: 20, x1: 40 * confidences.length, y1: 20 },
});

test('grainRead: many words, under a quarter of them sure, is the grain read', () => {
  const grain = Array.from({ length: 60 }, (_, i) =>
    line(...Array.from({ length: 20 }, (_v, k) => ((i + k) % 50 ? 20 : 90))),
  );
  assert.equal(grainRead(grain), true);
  // the bench's least sure photo page read with its grain: 58% of its words sure
  const soft = Array.from({ length: 10 }, () => line(90, 80, 70, 61, 60, 45, 30, 20, 50, 95));
  assert.equal(grainRead(soft), false);
  // a few words tell nothing: a header line, a page number
  assert.equal(grainRead([line(10, 20, 30, 10, 20)]), false);
});

test(
  "a photographed short last page read as grain is read again wiped: its rows' figures are read",
  corpusNeeded,
  async () => {
    const c = scanCases(12, ['photo']).find((k) => k.name === 'photo INDIANBANK seed 126939');
    assert.ok(c, 'the bench case');
    const pages = await renderStatement(c.truth, c.recipe).then((text) => renderPages(text, c.dpi));
    assert.equal(pages.length, 4);
    const last = scanPage(pages[3]!, c, 4);
    const pdf = await imagePdf(
      [{ data: last.toBuffer('image/jpeg', c.quality), width: last.width, height: last.height }],
      c.dpi,
    );
    // the page as the reader renders it (read/pdf.ts: a 240 dpi JPEG is drawn by pdf.js at 300), read
    // with a budget for a loaded machine: the grain's pass alone is slow
    const task = getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
    let words: Word[];
    try {
      const canvas = await renderForOcr(await (await task.promise).getPage(1), 300);
      const grey = greyFromRgba(
        canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data,
        canvas.width,
        canvas.height,
      );
      words = (await ocrGrey(grey, 72 / 300, { budgetMs: 600_000, preview: false })).words;
    } finally {
      await task.destroy();
    }
    const texts = new Set(words.map((w) => w.text));
    // 29 Jan's withdrawal and 30 Jan's deposit, as printed
    assert.ok(texts.has('18,608.00'), 'the 29 Jan row');
    assert.ok(texts.has('4,020.00'), 'the 30 Jan row');
    assert.ok(words.length < 200, `${words.length} words: the page's text, not its grain`);
  },
);
