// The resolution a page is recognised at, chosen from its letters' height (src/scan/reading-dpi.ts,
// the letters measured by inkLook of src/scan/upright.ts; decision 041, session 14). The fixture is
// the scan bench's clean KOTAK 7926 page 1 at 150 dpi, binarised (test/fixtures/scan-bench): its
// type at the bench's size, and scaled to stand for a page of smaller and of larger type. No OCR.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { straighten } from '../../src/read/ocr.ts';
import { scaleGrey } from '../../src/scan/grey.ts';
import { MAX_READING_DPI, MIN_READING_DPI, readingDpi, sharpGlyphs } from '../../src/scan/reading-dpi.ts';
import { inkLook } from '../../src/scan/upright.ts';
import { fixturePgm } from './pgm.ts';

const page150 = fixturePgm('clean-KOTAK-7926-p1-150dpi.pgm.gz');
/** Its upper half (the header and a dozen rows): enough letters, and a quicker test. */
const half150 = {
  ...page150,
  height: page150.height >> 1,
  data: page150.data.subarray(0, (page150.height >> 1) * page150.width),
};

/** The fixture's half page as the reader gets it (300 dpi), its type `size` times the bench's. */
function pageOfType(size: number) {
  return scaleGrey(half150, 2 * size);
}

test('a page of the bench`s type (8-9 pt) is read at ~210 dpi, not 300', () => {
  const look = inkLook(pageOfType(1), 300);
  assert.equal(look.stands, 'upright');
  assert.ok(look.letter >= 22 && look.letter <= 26, `letter ${look.letter}`);
  const dpi = readingDpi(look.letter, 300);
  assert.ok(dpi >= 200 && dpi <= 240, `dpi ${dpi}`);
  // the page handed to the recogniser is scaled so
  const { grey, scale } = straighten(pageOfType(1), 300, 0, dpi);
  assert.ok(Math.abs(scale - dpi / 300) < 1e-9);
  assert.ok(Math.abs(grey.width - half150.width * 2 * scale) <= 1);
});

test('a page of small type keeps its 300 dpi; one of large type is read at the floor', () => {
  const small = inkLook(pageOfType(0.6), 300);
  assert.ok(small.letter > 0 && small.letter <= 16, `letter ${small.letter}`);
  assert.equal(readingDpi(small.letter, 300), MAX_READING_DPI);
  const large = inkLook(pageOfType(1.8), 300);
  assert.ok(large.letter >= 36, `letter ${large.letter}`);
  assert.equal(readingDpi(large.letter, 300), MIN_READING_DPI);
});

test('a page whose letters were not measured is read as before: up to 300 dpi, never blown up', () => {
  const blank = { data: new Uint8Array(600 * 800).fill(255), width: 600, height: 800 };
  assert.equal(inkLook(blank, 300).letter, 0);
  assert.equal(readingDpi(0, 300), 300);
  assert.equal(readingDpi(0, 600), 300);
  // a page of 150 dpi stays at 150: the reader does not scale a page up here
  assert.equal(readingDpi(12, 150), 150);
  assert.equal(straighten(page150, 150, 0, 212).scale, 1);
});

test('sharp glyphs may be read at less dpi; soft ones (a low-dpi scan blown up) keep theirs', () => {
  const page = pageOfType(1);
  assert.equal(sharpGlyphs(page), true);
  // the same page scanned at half the resolution and blown up again, as the reader renders a
  // 150 dpi scan at 300: its edges as wide as its strokes (the bench's dpi150 lost rows at ~210)
  assert.equal(sharpGlyphs(scaleGrey(scaleGrey(page, 0.5), 2)), false);
  // a blank page has no glyphs to go by
  assert.equal(sharpGlyphs({ data: new Uint8Array(100 * 100).fill(255), width: 100, height: 100 }), false);
});
