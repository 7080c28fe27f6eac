// The scan bench (issue 32): statements drawn by the PDF layout recipes (test/perturb/pdf-recipe.ts,
// the corpus truths redrawn), printed and scanned with their truth. Each page is rendered by pdf.js
// at the scan's dpi, put through what a scanner or a phone does to it (the class), encoded as JPEG
// and wrapped, one image a page, as an image-only PDF: what the office scanner or a phone-app
// writes. Everything is seeded: the same case gives the same bytes.
// Shared by scripts/scan-bench.ts (the report) and scan-bench.test.ts (the CI sample).
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { seededRng, type Rng } from '@bahi/core';
import PDFDocument from 'pdfkit';
import { renderForOcr } from '../../src/read/pdf.ts';
import { squareFrom, type Quad } from '../../src/scan/sheet.ts';
import { getDocument, pdfWorker } from '../../src/read/pdfjs.ts';
import { pdfCases, truthOf, type PdfCase } from '../perturb/pdf-cases.ts';
import { garbleTextLayer } from './garbage-pdf.ts';
import { CLASSES, renderStatement, truthFor, type Recipe } from '../perturb/pdf-recipe.ts';

/** What happened to the paper between the printer and the PDF. */
export const SCAN_CLASSES = [
  'clean', // 300 dpi, JPEG 85: the office scanner at its best
  'dpi150', // a low-resolution scan
  'dpi200',
  'jpeg40', // heavy JPEG compression (mobile apps, mail size limits)
  'skew', // fed crooked: ±0.5-3°
  'turn90', // stored sideways
  'turn180',
  'turn270',
  'speckle', // dust, toner specks, bleed
  'landscape', // a landscape printout
  'bands', // shaded table bands
  'light', // uneven light across the page
  'photo', // a phone photo: perspective, desk around the sheet, soft, grainy, uneven light
  'contrast', // washed-out, low contrast (a faint printout or a cheap scanner)
  'garbled', // not a scan: a text PDF whose fonts decode to garbage over a clean rendering (garbage-pdf.ts)
] as const;
export type ScanClass = (typeof SCAN_CLASSES)[number];

export interface ScanCase extends PdfCase {
  cls: ScanClass;
  dpi: number;
  quality: number;
}

/**
 * The recipe without the layout quirks the text variants test (no year, signs, extra columns, a
 * balance side column...): the bench measures what scanning loses, and the quirks are the text
 * bench's. Fonts (Courier for the typewriter and dot-matrix look, Times, Helvetica), column order,
 * headings, amount and date styles, paper and wrapping still vary.
 */
export function plainRecipe(recipe: Recipe): Recipe {
  const plain: Record<string, unknown> = { ...recipe };
  for (const k of CLASSES) {
    const v = recipe[k];
    plain[k] = Array.isArray(v) ? [] : typeof v === 'string' ? '' : false;
  }
  plain.stackedHeader = false;
  plain.size = Math.max(8, recipe.size);
  plain.columns = recipe.columns.filter((c) => !c.extra);
  return plain as unknown as Recipe;
}

/** Degrees of a crooked feed, seeded: 0.5-3° either way. */
const skewOf = (r: Rng) => (r() < 0.5 ? -1 : 1) * (0.5 + 2.5 * r());

/**
 * `perClass` cases of every class (or of `only`), each a different seeded recipe of a bank's
 * statement. The recipes are the text variants' (their text layers read exactly, or nearly: the
 * report prints the text reading beside each class, so a recipe the text reader gets wrong is not
 * taken for an OCR loss).
 */
export function scanCases(perClass: number, only?: readonly ScanClass[], firstSeed = 1): ScanCase[] {
  const pool = pdfCases(Math.ceil((perClass * SCAN_CLASSES.length) / 10) + 2, firstSeed);
  const out: ScanCase[] = [];
  let k = 0;
  for (const cls of SCAN_CLASSES) {
    for (let i = 0; i < perClass; i++) {
      const base = pool[(k++ * 7) % pool.length]!;
      if (only && !only.includes(cls)) continue;
      const r = seededRng(base.seed + i);
      const plain = plainRecipe(base.recipe);
      const recipe = { ...plain, landscape: cls === 'landscape' ? true : plain.landscape };
      const truth = truthFor(truthOf(base.bank)!, recipe, base.seed);
      const dpi =
        cls === 'dpi150'
          ? 150
          : cls === 'dpi200'
            ? 200
            : cls === 'clean' || cls === 'garbled'
              ? 300
              : [200, 240, 300][i % 3]!;
      const quality = cls === 'jpeg40' ? 40 : cls === 'clean' ? 85 : Math.round(60 + 30 * r());
      out.push({ ...base, recipe, truth, cls, dpi, quality, name: `${cls} ${base.name}` });
    }
  }
  return out;
}

/** The text PDF's pages as canvases at `dpi`, white behind. */
export async function renderPages(pdf: Uint8Array, dpi: number): Promise<Canvas[]> {
  const task = getDocument({
    data: new Uint8Array(pdf),
    worker: pdfWorker(),
    verbosity: 0,
    isOffscreenCanvasSupported: false,
  });
  const doc = await task.promise;
  try {
    const out: Canvas[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      out.push(await renderForOcr(page, dpi));
      page.cleanup();
    }
    return out;
  } finally {
    await task.destroy();
  }
}

/** The canvas turned by `deg` degrees clockwise about its middle, the corners filled with `bg`. */
export function turn(src: Canvas, deg: number, bg = '#fff'): Canvas {
  const rad = (deg * Math.PI) / 180;
  const quarter = Math.abs(deg) % 180 === 90;
  const [w, h] = quarter ? [src.height, src.width] : [src.width, src.height];
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate(rad);
  ctx.drawImage(src, -src.width / 2, -src.height / 2);
  return c;
}

/** Pixels through `f(x, y, grey) => grey` (the page turned grey: scans are mostly grey). */
function mapGrey(c: Canvas, f: (x: number, y: number, g: number) => number): void {
  const ctx = c.getContext('2d');
  const img = ctx.getImageData(0, 0, c.width, c.height);
  const d = img.data;
  for (let y = 0, i = 0; y < c.height; y++) {
    for (let x = 0; x < c.width; x++, i += 4) {
      const g = Math.max(0, Math.min(255, f(x, y, (d[i]! * 299 + d[i + 1]! * 587 + d[i + 2]! * 114) / 1000)));
      d[i] = d[i + 1] = d[i + 2] = g;
    }
  }
  ctx.putImageData(img, 0, 0);
}

/** Dust and toner specks, a few a square inch, and a faint bleed of grain. */
function speckle(c: Canvas, dpi: number, r: Rng): void {
  const ctx = c.getContext('2d');
  const count = Math.round(((c.width * c.height) / (dpi * dpi)) * 6);
  ctx.fillStyle = '#000';
  for (let i = 0; i < count; i++) {
    const s = Math.max(1, Math.round((dpi / 150) * (0.5 + 1.5 * r())));
    ctx.fillRect(Math.floor(r() * c.width), Math.floor(r() * c.height), s, s);
  }
  mapGrey(c, (_x, _y, g) => g + (r() - 0.5) * 40);
}

/** Grey bands across the page, as tables print every other row shaded. */
function bands(c: Canvas, dpi: number): void {
  const ctx = c.getContext('2d');
  const band = Math.round(dpi * 0.35);
  ctx.globalCompositeOperation = 'multiply';
  ctx.fillStyle = 'rgb(205, 205, 205)';
  for (let y = Math.round(dpi * 1.5); y < c.height - dpi; y += 2 * band) ctx.fillRect(0, y, c.width, band);
  ctx.globalCompositeOperation = 'source-over';
}

/** Light falling off towards one corner (a lamp on one side, a scanner lid not closed). */
function unevenLight(c: Canvas, r: Rng, depth = 0.45): void {
  const cx = r() * c.width;
  const cy = r() * c.height;
  const far = Math.hypot(c.width, c.height);
  mapGrey(c, (x, y, g) => g * (1 - depth * (Math.hypot(x - cx, y - cy) / far)));
}

/** Ink and paper squeezed together: black at ~95, white at ~200. */
function lowContrast(c: Canvas): void {
  mapGrey(c, (_x, _y, g) => 95 + (g * 105) / 255);
}

/**
 * A phone photo of the sheet: the page as a quadrilateral (held a little off square), a desk around
 * it, soft focus and grain. Drawn by sampling the page at each photo pixel's place on the sheet.
 */
function photograph(src: Canvas, r: Rng): Canvas {
  const w = src.width;
  const h = src.height;
  const m = 0.06;
  const j = () => (r() - 0.5) * 0.05;
  // corners of the sheet in the photo, as fractions of the photo
  const quad: [number, number][] = [
    [m + j() + 0.02, m + j()],
    [1 - m + j() - 0.02, m + j()],
    [1 - m + j(), 1 - m + j()],
    [m + j(), 1 - m + j()],
  ];
  // each photo pixel samples the sheet at its place (u, v) there: the inverse of the sheet's map
  // (src/scan/sheet.ts, the same maths the reader flattens a photo with)
  const toSheet = squareFrom(quad.map(([x, y]) => [x * w, y * h]) as Quad);
  const sd = src.getContext('2d').getImageData(0, 0, w, h).data;
  const out = createCanvas(w, h);
  const octx = out.getContext('2d');
  const img = octx.getImageData(0, 0, w, h);
  const od = img.data;
  for (let y = 0, i = 0; y < h; y++) {
    for (let x = 0; x < w; x++, i += 4) {
      const [u, v] = toSheet(x, y);
      let gr: number;
      if (u < 0 || v < 0 || u >= 1 || v >= 1)
        gr = 95 + (((x >> 5) + (y >> 5)) % 3) * 6; // the desk
      else {
        const k = (Math.floor(v * h) * w + Math.floor(u * w)) * 4;
        gr = 0.94 * sd[k]!;
      }
      od[i] = Math.min(255, gr + 6);
      od[i + 1] = gr;
      od[i + 2] = Math.max(0, gr - 10);
      od[i + 3] = 255;
    }
  }
  octx.putImageData(img, 0, 0);
  const soft = createCanvas(w, h);
  const sctx = soft.getContext('2d');
  sctx.filter = 'blur(0.8px)';
  sctx.drawImage(out, 0, 0);
  unevenLight(soft, r, 0.35);
  mapGrey(soft, (_x, _y, gr) => gr + (r() - 0.5) * 18);
  return soft;
}

/** One page as the class scans it. */
export function scanPage(page: Canvas, c: ScanCase, pageNo: number): Canvas {
  const r = seededRng(c.seed * 31 + pageNo);
  switch (c.cls) {
    case 'skew':
      return turn(page, skewOf(r), '#fafafa');
    case 'turn90':
      return turn(page, 90);
    case 'turn180':
      return turn(page, 180);
    case 'turn270':
      return turn(page, 270);
    case 'speckle':
      speckle(page, c.dpi, r);
      return turn(page, (r() - 0.5) * 1.2, '#fff');
    case 'bands':
      bands(page, c.dpi);
      return page;
    case 'light':
      unevenLight(page, r);
      return page;
    case 'photo':
      return photograph(turn(page, (r() - 0.5) * 3), r);
    case 'contrast':
      lowContrast(page);
      return page;
    default:
      return page;
  }
}

/** The scanned pages as an image-only PDF, each page its image's size at `dpi`. */
export function imagePdf(
  jpegs: { data: Buffer; width: number; height: number }[],
  dpi: number,
): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Producer: 'Bahi scan bench' } });
  const chunks: Buffer[] = [];
  doc.on('data', (b: Buffer) => chunks.push(b));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const j of jpegs) {
    const [w, h] = [(j.width * 72) / dpi, (j.height * 72) / dpi];
    doc.addPage({ size: [w, h], margin: 0 });
    doc.image(j.data, 0, 0, { width: w, height: h });
  }
  doc.end();
  return done;
}

/** The case's statement printed, scanned and written as a PDF; with its page count. */
export async function makeScan(c: ScanCase): Promise<{ pdf: Uint8Array; pages: number; text: Uint8Array }> {
  const text = await renderStatement(c.truth, c.recipe);
  if (c.cls === 'garbled') {
    const pages =
      Buffer.from(text)
        .toString('latin1')
        .match(/\/Type \/Page\b/g)?.length ?? 0;
    return { pdf: garbleTextLayer(text, c.seed % 2 ? 'glyph-ids' : 'letters'), pages, text };
  }
  const pages = await renderPages(text, c.dpi);
  const jpegs = pages.map((p, i) => {
    const s = scanPage(p, c, i + 1);
    const data = s.toBuffer('image/jpeg', c.quality);
    const out = { data, width: s.width, height: s.height };
    s.width = p.width = 1; // give the pixels back now (they live outside V8's heap)
    return out;
  });
  return { pdf: await imagePdf(jpegs, c.dpi), pages: jpegs.length, text };
}
