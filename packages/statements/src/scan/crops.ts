// The scanned page beside an unsure row (issue 32): a row read from a scan that the checks cannot
// vouch for (Transaction.ocrFlag) is shown on the result screen with the strip of the page it was
// read from, so that the bookkeeper compares the figures with the paper without finding the page.
// The reader keeps each OCR'd page as a small grey JPEG (Page.scan: the page as its words were
// placed, turned, straightened and flattened, ~150 dpi), and cuts the flagged rows' strips from it
// once the statement is parsed; the server keeps the strips with the result, never the pages.
import { createRequire } from 'node:module';
import type { StatementResult } from '../parse/index.ts';
import type { Trace } from '../parse/trace.ts';
import type { PageScan, SourceDocument } from '../source.ts';
import { type Grey, scaleGrey } from './grey.ts';

/** A page's preview is this many pixels wide at most: ~150 dpi across an A4 page. */
export const SCAN_PREVIEW_WIDTH = 1240;
const PREVIEW_QUALITY = 70;
const CROP_QUALITY = 75;
/** Strips cut for one statement at most (a scan that reconciles nowhere flags many rows). */
export const MAX_SCAN_CROPS = 200;
/** Paper kept above and below a row: this share of the row's own height, and at least ~1/5 of a line. */
const CROP_PAD = 0.35;

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: CanvasModule | null = null;
function canvasLib(): CanvasModule {
  canvasModule ??= createRequire(import.meta.url)('@napi-rs/canvas') as CanvasModule;
  return canvasModule;
}

/** The page as read, scaled down to SCAN_PREVIEW_WIDTH and kept as a grey JPEG. */
export function pagePreview(g: Grey): PageScan {
  const s = scaleGrey(g, Math.min(1, SCAN_PREVIEW_WIDTH / g.width));
  const canvas = canvasLib().createCanvas(s.width, s.height);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(s.width, s.height);
  for (let i = 0, p = 0; p < s.data.length; i += 4, p++) {
    const v = s.data[p]!;
    img.data[i] = v;
    img.data[i + 1] = v;
    img.data[i + 2] = v;
    img.data[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  const jpeg = canvas.toBuffer('image/jpeg', PREVIEW_QUALITY).toString('base64');
  canvas.width = 1; // the pixels back now (they live outside V8's heap)
  return { jpeg, width: s.width, height: s.height };
}

/**
 * Each flagged row of `result` read from a page with a preview gets the strip of that page it was
 * read from (`scanCrop`, a base64 JPEG as wide as the preview), found by the trace's row sources
 * (`trace` given to the parse that made `result`). Up to MAX_SCAN_CROPS strips; answers how many.
 */
export async function cutScanCrops(
  result: StatementResult,
  doc: SourceDocument,
  trace: Trace,
): Promise<number> {
  if (doc.kind !== 'pages') return 0;
  const pages = new Map(doc.pages.filter((p) => p.scan).map((p) => [p.number, p]));
  if (pages.size === 0) return 0;
  const wanted = new Map<
    number,
    { t: StatementResult['accounts'][number]['transactions'][number]; top: number; bottom: number }[]
  >();
  let n = 0;
  for (const a of result.accounts)
    for (const t of a.transactions) {
      if (!t.ocrFlag || n >= MAX_SCAN_CROPS) continue;
      const src = trace.rows.get(t);
      if (!src || !pages.has(src.page)) continue;
      const list = wanted.get(src.page) ?? [];
      list.push({ t, top: src.top, bottom: src.bottom });
      wanted.set(src.page, list);
      n++;
    }
  const lib = canvasLib();
  for (const [number, rows] of wanted) {
    const page = pages.get(number)!;
    const scan = page.scan!;
    const img = await lib.loadImage(Buffer.from(scan.jpeg, 'base64'));
    const k = scan.height / page.height; // preview pixels a page unit
    for (const { t, top, bottom } of rows) {
      const pad = Math.max(CROP_PAD * (bottom - top), page.height * 0.003);
      const y0 = Math.max(0, Math.floor((top - pad) * k));
      const y1 = Math.min(scan.height, Math.ceil((bottom + pad) * k));
      if (y1 - y0 < 2) continue;
      const canvas = lib.createCanvas(scan.width, y1 - y0);
      canvas.getContext('2d').drawImage(img, 0, y0, scan.width, y1 - y0, 0, 0, scan.width, y1 - y0);
      t.scanCrop = canvas.toBuffer('image/jpeg', CROP_QUALITY).toString('base64');
      canvas.width = 1;
    }
  }
  return n;
}
