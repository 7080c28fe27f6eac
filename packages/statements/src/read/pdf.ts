// PDF reader: text-layer words with positions (pdf.js), OCR for pages without a text layer,
// passwords, and a refusal of damaged or incomplete files (a partial statement is worse than none).
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import {
  getDocument,
  OPS,
  PasswordException,
  PasswordResponses,
  type PDFDocumentLoadingTask,
  type PDFPageProxy,
  type PageViewport,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { StatementError, errorKind } from '../errors.ts';
import type { Page, Word } from '../source.ts';
import { ocrCanvas, warmOcr, type OcrPage } from './ocr.ts';

/** Render scale for OCR: 300 dpi. */
const OCR_DPI = 300;
/** Rendered pages waiting for or in recognition: one per recogniser, plus one being queued. */
const MAX_PAGES_IN_FLIGHT = 3;
/** A page bigger than this (in points, ~A0) is not a statement page; rendering it would eat memory. */
const MAX_PAGE_SIDE = 3400;
export const MAX_PDF_PAGES = 2000;

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface PdfReadOptions {
  password?: string;
  /** called once the page count is known (the worker uses it to set the job's time limit) */
  onPageCount?: (pages: number) => void;
  /** run OCR on pages without text (default true) */
  ocr?: boolean;
}

export interface PdfReadResult {
  pages: Page[];
  pageCount: number;
  format: 'pdf' | 'pdf-scanned';
}

function open(data: Uint8Array, password: string | undefined): PDFDocumentLoadingTask {
  return getDocument({
    // pdf.js may detach the buffer it is given; give it its own copy.
    data: new Uint8Array(data),
    password: password || undefined,
    verbosity: 0,
    // Fail on damaged content streams instead of quietly returning part of a page.
    stopAtErrors: true,
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl: path.join(pdfjsDir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsDir, 'cmaps') + path.sep,
    wasmUrl: path.join(pdfjsDir, 'wasm') + path.sep,
  });
}

const UNREADABLE_PDF = 'The PDF is damaged or incomplete and cannot be read.';

/** Structure checks pdf.js would paper over by rebuilding the file: a header, and an end. */
function checkStructure(data: Uint8Array): void {
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) {
    throw new StatementError('UNSUPPORTED', {
      userMessage: 'The file is not a PDF.',
      logMessage: 'pdf: no %PDF- header',
    });
  }
  const tail = Buffer.from(data.subarray(Math.max(0, data.length - 2048))).toString('latin1');
  if (!tail.includes('%%EOF') || !tail.includes('startxref')) {
    throw new StatementError('UNREADABLE', {
      userMessage: UNREADABLE_PDF,
      logMessage: 'pdf: no startxref/%%EOF at the end (truncated)',
    });
  }
}

function mapOpenError(err: unknown, password: string | undefined): StatementError {
  if (err instanceof StatementError) return err;
  if (err instanceof PasswordException || (err as Error)?.name === 'PasswordException') {
    const code = (err as { code?: number }).code;
    if (code === PasswordResponses.INCORRECT_PASSWORD && password) {
      return new StatementError('WRONG_PASSWORD', { logMessage: 'pdf: incorrect password' });
    }
    return new StatementError('PASSWORD_REQUIRED', { logMessage: 'pdf: password required' });
  }
  return new StatementError('UNREADABLE', {
    userMessage: UNREADABLE_PDF,
    logMessage: `pdf: open failed (${errorKind(err)})`,
  });
}

/** Does this PDF need a user password? */
export async function pdfNeedsPassword(data: Uint8Array): Promise<boolean> {
  const task = open(data, undefined);
  try {
    await task.promise;
    return false;
  } catch (err) {
    const mapped = mapOpenError(err, undefined);
    if (mapped.code === 'PASSWORD_REQUIRED') return true;
    throw mapped;
  } finally {
    await task.destroy();
  }
}

/** Counter-clockwise angle of a text run in PDF space (y up), to the nearest quarter turn. */
function quarterTurn(tr: number[]): number {
  const deg = (Math.atan2(tr[1], tr[0]) * 180) / Math.PI;
  return (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
}

/**
 * The page turned so that most of its text reads left to right. A scanner that stores a page
 * sideways and sets /Rotate, or a page turned later (qpdf --rotate) with its text upright in the
 * content, both come out in the text's own reading frame: the table reader needs rows across.
 */
function readingRotation(items: TextItem[]): number {
  const weight = new Map<number, number>();
  for (const it of items) {
    if (!('str' in it) || it.str.trim() === '') continue;
    const q = quarterTurn(it.transform);
    weight.set(q, (weight.get(q) ?? 0) + it.str.length);
  }
  let best = 0;
  let most = 0;
  for (const [q, w] of weight) {
    if (w > most) {
      best = q;
      most = w;
    }
  }
  return best;
}

function textWords(items: TextItem[], vp: PageViewport): Word[] {
  const words: Word[] = [];
  for (const item of items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const tr = item.transform;
    // font size along the text's up direction, whatever way the run is turned
    const h = Math.hypot(tr[2], tr[3]) || item.height;
    const [x, baseline] = vp.convertToViewportPoint(tr[4], tr[5]);
    words.push({
      text: item.str.trim() === item.str ? item.str : item.str.trim(),
      x,
      y: baseline - h,
      width: item.width,
      height: h,
    });
  }
  return words;
}

/** The page as the reader sees it (its /Rotate applied), on white, at OCR resolution. */
async function renderForOcr(page: PDFPageProxy): Promise<Canvas> {
  const vp = page.getViewport({ scale: OCR_DPI / 72 });
  const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types want DOM canvases; @napi-rs/canvas implements the same interface.
  type RenderParams = Parameters<typeof page.render>[0];
  await page.render({
    canvas: canvas as unknown as RenderParams['canvas'],
    canvasContext: ctx as unknown as RenderParams['canvasContext'],
    viewport: vp,
  }).promise;
  return canvas;
}

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
]);

/** A page without text is worth OCR only if it draws an image (a blank page is just blank). */
async function hasImages(page: PDFPageProxy): Promise<boolean> {
  const ops = await page.getOperatorList();
  return ops.fnArray.some((fn) => IMAGE_OPS.has(fn));
}

export async function readPdf(data: Uint8Array, opts: PdfReadOptions = {}): Promise<PdfReadResult> {
  checkStructure(data);
  const task = open(data, opts.password);
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      throw mapOpenError(err, opts.password);
    }
    const pageCount = doc.numPages;
    if (pageCount < 1) {
      throw new StatementError('UNREADABLE', {
        userMessage: 'The PDF has no pages.',
        logMessage: 'pdf: 0 pages',
      });
    }
    if (pageCount > MAX_PDF_PAGES) {
      throw new StatementError('TOO_LARGE', {
        userMessage: `The PDF has ${pageCount} pages; at most ${MAX_PDF_PAGES} can be processed at once.`,
        logMessage: `pdf: ${pageCount} pages`,
      });
    }
    opts.onPageCount?.(pageCount);
    const pages: Page[] = [];
    // OCR runs in the recognisers' threads: while one page is recognised, the next is read and
    // rendered here. At most this many rendered pages wait, to bound memory (~45 MB each).
    const inFlight: Promise<void>[] = [];
    const pageFailed = (n: number, err: unknown): StatementError =>
      err instanceof StatementError
        ? err
        : new StatementError('UNREADABLE', {
            userMessage: UNREADABLE_PDF,
            logMessage: `pdf: page ${n} failed (${errorKind(err)})`,
          });
    let failure: StatementError | null = null;
    for (let n = 1; n <= pageCount && !failure; n++) {
      try {
        const page = await doc.getPage(n);
        const unturned = page.getViewport({ scale: 1, rotation: 0 });
        if (unturned.width > MAX_PAGE_SIDE || unturned.height > MAX_PAGE_SIDE) {
          throw new StatementError('TOO_LARGE', {
            userMessage: 'A page of the PDF is too large to be a statement page.',
            logMessage: `pdf: page ${n} is ${Math.round(unturned.width)}x${Math.round(unturned.height)} pt`,
          });
        }
        const items = (await page.getTextContent()).items as TextItem[];
        const vp = page.getViewport({ scale: 1, rotation: readingRotation(items) });
        const words = textWords(items, vp);
        const entry: Page = { number: n, width: vp.width, height: vp.height, words };
        pages.push(entry);
        if (words.length === 0 && opts.ocr !== false && (await hasImages(page))) {
          warmOcr();
          const canvas = await renderForOcr(page);
          page.cleanup();
          const job = ocrCanvas(canvas, 72 / OCR_DPI).then(
            (r: OcrPage) => {
              Object.assign(entry, { width: r.width, height: r.height, words: r.words, ocr: true });
            },
            (err: unknown) => {
              failure ??= pageFailed(n, err);
            },
          );
          inFlight.push(job);
          void job.finally(() => inFlight.splice(inFlight.indexOf(job), 1));
          if (inFlight.length >= MAX_PAGES_IN_FLIGHT) await Promise.race(inFlight);
        } else {
          page.cleanup();
        }
      } catch (err) {
        failure ??= pageFailed(n, err);
      }
    }
    await Promise.all(inFlight);
    if (failure) throw failure;
    const scanned = pages.some((p) => p.ocr);
    return { pages, pageCount, format: scanned ? 'pdf-scanned' : 'pdf' };
  } finally {
    await task.destroy();
  }
}

/**
 * One page rendered as the reader sees it (its /Rotate applied), for OCR, tests and tools. Uses the
 * same pdf.js set-up as readPdf, so JPEG 2000 (openjpeg.wasm) and JBIG2 images decode the same way.
 */
export async function renderPdfPage(
  data: Uint8Array,
  n: number,
  opts: { password?: string } = {},
): Promise<Canvas> {
  checkStructure(data);
  const task = open(data, opts.password);
  try {
    const doc = await task.promise.catch((err: unknown) => {
      throw mapOpenError(err, opts.password);
    });
    const page = await doc.getPage(n);
    const canvas = await renderForOcr(page);
    page.cleanup();
    return canvas;
  } finally {
    await task.destroy();
  }
}

/** Back-compatible helper: the pages of a PDF. */
export async function readPdfPages(data: Uint8Array, password?: string): Promise<Page[]> {
  return (await readPdf(data, { password })).pages;
}
