// Upright or upside down, judged from a page's ink without the recogniser (src/scan/upright.ts).
// Fixtures: scan bench pages at 150 dpi, binarised and gzipped (test/fixtures/scan-bench): clean
// KOTAK 7926 page 1 (stored upright), turn180 PNB 7968 page 1 (stored upside down), dpi150 SBI 7947
// page 2 (a short last page, mostly figures); and the OCR tests' scanned.pdf (test/ocr/fixtures).
// No OCR, fast.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { greyFromRgba, quarterTurn } from '../../src/scan/grey.ts';
import { uprightEvidence, uprightness } from '../../src/scan/upright.ts';
import { scanBytes } from './make-scans.ts';
import { fixturePgm } from './pgm.ts';

test('a clean upright page is judged upright, and turned half round, upside down', () => {
  const page = fixturePgm('clean-KOTAK-7926-p1-150dpi.pgm.gz');
  assert.equal(uprightness(page, 150), 'upright');
  assert.equal(uprightness(quarterTurn(page, 180), 150), 'turned');
  const e = uprightEvidence(page, 150);
  assert.ok(e.bottoms > 5 * e.tops, JSON.stringify(e));
});

test('the scanned fixture (capitals, figures and slashes) is judged upright, and turned, upside down', async () => {
  // the page's one JPEG, as the PDF holds it (200 dpi, DejaVu Sans): its narrations 'NEFT/SALARY
  // ACME LTD/986245' are capitals and digits, and DejaVu's slash shares a capital's top and
  // descends below the baseline, so counted as a letter it made the page lean upside down
  const pdf = Buffer.from(scanBytes('scanned.pdf'));
  const jpeg = pdf.subarray(
    pdf.indexOf(Buffer.from([0xff, 0xd8, 0xff])),
    pdf.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2,
  );
  const img = await loadImage(jpeg);
  const canvas = createCanvas(img.width, img.height);
  canvas.getContext('2d').drawImage(img, 0, 0);
  const data = canvas.getContext('2d').getImageData(0, 0, img.width, img.height).data;
  const page = greyFromRgba(data, img.width, img.height);
  assert.equal(uprightness(page, 200), 'upright');
  assert.equal(uprightness(quarterTurn(page, 180), 200), 'turned');
});

test('a page stored upside down is judged turned, and upright once turned back', () => {
  const page = fixturePgm('turn180-PNB-7968-p1-150dpi.pgm.gz');
  assert.equal(uprightness(page, 150), 'turned');
  assert.equal(uprightness(quarterTurn(page, 180), 150), 'upright');
});

test('a short page of figures says too little either way: the recogniser`s trial decides', () => {
  const page = fixturePgm('dpi150-SBI-7947-p2.pgm.gz');
  assert.equal(uprightness(page, 150), 'unsure');
  assert.equal(uprightness(quarterTurn(page, 180), 150), 'unsure');
});

test('bars of one height (figures only) and a blank page are unsure', () => {
  const width = 600;
  const height = 800;
  const data = new Uint8Array(width * height).fill(255);
  assert.equal(uprightness({ data: data.slice(), width, height }, 150), 'unsure');
  // rows of digit-sized blocks: every neighbour shares both its top and its bottom
  for (let row = 0; row < 30; row++) {
    for (let col = 0; col < 40; col++) {
      const x0 = 40 + col * 13;
      const y0 = 60 + row * 22;
      for (let y = y0; y < y0 + 12; y++) data.fill(0, y * width + x0, y * width + x0 + 8);
    }
  }
  const bars = { data, width, height };
  // (their height, 12 px, is the page's letter height: what scan/reading-dpi.ts chooses the dpi by)
  assert.deepEqual(uprightEvidence(bars, 150), { bottoms: 0, tops: 0, letter: 12 });
  assert.equal(uprightness(bars, 150), 'unsure');
});
