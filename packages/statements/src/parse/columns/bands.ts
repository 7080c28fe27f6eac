// Column bands: where each column's cells sit, from the header's names and the alignment of the
// rows below it. Headers are often centred over their cells, or narrower or wider than them, so a
// header name alone does not say where its column starts and ends; the rows do. Gutters (x ranges
// that almost no row writes in) separate the columns; each stretch of written x between gutters
// belongs to the header name above it.
import { EMPTY_AMOUNT, isCurrency, isMark, markedWhole, readAmount, sideOf, toldWhole } from '../amount.ts';
import { type Band, type Column, type Header, NUMERIC_ROLES } from './model.ts';
import { readDate, readMonthDay } from '../dates.ts';
import { type Run, WORD_GAP_CHARS, currencyToken, runWords } from '../lines.ts';

// A column written in fewer rows than this share is no column of its own (a narration that
// overruns its column now and then must not open a gutter-less bridge between two columns).
const MIN_SHARE = 0.05;
// A stretch no header name stands over is a column of its own only when this share of rows write
// in it (an unlabelled branch-code column); fewer are words that line up by chance.
const UNNAMED_SHARE = 0.25;
// Gaps narrower than this many character widths are word spaces, not gutters.
const MIN_GUTTER_CHARS = 0.2;
// A name stands over a stretch when they share more than this share of the narrower of the two.
const OVERHANG_SHARE = 0.25;
// Fewer sample rows than this and the alignment says nothing: the header's names decide.
const MIN_SAMPLE = 3;

export const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.min(a1, b1) - Math.max(a0, b0);
export const distance = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.max(a0, b0) - Math.min(a1, b1));

/**
 * A sign set a space before the whole rupees it signs ('+ 18,764', '– 9,323'). Not before a figure
 * with paise: a dash there is the empty amount of the column before ('- 1,40,862.00 Cr', tight
 * Courier cells a space apart), and signed figures with paise are drawn glued ('-1,200.00').
 */
const signFigure = (sign: string, figure: string) =>
  /^[-+\u2212\u2013]$/.test(sign) && /^\d{1,3}(?:,\d{2,3})+$|^\d+$/.test(figure);

/**
 * A run's words, a currency a word space before its figure kept with it ('INR 1,200.00', 'Rs. 35,270':
 * the token rule of currencyToken, which joins runs by the same measure), and so is a sign ('+ 18,764').
 */
export function figureWords(run: Run): Run[] {
  const out: Run[] = [];
  for (const w of runWords(run)) {
    const p = out[out.length - 1];
    if (p && (currencyToken(p, w, true) || signFigure(p.text, w.text)))
      out[out.length - 1] = { text: `${p.text} ${w.text}`, x0: p.x0, x1: w.x1 };
    else out.push(w);
  }
  return out;
}

/** a figure with its paise, or one decimal where a statement prints one ('15,088.0'), an overdrawn one in brackets
 * ('(17,533.54)') or with its minus after it ('6,17,318.03–'), and its side */
const FIGURE_END = /\d\.\d\d?\)?[-\u2212\u2013]?(?:\s*(?:cr|dr)\.?)?$/i;

/**
 * A figure and words drawn as one run are two cells, whichever comes first: a figure is one token,
 * and no cell holds a figure and words (the cells stage's token rule). Figures with their paise and
 * then words: the words are the next column's ('1,04,762.16 NET BANKING', a balance and a channel
 * beside it). Words and then a figure, or the dash of an empty amount: the figure is the next
 * column's ('TRANSFER FROM 7604300016641 0.00', 'NET BANKING 6,808.0Dr', 'NET BANKING -': a
 * reference and an amount set at its column's left). Only a figure with paise says so: a bare number
 * beside words may be a narration's ('CHQ 4471'). Null where the run is not so.
 */
export function figureApart(run: Run, words = figureWords(run)): Run[] | null {
  if (!run.text.includes(' ')) return null;
  const figure = (t: string) => FIGURE_END.test(t) && readAmount(t) !== null;
  const cell = (t: string) =>
    readAmount(t) || isMark(t) || EMPTY_AMOUNT.test(t) || markedWhole(t) || toldWhole(t);
  // figures first: each a cell, the words after them one
  const lead = words.findIndex((w) => !cell(w.text));
  if (lead > 0 && words.slice(0, lead).some((w) => figure(w.text))) {
    const rest = words.slice(lead);
    return [
      ...words.slice(0, lead),
      { text: rest.map((w) => w.text).join(' '), x0: rest[0]!.x0, x1: rest[rest.length - 1]!.x1 },
    ];
  }
  // words first: the last word the figure, or the figure and a Dr/Cr mark after it (figures before
  // it are cellsOf's to take apart, and 'Rs. 4,020.00' is one cell); most runs end in a word, asked
  // before the run is measured
  const end = run.text.slice(run.text.lastIndexOf(' ') + 1);
  if (!(figure(end) || EMPTY_AMOUNT.test(end) || isMark(end))) return null;
  const each = runWords(run);
  // ('UPI-518374551840 15,088.00 CR': a reference, the amount and its side)
  const marked = each.length >= 3 && isMark(end) && figure(each[each.length - 2]!.text);
  const tail = each.slice(marked ? -2 : -1);
  const last = tail[0]!;
  const before = each[each.length - tail.length - 1];
  if (!before || !(figure(last.text) || EMPTY_AMOUNT.test(last.text))) return null;
  if (readAmount(before.text) !== null || isMark(before.text) || isCurrency(before.text)) return null;
  // (letters besides the mark after the figure)
  if (!/[a-z]/i.test(marked ? run.text.slice(0, run.text.lastIndexOf(' ')) : run.text)) return null;
  const head = each.slice(0, -tail.length);
  return [
    { text: head.map((w) => w.text).join(' '), x0: run.x0, x1: before.x1 },
    ...tail.map((w, k) => ({ text: w.text, x0: w.x0, x1: k === tail.length - 1 ? run.x1 : w.x1 })),
  ];
}

/**
 * A run whose words are all figures, dashes or marks is several cells printed a space apart; so is a
 * date, the year that ends one, or a bare number, printed a space before figures ('2025 269.00':
 * figures set at their column's left; '109936 185209.06 Cr.': whole rupees of the column before).
 */
export function cellsOf(run: Run): Run[] {
  if (!run.text.includes(' ')) return [run];
  const words = figureWords(run);
  const cell = (w: Run) =>
    readAmount(w.text) ||
    isMark(w.text) ||
    EMPTY_AMOUNT.test(w.text) ||
    markedWhole(w.text) ||
    toldWhole(w.text);
  if (words.every(cell)) return words;
  const apart = figureApart(run, words);
  if (apart) return apart;
  const k = words.findIndex((w) => readAmount(w.text));
  if (k <= 0 || !words.slice(k).every(cell)) return [run];
  const head = words.slice(0, k);
  const text = head.map((w) => w.text).join(' ');
  if (!readDate(text) && !/^\d{1,3}(?:,\d{2,3})*$|^\d+$/.test(text)) return [run];
  return [{ text, x0: head[0]!.x0, x1: head[k - 1]!.x1 }, ...words.slice(k)];
}

/** x0..x1 written by at most `rows` of the sample rows */
export type Stretch = [x0: number, x1: number, rows: number];

/** Stretches of x written in enough of the sample rows, separated by gutters. */
export function writtenStretches(rows: Run[][], charWidth: number): Stretch[] {
  const step = Math.max(charWidth / 4, 0.25);
  let lo = Infinity;
  let hi = -Infinity;
  for (const runs of rows)
    for (const r of runs) {
      lo = Math.min(lo, r.x0);
      hi = Math.max(hi, r.x1);
    }
  if (!(hi > lo)) return [];
  const n = Math.ceil((hi - lo) / step) + 1;
  const cover = new Uint32Array(n);
  for (const runs of rows)
    for (const run of runs)
      for (const r of cellsOf(run)) {
        const a = Math.floor((r.x0 - lo) / step);
        const b = Math.max(a, Math.ceil((r.x1 - lo) / step) - 1);
        for (let i = a; i <= b; i++) cover[i]!++;
      }
  const need = Math.max(2, Math.ceil(MIN_SHARE * rows.length));
  const out: Stretch[] = [];
  for (let i = 0; i < n;) {
    if (cover[i]! < need) {
      i++;
      continue;
    }
    let j = i;
    let most = 0;
    while (j < n && cover[j]! >= need) most = Math.max(most, cover[j++]!);
    const a = lo + i * step;
    const b = lo + j * step;
    const last = out[out.length - 1];
    if (last && a - last[1] < MIN_GUTTER_CHARS * charWidth) {
      last[1] = b;
      last[2] = Math.max(last[2], most);
    } else out.push([a, b, most]);
    i = j;
  }
  return out;
}

/** The cells the rows write between a and b. */
const cellsBetween = (rows: Run[][], a: number, b: number) =>
  rows.flatMap((runs) => runs.flatMap(cellsOf)).filter((r) => overlap(a, b, r.x0, r.x1) > 0);

/**
 * Every cell the rows write between a and b spells a side (and some row writes one): a Dr/Cr column
 * by its cells, whatever name stands over it or near it, or none. Marks ('Dr', '(Cr)') say so alone;
 * side words and letters ('Debit', 'D') only where both sides occur (one letter alone could be a
 * transaction type: Finacle's 'C' is cash, 'T' transfer).
 */
function sidesColumn(rows: Run[][], a: number, b: number): boolean {
  const cells = cellsBetween(rows, a, b);
  if (!cells.length) return false;
  if (cells.every((r) => isMark(r.text))) return true;
  const sides = cells.map((r) => sideOf(r.text, true));
  return sides.every((s) => s !== null) && sides.includes('Dr') && sides.includes('Cr');
}

/** No cell the rows write between a and b is a figure, a Dr/Cr mark or a dash. */
function wordsOnly(rows: Run[][], a: number, b: number): boolean {
  return cellsBetween(rows, a, b).every(
    (r) => readAmount(r.text) === null && !isMark(r.text) && !EMPTY_AMOUNT.test(r.text),
  );
}

/**
 * Stretches no name stands over, between two that one does, and as many names over neither between
 * them: the names are the stretches' in the order both are printed. Headings set at their column's
 * left over figures set at its right stand in the gutters ('Debit' | 'Credit' each nearer the cells
 * of the column before its own), and the nearest name would take the wrong column.
 */
function pairInOrder(
  stretches: Stretch[],
  claims: Column[][],
  cols: Column[],
  named: Set<Column>,
  reach: number,
): Map<number, Column> {
  const out = new Map<number, Column>();
  for (let i = 0; i < stretches.length;) {
    if (claims[i]!.length > 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < stretches.length && claims[j]!.length === 0) j++;
    const from = i > 0 ? stretches[i - 1]![1] : -Infinity;
    const to = j < stretches.length ? stretches[j]![0] : Infinity;
    const names = cols.filter((c) => !named.has(c) && c.x0 >= from && c.x1 <= to).sort((p, q) => p.x0 - q.x0);
    // (a lone stretch too, where its one name stands within the nearest-name rule's reach: a name
    // with cells of its own may stand nearer, 'Debit' | 'INR 220' | 'Credit Amount' | 'INR 492')
    const lone = (c: Column) => distance(stretches[i]![0], stretches[i]![1], c.x0, c.x1) <= reach;
    if (names.length === j - i && (names.length > 1 || lone(names[0]!)))
      names.forEach((c, k) => out.set(i + k, c));
    i = j;
  }
  return out;
}

/**
 * The bands of a header's columns. `rows` are the runs of lines that look like transactions under
 * it; with too few of them the header names alone place the columns.
 */
export function columnBands(header: Header, rows: Run[][]): Band[] {
  const cols = header.columns;
  const cw = header.charWidth;
  const own = (c: Column): Band => ({ col: c, x0: c.x0, x1: c.x1 });
  if (rows.length < MIN_SAMPLE) return cols.map(own);
  const stretches = writtenStretches(rows, cw);
  // a word space: the headings' (the rows' would take a cheque column's words into the narration
  // beside it)
  const wordSpace = WORD_GAP_CHARS * cw;
  const parts = new Map<Column, [number, number][]>();
  const add = (c: Column, a: number, b: number) => {
    if (b <= a) return;
    const list = parts.get(c) ?? [];
    list.push([a, b]);
    parts.set(c, list);
  };
  const unnamed: Band[] = [];
  const named = new Set<Column>();
  // the column each stretch's right end went to
  const leftOf: (Column | undefined)[] = [];
  // (a name that overhangs a stretch by a sliver, 'Sp. Mode' ending a few points into the narration
  // beside it, does not stand over it)
  const standsOver = (a: number, b: number, c: Column) =>
    overlap(a, b, c.x0, c.x1) > OVERHANG_SHARE * Math.min(b - a, c.x1 - c.x0);
  const claims = stretches.map(([a, b]) => cols.filter((c) => standsOver(a, b, c)));
  for (const list of claims) for (const c of list) named.add(c);
  // where a text column's cells end and the figures of the column after it begin, in one stretch;
  // or where a date column's dates end and the words of the text column after it begin
  const cutAt = new Map<number, number>();
  stretches.forEach(([a, b], si) => {
    const over = claims[si]!;
    if (over.length !== 1 || NUMERIC_ROLES.has(over[0]!.role)) return;
    const next = cols.filter((c) => c.x0 >= over[0]!.x1).sort((p, q) => p.x0 - q.x0)[0];
    if (!next || named.has(next)) return;
    let cut: number | null = null;
    if (NUMERIC_ROLES.has(next.role)) cut = wordsThenFigures(rows, a, b);
    else if (isDate(over[0]!) && next.x0 < (stretches[si + 1]?.[0] ?? Infinity))
      // a text column's name over no cells (none stand under it, and it stands before the next
      // stretch) after a date column whose rows write words a gap after their dates: the words are
      // that column's, drawn left of its name in a tight table ('Dec 04 333813' under 'Txn Date',
      // 'Ref No' centred over the reference's width further right)
      cut = datesEnd(rows, a, b, next.x0);
    if (cut === null) return;
    claims[si] = [over[0]!, next];
    named.add(next);
    cutAt.set(si, cut);
  });
  const inOrder = pairInOrder(stretches, claims, cols, named, 4 * cw);
  stretches.forEach(([a, b, rowsWriting], si) => {
    const over = claims[si]!;
    if (over.length === 0) {
      // a stretch no name stands over: the nearest name takes it when that name has no stretch of
      // its own (a narrow 'Date' set right of its dates), else it is a column without a name
      let near: Column | null = inOrder.get(si) ?? null;
      if (!near)
        for (const c of cols)
          if (!near || distance(a, b, c.x0, c.x1) < distance(a, b, near.x0, near.x1)) near = c;
      const left = si > 0 ? stretches[si - 1]! : null;
      const right = stretches[si + 1];
      // a stretch of sides only is the Dr/Cr column's, whatever name stands nearer (sidesColumn)
      const markName = cols.find(
        (c) => c.role === 'mark' && !named.has(c) && distance(a, b, c.x0, c.x1) <= 4 * cw,
      );
      // (asked only where it decides: most stretches are a named column's)
      let sides: boolean | undefined;
      const sidesOnly = () => (sides ??= sidesColumn(rows, a, b));
      if (markName && sidesOnly()) near = markName;
      // under a heading the reader has no name for: that column's cells, not a neighbour's
      const underUnnamed = header.unnamed?.some((u) => overlap(a, b, u.x0, u.x1) > 0) ?? false;
      // words a space from a column of figures are a column of their own ('ATM', 'TFR' printed
      // beside the balance under a heading the reader has no name for), never more of the figures
      const joins = (c: Column | undefined): c is Column =>
        c !== undefined && !(NUMERIC_ROLES.has(c.role) && wordsOnly(rows, a, b));
      const role = () => (sidesOnly() ? 'mark' : 'other');
      if (underUnnamed) {
        if (rowsWriting >= UNNAMED_SHARE * rows.length)
          unnamed.push({ col: { role: role(), label: '', x0: a, x1: b }, x0: a, x1: b });
      } else if (near && !named.has(near) && distance(a, b, near.x0, near.x1) <= 4 * cw) {
        named.add(near);
        add(near, a, b);
        leftOf[si] = near;
      } else if (left && joins(leftOf[si - 1]) && a - left[1] <= wordSpace) {
        // a word space from the cells to its left: more of the same cells (the year of '09 Jul 2025')
        add(leftOf[si - 1]!, a, b);
        leftOf[si] = leftOf[si - 1]!;
      } else if (right && joins(claims[si + 1]![0]) && right[0] - b <= wordSpace) {
        // or to its right: the day of '02 Dec 2023' under a 'Date' centred over the month
        add(claims[si + 1]![0]!, a, b);
        leftOf[si] = claims[si + 1]![0]!;
      } else if (rowsWriting >= UNNAMED_SHARE * rows.length)
        unnamed.push({ col: { role: role(), label: '', x0: a, x1: b }, x0: a, x1: b });
      // else: words that happen to line up in a few rows (a repeated narration), not a column
      return;
    }
    // several names over one stretch: cut it where the next name's cells begin
    let start = a;
    for (let k = 0; k < over.length; k++) {
      const c = over[k]!;
      const next = over[k + 1];
      let end = b;
      if (next && cutAt.has(si)) end = cutAt.get(si)!;
      else if (next) {
        const textNext = !NUMERIC_ROLES.has(next.role);
        end = textNext ? Math.max(c.x1, next.x0 - cw / 2) : (c.x1 + next.x0) / 2;
        // a date column with no gutter after it (its dates a hair from the narration): its cells
        // end where every row's date ends, whatever the heading over the narration says
        if (textNext && isDate(c)) end = datesEnd(rows, start, b, next.x0) ?? end;
        end = Math.min(Math.max(end, start), b);
      }
      add(c, start, end);
      start = end;
    }
    leftOf[si] = over[over.length - 1]!;
  });
  const bands: Band[] = cols.map((c) => {
    const ps = parts.get(c);
    if (!ps) return own(c);
    return { col: c, x0: Math.min(...ps.map((p) => p[0])), x1: Math.max(...ps.map((p) => p[1])) };
  });
  bands.push(...unnamed);
  bands.sort((p, q) => p.x0 + p.x1 - (q.x0 + q.x1));
  // neighbours that still overlap meet halfway; a name without cells of its own gives way to the
  // cells beside it
  const written = (b: Band) => parts.has(b.col) || unnamed.includes(b);
  for (let i = 0; i + 1 < bands.length; i++) {
    const p = bands[i]!;
    const q = bands[i + 1]!;
    if (p.x1 > q.x0) {
      const mid = (Math.max(p.x0, q.x0) + Math.min(p.x1, q.x1)) / 2;
      const cut = written(p) === written(q) ? mid : written(q) ? q.x0 : p.x1;
      p.x1 = Math.max(p.x0, cut);
      q.x0 = Math.min(q.x1, cut);
    }
  }
  return bands;
}

const isDate = (c: Column) => c.role === 'date' || c.role === 'valueDate';

/**
 * A figure column's cells set at its left, a word space after a text column's (a CCY column's 'INR'
 * before the debits: 'INR' '`269.00', 'INR' 'NIL'), write one stretch with them, and the figure
 * column's name, set further right, stands over none: a stretch of figures between a text column and
 * a figure column is the figure column's. Where every row's words in a..b are text first and then
 * figures with paise or an empty amount, and some row writes each, the midpoint of the gap between
 * the last text and the first figure; else null (a narration's numbers stand among its words).
 */
function wordsThenFigures(rows: Run[][], a: number, b: number): number | null {
  let textEnd = -Infinity;
  let figureStart = Infinity;
  for (const runs of rows)
    for (const w of runs.flatMap(runWords)) {
      if (overlap(a, b, w.x0, w.x1) <= 0) continue;
      if (EMPTY_AMOUNT.test(w.text) || (FIGURE_END.test(w.text) && readAmount(w.text) !== null))
        figureStart = Math.min(figureStart, w.x0);
      else textEnd = Math.max(textEnd, w.x1);
    }
  return textEnd < figureStart && figureStart < Infinity && textEnd > -Infinity
    ? (textEnd + figureStart) / 2
    : null;
}

// (the words a date is printed in at most, with its time: '01 Jan 2024 10:15 AM')
const DATE_WORDS = 5;
const TIME_WORD = /^(?:\d{1,2}:\d{2}(?::\d{2})?|[ap]\.?m\.?)$/i;

/**
 * Where the dates at the start of x0..x1 end in every sample row, when they end left of the next
 * column's heading and every row's next word starts right of all of them: the midpoint of that
 * gap. Null when a row does not start with a date there, or the dates and the words overlap.
 */
function datesEnd(rows: Run[][], x0: number, x1: number, nextName: number): number | null {
  let ends = -Infinity;
  let starts = Infinity;
  for (const row of rows) {
    const words = row.flatMap(runWords).filter((w) => w.x0 >= x0 - 0.5 && w.x1 <= x1 + 0.5);
    const k = dateWords(words);
    if (k === 0) return null;
    ends = Math.max(ends, words[k - 1]!.x1);
    if (words[k]) starts = Math.min(starts, words[k]!.x0);
  }
  if (ends >= nextName || starts <= ends) return null;
  return starts === Infinity ? null : (ends + starts) / 2;
}

/** How many of the first words are a date and its time (0: the words do not start with a date). */
function dateWords(words: Run[]): number {
  const text = (n: number) =>
    words
      .slice(0, n)
      .map((w) => w.text)
      .join(' ');
  let k = 0;
  for (let n = Math.min(DATE_WORDS, words.length); n > 0 && k === 0; n--) if (readDate(text(n))) k = n;
  // (a date without its year, 'Dec 04', the period's: two words)
  if (k === 0 && words.length >= 2 && readMonthDay(text(2))) k = 2;
  if (k === 0) return 0;
  while (k < words.length && TIME_WORD.test(words[k]!.text)) k++;
  return k;
}

/** The band a run sits in: the one it overlaps most, else the nearest. */
export function bandOf(bands: Band[], x0: number, x1: number): Band {
  let best = bands[0]!;
  let bestScore = -Infinity;
  for (const b of bands) {
    const o = overlap(x0, x1, b.x0, b.x1);
    const score = o > 0 ? o : -distance(x0, x1, b.x0, b.x1);
    if (score > bestScore) {
      best = b;
      bestScore = score;
    }
  }
  return best;
}

/** The bands a run overlaps by more than `min`. */
export function bandsUnder(bands: Band[], x0: number, x1: number, min: number): Band[] {
  return bands.filter((b) => overlap(x0, x1, b.x0, b.x1) > min);
}
