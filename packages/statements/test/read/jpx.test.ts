// JPEG 2000 images in scanned PDFs: pdf.js decodes them with its openjpeg.wasm, which it must find
// from our wasmUrl both in this thread and in a worker thread (where the pool runs jobs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { pdfOf, streamObject } from '../../scripts/bombs.ts';
import { renderPdfPage } from '../../src/read/pdf.ts';

/** A 64x64 JPEG 2000 codestream (opj_compress): white, with a black 32x32 square in the middle. */
const SQUARE_J2K = Buffer.from(
  '/0//UQApAAAAAABAAAAAQAAAAAAAAAAAAAAAQAAAAEAAAAAAAAAAAAABBwEB/1IADAAAAAEABQQEAAH/XAATQEBISFBISFBISFBISFBISFD/ZAAlAAFDcmVhdGVkIGJ5IE9wZW5KUEVHIHZlcnNpb24gMi41LjD/kAAKAAAAAABjAAH/k98YQArUUPXPjCT4wkRAD7un6w+4Y3QQhc+AifEKAAnj++/EXCSfHP1/zcflKcfd3M4acMAZyqmjF0Ag3Q2WXY7OInEActNa+1tgSnsuQtze8OI8Y4D/2Q==',
  'base64',
);

/** A one-page PDF (200x200 pt) that draws the image over the whole page. */
export function jpxPdf(j2k: Buffer): Uint8Array {
  const content = 'q 200 0 0 200 0 0 cm /Im0 Do Q';
  return new Uint8Array(
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>',
      streamObject('/Type /XObject /Subtype /Image /Width 64 /Height 64 /Filter /JPXDecode', j2k),
      streamObject('', Buffer.from(content, 'latin1')),
    ]),
  );
}

/** Grey level at the page's centre and in a corner. */
async function probe(bytes: Uint8Array): Promise<{ centre: number; corner: number }> {
  const canvas = await renderPdfPage(bytes, 1);
  const ctx = canvas.getContext('2d');
  const at = (x: number, y: number) => ctx.getImageData(x, y, 1, 1).data[0];
  return { centre: at(canvas.width / 2, canvas.height / 2), corner: at(5, 5) };
}

test('a JPEG 2000 image is decoded in this thread', async () => {
  const { centre, corner } = await probe(jpxPdf(SQUARE_J2K));
  assert.ok(centre < 50, `centre is black (${centre})`);
  assert.ok(corner > 200, `corner is white (${corner})`);
});

test('a JPEG 2000 image is decoded in a worker thread', async () => {
  const url = new URL('../../src/read/pdf.ts', import.meta.url).href;
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     import(workerData.url).then(async ({ renderPdfPage }) => {
       const c = await renderPdfPage(workerData.bytes, 1);
       const ctx = c.getContext('2d');
       const at = (x, y) => ctx.getImageData(x, y, 1, 1).data[0];
       parentPort.postMessage({ centre: at(c.width / 2, c.height / 2), corner: at(5, 5) });
     }, (e) => parentPort.postMessage({ error: String(e) }));`,
    { eval: true, workerData: { url, bytes: jpxPdf(SQUARE_J2K) } },
  );
  try {
    const got = await new Promise<{ centre: number; corner: number; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    assert.equal(got.error, undefined);
    assert.ok(got.centre < 50 && got.corner > 200, JSON.stringify(got));
  } finally {
    await worker.terminate();
  }
});
