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
 * The canvas as an 8-bit grey image, thresholded (Otsu) to black on white, ruling lines removed.
 * Scans are dark text on a slightly uneven background; a clean black-on-white image reads
 * noticeably better with the LSTM model.
 */
function greyImage(canvas: Canvas, threshold: boolean): Uint8Array {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const grey = new Uint8Array(canvas.width * canvas.height);
  const hist = new Uint32Array(256);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) {
    const g = (data[i] * 299 + data[i + 1] * 587 + data[i + 2] * 114) / 1000;
    grey[p] = g;
    hist[grey[p]]++;
  }
  if (!threshold) return grey;
  const t = otsu(hist, grey.length);
  for (let p = 0; p < grey.length; p++) grey[p] = grey[p] > t ? 255 : 0;
  removeRules(grey, canvas.width, canvas.height);
  return grey;
}

/**
 * Table ruling lines confuse the recogniser (read as `|`, `[`, or whole cells dropped). Whiten every
 * black run longer than any glyph stroke, horizontally and vertically.
 */
function removeRules(grey: Uint8Array, width: number, height: number): void {
  const minRun = Math.max(60, Math.round(width / 40));
  const wipe = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && grey[y * width + x] === 0;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= minRun) wipe.fill(1, y * width + start, y * width + x);
        start = -1;
      }
    }
  }
  for (let x = 0; x < width; x++) {
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const on = y < height && grey[y * width + x] === 0;
      if (on && start < 0) start = y;
      if (!on && start >= 0) {
        if (y - start >= minRun) for (let k = start; k < y; k++) wipe[k * width + x] = 1;
        start = -1;
      }
    }
  }
  for (let i = 0; i < wipe.length; i++) if (wipe[i]) grey[i] = 255;
}

/** A binary PGM (P5): tesseract reads it directly, and it costs nothing to encode, unlike PNG. */
function pgm(grey: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  return Buffer.concat([header, grey]);
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
  const grey = greyImage(canvas, opts.binarise !== false);
  const image = pgm(grey, canvas.width, canvas.height);
  const s = await getScheduler();
  const { data } = await s.addJob('recognize', image, {}, { blocks: true, text: false });
  const lines: TessLine[] = [];
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) lines.push(...(para.lines as TessLine[]));
  }
  const slope = skewSlope(lines);
  // Rotate word boxes by the page's skew so that a printed row has one y across the page: the
  // table reader groups rows by y, and a 1° skew moves a row by a line height across an A4 page.
  const cos = 1 / Math.sqrt(1 + slope * slope);
  const sin = slope * cos;
  const words: Word[] = [];
  for (const line of lines) {
    for (const w of line.words) {
      const text = cleanWord(w.text);
      if (!text) continue;
      const cx = (w.bbox.x0 + w.bbox.x1) / 2;
      const cy = (w.bbox.y0 + w.bbox.y1) / 2;
      const rx = cx * cos + cy * sin;
      const ry = cy * cos - cx * sin;
      const width = w.bbox.x1 - w.bbox.x0;
      const height = w.bbox.y1 - w.bbox.y0;
      words.push({
        text,
        x: (rx - width / 2) * unitsPerPixel,
        y: (ry - height / 2) * unitsPerPixel,
        width: width * unitsPerPixel,
        height: height * unitsPerPixel,
      });
    }
  }
  return words;
}

/**
 * Remains of ruling lines and scan specks stick to words as quotes, bars and brackets
 * (`"01/05/2023`, `4,460.02|`). Bank narrations do not start with those, so strip them.
 */
export function cleanWord(raw: string): string {
  return raw
    .trim()
    .replace(/^[|"'‘’“”`[\]{}]+/, '')
    .replace(/[|[\]{}‘’“”`]+$/, '');
}

interface TessLine {
  words: TessWord[];
  baseline: { x0: number; y0: number; x1: number; y1: number };
}

/** Median baseline slope (dy/dx) of the long text lines; 0 when there are too few to tell. */
export function skewSlope(lines: TessLine[]): number {
  const slopes: number[] = [];
  for (const l of lines) {
    const dx = l.baseline.x1 - l.baseline.x0;
    if (dx < 300) continue;
    const s = (l.baseline.y1 - l.baseline.y0) / dx;
    if (Math.abs(s) < 0.1) slopes.push(s);
  }
  if (slopes.length < 3) return 0;
  slopes.sort((a, b) => a - b);
  return slopes[Math.floor(slopes.length / 2)];
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
