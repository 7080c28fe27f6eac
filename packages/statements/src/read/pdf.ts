// PDF reader: text-layer words with positions (pdf.js), OCR for pages without a text layer,
// passwords, and a refusal of damaged or incomplete files (a partial statement is worse than none).
// OCR (tesseract.js) and the canvas it renders into are loaded only when a page needs them.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import type {
  PDFDocumentLoadingTask,
  PDFDocumentProxy,
  PDFPageProxy,
  PageViewport,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { StatementError, errorKind } from '../errors.ts';
import type { Page, Word } from '../source.ts';
import { garbageText } from '../scan/garbage-text.ts';
import { blowUpAt, type Grey, greyAt, greyFromRgba, greyFromRgbAt } from '../scan/grey.ts';
import { type PageJpeg, pageJpeg } from '../scan/page-jpeg.ts';
import { paiseFigureEnds, pointsLost } from '../scan/words.ts';
import { checkPdfStreams } from './pdf-streams.ts';
import { getDocument, OPS, PasswordException, PasswordResponses, pdfWorker } from './pdfjs.ts';
import { keepPdfjsCode } from './pdfjs-load.ts';

/**
 * OCR renders a page at 300 dpi: scans of 150-200 dpi read better blown up to it (our 150 dpi scans
 * lost a fifth of their rows at 200), and more detail only slows the recogniser down ...
 */
const OCR_DPI = 300;
/**
 * ... and at no more pixels than a Legal page (8.5 x 14 in, the largest paper statements come on)
 * at 300 dpi: a recogniser's memory grows with the pixels it is given, and never shrinks. A page
 * of HDFC's classic statement (11 x 13.7 in) is rendered at ~270 dpi.
 */
const OCR_MAX_PIXELS = 8.5 * 14 * OCR_DPI * OCR_DPI;
/** A page bigger than this (in points, ~A0) is not a statement page; rendering it would eat memory. */
const MAX_PAGE_SIDE = 3400;
export const MAX_PDF_PAGES = 2000;
/** Pixels of the largest image pdf.js decodes (a 600 dpi A3 scan is ~70 M); bigger ones are skipped. */
const MAX_IMAGE_PIXELS = 80_000_000;

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface PdfReadOptions {
  password?: string;
  /** called once the page count is known (the worker uses it to set the job's time limit) */
  onPageCount?: (pages: number) => void;
  /** run OCR on pages without text (default true) */
  ocr?: boolean;
  /** keep a small picture of each OCR'd page, for the strips of unsure rows (default true) */
  preview?: boolean;
  /**
   * Offer the pages to other readers (the reader pool sets this; it decides whether the PDF is
   * long enough to be worth it). Called once, with the page count; returns where this reader
   * claims its pages from (shared with the helpers) and the pages the helpers read, null when
   * none helped. Returning null reads every page here.
   */
  share?: (pageCount: number) => { claims: PageClaims; part: Promise<PdfPart | null> } | null;
}

export interface PdfReadResult {
  pages: Page[];
  pageCount: number;
  format: 'pdf' | 'pdf-scanned';
  /** pages read by a helper thread (0 when read here alone) */
  sharedPages: number;
}

function open(data: Uint8Array, password: string | undefined): PDFDocumentLoadingTask {
  return getDocument({
    // pdf.js may detach the buffer it is given; give it its own copy.
    data: new Uint8Array(data),
    password: password || undefined,
    verbosity: 0,
    // one worker half per thread, shared by its documents, its text handed over uncopied (pdfjs.ts)
    worker: pdfWorker(),
    // Fail on damaged content streams instead of quietly returning part of a page.
    stopAtErrors: true,
    disableFontFace: true,
    // Standard 14 fonts (not embedded) are not loaded from standard_fonts/: text extraction needs
    // only their built-in metrics, and loading the font program cost ~4 ms per document.
    useSystemFonts: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // Decoded bytes are bounded (issue 18): no image bigger than this is decoded.
    maxImageSize: MAX_IMAGE_PIXELS,
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
  // Opening decodes the cross-reference and object streams: bound them first.
  checkPdfStreams(data);
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
  if (tr[1] === 0 && tr[0] > 0) return 0; // upright, as nearly every run is: no atan2
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

// pdf.js (edited: read/pdfjs-load.ts, "word boxes") ends a text item at every gap it would have
// filled with a space. Its stock build joined gaps of up to this many ems into one item, as a space:
// the reader still joins them, so a run is what it always was, but each word keeps its own place.
const STOCK_SPACE_MAX_EM = 0.6;

/** A run being joined: its first item, its words' texts and their edges along the text. */
interface OpenRun {
  first: TextItem;
  /** unit vector of the text's direction, PDF space */
  ux: number;
  uy: number;
  h: number;
  texts: string[];
  /** start and end of each word, along the text from the first item's origin */
  edges: number[];
}

function joinable(run: OpenRun, item: TextItem): number | null {
  const tr = item.transform;
  const len = Math.hypot(tr[0], tr[1]);
  if (len === 0 || Math.abs(tr[0] / len - run.ux) > 1e-3 || Math.abs(tr[1] / len - run.uy) > 1e-3)
    return null;
  const o = run.first.transform;
  const dx = tr[4] - o[4];
  const dy = tr[5] - o[5];
  const along = dx * run.ux + dy * run.uy;
  const across = dy * run.ux - dx * run.uy;
  const gap = along - run.edges[run.edges.length - 1]!;
  // pdf.js ends a line where the text moves across by more than its height; half of it is another
  // line of a table already (SBI draws a date's year that close above the narration's next line)
  if (Math.abs(across) > 0.5 * run.h || gap <= 0 || gap > STOCK_SPACE_MAX_EM * run.h + 1e-6) return null;
  return along;
}

/**
 * An item's words into the run. An item of several words (a space glyph narrower than pdf.js's
 * least gap) places them by character count: the one place an edge is estimated.
 */
function addWords(run: OpenRun, text: string, at: number, width: number): void {
  const parts = text.split(/\s+/);
  const per = width / Math.max(text.length, 1);
  let i = 0;
  for (const p of parts) {
    run.texts.push(p);
    run.edges.push(at + i * per, at + (i + p.length) * per);
    i += p.length + 1;
  }
  if (parts.length === 1) run.edges[run.edges.length - 1] = at + width;
}

function textWords(items: TextItem[], vp: PageViewport): Word[] {
  const words: Word[] = [];
  // vp.convertToViewportPoint, inlined (same arithmetic): it allocates two arrays per run.
  const [a, b, c, d, e, f] = vp.transform;
  let open: OpenRun | null = null;
  const close = (run: OpenRun) => {
    const tr = run.first.transform;
    const px = tr[4];
    const py = tr[5];
    const x = px * a + py * c + e;
    const word: Word = {
      text: run.texts.join(' '),
      x,
      y: px * b + py * d + f - run.h,
      width: run.edges[run.edges.length - 1]!,
      height: run.h,
    };
    if (run.texts.length > 1) word.edges = run.edges.map((at) => x + at);
    words.push(word);
  };
  for (const item of items) {
    if (!('str' in item)) continue;
    const text = item.str.trim();
    if (text === '') continue;
    const at = open ? joinable(open, item) : null;
    if (open && at !== null) {
      addWords(open, text, at, item.width);
      continue;
    }
    if (open) close(open);
    const tr = item.transform;
    const len = Math.hypot(tr[0], tr[1]) || 1;
    // font size along the text's up direction, whatever way the run is turned
    const h = Math.hypot(tr[2], tr[3]) || item.height;
    open = { first: item, ux: tr[0] / len, uy: tr[1] / len, h, texts: [], edges: [] };
    addWords(open, text, 0, item.width);
  }
  if (open) close(open);
  return words;
}

/** The resolution to render a page of `widthPt` x `heightPt` points at for OCR. */
export function ocrDpi(widthPt: number, heightPt: number): number {
  const pixels = ((widthPt * OCR_DPI) / 72) * ((heightPt * OCR_DPI) / 72);
  return pixels > OCR_MAX_PIXELS ? OCR_DPI * Math.sqrt(OCR_MAX_PIXELS / pixels) : OCR_DPI;
}

/** The page as the reader sees it (its /Rotate applied), on white, at `dpi`. */
export async function renderForOcr(page: PDFPageProxy, dpi: number): Promise<Canvas> {
  const vp = page.getViewport({ scale: dpi / 72 });
  const { createCanvas } = await import('@napi-rs/canvas');
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

/**
 * Whether a scanned page that is one JPEG is decoded natively (drawJpeg) rather than by pdf.js.
 * Off: libjpeg-turbo's luma IDCT rounds a level darker than pdf.js's decoder on 0.05-0.3% of a quiet
 * page's pixels and ~7% of a speckled or photographed one's (decision 041, session 20: not the
 * chroma, the colour transform or the drawing), and the recogniser reads a few glyphs otherwise.
 * On the scan bench's 4 a class (session 19's reads) that cost 1,300 -> 1,294 of 1,379 rows then,
 * and with session 20's parse 1,357 -> 1,355 (photo ICICI 7943 11 -> 9/28, every other class the
 * same). The brief kept the change only if no class lost a row. It saves ~0.3 s of CPU a page
 * (main thread 733 -> 459 ms a page over 9 bench pages).
 */
const NATIVE_JPEG = false;

/** pdf.js's own JPEG decoder, as its worker runs it (its image_decoders build: the same code). */
interface JpegDecoder {
  parse(data: Uint8Array): void;
  getData(opts: { width: number; height: number; forceRGB: boolean }): Uint8ClampedArray | Uint8Array;
  numComponents: number;
  /**
   * after parse: each component's samples (128 is no colour for Cb and Cr), in 8 x 8 blocks, a
   * row of blocksPerLine + 1 of them (the last, and the rows past blocksPerColumn, padding)
   */
  components: { output: ArrayLike<number>; blocksPerLine: number; blocksPerColumn: number }[];
  /** whether the three components are Y, Cb and Cr (not R, G, B) */
  readonly _isColorConversionNeeded: boolean;
}

/**
 * The page's grey straight from a parsed JPEG's Y plane, when its colour planes carry no colour
 * (Cb and Cr 128 everywhere: a grey page saved in colour, as a scanner or a phone writes it), or it
 * has one component: then pdf.js's RGB is Y three times (R and B exactly, G within 0.035) and its
 * weighed grey is Y, byte for byte, without the colour planes laid out, the RGB converted and
 * weighed back (~65 ms of a 300 dpi page's ~130 after the parse: decision 041, session 24). Null
 * for a page with colour: it is weighed from RGB as before. (Mutates the decoder: use it once.)
 */
export function lumaPlane(decoder: JpegDecoder, width: number, height: number): Uint8ClampedArray | null {
  if (decoder.numComponents === 3) {
    if (!decoder._isColorConversionNeeded) return null;
    for (const c of decoder.components.slice(1))
      for (let row = 0; row < c.blocksPerColumn; row++)
        for (let i = 64 * (c.blocksPerLine + 1) * row, end = i + 64 * c.blocksPerLine; i < end; i++)
          if (c.output[i] !== 128) return null;
    decoder.components = decoder.components.slice(0, 1);
    decoder.numComponents = 1;
  } else if (decoder.numComponents !== 1) return null;
  const y = decoder.getData({ width, height, forceRGB: false });
  return y.length === width * height ? (y as Uint8ClampedArray) : null;
}
let jpegImage: Promise<new (opts: { colorTransform?: number }) => JpegDecoder> | null = null;
const JPEG_DECODERS = 'pdfjs-dist/image_decoders/pdf.image_decoders.min.mjs';

/**
 * A page that is one JPEG drawn pixel for pixel at `dpi` (a 300 dpi scan rendered at 300 dpi), as
 * the grey the recogniser reads: decoded by pdf.js's own decoder (JpegImage, the code its worker
 * runs), the very bytes renderForOcr's canvas gives (greyFromRgba; a column or row of white where
 * the canvas's size rounds up), without pdf.js putting the pixels into a canvas, drawing that onto
 * the page's and the page read back: ~0.2 s of CPU of a 300 dpi page (decision 041, session 22).
 * A JPEG pdf.js blows up by more than PDFJS_SMOOTH_SCALE (a 150 or 200 dpi scan rendered at 300) is
 * drawn by the nearest pixel, onto whole device pixels from the page's corner
 * (drawImageAtIntegerCoords): blown up by 2 or 1.5, its grey is blown up here so (blowUpAt), the
 * same bytes (decision 041, session 23; a side of an odd number of pixels too, session 25). Null
 * otherwise (another factor; a 240 dpi scan, smoothed: the canvas's own filter drawn here saved no
 * CPU, session 25): pdf.js then draws it.
 */
export async function jpegGrey(jpeg: PageJpeg, page: PDFPageProxy, dpi: number): Promise<Grey | null> {
  const vp = page.getViewport({ scale: dpi / 72 });
  const by = (k: number) =>
    Math.abs(vp.width - k * jpeg.width) <= 0.01 && Math.abs(vp.height - k * jpeg.height) <= 0.01;
  const same = by(1);
  // blown up by 2 or by 1.5 (150 or 200 dpi drawn at 300), onto the whole pixels pdf.js draws it on
  // (drawnAt): where the canvas's nearest pixel is matched byte for byte
  const drawn = same ? null : by(2) || by(1.5) ? await drawnAt(jpeg, vp) : null;
  if (!same && !drawn) return null;
  jpegImage ??= import(JPEG_DECODERS).then((m: { JpegImage: never }) => m.JpegImage);
  let rgb: Uint8ClampedArray | Uint8Array | null = null;
  let luma: Uint8ClampedArray | null = null;
  try {
    const decoder = new (await jpegImage)({});
    decoder.parse(jpeg.data);
    luma = lumaPlane(decoder, jpeg.width, jpeg.height);
    if (!luma) rgb = decoder.getData({ width: jpeg.width, height: jpeg.height, forceRGB: true });
  } catch {
    return null;
  }
  if (!luma && rgb?.length !== jpeg.width * jpeg.height * 3) return null;
  const [outWidth, outHeight] = [Math.ceil(vp.width), Math.ceil(vp.height)];
  const weigh = (w: number, h: number) =>
    luma ? greyAt(luma, jpeg.width, jpeg.height, w, h) : greyFromRgbAt(rgb!, jpeg.width, jpeg.height, w, h);
  if (same || !drawn) return weigh(outWidth, outHeight);
  return blowUpAt(weigh(jpeg.width, jpeg.height), drawn.width, drawn.height, outWidth, outHeight);
}

/**
 * The pixels pdf.js draws a page's one image onto, at the page's top left (drawImageAtIntegerCoords:
 * its corners rounded to whole pixels), worked out as pdf.js works them out: the viewport's and the
 * content's matrices applied to a canvas in turn, in the canvas's own arithmetic (single precision),
 * then the image's unit square. A side of half a pixel is rounded either way by it: a 200 dpi JPEG
 * 2339 px wide, drawn at 300 on 3508.5 px, is drawn on 3508, its columns by 2339/3508 (decision 041,
 * session 25: an odd side, at 1.5, had been left to pdf.js). Null where the image is not drawn so:
 * turned, flipped, or off the corner.
 */
async function drawnAt(jpeg: PageJpeg, vp: PageViewport): Promise<{ width: number; height: number } | null> {
  if (!jpeg.cms) return null;
  const { createCanvas } = await import('@napi-rs/canvas');
  const ctx = createCanvas(1, 1).getContext('2d');
  const m = vp.transform;
  ctx.transform(m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!);
  for (const cm of jpeg.cms) ctx.transform(cm[0]!, cm[1]!, cm[2]!, cm[3]!, cm[4]!, cm[5]!);
  ctx.scale(1 / jpeg.width, -1 / jpeg.height);
  const { a, b, c, d, e, f } = ctx.getTransform();
  if (b !== 0 || c !== 0 || a <= 0 || d <= 0) return null;
  // pdf.js's corners, for the image drawn over (0, -height) to (width, 0) of this matrix
  const [left, top] = [Math.round(e), Math.round(-jpeg.height * d + f)];
  if (left !== 0 || top !== 0) return null;
  return {
    width: Math.abs(Math.round(jpeg.width * a + e) - left) || 1,
    height: Math.abs(Math.round(f) - top) || 1,
  };
}

/**
 * pdf.js draws an image smoothed only when it is drawn at most this many device pixels a pixel
 * (its getImageSmoothingEnabled: CSS pixels a PDF point, at a pixel ratio of 1); blown up more, it
 * takes the nearest pixel.
 */
const PDFJS_SMOOTH_SCALE = Math.fround(96 / 72);

/**
 * A page that is one JPEG (scan/page-jpeg.ts) drawn as renderForOcr would draw it, the JPEG decoded
 * by libjpeg-turbo (@napi-rs/canvas) rather than pdf.js's JavaScript decoder: ~96 ms against ~270
 * ms a 300 dpi page (decision 041, session 19). Drawn as pdf.js draws it (onto whole device pixels,
 * smoothed as pdf.js would smooth it), so that the recogniser sees the pixels it saw before. Null
 * when the JPEG does not decode to the size the PDF says, or is over twice the rendering's
 * resolution (pdf.js then halves it in steps of its own): pdf.js then reads the page as any other.
 */
export async function drawJpeg(jpeg: PageJpeg, page: PDFPageProxy, dpi: number): Promise<Canvas | null> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const vp = page.getViewport({ scale: dpi / 72 });
  const [sx, sy] = [vp.width / jpeg.width, vp.height / jpeg.height];
  if (sx < 0.5 || sy < 0.5) return null;
  let img;
  try {
    img = await loadImage(jpeg.data);
  } catch {
    return null;
  }
  if (img.width !== jpeg.width || img.height !== jpeg.height) return null;
  const canvas = createCanvas(Math.ceil(vp.width), Math.ceil(vp.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.imageSmoothingEnabled = sx <= PDFJS_SMOOTH_SCALE && sy <= PDFJS_SMOOTH_SCALE;
  ctx.drawImage(img, 0, 0, Math.round(vp.width) || 1, Math.round(vp.height) || 1);
  return canvas;
}

// A scan often carries a little text of its own (a scanner's stamp, a page number, a bank's
// footer): a page whose text layer holds no table (fewer dates than this) and few words is read
// from its image when it has one.
const SCAN_MAX_DATES = 3;
const SCAN_MAX_WORDS = 80;
const DATE_LIKE = /\d{1,2}[/.-](?:\d{1,2}|[a-z]{3})[/.-]\d{2,4}|\d{1,2}\s?[a-z]{3}\s?\d{2,4}/i;

function looksScanned(words: Word[]): boolean {
  if (words.length === 0) return true;
  if (words.length > SCAN_MAX_WORDS) return false;
  return words.filter((w) => DATE_LIKE.test(w.text)).length < SCAN_MAX_DATES;
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

/**
 * A buffer pdf.js could not allocate: the reader process's hard memory limit (issue 18) made the
 * allocation fail, and pdf.js passes the RangeError on with its message.
 */
function outOfMemory(err: unknown): boolean {
  return /allocation failed|out of memory/i.test((err as Error | undefined)?.message ?? '');
}

const UNREADABLE_PAGE = (n: number, err: unknown): StatementError =>
  err instanceof StatementError
    ? err
    : outOfMemory(err)
      ? new StatementError('TOO_LARGE', {
          userMessage: 'The file needs too much memory to process.',
          logMessage: `pdf: page ${n} ran out of memory (${errorKind(err)})`,
        })
      : new StatementError('UNREADABLE', {
          userMessage: UNREADABLE_PDF,
          logMessage: `pdf: page ${n} failed (${errorKind(err)})`,
        });

/** A page that failed, and why; of several, the first in page order is reported. */
export interface PageFailure {
  page: number;
  error: StatementError;
}

/** Pages read by one thread of a PDF whose pages are shared between threads. */
export interface PdfPart {
  pages: Page[];
  failure: PageFailure | null;
}

/**
 * Where a reader gets its next page. Pages are claimed one at a time from one counter shared by
 * every reader of the document (the reader pool keeps it when several processes read), so a
 * helper that starts late simply takes fewer pages. Claims only go up, so when each reader stops
 * at its own first failure, the lowest failed page over all readers is the first failure in page
 * order, exactly as reading alone would find it. `next` may answer later (a claim over IPC).
 */
export interface PageClaims {
  next: () => number | null | Promise<number | null>;
  /** no page is handed out any more, to any reader */
  stop: () => void;
}

/** Claims for a reader alone: every page in order. */
function claimer(pageCount: number): PageClaims {
  let last = 0;
  return {
    next: () => (last < pageCount ? ++last : null),
    stop: () => {
      last = pageCount;
    },
  };
}

function firstFailure(...failures: (PageFailure | null)[]): PageFailure | null {
  let first: PageFailure | null = null;
  for (const f of failures) if (f && (!first || f.page < first.page)) first = f;
  return first;
}

/**
 * Read the pages `next` hands out until it runs dry or a page fails. With `ocr` 'run', a page
 * without text that draws an image is OCR'd (in the recogniser's thread); with 'off' it keeps the
 * words it has.
 */
async function readPages(
  /** the file's bytes (a scanned page's JPEG is taken from them: scan/page-jpeg.ts) */
  data: Uint8Array,
  doc: PDFDocumentProxy,
  source: PageClaims,
  ocr: 'run' | 'off',
  /** hand each page over instead of keeping it (a helper sends its pages on as it goes) */
  onPage?: (page: Page) => void,
  /** keep each OCR'd page's small picture (OcrOptions.preview) */
  preview = true,
): Promise<PdfPart> {
  const pages: Page[] = [];
  const keep = onPage ?? ((page: Page) => pages.push(page));
  let failure: PageFailure | null = null;
  const fail = (page: number, err: unknown) => {
    failure = firstFailure(failure, { page, error: UNREADABLE_PAGE(page, err) });
    source.stop();
  };
  for (let n = await source.next(); n !== null && !failure; n = await source.next()) {
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
      // a text layer that does not decode (fonts whose ToUnicode maps to garbage over a clean
      // rendering) is read from the rendering, as a scan is
      const garbled = ocr === 'run' && garbageText(words.map((w) => w.text));
      // a scan of one JPEG a page is found in the file's bytes: it has an image, and pdf.js is not
      // asked (hasImages): its operator list decodes the page's JPEG, and the rendering decodes it
      // again (each builds its own operator list), a second ~0.2-0.3 s of CPU a page for nothing
      // (decision 041, session 22)
      const jpeg =
        ocr === 'run' && !garbled && looksScanned(words) && page.rotate % 360 === 0 && page.ref
          ? pageJpeg(data, page.ref, page.view)
          : null;
      if (
        (!looksScanned(words) && !garbled) ||
        ocr === 'off' ||
        (!garbled && !jpeg && !(await hasImages(page)))
      ) {
        keep(entry);
        page.cleanup();
      } else {
        // One page at a time, with one recogniser: a reader's memory stays that of one page (three
        // pages in flight for two recognisers took a reader past its 512 MB cap on a 4-page scan).
        const { freeCanvas, ocrCanvas, ocrGrey, warmOcr } = await import('./ocr.ts');
        warmOcr();
        const dpi = ocrDpi(unturned.width, unturned.height);
        const grey = jpeg && !NATIVE_JPEG ? await jpegGrey(jpeg, page, dpi) : null;
        const canvas = grey
          ? null
          : (NATIVE_JPEG && jpeg && (await drawJpeg(jpeg, page, dpi))) || (await renderForOcr(page, dpi));
        page.cleanup();
        try {
          // the lost points are put back once every page is read (putPointsBack)
          const r = canvas
            ? await ocrCanvas(canvas, 72 / dpi, { release: true, preview, figureEnds: null })
            : await ocrGrey(grey!, 72 / dpi, { preview, figureEnds: null });
          keep({
            ...entry,
            width: r.width,
            height: r.height,
            words: r.words,
            ocr: true,
            rotation: r.rotation,
            ...(r.scan ? { scan: r.scan } : {}),
          });
        } finally {
          if (canvas) freeCanvas(canvas);
        }
      }
    } catch (err) {
      fail(n, err);
    }
  }
  return { pages, failure };
}

async function openDocument(data: Uint8Array, password: string | undefined) {
  const task = open(data, password);
  try {
    return { task, doc: await task.promise };
  } catch (err) {
    await task.destroy();
    throw mapOpenError(err, password);
  }
}

export async function readPdf(data: Uint8Array, opts: PdfReadOptions = {}): Promise<PdfReadResult> {
  checkStructure(data);
  checkPdfStreams(data);
  const { task, doc } = await openDocument(data, opts.password);
  try {
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
    const shared = opts.share && pageCount > 1 ? opts.share(pageCount) : null;
    // Our own claims start at once: a helper joins whenever it is ready.
    const ocr = opts.ocr === false ? 'off' : 'run';
    const own = await readPages(
      data,
      doc,
      shared?.claims ?? claimer(pageCount),
      ocr,
      undefined,
      opts.preview !== false,
    );
    const part = shared ? await shared.part : null;
    const failure = firstFailure(own.failure, part?.failure ?? null);
    const pages = own.pages.concat(part?.pages ?? []);
    if (failure) throw failure.error;
    pages.sort((a, b) => a.number - b.number);
    if (pages.length !== pageCount || pages.some((p, i) => p.number !== i + 1)) {
      throw new StatementError('INTERNAL', {
        logMessage: `pdf: ${pages.length} of ${pageCount} pages read`,
      });
    }
    putPointsBack(pages);
    const scanned = pages.some((p) => p.ocr);
    keepPdfjsCode();
    return {
      pages,
      pageCount,
      format: scanned ? 'pdf-scanned' : 'pdf',
      sharedPages: part ? part.pages.length : 0,
    };
  } finally {
    await task.destroy();
  }
}

/**
 * The figures of a statement's OCR'd pages whose points were lost put back (scan/words.ts,
 * pointsLost), page by page in page order, each page's columns found on it and on the pages
 * before. Here, not as each page is read: a long scan's pages are read by several readers, each
 * in the order it claims them, and a helper's page read without the pages before it lost its
 * balances' points where one reader alone put them back (ICICI 7943's page 2: decision 041).
 */
export function putPointsBack(pages: Page[]): void {
  const ends: number[] = [];
  for (const page of pages) {
    if (!page.ocr) continue;
    page.words = pointsLost(page.words, ends);
    ends.push(...paiseFigureEnds(page.words));
  }
}

/**
 * A helper's share of a PDF another reader is reading (see PdfReadOptions.share): the pages
 * it claims, scanned ones recognised here (each reader has its own recogniser).
 * A helper that cannot open the file claims nothing; the owner then reads every page itself.
 */
export async function readPdfPart(
  data: Uint8Array,
  opts: {
    password?: string;
    pageCount: number;
    claims: PageClaims;
    ocr?: boolean;
    /** each page read, as it is read (then not kept in the part: the helper's memory stays flat) */
    onPage?: (page: Page) => void;
    /** keep each OCR'd page's small picture (PdfReadOptions.preview, default true) */
    preview?: boolean;
  },
): Promise<PdfPart> {
  let opened;
  try {
    opened = await openDocument(data, opts.password);
  } catch {
    return { pages: [], failure: null };
  }
  const { task, doc } = opened;
  try {
    if (doc.numPages !== opts.pageCount) return { pages: [], failure: null };
    const part = await readPages(
      data,
      doc,
      opts.claims,
      opts.ocr === false ? 'off' : 'run',
      opts.onPage,
      opts.preview !== false,
    );
    keepPdfjsCode();
    return part;
  } finally {
    await task.destroy();
  }
}

/**
 * Scanned pages of a PDF rebuilt from its bytes as readPages gave each to the recogniser (its JPEG's
 * grey, or pdf.js's rendering at ocrDpi), after the parse: for a second look at a few of its cells
 * (scan/date-cells.ts). One page at a time: `use` is awaited before the next page is decoded, so a
 * reader holds one page's pixels, as it did reading them.
 */
export async function withScannedPages(
  data: Uint8Array,
  numbers: readonly number[],
  password: string | undefined,
  use: (n: number, grey: Grey, dpi: number) => Promise<void>,
): Promise<void> {
  const { task, doc } = await openDocument(data, password);
  try {
    for (const n of numbers) {
      const page = await doc.getPage(n);
      const unturned = page.getViewport({ scale: 1, rotation: 0 });
      const dpi = ocrDpi(unturned.width, unturned.height);
      const jpeg = page.rotate % 360 === 0 && page.ref ? pageJpeg(data, page.ref, page.view) : null;
      let grey = jpeg ? await jpegGrey(jpeg, page, dpi) : null;
      if (!grey) {
        const canvas = await renderForOcr(page, dpi);
        const { data: rgba } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        grey = greyFromRgba(rgba, canvas.width, canvas.height);
        canvas.width = 1; // its pixels back now (outside V8's heap)
      }
      page.cleanup();
      await use(n, grey, dpi);
    }
  } finally {
    await task.destroy();
  }
}

/**
 * One page rendered at 300 dpi as the reader sees it (its /Rotate applied), for tests and tools.
 * Uses the same pdf.js set-up as readPdf, so JPEG 2000 (openjpeg.wasm) and JBIG2 images decode the
 * same way.
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
    const canvas = await renderForOcr(page, OCR_DPI);
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
