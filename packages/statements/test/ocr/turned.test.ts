// Real-world scans and photos: turned pages, phone photos with EXIF orientation, very large images,
// and a multi-page scan read by two recognisers. Slow (OCR): `npm run test:ocr`.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { readDocument } from '../../src/read/index.ts';
import { closeOcr, ocrWorkers, rotateCanvas } from '../../src/read/ocr.ts';
import type { Word } from '../../src/source.ts';
import { withOrientation } from '../read/exif.ts';
import { CORPUS, corpusBytes } from '../read/corpus.ts';

after(() => closeOcr());

const hasQpdf = spawnSync('sh', ['-c', 'command -v qpdf']).status === 0;
const noQpdf = !hasQpdf && 'qpdf not installed (apt-get install qpdf)';
const digits = (s: string) => s.replace(/[^0-9.]/g, '');

/** Amounts of the truth file not among the words (OCR may drop a grouping comma). */
function missingAmounts(words: Word[], truthFile: string): { missing: number; total: number } {
  const read = new Set(words.map((w) => digits(w.text)));
  const truth = JSON.parse(readFileSync(path.join(CORPUS, truthFile), 'utf8')) as {
    transactions: { withdrawal: number; deposit: number; balance: number }[];
  };
  const amounts = truth.transactions
    .flatMap((t) => [t.withdrawal, t.deposit, Math.abs(t.balance)])
    .filter((v) => v > 0)
    .map((v) => v.toFixed(2));
  return { missing: amounts.filter((a) => !read.has(a)).length, total: amounts.length };
}

async function readPages(bytes: Uint8Array) {
  const r = await readDocument(bytes);
  assert.equal(r.doc.kind, 'pages');
  return r.doc.kind === 'pages' ? r.doc.pages : [];
}

function assertRead(words: Word[], truthFile: string): void {
  const { missing, total } = missingAmounts(words, truthFile);
  assert.ok(missing <= total * 0.01, `${missing}/${total} amounts not read`);
}

async function photoCanvas() {
  const img = await loadImage(Buffer.from(corpusBytes('PNB/PNB_photo.png')));
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  return c;
}

test('a photo taken sideways (no EXIF) is turned upright and read', async () => {
  const sideways = rotateCanvas(await photoCanvas(), 90);
  const [page] = await readPages(new Uint8Array(await sideways.encode('png')));
  assert.ok(page.height > page.width, 'portrait once turned');
  assertRead(page.words, 'PNB/PNB_photo.truth.json');
});

test('an upside-down photo is turned and read', async () => {
  const upsideDown = rotateCanvas(await photoCanvas(), 180);
  const [page] = await readPages(new Uint8Array(await upsideDown.encode('png')));
  assertRead(page.words, 'PNB/PNB_photo.truth.json');
});

test('a phone JPEG stored sideways with EXIF orientation 6 is read upright', async () => {
  // pixels turned a quarter anticlockwise; orientation 6 tells the viewer to turn them clockwise
  const stored = rotateCanvas(await photoCanvas(), 270);
  const jpeg = withOrientation(await stored.encode('jpeg', 95), 6);
  const [page] = await readPages(new Uint8Array(jpeg));
  assert.ok(page.height > page.width);
  assertRead(page.words, 'PNB/PNB_photo.truth.json');
});

test('a very large image (600 dpi A4) is read at ~300 dpi', async () => {
  const src = await photoCanvas();
  const big = createCanvas(src.width * 4, src.height * 4);
  big.getContext('2d').drawImage(src, 0, 0, big.width, big.height);
  const started = Date.now();
  const [page] = await readPages(new Uint8Array(await big.encode('png')));
  assertRead(page.words, 'PNB/PNB_photo.truth.json');
  assert.ok(Date.now() - started < 15_000, 'no slower than a normal page');
});

test('an image-only PDF page turned with qpdf --rotate=+90 is read', { skip: noQpdf }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-ocr-'));
  try {
    const out = path.join(dir, 'turned.pdf');
    execFileSync('qpdf', ['--rotate=+90', path.join(CORPUS, 'BOB/BOB_scanned.pdf'), out]);
    const [page] = await readPages(new Uint8Array(readFileSync(out)));
    assert.equal(page.ocr, true);
    assertRead(page.words, 'BOB/BOB_scanned.truth.json');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a two-page scan is read by two recognisers side by side', { skip: noQpdf }, async () => {
  await closeOcr();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-ocr-'));
  try {
    const out = path.join(dir, 'two.pdf');
    const scans = ['BOB/BOB_scanned.pdf', 'PNB/PNB_scanned.pdf'].map((f) => path.join(CORPUS, f));
    execFileSync('qpdf', ['--empty', '--pages', ...scans, '--', out]);
    const pages = await readPages(new Uint8Array(readFileSync(out)));
    assert.equal(pages.length, 2);
    assert.equal(await ocrWorkers(), Math.min(2, os.availableParallelism()));
    assertRead(pages[0].words, 'BOB/BOB_scanned.truth.json');
    assertRead(pages[1].words, 'PNB/PNB_scanned.truth.json');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a one-page scan starts one recogniser only', async () => {
  await closeOcr();
  await readPages(corpusBytes('PNB/PNB_scanned.pdf'));
  assert.equal(await ocrWorkers(), 1);
});
