// The resolution a scanned page is rendered at for OCR: 300 dpi, and never more pixels than a Legal
// page at 300 dpi (a recogniser's memory grows with the pixels it is given).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ocrDpi } from '../../src/read/pdf.ts';

const pixels = (w: number, h: number, dpi: number) => ((w * dpi) / 72) * ((h * dpi) / 72);

test('A4, Letter and Legal pages (or a scan a little larger) are rendered at 300 dpi', () => {
  assert.equal(ocrDpi(595.28, 841.89), 300);
  assert.equal(ocrDpi(841.89, 595.28), 300);
  // a scanner's page a point or two larger than A4 (a smaller scale here read 4 rows of 31)
  assert.equal(ocrDpi(595.9, 842), 300);
  assert.equal(ocrDpi(612, 792), 300);
  assert.equal(ocrDpi(612, 1008), 300);
});

test('a larger page is rendered at no more pixels than Legal at 300 dpi', () => {
  const large = [792, 984] as const; // 11 x 13.7 in, HDFC's classic statement
  const dpi = ocrDpi(...large);
  assert.ok(dpi < 275 && dpi > 260, String(dpi));
  assert.ok(Math.abs(pixels(...large, dpi) - pixels(612, 1008, 300)) < 1);
});
