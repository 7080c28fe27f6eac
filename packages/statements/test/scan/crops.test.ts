// Issue 32: the strip of the scanned page beside an unsure row. A page preview is cut where the
// trace says each flagged row was read, and only there; unflagged rows and text pages get none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { Trace } from '../../src/parse/trace.ts';
import type { StatementResult, Transaction } from '../../src/parse/index.ts';
import { cutScanCrops, pagePreview, SCAN_PREVIEW_WIDTH } from '../../src/scan/crops.ts';
import type { Grey } from '../../src/scan/grey.ts';
import type { SourceDocument } from '../../src/source.ts';

/** A white page 2480 x 3508 px (A4 at 300 dpi) with a black bar across rows 1000-1040 only. */
function page(): Grey {
  const width = 2480;
  const height = 3508;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 1000; y < 1040; y++) data.fill(0, y * width + 200, y * width + 2200);
  return { data, width, height };
}

const tx = (date: string, flagged: boolean): Transaction => ({
  date,
  valueDate: null,
  description: 'UPI',
  reference: null,
  withdrawal: 100,
  deposit: 0,
  balance: 0,
  page: 1,
  ...(flagged ? { ocrFlag: true } : {}),
});

async function darkRows(base64: string): Promise<{ width: number; height: number; dark: number[] }> {
  const img = await loadImage(Buffer.from(base64, 'base64'));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, img.width, img.height).data;
  const dark: number[] = [];
  for (let y = 0; y < img.height; y++)
    if (d[(y * img.width + Math.floor(img.width / 2)) * 4]! < 100) dark.push(y);
  return { width: img.width, height: img.height, dark };
}

test('a flagged row gets the strip of the page it was read from; an unflagged row none', async () => {
  const scan = pagePreview(page());
  assert.equal(scan.width, SCAN_PREVIEW_WIDTH);
  assert.equal(scan.height, Math.round((3508 * SCAN_PREVIEW_WIDTH) / 2480));
  // page units: 595.28 wide (A4 in points), so 1 unit = 2480 / 595.28 px
  const k = 2480 / 595.28;
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'image',
    pages: [{ number: 1, width: 595.28, height: 3508 / k, words: [], ocr: true, scan }],
  };
  const [barRow, plainRow] = [tx('2023-02-27', true), tx('2023-02-26', false)];
  const trace = new Trace();
  trace.rows.set(barRow, { page: 1, top: 1000 / k, bottom: 1040 / k, lines: 1 });
  trace.rows.set(plainRow, { page: 1, top: 500 / k, bottom: 540 / k, lines: 1 });
  const result = { accounts: [{ transactions: [plainRow, barRow] }] } as unknown as StatementResult;
  assert.equal(await cutScanCrops(result, doc, trace), 1);
  assert.equal(plainRow.scanCrop, undefined);
  assert.ok(barRow.scanCrop);
  const strip = await darkRows(barRow.scanCrop);
  assert.equal(strip.width, SCAN_PREVIEW_WIDTH);
  // the bar (20 preview px high) with paper above and below it, not the whole page
  assert.ok(strip.height > 20 && strip.height < 60, `height ${strip.height}`);
  assert.ok(strip.dark.length >= 15 && strip.dark.length <= 22, `dark rows ${strip.dark.length}`);
  assert.ok(strip.dark[0]! > 0 && strip.dark.at(-1)! < strip.height - 1, 'paper above and below');
});

test('a text page (no preview) gives no strip', async () => {
  const flagged = tx('2023-02-27', true);
  const trace = new Trace();
  trace.rows.set(flagged, { page: 1, top: 10, bottom: 20, lines: 1 });
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'pdf',
    pages: [{ number: 1, width: 595.28, height: 841.89, words: [] }],
  };
  const result = { accounts: [{ transactions: [flagged] }] } as unknown as StatementResult;
  assert.equal(await cutScanCrops(result, doc, trace), 0);
  assert.equal(flagged.scanCrop, undefined);
});
