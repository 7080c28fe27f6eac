// The small picture of each OCR'd page (Page.scan, for the strips of unsure rows) is made only when
// asked for: ~0.2 s of CPU a page that the CLI, the bench and a job without strips do not need
// (decision 041, round eight). Slow (starts a recogniser): `npm run test:ocr`.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { readDocument } from '../../src/read/index.ts';
import { closeOcr } from '../../src/read/ocr.ts';
import { imagePdf } from './scan-bench.ts';

after(() => closeOcr());

/** A small image-only PDF: one line of a statement, drawn at 150 dpi. */
async function scanPdf(): Promise<Uint8Array> {
  const canvas = createCanvas(900, 200);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 900, 200);
  ctx.fillStyle = '#000';
  ctx.font = '28px sans-serif';
  ctx.fillText('01/05/2024  UPI PAYMENT  1,250.00  48,310.50', 30, 100);
  const data = canvas.toBuffer('image/jpeg', 85);
  return imagePdf([{ data, width: 900, height: 200 }], 150);
}

test('a scanned page keeps its picture by default, and none when the read is asked not to', async () => {
  const pdf = await scanPdf();
  const plain = await readDocument(pdf);
  assert.ok(plain.doc.kind === 'pages' && plain.doc.pages[0]!.ocr);
  assert.ok(plain.doc.kind === 'pages' && plain.doc.pages[0]!.scan?.jpeg, 'a picture by default');
  const bare = await readDocument(pdf, { preview: false });
  assert.ok(bare.doc.kind === 'pages' && bare.doc.pages[0]!.ocr);
  assert.equal(bare.doc.kind === 'pages' && bare.doc.pages[0]!.scan, undefined, 'no picture');
});
