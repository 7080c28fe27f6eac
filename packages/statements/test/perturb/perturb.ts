// Seeded layout perturbations of positioned-word documents: what the hidden holdout varies (shifted
// columns, other fonts and sizes, other wrapping, page breaks, grouping, a dropped value-date column).
// Each perturbation keeps every printed value, so the parse must still equal the truth.
import { matchHeader, isHeaderTail } from '../../src/parse/columns/heading.ts';
import type { Column } from '../../src/parse/columns/model.ts';
import { isDateStart } from '../../src/parse/dates.ts';
import type { Page, SourceDocument, Word } from '../../src/source.ts';
import { seededRng, type Rng } from '@bahi/core';

const between = (r: Rng, lo: number, hi: number) => lo + (hi - lo) * r();

interface PLine {
  y: number;
  words: Word[];
}
interface PPage {
  number: number;
  width: number;
  height: number;
  lines: PLine[];
}

// Each word of the model as the page drew it: a word moved or resized carries its words' edges
// (Word.edges) with it; one made anew (rewrapped, regrouped) has none, and the reader estimates.
const drawn = new WeakMap<Word, Word>();

function toModel(page: Page): PPage {
  const words = [...page.words].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: PLine[] = [];
  for (const w of words) {
    const copy = { ...w };
    drawn.set(copy, w);
    const last = lines[lines.length - 1];
    if (last && Math.abs(w.y - last.y) <= 0.4 * (w.height || 8)) last.words.push(copy);
    else lines.push({ y: w.y, words: [copy] });
  }
  return { number: page.number, width: page.width, height: page.height, lines };
}

function fromModel(p: PPage): Page {
  return {
    number: p.number,
    width: p.width,
    height: p.height,
    words: p.lines.flatMap((l) => l.words).map(withEdges),
  };
}

function withEdges(w: Word): Word {
  if (!w.edges) return w;
  const { edges, ...rest } = w;
  const o = drawn.get(w);
  if (!o?.edges || o.text !== w.text || o.width <= 0) return rest;
  return { ...rest, edges: edges.map((e) => w.x + ((e - o.x) * w.width) / o.width) };
}

const lineText = (l: PLine) => [...l.words].sort((a, b) => a.x - b.x);
const runsOf = (l: PLine) => lineText(l).map((w) => ({ text: w.text, x0: w.x, x1: w.x + w.width }));

// The perturbations find a header on one line, so a two-line 'Transaction' over 'Date' (BOB, PNB,
// ICICI, CANARA's 'TRANS') is found on its upper line by its bare first word, as the reader named
// the date until the stacked reading did: the pages perturbed stay the ones the gate has measured.
const UPPER_LINE_DATE = { date: ['transaction', 'trans', 'txn', 'tran'] };

/** Where the table header sits on a page, and its columns. */
function headerOf(p: PPage): { index: number; last: number; columns: Column[] } | null {
  for (let i = 0; i < p.lines.length; i++) {
    const h = matchHeader(runsOf(p.lines[i]!), UPPER_LINE_DATE);
    if (!h) continue;
    const next = p.lines[i + 1];
    const last = next && isHeaderTail(runsOf(next)) ? i + 1 : i;
    return { index: i, last, columns: h.columns };
  }
  return null;
}

const AMOUNT = /^-?[\d,]+\.\d{2}/;
const isAmountWord = (w: Word) => AMOUNT.test(w.text);

/** A dated row's first line: a date at the left and an amount. */
function isAnchor(l: PLine, dateCol: Column | undefined): boolean {
  if (!dateCol) return false;
  const ws = lineText(l);
  const first = ws.find((w) => w.x + w.width > dateCol.x0 - 5);
  if (!first) return false;
  const two = ws
    .slice(ws.indexOf(first), ws.indexOf(first) + 3)
    .map((w) => w.text)
    .join(' ');
  return (
    (isDateStart(first.text) || isDateStart(two.split(' ').slice(0, 2).join(' '))) && ws.some(isAmountWord)
  );
}

// Column bands: from the midpoint with the column on the left to the midpoint with the one on the right.
function bandOf(columns: Column[], w: Word): number {
  const c = w.x + w.width / 2;
  let k = 0;
  for (let i = 1; i < columns.length; i++) {
    const mid = (columns[i - 1]!.x1 + columns[i]!.x0) / 2;
    if (c >= mid) k = i;
  }
  return k;
}

/**
 * Every column moves by its own offset, within a quarter of the space left between its printed
 * text and its neighbours' (header and cells alike): a statement never prints one column's text
 * over the next one's, and a reader could not tell such text from two cells run together.
 */
export function shiftColumns(p: PPage, r: Rng): void {
  const h = headerOf(p);
  if (!h) return;
  const cols = h.columns;
  const ext = cols.map((c) => ({ x0: c.x0, x1: c.x1 }));
  for (const l of p.lines.slice(h.index))
    for (const w of l.words) {
      const e = ext[bandOf(cols, w)]!;
      e.x0 = Math.min(e.x0, w.x);
      e.x1 = Math.max(e.x1, w.x + w.width);
    }
  const offsets = ext.map((e, i) => {
    const left = i > 0 ? e.x0 - ext[i - 1]!.x1 : 20;
    const right = i + 1 < ext.length ? ext[i + 1]!.x0 - e.x1 : 20;
    const room = Math.max(0, Math.min(left, right)) * 0.25;
    return between(r, -room, room);
  });
  for (const l of p.lines.slice(h.index)) for (const w of l.words) w.x += offsets[bandOf(cols, w)]!;
}

/** Another font size: everything scales, the page with it. */
export function scale(p: PPage, r: Rng): void {
  const sx = between(r, 0.85, 1.2);
  const sy = between(r, 0.85, 1.2);
  p.width *= sx;
  p.height *= sy;
  for (const l of p.lines) {
    l.y *= sy;
    for (const w of l.words) {
      w.x *= sx;
      w.width *= sx;
      w.y *= sy;
      w.height *= sy;
    }
  }
}

/**
 * Another typeface: glyphs wider or narrower. Text keeps its left edge, amounts their right edge,
 * and nothing grows into the next word (a statement generator wraps to its column).
 */
export function font(p: PPage, r: Rng): void {
  const f = between(r, 0.85, 1.15);
  const cols = headerOf(p)?.columns;
  for (const l of p.lines) {
    const ws = lineText(l);
    ws.forEach((w, i) => {
      const right = w.x + w.width;
      const next = ws[i + 1];
      const band = cols ? bandOf(cols, w) : -1;
      const column = cols?.[band + 1];
      const end = Math.min(next ? next.x : Infinity, column && w.x < column.x0 ? column.x0 : Infinity);
      const room = isAmountWord(w) ? Infinity : end - w.x - 1;
      w.width = Math.min(w.width * f, Math.max(room, w.width));
      if (isAmountWord(w)) w.x = right - w.width;
    });
  }
}

/** Cells of one row drawn a little above or below each other. */
export function jitter(p: PPage, r: Rng): void {
  for (const l of p.lines) for (const w of l.words) w.y += between(r, -0.12, 0.12) * (w.height || 8);
}

const western = (s: string) =>
  s.replace(/^(-?)([\d,]+)(\.\d{2})/, (_, sign: string, whole: string, frac: string) => {
    return sign + Number(whole.replace(/,/g, '')).toLocaleString('en-US') + frac;
  });

/** Western grouping (1,234,567.89) instead of Indian (12,34,567.89); amounts stay right-aligned. */
export function westernGrouping(p: PPage): void {
  for (const l of p.lines)
    for (const w of l.words) {
      if (!isAmountWord(w)) continue;
      const t = western(w.text);
      if (t === w.text) continue;
      const per = w.width / w.text.length;
      const right = w.x + w.width;
      w.text = t;
      w.width = per * t.length;
      w.x = right - w.width;
    }
}

/** Drops the value-date column, header and cells. */
export function dropValueDate(p: PPage): boolean {
  const h = headerOf(p);
  const vd = h?.columns.findIndex((c) => c.role === 'valueDate') ?? -1;
  if (!h || vd < 0) return false;
  for (const l of p.lines.slice(h.index)) {
    l.words = l.words.filter((w) => bandOf(h.columns, w) !== vd);
  }
  p.lines = p.lines.filter((l) => l.words.length);
  return true;
}

/**
 * What both re-wraps read off a page: its header, the date column, a test for the narration words,
 * the in-row line spacing (the smallest gap between body lines) and the right edge new narration
 * lines may reach. Null without a header or a narration column.
 */
function narrationLayout(p: PPage) {
  const h = headerOf(p);
  if (!h) return null;
  const cols = h.columns;
  const d = cols.findIndex((c) => c.role === 'description');
  if (d < 0) return null;
  const body = p.lines.slice(h.last + 1);
  const gaps: number[] = [];
  for (let i = 0; i + 1 < body.length; i++) gaps.push(body[i + 1]!.y - body[i]!.y);
  const next = cols[d + 1];
  return {
    h,
    dateCol: cols.find((c) => c.role === 'date'),
    inDesc: (w: Word) => bandOf(cols, w) === d && !isAmountWord(w),
    lineGap: Math.min(...gaps.filter((g) => g > 0)),
    limit: next ? next.x0 - 2 : p.width - 20,
  };
}

/**
 * Re-wraps narrations below the date line (banks whose wrapped text follows the row) at another
 * width: the narration words of the row, in order, are set again in 1 to 3 lines.
 */
export function rewrap(p: PPage, r: Rng): void {
  const n = narrationLayout(p);
  if (!n) return;
  const { h, dateCol, inDesc, lineGap, limit } = n;
  const out: PLine[] = p.lines.slice(0, h.last + 1);
  let i = h.last + 1;
  let shift = 0;
  while (i < p.lines.length) {
    const l = p.lines[i]!;
    if (!isAnchor(l, dateCol)) {
      out.push(shiftLine(l, shift));
      i++;
      continue;
    }
    // the row: its date line and the narration-only lines right below it
    let j = i + 1;
    while (
      j < p.lines.length &&
      !isAnchor(p.lines[j]!, dateCol) &&
      p.lines[j]!.words.every(inDesc) &&
      p.lines[j]!.y - p.lines[j - 1]!.y < lineGap * 1.5
    )
      j++;
    const narration = [l, ...p.lines.slice(i + 1, j)].flatMap((x) => lineText(x).filter(inDesc));
    const x0 = narration[0]?.x;
    if (narration.length < 2 || x0 === undefined) {
      for (const x of p.lines.slice(i, j)) out.push(shiftLine(x, shift));
      i = j;
      continue;
    }
    // set the words again at another width, inside the narration column
    const groups = setWords(narration, (limit - x0) * between(r, 0.45, 1), x0);
    const anchorY = l.y + shift;
    groups.forEach((g, gi) => {
      const y = anchorY + gi * lineGap;
      const words = g.map((w) => ({ ...w, y }));
      if (gi === 0)
        out.push({
          y,
          words: [...l.words.filter((w) => !inDesc(w)).map((w) => ({ ...w, y: w.y + shift })), ...words],
        });
      else out.push({ y, words });
    });
    const oldEnd = p.lines[j - 1]!.y;
    shift += anchorY + (groups.length - 1) * lineGap - (oldEnd + shift);
    i = j;
  }
  p.lines = out;
}

/** Sets narration words again in lines no wider than `width`, from `x0` (y is the caller's). */
function setWords(narration: Word[], width: number, x0: number): Word[][] {
  const space = (narration[0]?.height ?? 8) * 0.3;
  const groups: Word[][] = [[]];
  let used = 0;
  for (const w of narration) {
    const cur = groups[groups.length - 1]!;
    if (cur.length && used + space + w.width > width) {
      groups.push([w]);
      used = w.width;
    } else {
      used += (cur.length ? space : 0) + w.width;
      cur.push(w);
    }
  }
  return groups.map((g) => {
    let x = x0;
    return g.map((w) => {
      const nw = { ...w, x };
      x += w.width + w.height * 0.3;
      return nw;
    });
  });
}

/**
 * Re-wraps narrations that start above the date line (Axis: the date and amounts sit on the
 * narration's last line) at another width: the row's narration-only lines right above its date
 * line and the date line's own narration are set again in 1 to 3 lines, the last on the date line.
 */
export function rewrapAbove(p: PPage, r: Rng): void {
  const n = narrationLayout(p);
  if (!n) return;
  const { h, dateCol, inDesc, lineGap, limit } = n;
  const body = p.lines.slice(h.last + 1);
  const out: PLine[] = p.lines.slice(0, h.last + 1);
  let shift = 0;
  let done = 0;
  for (let a = 0; a < body.length; a++) {
    const anchor = body[a]!;
    if (!isAnchor(anchor, dateCol)) continue;
    // the lines set at in-row spacing right above the date line, holding narration only
    let s = a;
    while (
      s > done &&
      !isAnchor(body[s - 1]!, dateCol) &&
      body[s - 1]!.words.every(inDesc) &&
      body[s]!.y - body[s - 1]!.y < lineGap * 1.15
    )
      s--;
    for (const l of body.slice(done, s)) out.push(shiftLine(l, shift));
    const block = body.slice(s, a + 1);
    done = a + 1;
    const narration = block.flatMap((x) => lineText(x).filter(inDesc));
    const x0 = narration[0]?.x;
    if (narration.length < 2 || x0 === undefined) {
      for (const l of block) out.push(shiftLine(l, shift));
      continue;
    }
    const groups = setWords(narration, (limit - x0) * between(r, 0.45, 1), x0);
    const top = block[0]!.y + shift;
    const anchorY = top + (groups.length - 1) * lineGap;
    groups.forEach((g, gi) => {
      const y = top + gi * lineGap;
      const words = g.map((w) => ({ ...w, y }));
      if (gi === groups.length - 1) {
        const others = anchor.words.filter((w) => !inDesc(w)).map((w) => ({ ...w, y: w.y - anchor.y + y }));
        out.push({ y, words: [...others, ...words] });
      } else out.push({ y, words });
    });
    shift = anchorY - anchor.y;
  }
  for (const l of body.slice(done)) out.push(shiftLine(l, shift));
  p.lines = out;
}

function shiftLine(l: PLine, dy: number): PLine {
  return { y: l.y + dy, words: l.words.map((w) => ({ ...w, y: w.y + dy })) };
}

/**
 * Moves the page break: the page is cut between two single-line rows and the rest goes to a new
 * page under a repeated header.
 */
export function splitPage(p: PPage, r: Rng): PPage[] {
  const h = headerOf(p);
  if (!h) return [p];
  const dateCol = h.columns.find((c) => c.role === 'date');
  const cuts: number[] = [];
  for (let i = h.last + 2; i + 1 < p.lines.length; i++)
    if (isAnchor(p.lines[i - 1]!, dateCol) && isAnchor(p.lines[i]!, dateCol)) cuts.push(i);
  if (!cuts.length) return [p];
  const cut = cuts[Math.floor(r() * cuts.length)]!;
  const header = p.lines.slice(h.index, h.last + 1);
  const moved = p.lines.slice(cut);
  const top = header[0]!.y;
  const dy = p.lines[h.last + 1]!.y - moved[0]!.y;
  const second: PPage = {
    number: p.number + 1,
    width: p.width,
    height: p.height,
    lines: [...header.map((l) => shiftLine(l, 0)), ...moved.map((l) => shiftLine(l, dy))],
  };
  void top;
  return [{ ...p, lines: p.lines.slice(0, cut) }, second];
}

export const KINDS = [
  'shift',
  'scale',
  'font',
  'jitter',
  'western',
  'dropValueDate',
  'rewrap',
  'pageBreak',
] as const;
export type Kind = (typeof KINDS)[number];

/** Applies the chosen perturbations to every page, seeded. */
export function perturb(
  doc: SourceDocument,
  kinds: readonly Kind[],
  seed: number,
  flow: 'after' | 'before',
): SourceDocument {
  if (doc.kind !== 'pages') return doc;
  const r = seededRng(seed);
  let pages = doc.pages.map(toModel);
  const has = (k: Kind) => kinds.includes(k);
  for (const p of pages) {
    if (has('dropValueDate')) dropValueDate(p);
    if (has('rewrap')) (flow === 'after' ? rewrap : rewrapAbove)(p, r);
    if (has('western')) westernGrouping(p);
    if (has('shift')) shiftColumns(p, r);
    if (has('font')) font(p, r);
    if (has('scale')) scale(p, r);
    if (has('jitter')) jitter(p, r);
  }
  if (has('pageBreak')) pages = pages.flatMap((p) => splitPage(p, r));
  pages.forEach((p, i) => (p.number = i + 1));
  return { ...doc, pages: pages.map(fromModel) };
}
