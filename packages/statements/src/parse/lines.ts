// The lines stage: positioned lines, the common shape of PDF pages (words grouped by baseline),
// fixed-width reports (character columns as x) and workbooks (cells on a grid). Every later stage
// sees only these.
import type { Page, Sheet, SourceDocument } from '../source.ts';
import { currencyFigure, isCurrency, readAmount, toldWhole } from './amount.ts';
import { dayFirstLines } from './date-order.ts';
import { readDate } from './dates.ts';
import { maxOf, minOf } from './extent.ts';
import { cleanOcrWords, estimateSkew, fixOcrAmount } from './ocr-words.ts';

export interface Run {
  text: string;
  x0: number;
  x1: number;
  /** each word's x0 and x1 as the reader measured them (Word.edges); else runWords estimates */
  edges?: number[];
  /** OCR: the recogniser's confidence in the run's least sure word, 0-100 (Word.confidence) */
  confidence?: number;
}

/** The less sure of two confidences; undefined when neither is known (a text layer is exact). */
export function lessSure(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** A run's word edges, measured or, for a run of one word, its own ends; null when not known. */
function edgesOf(run: Run): number[] | null {
  if (run.edges) return run.edges;
  return run.text.includes(' ') ? null : [run.x0, run.x1];
}

/** Two runs as one: `sep` ' ' for words apart, '' for pieces of one word. */
export function joinRuns(a: Run, b: Run, sep: '' | ' '): Run {
  const run: Run = { text: a.text + sep + b.text, x0: a.x0, x1: Math.max(a.x1, b.x1) };
  const ea = edgesOf(a);
  const eb = edgesOf(b);
  if (ea && eb) run.edges = sep === ' ' ? [...ea, ...eb] : [...ea.slice(0, -1), ...eb.slice(1)];
  const confidence = lessSure(a.confidence, b.confidence);
  if (confidence !== undefined) run.confidence = confidence;
  return run;
}

export interface Line {
  page: number;
  /** top of the line, page units (report: line index) */
  y: number;
  /** typical text height on the line (report: 1) */
  height: number;
  runs: Run[];
  text: string;
  /** the words came from OCR: amounts may need the column's help to read */
  ocr?: boolean;
}

/**
 * Two lines of one block (a header printed in two or three, a narration over its row's date line):
 * on one page, `bottom` at most 1.6 line heights below `top`, where a blank line between would put it
 * at 2 or more.
 */
export function nextLineClose(top: Line, bottom: Line): boolean {
  return top.page === bottom.page && bottom.y - top.y <= 1.6 * Math.max(top.height, bottom.height);
}

/**
 * A word space, in character widths of the text's own font: runs of one cell (a narration that ran
 * long, a header name in several pieces, a date drawn as pieces) are at most this far apart; the
 * cells of neighbouring columns further. The one measure of a word space every stage uses.
 */
export const WORD_GAP_CHARS = 1.5;

// Words whose tops differ by less than this fraction of the text height share a line. Cells of one
// row are drawn at the same baseline (differences are rounding), while wrapped lines are a full line
// height apart, so half a height separates the two cases with room on both sides.
const SAME_LINE_FRACTION = 0.5;

// Text runs closer than this fraction of the text height are pieces of one word: a word space is a
// quarter of the height or more.
const TOUCH_FRACTION = 0.08;

// Pieces of one date or figure drawn a little apart (the font narrower than the widths its
// producer placed them by, or wider, overlapping): at most a Courier word space either way.
const PIECE_GAP_FRACTION = 0.6;
// A figure's piece that cannot stand alone: digits cut inside a digit group ('32,8', '1,23,')
// before the rest of the figure, or the rest (',571.47') after its first digits.
const FIGURE_HEAD = /^[-+]?\d[\d,]*$/;
const CUT_GROUP = /,\d{0,2}$/;
const FIGURE_TAIL = /^,?\d[\d,]*(?:\.\d{1,2})?(?:\s?(?:cr|dr)\.?)?$/i;
const DATE_CUT = /[/.-]$|^[/.-]/;

/** Two runs a little apart that are one date's or one figure's pieces ('03' + '/08/19', '42' + ',571.47'). */
function tokenPieces(a: string, b: string): boolean {
  if ((DATE_CUT.test(a) || DATE_CUT.test(b)) && readDate(a + b) && !readDate(a) && !readDate(b)) return true;
  return (
    FIGURE_HEAD.test(a) &&
    FIGURE_TAIL.test(b) &&
    (CUT_GROUP.test(a) || b.startsWith(',')) &&
    readAmount(a + b) !== null
  );
}

// a time of day, whole ('01:00 AM', '10:15:32')
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?$/i;

/**
 * Touching runs that are still two cells: two figures, or a whole token (a figure, a date, a time of
 * day) and words ('01:00 AM' drawn into the narration beside it, 'GILL/UTKS/...').
 */
function apart(a: string, b: string): boolean {
  const figA = readAmount(a) !== null;
  const figB = readAmount(b) !== null;
  const tokenA = figA || CLOCK.test(a) || readDate(a) !== null;
  const tokenB = figB || CLOCK.test(b) || readDate(b) !== null;
  return (figA && figB) || (tokenA && /[a-z]/i.test(b)) || (tokenB && /[a-z]/i.test(a));
}

interface PlacedWord {
  text: string;
  x0: number;
  x1: number;
  /** top, corrected for the page's skew */
  y: number;
  /** where lines are compared: the top for a text layer, the middle for OCR boxes */
  key: number;
  h: number;
  edges?: number[];
  confidence?: number;
}

// Space to tidy in a word's text: at its ends, doubled, or other than a plain space.
const UNTIDY_SPACE = /^\s|\s$|\s\s|[^\S ]/;

export function pageLines(page: Page): Line[] {
  const ocr = page.ocr === true;
  const raw = page.words.filter((w) => w.text.trim() !== '');
  const source = ocr ? cleanOcrWords(raw) : raw;
  // OCR boxes hug the ink, so tops differ between 'PVT' and 'ool'; their middles agree better. A
  // scan is also slightly tilted: measure it and level the words before grouping them.
  const skew = ocr ? estimateSkew(source) : 0;
  const words: PlacedWord[] = source
    .map((w) => {
      const h = w.height || 8;
      const y = w.y - skew * (w.x + w.width / 2);
      const text = UNTIDY_SPACE.test(w.text) ? w.text.replace(/\s+/g, ' ').trim() : w.text;
      const placed: PlacedWord = {
        text: ocr ? fixOcrAmount(text) : text,
        x0: w.x,
        x1: w.x + w.width,
        y,
        key: ocr ? y + h / 2 : y,
        h,
      };
      if (w.edges && !ocr) placed.edges = w.edges;
      if (ocr && w.confidence !== undefined) placed.confidence = w.confidence;
      return placed;
    })
    .sort((a, b) => a.key - b.key || a.x0 - b.x0);
  // one tall speck must not swallow the line below, so OCR lines use the page's typical height
  const heights = ocr ? Float64Array.from(words, (w) => w.h).sort() : null;
  const pageHeight = heights?.length ? heights[heights.length >> 1]! : 8;
  const space = ocr ? null : wordSpace(words);
  const lines: Line[] = [];
  let cur: PlacedWord[] = [];
  let sum = 0;
  const emit = (cur: PlacedWord[]) => {
    const hs = new Float64Array(cur.length);
    let top = Infinity;
    let inOrder = true;
    for (let i = 0; i < cur.length; i++) {
      const w = cur[i]!;
      hs[i] = w.h;
      top = Math.min(top, w.y);
      if (i > 0 && w.x0 < cur[i - 1]!.x0) inOrder = false;
    }
    hs.sort();
    // (a line's words mostly come in order already)
    if (!inOrder) cur.sort((a, b) => a.x0 - b.x0);
    const runs: Run[] = [];
    for (const w of cur) {
      const p = runs[runs.length - 1];
      // pieces of one word drawn separately ('09' + '/04/19') touch; words have a space between, and
      // a narration that runs into a figure is no piece of it
      const gap = p ? w.x0 - p.x1 : Infinity;
      const run: Run = { text: w.text, x0: w.x0, x1: w.x1 };
      if (w.edges) run.edges = w.edges;
      if (w.confidence !== undefined) run.confidence = w.confidence;
      const touching = Math.abs(gap) <= TOUCH_FRACTION * w.h && !apart(p?.text ?? '', w.text);
      const pieces = Math.abs(gap) <= PIECE_GAP_FRACTION * w.h && tokenPieces(p?.text ?? '', w.text);
      if (p && !ocr && (touching || pieces)) runs[runs.length - 1] = joinRuns(p, run, '');
      else runs.push(run);
    }
    const height = hs[hs.length >> 1]!;
    const cells = runs.flatMap((r) => splitAtCellGaps(r, space === null ? Infinity : space * height));
    currencyToFigure(cells);
    const line: Line = {
      page: page.number,
      y: top,
      height,
      runs: cells,
      text: cells.map((r) => r.text).join(' '),
    };
    if (ocr) line.ocr = true;
    lines.push(line);
  };
  // a word drawn across two or more other words of its line, at any height, is another line printed
  // over it: a page's foot ('This is a computer generated statement ...') over the date, the value
  // date and the narration of a row that ran down into it (a cell run long under one neighbour,
  // clipped in print, is over one word only)
  const across = (w: PlacedWord) =>
    cur.filter(
      (c) =>
        c !== w &&
        c.text !== w.text &&
        Math.min(c.x1, w.x1) - Math.max(c.x0, w.x0) > PIECE_GAP_FRACTION * w.h,
    ).length >= 2;
  const flush = () => {
    if (!cur.length) return;
    const drawnOver = ocr || cur.length < 3 ? [] : cur.filter(across);
    if (drawnOver.length === 0 || drawnOver.length === cur.length) emit(cur);
    else {
      const rest = cur.filter((w) => !drawnOver.includes(w));
      const top = (ws: PlacedWord[]) => minOf(ws.map((w) => w.y));
      for (const ws of top(drawnOver) < top(rest) ? [drawnOver, rest] : [rest, drawnOver]) emit(ws);
    }
    cur = [];
    sum = 0;
  };
  // a word drawn over another of the line, at another height, is another line printed over this
  // one: a page's foot ('This is a computer generated statement ...', 552.6) over a row's last
  // wrapped line ('03:26 AM' 'SUPPLIES/BARB0849285', 553.8) that ran into it. A line's words never
  // overlap (pieces of one token by a sliver, a word drawn twice for bold at the same height).
  // (asked only of a word that starts left of where the line's words reach: most come in order)
  let reach = -Infinity;
  const over = (w: PlacedWord, h: number) =>
    !ocr &&
    w.x0 < reach - PIECE_GAP_FRACTION * h &&
    cur.some(
      (c) =>
        Math.min(c.x1, w.x1) - Math.max(c.x0, w.x0) > PIECE_GAP_FRACTION * h &&
        Math.abs(c.y - w.y) > TOUCH_FRACTION * h &&
        c.text !== w.text,
    );
  for (const w of words) {
    // compare with the line's mean position, so small jitter between cells does not add up
    const h = ocr ? pageHeight : Math.max(w.h, cur[0]?.h ?? 0);
    if (cur.length && (Math.abs(w.key - sum / cur.length) > SAME_LINE_FRACTION * h || over(w, h))) flush();
    if (!cur.length) reach = -Infinity;
    cur.push(w);
    sum += w.key;
    reach = Math.max(reach, w.x1);
  }
  flush();
  return lines;
}

// A page's word space is known once this many gaps inside runs were measured.
const MIN_SPACES_MEASURED = 20;
// Words further apart than this many of the page's word spaces were drawn apart: two cells that
// pdf.js would have joined (a gap under 0.6 em). A word space is 0.25-0.28 em in proportional fonts,
// a tight table's cells 0.5 em or more apart; in Courier a space is 0.6 em itself, and nothing splits.
const CELL_GAP_SPACES = 1.6;

/**
 * The page's word space as a fraction of the text height: the median gap between words inside
 * runs, most of them narrations' spaces; null when too few were measured to say.
 */
function wordSpace(words: PlacedWord[]): number | null {
  const gaps: number[] = [];
  for (const w of words) {
    const e = w.edges;
    if (!e) continue;
    for (let i = 2; i < e.length; i += 2) gaps.push((e[i]! - e[i - 1]!) / w.h);
  }
  if (gaps.length < MIN_SPACES_MEASURED) return null;
  return Float64Array.from(gaps).sort()[gaps.length >> 1]!;
}

// A figure with its paise (and a mark glued on): two of them side by side are two cells, however
// close (a Courier table sets its cells closer than its word space: '0.0 235769.0 331387.91Cr').
const PAISE_FIGURE = /^[-+(]?[\d,]*\d\.\d{1,2}\)?(?:cr|dr)?\.?$/i;

/**
 * A run cut where its words were drawn apart: more than a word space (`gap`) from each other, or
 * two figures side by side. Only measured runs: their edges say where each piece is.
 */
function splitAtCellGaps(run: Run, gap: number): Run[] {
  if (!run.edges) return [run];
  const words = runWords(run);
  const out: Run[] = [];
  let from = 0;
  for (let i = 1; i <= words.length; i++) {
    if (
      i < words.length &&
      words[i]!.x0 - words[i - 1]!.x1 <= CELL_GAP_SPACES * gap &&
      !(PAISE_FIGURE.test(words[i - 1]!.text) && PAISE_FIGURE.test(words[i]!.text))
    )
      continue;
    out.push(words.slice(from, i).reduce((a, b) => joinRuns(a, b, ' ')));
    from = i;
  }
  return out.length === 1 ? [run] : out;
}

/**
 * A currency word and the figure after it are one token ('INR 1,200.00', '(Rs.' '6,04,888.46)') where
 * they stand at most a word space apart (WORD_GAP_CHARS of the pair's own character width), whether
 * pdf.js drew them as one run or as two ('139,652.00 INR' + '204,963.06': columns set close). Further
 * apart the currency is a cell of its own: a CCY column printing 'INR' before the amounts. With
 * `whole`, whole rupees after it too ('Rs.' '35,270', money by that print: toldWhole), where the
 * words of a run are told apart as cells; a run is never joined to one so.
 */
export function currencyToken(currency: Run, figure: Run, whole = false): boolean {
  if (
    !currencyFigure(currency.text, figure.text) &&
    !(whole && isCurrency(currency.text) && toldWhole(`${currency.text} ${figure.text}`))
  )
    return false;
  const chars = currency.text.length + figure.text.length;
  const charWidth = (currency.x1 - currency.x0 + figure.x1 - figure.x0) / chars;
  return figure.x0 - currency.x1 <= WORD_GAP_CHARS * charWidth;
}

/** A currency word that ends a run and the figure that starts the next, one token: one run. */
function currencyToFigure(runs: Run[]): void {
  for (let i = 0; i + 1 < runs.length; i++) {
    const run = runs[i]!;
    const next = runs[i + 1]!;
    const cut = run.text.lastIndexOf(' ');
    // (a currency word is a few letters at most: 'INR', '-Rs.', '(Rs.'); the words asked before
    // the runs are measured, most runs ending in no currency
    if (run.text.length - cut > 6) continue;
    if (!currencyFigure(run.text.slice(cut + 1), next.text.split(' ')[0]!)) continue;
    const words = runWords(run);
    if (!currencyToken(words[words.length - 1]!, runWords(next)[0]!)) continue;
    if (cut < 0) {
      runs.splice(i, 2, joinRuns(run, next, ' '));
      i--;
      continue;
    }
    runs[i] = words.slice(0, -1).reduce((a, b) => joinRuns(a, b, ' '));
    runs[i + 1] = joinRuns(words.at(-1)!, next, ' ');
  }
}

// In a fixed-width report two or more spaces separate cells; a single space is part of a cell.
const REPORT_CELL_GAP = /\s{2,}/;

/** Report lines; a form feed starts a new page. */
export function reportLines(raw: string[]): Line[] {
  const lines: Line[] = [];
  let page = 1;
  let y = 0;
  for (let text of raw) {
    text = text.replace(/\r$/, '');
    while (text.includes('\f')) {
      const i = text.indexOf('\f');
      if (text.slice(0, i).trim()) lines.push(reportLine(text.slice(0, i), page, y++));
      page++;
      text = text.slice(i + 1);
    }
    y++;
    if (!text.trim()) continue;
    lines.push(reportLine(text, page, y));
  }
  return lines;
}

function reportLine(text: string, page: number, y: number): Line {
  const runs: Run[] = [];
  const re = new RegExp(REPORT_CELL_GAP.source, 'g');
  let start = 0;
  const push = (end: number) => {
    const cell = text.slice(start, end);
    const lead = cell.length - cell.trimStart().length;
    const t = cell.trim();
    if (t) runs.push({ text: t, x0: start + lead, x1: start + lead + t.length });
  };
  for (const m of text.matchAll(re)) {
    push(m.index);
    start = m.index + m[0].length;
  }
  push(text.length);
  return { page, y, height: 1, runs, text: runs.map((r) => r.text).join(' ') };
}

/**
 * Splits a run into its space-separated words, each where the reader measured it, or with its place
 * estimated from character counts where it could not (OCR).
 */
export function runWords(run: Run): Run[] {
  const parts = run.text.split(' ');
  if (parts.length === 1) return [run];
  // (each word is taken as sure as the run's least sure one)
  const sure = run.confidence === undefined ? {} : { confidence: run.confidence };
  const edges = run.edges;
  if (edges && edges.length === 2 * parts.length)
    return parts.map((text, i) => ({ text, x0: edges[2 * i]!, x1: edges[2 * i + 1]!, ...sure }));
  const per = (run.x1 - run.x0) / Math.max(run.text.length, 1);
  const out: Run[] = [];
  let i = 0;
  for (const p of parts) {
    out.push({ text: p, x0: run.x0 + i * per, x1: run.x0 + (i + p.length) * per, ...sure });
    i += p.length + 1;
  }
  return out;
}

// Sheet cells become runs on a grid: one row is one line, one column a fixed-width band, every cell
// right-aligned to its band (so numbers and their headers share a right edge).
const SHEET_COLUMN_WIDTH = 100;
const SHEET_CELL_WIDTH = 60;

// Excel serials 1970..2100: a date column exported without a date format holds these numbers.
const SERIAL_MIN = 25_569;
const SERIAL_MAX = 73_051;
const SERIAL_SPAN = 400;
const DATE_HEADING = /\b(date|dt)\b/i;

/**
 * The date serials of columns whose heading names a date and whose numbers are mostly serials: a
 * workbook that lost its date format (column -> rows). Only the heading tells such a column from
 * an amount column of round figures.
 */
function serialDateCells(rows: Sheet['rows']): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const width = Math.max(0, maxOf(rows.map((r) => r.length)));
  for (let c = 0; c < width; c++) {
    const numbers = rows.map((r, i) => [r[c], i] as const).filter(([v]) => typeof v === 'number');
    // a whole number, or with the time as its fraction (a date-time cell that lost its format)
    const inRange = numbers.filter(([v]) => (v as number) >= SERIAL_MIN && (v as number) < SERIAL_MAX);
    // a statement's dates lie within a year or so of each other: a round figure above or below the
    // table that happens to fall in the range is no date
    const middle = inRange.map(([v]) => v as number).sort((a, b) => a - b)[inRange.length >> 1] ?? 0;
    const serials = inRange.filter(([v]) => Math.abs((v as number) - middle) <= SERIAL_SPAN);
    // a summary's figure or two after the table may share the column
    if (serials.length < 2 || serials.length < 0.8 * numbers.length) continue;
    const first = serials[0]![1];
    const above = rows
      .slice(0, first)
      .map((r) => r[c])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .slice(-2)
      .join(' ');
    if (DATE_HEADING.test(above)) out.set(c, new Set(serials.map(([, i]) => i)));
  }
  return out;
}

function serialToIso(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

// A sheet's rows are most of a long statement's memory (issue 37: a 200,000-row CSV): a row's
// runs are kept in an array of exactly their number (one grown by push keeps room for 17), and a
// cell's text is the sheet's own string wherever it needs no tidying.
function sheetLines(sheets: Sheet[]): Line[] {
  const lines: Line[] = [];
  const texts: string[] = [];
  const columns: number[] = [];
  sheets.forEach((sheet, si) => {
    const serialDates = serialDateCells(sheet.rows);
    sheet.rows.forEach((row, ri) => {
      texts.length = 0;
      columns.length = 0;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        const v = typeof cell === 'number' && serialDates.get(c)?.has(ri) ? serialToIso(cell) : cell;
        if (v === null || v === undefined) continue;
        const text = typeof v === 'number' ? v.toFixed(2) : tidyCell(String(v));
        if (!text) continue;
        texts.push(text);
        columns.push(c);
      }
      if (!texts.length) return;
      const runs = texts.map((text, i): Run => {
        const x0 = columns[i]! * SHEET_COLUMN_WIDTH;
        return { text, x0, x1: x0 + SHEET_CELL_WIDTH };
      });
      lines.push({ page: si + 1, y: ri, height: 1, runs, text: texts.join(' ') });
    });
  });
  return lines;
}

/** A cell's text with its space tidied; the same string when it needs none. */
function tidyCell(text: string): string {
  return UNTIDY_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

/** The lines of any document: a page's words, a report's text, a sheet's cells. */
export function documentLines(doc: SourceDocument): Line[] {
  if (doc.kind === 'pages') return dayFirstLines(doc.pages.flatMap(pageLines));
  if (doc.kind === 'lines') return dayFirstLines(reportLines(doc.lines));
  return dayFirstLines(sheetLines(doc.sheets));
}
