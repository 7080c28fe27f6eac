// OCR with tesseract.js, fully offline: the traineddata comes from the @tesseract.js-data/eng package.
// One recogniser per reader process, created on first use and reused across pages and jobs
// (start-up costs ~0.3-1 s); `closeOcr` ends it. A recogniser holds 150-250 MB on a page of a scan,
// so a reader runs one (the pool's other readers take the other pages of a long scan, each with its
// own). Words come back with their boxes so the table reader can use positions exactly as for a
// text layer.
// tesseract.js and @napi-rs/canvas are loaded on first use (issue 19): a thread or a command that
// reads only text PDFs and workbooks never loads them.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import type { Scheduler } from 'tesseract.js';
import { StatementError } from '../errors.ts';
import {
  despeckle,
  greyFromRgba,
  lineDirection as greyLineDirection,
  inkiestBand,
  keepNear,
  otsuThreshold,
  pgm,
  quarterTurn,
  removeRules,
  rotateGrey,
  sauvola,
  scaleGrey,
  skewAngle,
  threshold,
  wipeCleaned,
  type Grey,
  inkAndPaper,
  median3,
  paperGrain,
  evenLight,
  lightFall,
  stretchContrast,
} from '../scan/grey.ts';
import { flattenSheet } from '../scan/sheet.ts';
import { readingDpi, sharpGlyphs } from '../scan/reading-dpi.ts';
import { inkLook } from '../scan/upright.ts';
import { joinCutFigures, joinCutLabels, mendCrMarks, pageMonths, pointsLost } from '../scan/words.ts';
import type { Page, PageScan, Word } from '../source.ts';
import { pagePreview } from '../scan/crops.ts';
import { budgetLeft, processCpuMs, whenSpent, workBudget, type WorkBudget } from './work-budget.ts';

const LANG_DIR = '4.0.0_best_int';
/** Time the recogniser may take to start (BAHI_OCR_START_MS sets another: tests, a loaded machine). */
const START_TIMEOUT_MS = Number(process.env.BAHI_OCR_START_MS) || 20_000;
/** Page units for OCR'd images: as wide as an A4 page in PDF points, so tolerances match text PDFs. */
export const IMAGE_PAGE_WIDTH = 595.28;

type CanvasModule = typeof import('@napi-rs/canvas');
let canvasModule: CanvasModule | null = null;
/** @napi-rs/canvas (CommonJS, a native addon), loaded on first use; the helpers below are synchronous. */
function canvasLib(): CanvasModule {
  canvasModule ??= createRequire(import.meta.url)('@napi-rs/canvas') as CanvasModule;
  return canvasModule;
}

function langPath(): string {
  const pkg = createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(pkg), LANG_DIR);
}

// A scheduler of one worker: it queues the jobs for it (the orientation trials ask for several at
// once), as it did for two.
let recogniser: Promise<Scheduler> | null = null;

async function startRecogniser(): Promise<Scheduler> {
  const dir = langPath();
  // A wrong langPath makes tesseract.js hang instead of failing, so check first and time-box start-up.
  if (!existsSync(path.join(dir, 'eng.traineddata.gz'))) {
    throw new StatementError('INTERNAL', { logMessage: `OCR language data missing at ${dir}` });
  }
  const { createScheduler, createWorker, OEM, PSM } = await import('tesseract.js');
  const starting = createWorker('eng', OEM.LSTM_ONLY, { langPath: dir, gzip: true, cacheMethod: 'none' });
  const worker = await withTimeout(starting, START_TIMEOUT_MS, 'OCR start-up timed out').catch((err) => {
    // a worker that comes up after the time-out is nobody's: end it then, or its thread and memory
    // stay, and the process never exits (the scan bench hung so after its table, at a load of 16)
    starting.then((w) => w.terminate()).catch(() => {});
    throw err;
  });
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '1',
  });
  const scheduler = createScheduler();
  scheduler.addWorker(worker);
  return scheduler;
}

function getRecogniser(): Promise<Scheduler> {
  if (!recogniser) {
    recogniser = startRecogniser();
    recogniser.catch(() => {
      recogniser = null;
    });
  }
  return recogniser;
}

/** Start the recogniser now, so its start-up overlaps decoding or rendering the first page. */
export function warmOcr(): void {
  getRecogniser().catch(() => {});
}

/** End the recogniser (its thread and memory); the next page starts a new one. */
export async function closeOcr(): Promise<void> {
  const r = recogniser;
  recogniser = null;
  const scheduler = await r?.catch(() => null);
  await scheduler?.terminate();
}

/** Whether a recogniser is running (for tests). */
export function ocrRunning(): boolean {
  return recogniser !== null;
}

function withTimeout<T>(p: Promise<T>, ms: number, log: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StatementError('TIMEOUT', { logMessage: log })), ms);
  });
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

export interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

/** The canvas's pixels as grey, one byte a pixel. */
function canvasGrey(canvas: Canvas): Grey {
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return greyFromRgba(data, canvas.width, canvas.height);
}

/**
 * The image the recogniser is given: the grey page with its ruling lines and specks whitened,
 * found on a black-and-white copy (Otsu) of it. The glyphs stay grey: tesseract's LSTM reads
 * their soft edges, and a 150-200 dpi scan blown up to 300 dpi and cut to black and white lost
 * its points and commas to the digits beside them ('1,07,958.53' read '1,07.95853'). Scan bench
 * (decision 041, round three): dpi150 17/37 rows binarised, 37/37 grey. The input is left as it is.
 * A `photo` (a sheet found on its desk and warped flat: scan/sheet.ts) with ink on it is given as
 * a soft photo is (softInk), whatever its look: see PHOTO_LOOK.
 */
export function prepared(input: Grey, clean: boolean, photo = false, grain = true): Grey {
  if (!clean) return input;
  const look = lookOf(input);
  if (grain && keepsGrain(input, photo, look))
    return lightFall(input) >= LIGHT_FALL ? evenLight(input) : input;
  const g = evened(input, look);
  const t = otsuThreshold(g);
  // sizes for a page at ~300 dpi (what the recogniser is given): specks up to ~1/50 in, alone
  // within ~1/25 in (scan bench, speckle: 3/48 rows without, 41/48 with); what is left where
  // ruling lines cross is as small
  const unit = Math.max(1, Math.round((Math.min(g.width, g.height) / 2480) * 6));
  const ink = removeRules(threshold({ ...g, data: g.data.slice() }, t), unit);
  const wiped = wipeCleaned(g, t, despeckle(ink, unit, 2 * unit));
  if (wiped !== g) return wiped;
  // the threshold did not split ink from paper (a shaded band fell under it, and its long runs
  // took the text in it): the ink found against each pixel's own neighbourhood instead (Sauvola,
  // over ~3.5 units, about a text line), the band's paper white and its glyphs kept
  const local = removeRules(sauvola({ ...g, data: g.data.slice() }, Math.round(3.5 * unit)), unit);
  return keepNear(g, despeckle(local, unit, 2 * unit));
}

/** Whether `prepared` gives a page with its grain: a photo with ink on it, or soft ink (PHOTO_LOOK). */
function keepsGrain(g: Grey, photo: boolean, look: PageLook = lookOf(g)): boolean {
  return (photo && look.paper - look.ink >= WASHED_OUT[0]) || softInk(g, look);
}

// PHOTO_LOOK. A photographed sheet is not told by its look alone: softInk's bounds (ink to paper
// 140-180) missed bench photos at 137-139 (photo BOB seed 47559, ICICI 7943's page 4: blurred ink on
// bright paper) and at 182 (KOTAK 150499: 240 dpi at quality 90, its ink darker), and those were
// wiped: the grey kept within the halo of each glyph stood on white as a ring of the photo's paper
// grey, and letters close together ('Jul') ran into one blot the recogniser read as a digit or not
// at all ('02 Jul 2025' read '022' '2025'; decision 041, session 21). A sheet found on a desk is a
// photo whatever its look, when it holds ink enough to tell (WASHED_OUT's floor): a photographed
// short last page, its ink to paper 50 (photo INDIANBANK seed 71499's page 3), given with its grain
// kept the recogniser over 300 s at a load of 15, and is wiped as before.

// A page whose paper is grainy past this (paperGrain: the scan bench's speckle 0.91-1.00 and
// photos 0.94-0.97; every other class's page at most 0.77) is smoothed by a 3 x 3 median first,
// when its ink is black (inkToPaper at least SHARP: speckle 188-211): a photo's grain lies over
// soft glyphs (148-174), whose thin strokes the median takes (photo PNB 8/20 -> 0/20 rows).
const GRAINY = 0.85;
const SHARP = 180;
// A page whose ink and paper lie this close (inkToPaper, grey levels: the bench's contrast class
// 108-112, photos 148-174, every other page with text 188-255) on grey paper (its lightest 1% under
// GREY_PAPER: contrast 206) is stretched to black and white. Under the floor, or on white paper, the
// page holds too little ink to tell (short last pages: a shaded band 52, a turned page's few rows
// 119, on paper 255).
const WASHED_OUT = [80, 140] as const;
const GREY_PAPER = 230;

// A photo whose paper's light falls across the sheet by this many grey levels or more (lightFall:
// the scan bench's photos 26-49) has it evened before the recogniser reads it (evenLight), and is
// still not wiped. Given as it was, the recogniser's own threshold read the darker part's grain as
// glyphs: photo INDIANBANK seed 71499, page 2 (its light falling 46, the lower half blank) 14 -> 28
// of 29 rows, BANKOFINDIA 23999 21 -> 25/25, AXIS 87119 9 -> 14/25. On pages whose light falls less
// it cost rows (BANKOFINDIA 134879, fall 26: 20 -> 16/25; 79439, fall 29: 20 -> 18/25): the grain
// grows with the gain. Decision 041, session 11.
const LIGHT_FALL = 40;

/** What the evening and the wipe go by: the paper's grain, and the greys of the ink and the paper. */
interface PageLook {
  grain: number;
  ink: number;
  paper: number;
}

function lookOf(g: Grey): PageLook {
  return { grain: paperGrain(g), ...inkAndPaper(g) };
}

/**
 * A grainy page whose ink lies this far from its paper and no further (SHARP) is a phone photo:
 * sensor grain over blurred, unevenly lit glyphs (the scan bench's photos: grain 0.94-0.97, ink to
 * paper 148-174; a speckled scan's black ink 188-211, a washed-out scan's 108-112, every other
 * class's grain at most 0.77). It is given to the recogniser as it is, not wiped: the wipe's
 * threshold is the whole page's, and a blurred point is lighter than it, so the wipe took the points
 * out of the figures ('83984. 16' read '83084' '16', '10538.00' read '10538' '00'), and the grey it
 * kept around each glyph stood on the photo's grey paper as a box of its own. Scan bench, photo
 * (decision 041, round eight): PNB 11/20 wiped, 15/20 as it is (17/20 with the paise joined,
 * scan/words.ts), UTKARSH 23/23 either way. Its light is evened first when it falls far (LIGHT_FALL).
 */
export function softInk(g: Grey, look: PageLook = lookOf(g)): boolean {
  const range = look.paper - look.ink;
  return look.grain > GRAINY && range >= WASHED_OUT[1] && range < SHARP;
}

/**
 * The grey evened out before it is cut: a grainy page smoothed (median), a washed-out one stretched
 * (decision 041, round six). Scan bench: speckle 27 -> 37/48 rows with the median on every page,
 * contrast 38 -> 53/54 with the stretch on every page; each lost rows on the classes it does not
 * serve (the median: clean AXIS 25 -> 19/25, dpi150 SBI 19 -> 11/19; the stretch: speckle 27 ->
 * 21/48), hence the tests of the page. The input is left as it is.
 */
export function evened(g: Grey, look: PageLook = lookOf(g)): Grey {
  const grainy = look.grain > GRAINY;
  const range = look.paper - look.ink;
  let out = grainy && range >= SHARP ? median3(g) : g;
  if (range >= WASHED_OUT[0] && range < WASHED_OUT[1] && look.paper < GREY_PAPER) out = stretchContrast(out);
  return out;
}

export interface OcrOptions {
  /** whiten ruling lines and specks before recognition (default true; the name is historical) */
  binarise?: boolean;
  /** look for a sideways or upside-down page when the first pass finds no table (default true) */
  orient?: boolean;
  /**
   * CPU time all of one page's recognition passes may take, in ms (default OCR_PAGE_BUDGET_MS; by
   * the wall clock WALL_FACTOR times that: read/work-budget.ts)
   */
  budgetMs?: number;
  /** find a photographed sheet's corners on its desk and warp it flat (default true) */
  flatten?: boolean;
  /**
   * where the figures with paise of the statement's pages read before end, in page units (the
   * columns a figure read without its point is found in: scan/words.ts, pointsLost); null: the
   * caller puts the points back itself, across the statement's pages (read/pdf.ts, putPointsBack)
   */
  figureEnds?: readonly number[] | null;
  /**
   * keep a small picture of the page for the strips of unsure rows (OcrPage.scan, default true):
   * ~0.2 s of CPU a page (scaling, the JPEG), spared where no strip is cut (the CLI, the bench)
   */
  preview?: boolean;
}

/** Clockwise turn applied to the image before the words were read. */
export type Rotation = 0 | 90 | 180 | 270;

export interface OcrPage {
  words: Word[];
  /** page size in page units, after `rotation` */
  width: number;
  height: number;
  rotation: Rotation;
  /** the page as its words were placed, small (for the strips of unsure rows: scan/crops.ts) */
  scan?: PageScan;
}

/**
 * CPU time one page's recognition may take, all passes together (issue 18: a page of noise kept the
 * recognisers busy for over 30 s). A clean 300 dpi statement page takes 2-4 s a pass on a quiet core.
 * Counted as CPU, not wall time (read/work-budget.ts): a page waiting for a core on a loaded machine
 * spends none of it (at a load of 13-15, 45 s of wall time cut BOB_scanned and PNB_scanned, read
 * whole on a quiet machine; decision 041, session 27), while a page of noise spends it as fast as
 * ever. BAHI_OCR_PAGE_BUDGET_MS sets another.
 */
export const OCR_PAGE_BUDGET_MS = Number(process.env.BAHI_OCR_PAGE_BUDGET_MS) || 45_000;

function pageTimeout(): StatementError {
  return new StatementError('TIMEOUT', {
    userMessage: 'A page of the scan could not be read in time. Please upload a clearer scan.',
    logMessage: 'ocr: page over its time budget',
  });
}

/**
 * How a page is prepared for the recogniser: cleaned or not, whether it is a photographed sheet,
 * and whether a photo's grain may be kept (false: wiped as a scan is; GRAIN_READ).
 */
interface Prep {
  clean: boolean;
  photo: boolean;
  grain: boolean;
}

async function recognise(g: Grey, prep: Prep, budget?: WorkBudget): Promise<TessLine[]> {
  if (budget && budgetLeft(budget) <= 0) throw pageTimeout();
  const image = pgm(prepared(g, prep.clean, prep.photo, prep.grain));
  const scheduler = await getRecogniser();
  let cancel = () => {};
  try {
    const job = scheduler.addJob('recognize', image, {}, { blocks: true, text: false });
    const { data } = !budget
      ? await job
      : await Promise.race([
          job,
          new Promise<never>((_, reject) => {
            cancel = whenSpent(budget, () => {
              // Tesseract cannot drop a job: end the recogniser so the page stops costing CPU
              // (the next page starts a new one), and fail the page.
              void closeOcr().catch(() => {});
              reject(pageTimeout());
            });
          }),
        ]);
    const lines: TessLine[] = [];
    for (const block of data.blocks ?? []) {
      for (const para of block.paragraphs) lines.push(...(para.lines as TessLine[]));
    }
    return lines;
  } finally {
    cancel();
  }
}

/**
 * A strip cut from a page placed as its words were (placedPage), read alone and prepared as a
 * scan's page is: the second look at a row's date cells (scan/date-cells.ts).
 */
export function recogniseStrip(g: Grey, photo: boolean, budget?: WorkBudget): Promise<TessLine[]> {
  return recognise(g, { clean: true, photo, grain: true }, budget);
}

/**
 * A scanned page's grey (as the PDF reader gave it to ocrGrey) placed again as its words were:
 * flattened when it is a photographed sheet, given its quarter turn (Page.rotation), scaled to at
 * most 300 dpi and straightened. `unitsPerPixel` puts its pixels in the page's units; `slope` is the
 * skew left on it, by which toWords levelled the words (a skew of MIN_DESKEW_DEG or more was turned
 * out of the pixels, and what is left is taken as none). Measured here on the pixels (skewAngle), not
 * the recogniser's baselines, which are not kept: within a few tenths of a degree.
 */
export function placedPage(
  input: Grey,
  dpi: number,
  rotation: Rotation,
): { grey: Grey; unitsPerPixel: number; photo: boolean; slope: number } {
  const sheet = flattenSheet(input);
  const unitsPerPixel = ((72 / dpi) * input.width) / sheet.grey.width;
  const page = straighten(sheet.grey, 72 / unitsPerPixel, rotation);
  const slope = Math.abs(page.skew) >= MIN_DESKEW_DEG ? 0 : Math.tan((page.skew * Math.PI) / 180);
  return { grey: page.grey, unitsPerPixel: unitsPerPixel / page.scale, photo: sheet.corners !== null, slope };
}

/**
 * The recogniser's lines as page words, levelled by the page's skew. The boxes are turned about the
 * image's middle (`size`), as rotateGrey turns a print: turned about the corner (0,0), a page skewed
 * by s moved sideways by about s times its height's half, so a later page without a header of its
 * own, skewed otherwise than page 1, took page 1's columns shifted by 5-13 units (photo INDIANBANK
 * 126939 of the scan bench: its pages 3 and 4 not read; decision 041, session 19).
 */
export function toWords(
  lines: TessLine[],
  unitsPerPixel: number,
  size: { width: number; height: number },
  /** where the figures with paise of the statement's pages before end (pointsLost); null: left */
  figureEnds: readonly number[] | null = [],
): Word[] {
  const slope = skewSlope(lines);
  // Rotate word boxes by the page's skew so that a printed row has one y across the page: the
  // table reader groups rows by y, and a 1° skew moves a row by a line height across an A4 page.
  const cos = 1 / Math.sqrt(1 + slope * slope);
  const sin = slope * cos;
  const px = size.width / 2;
  const py = size.height / 2;
  const words: Word[] = [];
  // the months the page's whole dates name settle a cut date's month's name misread (scan/words.ts)
  const months = pageMonths(lines.flatMap((l) => l.words.map((w) => cleanWord(w.text))));
  for (const line of lines) {
    const boxes = line.words
      .map((w) => ({ text: cleanWord(w.text), ...w.bbox, confidence: w.confidence }))
      .filter((w) => w.text !== '');
    for (const w of mendCrMarks(joinCutLabels(joinCutFigures(boxes, undefined, months)))) {
      const cx = (w.x0 + w.x1) / 2 - px;
      const cy = (w.y0 + w.y1) / 2 - py;
      const rx = px + cx * cos + cy * sin;
      const ry = py + cy * cos - cx * sin;
      const width = w.x1 - w.x0;
      const height = w.y1 - w.y0;
      words.push({
        text: w.text,
        x: (rx - width / 2) * unitsPerPixel,
        y: (ry - height / 2) * unitsPerPixel,
        width: width * unitsPerPixel,
        height: height * unitsPerPixel,
        confidence: Math.round(w.confidence),
      });
    }
  }
  // a figure whose point was lost, in a column of figures with paise, levelled (scan/words.ts)
  return figureEnds ? pointsLost(words, figureEnds) : words;
}

const AMOUNT = /^\(?-?(?:\d{1,3}(?:,\d{2,3})*|\d+)\.\d{2}\)?(?:Cr|Dr|CR|DR)?\.?$/;
const DATE = /^\d{1,2}[-/.](?:\d{1,2}|[A-Za-z]{3})[-/.]\d{2,4}$/;
/**
 * A statement table has many dates and amounts; a sideways page read as if upright has none (the
 * recogniser makes short low-confidence garbage of it). Six is well below one table's worth.
 */
const TABLE_MIN_NUMBERS = 6;
/** Two sure amounts and a couple of words: less than a third of a page of table gives that. */
const MIN_ORIENTATION_SCORE = 8;
/**
 * A whole page read upright whose orientation score reaches this is text the right way up, table or
 * not. Scan bench pages (decision 041, session 12): upside down or sideways, read as they were,
 * 2, 7 and 25; upright photo pages 112-278 (a short last page of 28 words 12: it is still tried).
 */
const UPRIGHT_PAGE_SCORE = 75;
/** Words the recogniser is this sure of count towards an orientation's score. */
const SURE_CONFIDENCE = 60;

function allWords(lines: TessLine[]): TessWord[] {
  return lines.flatMap((l) => l.words);
}

export function looksLikeTable(lines: TessLine[]): boolean {
  const n = allWords(lines).filter((w) => {
    const t = cleanWord(w.text);
    return AMOUNT.test(t) || DATE.test(t);
  }).length;
  return n >= TABLE_MIN_NUMBERS;
}

/** Whether a whole page read upright may be turned: no table found, and not plainly text. */
export function mayBeTurned(lines: TessLine[]): boolean {
  return !looksLikeTable(lines) && orientationScore(lines) < UPRIGHT_PAGE_SCORE;
}

/** How much real text an orientation gave: sure dates and amounts, then sure word-like words. */
export function orientationScore(lines: TessLine[]): number {
  let score = 0;
  for (const w of allWords(lines)) {
    if (w.confidence < SURE_CONFIDENCE) continue;
    const t = cleanWord(w.text);
    if (AMOUNT.test(t) || DATE.test(t)) score += 3;
    else if (/^[A-Za-z]{3,}$/.test(t) && /[aeiouAEIOU]/.test(t)) score += 1;
    else if (/^\d{3,}$/.test(t)) score += 1;
  }
  return score;
}

// GRAIN_READ. A photographed page given with its grain (PHOTO_LOOK) may come back as the grain
// itself: photo INDIANBANK seed 126939's short last page (240 dpi, two rows and the closing balance
// on a blank sheet) was read as 1,455 words, 1% of them sure and no figure among them, its two
// rows lost; wiped (as session 19 read it), its rows were read. Every other photo page of the
// bench's 12 and 4 a class read with its grain: 58-100% of its words sure (decision 041, session 23).
// Such a read is taken for the grain's, and the page is read again wiped: a second pass on those
// pages only.
const GRAIN_READ_SURE = 0.25;
/** Fewer words than this tell nothing about a page (a header line read, a page number). */
const GRAIN_READ_MIN_WORDS = 50;

/** Whether a full pass read grain rather than text: many words, under a quarter of them sure. */
export function grainRead(lines: TessLine[]): boolean {
  const words = allWords(lines);
  if (words.length < GRAIN_READ_MIN_WORDS) return false;
  const sure = words.filter((w) => w.confidence >= SURE_CONFIDENCE).length;
  return sure < GRAIN_READ_SURE * words.length;
}

/** The canvas turned clockwise by `deg` and scaled, on white. */
export function rotateCanvas(src: Canvas, deg: Rotation, scale = 1): Canvas {
  const w = Math.max(1, Math.round(src.width * scale));
  const h = Math.max(1, Math.round(src.height * scale));
  const [cw, ch] = deg % 180 === 0 ? [w, h] : [h, w];
  const c = canvasLib().createCanvas(cw, ch);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, cw, ch);
  ctx.translate(cw / 2, ch / 2);
  ctx.rotate((deg * Math.PI) / 180);
  ctx.drawImage(src, -w / 2, -h / 2, w, h);
  return c;
}

/**
 * 150 dpi (half of 300) and a band across the middle of the page (an eighth of its height, a dozen
 * table rows) are enough to tell text from garbage; 100 dpi is not. Each trial costs ~3% of a full
 * pass, which matters: a recogniser is several times slower on sideways garbage than on text.
 */
const ORIENT_DPI = 150;
/** What an image's canvas is sized to (readImage: an A4 page at about 300 dpi). */
const IMAGE_DPI = 300;
const ORIENT_BAND = 0.12;

/** How much real text the inkiest band holds, turned by `deg` (one orientation trial). */
async function bandScore(
  g: Grey,
  dpi: number,
  prep: Prep,
  deg: Rotation,
  budget: WorkBudget,
): Promise<number> {
  const band = inkiestBand(quarterTurn(scaleGrey(g, Math.min(1, ORIENT_DPI / dpi)), deg), ORIENT_BAND);
  return orientationScore(await recognise(band, prep, budget));
}

/**
 * Read a small band at each given turn and keep the clearly best. Against upright (0 among the
 * turns) a turn must win by a margin, so a page that is simply not a table stays as it is.
 */
async function bestRotation(
  g: Grey,
  dpi: number,
  prep: Prep,
  turns: Rotation[],
  budget: WorkBudget,
): Promise<Rotation> {
  const scores: number[] = [];
  // one at a time: the recogniser is one worker, and a band is a few MB
  for (const deg of turns) scores.push(await bandScore(g, dpi, prep, deg, budget));
  let best = 0;
  for (let i = 1; i < turns.length; i++) if (scores[i] > scores[best]) best = i;
  const upright = turns.indexOf(0);
  const beatsUpright = upright < 0 || scores[best] > scores[upright] * 1.5;
  return scores[best] >= MIN_ORIENTATION_SCORE && beatsUpright ? turns[best] : 0;
}

/**
 * Which way the text lines run on a canvas, judged without OCR (`lineDirection` of scan/grey.ts:
 * the ink profile of rows jumps at every line of text, that of columns changes more gently).
 */
export function lineDirection(canvas: Canvas): 'across' | 'down' | 'unsure' {
  return greyLineDirection(canvasGrey(canvas));
}

/**
 * Skews under this (degrees) are left to the recogniser and the word boxes' own correction
 * (toWords): resampling a soft photo turned 1.5° made the recogniser read a 5 as '$'
 * (test/ocr/ocr.test.ts), and the bench's skew class gained its rows from joined figures, not from
 * straightening. Over 2° an A4 row drifts by more than two lines across the page.
 */
const MIN_DESKEW_DEG = 2;
/** Above this resolution a page is scaled down to it: more pixels only cost the recogniser memory. */
const MAX_OCR_DPI = 300;

/**
 * A page's pixels made ready for reading: at most `readDpi` (MAX_OCR_DPI unless its letters chose
 * less: scan/reading-dpi.ts), its quarter turn applied and its skew measured and straightened.
 * Returns the image and the factor its pixels were scaled by.
 */
export function straighten(
  g: Grey,
  dpi: number,
  turn: Rotation,
  readDpi = MAX_OCR_DPI,
): { grey: Grey; scale: number; skew: number } {
  const most = Math.min(readDpi, MAX_OCR_DPI);
  const scale = dpi > most + 1 ? most / dpi : 1;
  let out = quarterTurn(scaleGrey(g, scale), turn);
  const skew = skewAngle(out);
  if (Math.abs(skew) >= MIN_DESKEW_DEG) out = rotateGrey(out, -skew);
  return { grey: out, scale, skew };
}

/**
 * Recognise a rendered page. Word boxes come back in page units: `unitsPerPixel`, or when
 * `pageWidth` is given, whatever makes the (possibly turned) page that wide. With `release`, the
 * canvas's pixels are given back as soon as they are read (the page goes on as grey, a quarter of
 * the memory).
 */
export async function ocrCanvas(
  canvas: Canvas,
  unitsPerPixel: number,
  opts: OcrOptions & { pageWidth?: number; release?: boolean } = {},
): Promise<OcrPage> {
  const grey = canvasGrey(canvas);
  if (opts.release) freeCanvas(canvas);
  return ocrGrey(grey, unitsPerPixel, opts);
}

/** `ocrCanvas` of a page already grey. */
export async function ocrGrey(
  input: Grey,
  imageUnitsPerPixel: number,
  opts: OcrOptions & { pageWidth?: number } = {},
): Promise<OcrPage> {
  const budget = workBudget(opts.budgetMs ?? OCR_PAGE_BUDGET_MS);
  // a photographed sheet on a desk, warped flat to its own rectangle (decision 041, round five);
  // a scan, paper to its edges, is left as it is
  const sheet = opts.flatten === false ? { grey: input, corners: null } : flattenSheet(input);
  const grey = sheet.grey;
  // the flattened sheet spans the image's width in page units, as the page it is: every page of a
  // statement so, whatever its sheet's size in the photo (a page without a header of its own takes
  // the columns of the page before)
  const unitsPerPixel = (imageUnitsPerPixel * input.width) / grey.width;
  // a sheet found on its desk is a photo, whatever its look (PHOTO_LOOK)
  let prep: Prep = { clean: opts.binarise !== false, photo: sheet.corners !== null, grain: true };
  const orient = opts.orient !== false;
  const direction = orient ? greyLineDirection(grey) : 'across';
  const dpi = unitsPerPixel > 0 ? 72 / unitsPerPixel : IMAGE_DPI;
  // Upright or upside down, told without the recogniser where the glyphs' shared bottoms make it
  // clear: the band trial below cost a quarter to a third of a clean page. Only on a scan's clean
  // ink: a photographed sheet's soft, grainy glyphs share their tops about as often as their
  // bottoms (15 bench photo pages upright: bottoms to tops 0.6-6, 5 under 1; decision 041, session 13)
  const judged = orient && direction === 'across' && !sheet.corners && paperGrain(grey) <= GRAINY;
  const look = judged ? inkLook(grey, dpi) : null;
  const stands = look?.stands ?? 'unsure';
  // The same pages, when their glyphs are sharp, are recognised at the dpi their letters need
  // (200-300; bench pages ~210): a fifth of a clean page's CPU (decision 041, session 14). Soft
  // glyphs, photos, grainy and sideways pages are read at up to 300 dpi as before.
  const readDpi = look && sharpGlyphs(grey) ? readingDpi(look.letter, dpi) : MAX_OCR_DPI;
  let rotation: Rotation = stands === 'turned' ? 180 : 0;
  let tried = false;
  // Lines running down the page: it is on its side, and a full pass as it is would be slow garbage.
  if (direction === 'down') rotation = await bestRotation(grey, dpi, prep, [90, 270], budget);
  else if (
    orient &&
    stands === 'unsure' &&
    (await bandScore(grey, dpi, prep, 0, budget)) < MIN_ORIENTATION_SCORE
  ) {
    // The middle band read upright holds no text: the page may be upside down, and a full pass
    // over an upside-down page is garbage that takes the recogniser three to four times as long
    // as text (scan bench: upside-down pages ran out of their time budget on a loaded machine).
    tried = true;
    rotation = await bestRotation(
      grey,
      dpi,
      prep,
      direction === 'across' ? [0, 180] : [0, 90, 180, 270],
      budget,
    );
  }
  let page = straighten(grey, dpi, rotation, readDpi);
  const started = processCpuMs();
  let lines = await recognise(page.grey, prep, budget);
  // a page given with its grain and read as grain is read again wiped (GRAIN_READ), when the CPU
  // time left holds another pass as long (the wiped page is the quicker read: its grain is gone)
  if (
    prep.clean &&
    grainRead(lines) &&
    budgetLeft(budget) > processCpuMs() - started &&
    keepsGrain(page.grey, prep.photo)
  ) {
    prep = { ...prep, grain: false };
    lines = await recognise(page.grey, prep, budget);
  }
  // a full pass that found no table, read upright, is tried at other turns, unless it is plainly
  // text: a photo's words come cut ('98150.' '56', '01' 'Jan' '2023'), so few are whole dates or
  // amounts, and the trials cost a photo page as much as its reading (decision 041, session 12)
  // (a page judged upside down by its ink alone is checked so too: read at 180 it found no text)
  if (orient && (rotation === 0 || stands === 'turned') && !tried && mayBeTurned(lines)) {
    const turn = await bestRotation(
      grey,
      dpi,
      prep,
      direction === 'across' ? [0, 180] : [0, 90, 180, 270],
      budget,
    );
    if (turn !== rotation) {
      rotation = turn;
      page = straighten(grey, dpi, rotation, readDpi);
      lines = await recognise(page.grey, prep, budget);
    }
  }
  const pixelUnits = unitsPerPixel / page.scale;
  const units = opts.pageWidth ? opts.pageWidth / page.grey.width : pixelUnits;
  return {
    words: toWords(lines, units, page.grey, opts.figureEnds),
    width: page.grey.width * units,
    height: page.grey.height * units,
    rotation,
    ...(opts.preview === false ? {} : { scan: pagePreview(page.grey) }),
  };
}

/**
 * Give a canvas's pixels back now. @napi-rs/canvas holds them outside V8's heap, where V8 does not
 * count them: a few pages' canvases could wait for a collection that the small heap never asks for.
 */
export function freeCanvas(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
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

export interface TessLine {
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
/** A4 at 300 dpi, in pixels: more detail than this only slows the recogniser down. */
const A4_300DPI_SHORT = 2480;
const A4_300DPI_LONG = 3508;

/** Scale for recognition: big photos down to ~300 dpi A4, small ones up (they read badly). */
export function imageScale(width: number, height: number): number {
  const fit = Math.min(A4_300DPI_SHORT / Math.min(width, height), A4_300DPI_LONG / Math.max(width, height));
  if (fit < 1) return fit;
  return width < 1800 ? Math.min(2, fit) : 1;
}

/**
 * OCR a photo or scan of one statement page. A phone photo's EXIF orientation is applied by the
 * decoder (@napi-rs/canvas turns the pixels; test/read/images.test.ts holds it to that), so the
 * image arrives upright unless the page itself was photographed sideways.
 */
export async function readImage(bytes: Uint8Array, opts: OcrOptions = {}): Promise<Page> {
  warmOcr();
  let img;
  try {
    img = await canvasLib().loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
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
  const scale = imageScale(img.width, img.height);
  const canvas = canvasLib().createCanvas(
    Math.max(1, Math.round(img.width * scale)),
    Math.max(1, Math.round(img.height * scale)),
  );
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  const r = await ocrCanvas(canvas, 0, { ...opts, pageWidth: IMAGE_PAGE_WIDTH, release: true });
  return {
    number: 1,
    width: r.width,
    height: r.height,
    words: r.words,
    ocr: true,
    ...(r.scan ? { scan: r.scan } : {}),
  };
}
