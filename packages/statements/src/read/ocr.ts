// OCR with tesseract.js, fully offline: the traineddata comes from the @tesseract.js-data/eng package.
// One recogniser per thread, created on first use and reused across pages and jobs (start-up costs
// ~0.3 s); `closeOcr` ends it. Words come back with their boxes so the table reader can use
// positions exactly as for a text layer.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';
import { StatementError } from '../errors.ts';
import type { Page, Word } from '../source.ts';

const LANG_DIR = '4.0.0_best_int';
const START_TIMEOUT_MS = 20_000;
/** Page units for OCR'd images: as wide as an A4 page in PDF points, so tolerances match text PDFs. */
export const IMAGE_PAGE_WIDTH = 595.28;

function langPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), LANG_DIR);
}

let scheduler: Promise<Scheduler> | null = null;

async function startScheduler(): Promise<Scheduler> {
  const dir = langPath();
  // A wrong langPath makes tesseract.js hang instead of failing, so check first and time-box start-up.
  if (!existsSync(path.join(dir, 'eng.traineddata.gz'))) {
    throw new StatementError('INTERNAL', { logMessage: `OCR language data missing at ${dir}` });
  }
  const s = createScheduler();
  const worker = await withTimeout(
    createWorker('eng', OEM.LSTM_ONLY, { langPath: dir, gzip: true, cacheMethod: 'none' }),
    START_TIMEOUT_MS,
    'OCR start-up timed out',
  );
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '1',
  });
  s.addWorker(worker);
  return s;
}

function getScheduler(): Promise<Scheduler> {
  if (!scheduler) {
    scheduler = startScheduler();
    scheduler.catch(() => {
      scheduler = null;
    });
  }
  return scheduler;
}

export async function closeOcr(): Promise<void> {
  const s = scheduler;
  scheduler = null;
  if (s) await (await s.catch(() => null))?.terminate();
}

function withTimeout<T>(p: Promise<T>, ms: number, log: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StatementError('TIMEOUT', { logMessage: log })), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Grey scale + global threshold. Scans are light text on a slightly uneven background; a clean
 * black-on-white image reads noticeably better with the LSTM model.
 */
function binarise(canvas: Canvas): void {
  const ctx = canvas.getContext('2d');
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const d = img.data;
  const hist = new Uint32Array(256);
  for (let i = 0; i < d.length; i += 4) {
    const g = (d[i] * 299 + d[i + 1] * 587 + d[i + 2] * 114) / 1000;
    d[i] = g;
    hist[d[i]]++;
  }
  const t = otsu(hist, d.length / 4);
  for (let i = 0; i < d.length; i += 4) {
    const v = d[i] > t ? 255 : 0;
    d[i] = d[i + 1] = d[i + 2] = v;
    d[i + 3] = 255;
  }
  removeRules(d, canvas.width, canvas.height);
  ctx.putImageData(img, 0, 0);
}

/**
 * Table ruling lines confuse the recogniser (read as `|`, `[`, or whole cells dropped). Whiten every
 * black run longer than any glyph stroke: horizontally and vertically. Works on the binarised
 * RGBA data, where a black pixel has red channel 0.
 */
function removeRules(d: Uint8ClampedArray, width: number, height: number): void {
  const minRun = Math.max(60, Math.round(width / 40));
  const black = new Uint8Array(width * height);
  for (let i = 0; i < black.length; i++) black[i] = d[i * 4] === 0 ? 1 : 0;
  const wipe = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && black[y * width + x] === 1;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= minRun) for (let k = start; k < x; k++) wipe[y * width + k] = 1;
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && black[y * width + x] === 1;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start >= minRun) for (let k = start; k < y; k++) wipe[k * width + x] = 1;
        start = -1;
      }
    }
  }
  for (let i = 0; i < wipe.length; i++) {
    if (wipe[i]) d[i * 4] = d[i * 4 + 1] = d[i * 4 + 2] = 255;
  }
}

function otsu(hist: Uint32Array, total: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    wB += hist[i];
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += i * hist[i];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

export interface OcrOptions {
  /** binarise before recognition (default true) */
  binarise?: boolean;
}

/**
 * Recognise a rendered page. `unitsPerPixel` scales the word boxes back to page units.
 */
export async function ocrCanvas(
  canvas: Canvas,
  unitsPerPixel: number,
  opts: OcrOptions = {},
): Promise<Word[]> {
  if (opts.binarise !== false) binarise(canvas);
  const png = await canvas.encode('png');
  const s = await getScheduler();
  const { data } = await s.addJob('recognize', png, {}, { blocks: true, text: false });
  const words: Word[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        for (const w of line.words as TessWord[]) {
          const text = w.text.trim();
          if (!text) continue;
          words.push({
            text,
            x: w.bbox.x0 * unitsPerPixel,
            y: w.bbox.y0 * unitsPerPixel,
            width: (w.bbox.x1 - w.bbox.x0) * unitsPerPixel,
            height: (w.bbox.y1 - w.bbox.y0) * unitsPerPixel,
          });
        }
      }
    }
  }
  return words;
}

/** Longest side of an image we are willing to decode (a 600 dpi A3 scan is ~9900 px). */
const MAX_IMAGE_SIDE = 12_000;

/** OCR a PNG or JPEG photo/scan of one statement page. */
export async function readImage(bytes: Uint8Array, opts: OcrOptions = {}): Promise<Page> {
  let img;
  try {
    img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    throw new StatementError('UNREADABLE', {
      userMessage: 'The image is damaged and cannot be read.',
      logMessage: 'image decode failed',
    });
  }
  if (!img.width || !img.height) {
    throw new StatementError('UNREADABLE', { logMessage: 'image has no pixels' });
  }
  if (img.width > MAX_IMAGE_SIDE || img.height > MAX_IMAGE_SIDE) {
    throw new StatementError('TOO_LARGE', {
      userMessage: 'The image is too large. Please upload a smaller scan or photo.',
      logMessage: `image ${img.width}x${img.height}`,
    });
  }
  // Small photos read badly; bring the page to roughly 300 dpi for A4 (~2480 px wide).
  const scale = img.width < 1800 ? 2 : 1;
  const canvas = createCanvas(img.width * scale, img.height * scale);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const unitsPerPixel = IMAGE_PAGE_WIDTH / canvas.width;
  const words = await ocrCanvas(canvas, unitsPerPixel, opts);
  return {
    number: 1,
    width: IMAGE_PAGE_WIDTH,
    height: canvas.height * unitsPerPixel,
    words,
    ocr: true,
  };
}
