// Wrapped narration lines given to their rows: by the gaps between lines where they tell, else by the
// flow the statement shows in its clear cases, else by the bank's.
import { pushAll } from './extent.ts';
import type { Line } from './lines.ts';

/** Where wrapped narration lines sit when the spacing does not tell: below the date line or above it. */
export type Flow = 'after' | 'before';

// Two gaps between lines differ meaningfully when one is this much larger: in-row line spacing versus
// spacing between rows.
export const GAP_RATIO = 1.12;

/** A row as the wrap stage sees it: its date line and the wrapped lines given to it. */
export interface WrapRow {
  anchor: Line;
  /** the row's figures printed on the line under its date line: the row's lines end there */
  figuresLine?: Line;
  above: Line[];
  below: Line[];
}

/** The table in reading order: rows and the lines between them. */
export type Item = { row: WrapRow } | { line: Line };

/**
 * Whether `b` is the line printed right under `a`, no line of the document between them: only such
 * a gap measures the table's spacing. A gap over a header repeated mid-page (or over any line that is
 * no row's) parts two rows, but is no row pitch.
 */
export type NextLine = (a: Line, b: Line) => boolean;

/** The table's line spacing: inside a row, and from one single-line row to the next. */
interface Spacing {
  line: number;
  row: number;
  /** rows are set further apart than the lines inside a row */
  clear: boolean;
}

/** The value at `q` (0-1) of `xs` in order. */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/**
 * `rowGaps`: the gaps the clear cases split rows at; a statement whose rows all wrap (a value date
 * under every date) has no two rows side by side to measure its row spacing on.
 */
function spacingOf(all: Item[], rowGaps: number[], next: NextLine): Spacing {
  // (a row ends at the last line given to it already, on its date line's page: its figures printed
  // under its date line, or what is printed under its date, its value date or time; from there to
  // the next row is a pitch, and between its lines the in-row spacing)
  const given = new Set<Line>();
  const linesOf = new Map<WrapRow, Line[]>();
  for (const it of all) {
    if (!('row' in it)) continue;
    const { anchor, figuresLine, below } = it.row;
    const own = new Set([anchor, ...(figuresLine ? [figuresLine] : []), ...below]);
    for (const l of below) given.add(l);
    linesOf.set(
      it.row,
      [...own].filter((l) => l.page === anchor.page && l.y >= anchor.y).sort((a, b) => a.y - b.y),
    );
  }
  const items = given.size ? all.filter((it) => 'row' in it || !given.has(it.line)) : all;
  const lastOf = (it: Item) => ('row' in it ? linesOf.get(it.row)!.at(-1)! : it.line);
  const firstOf = (it: Item) => ('row' in it ? it.row.anchor : it.line);
  const inRow: number[] = [];
  const pitch: number[] = [...rowGaps];
  for (const own of linesOf.values())
    for (let k = 1; k < own.length; k++) {
      const g = own[k]!.y - own[k - 1]!.y;
      if (g > 0 && next(own[k - 1]!, own[k]!)) inRow.push(g);
    }
  for (let k = 1; k < items.length; k++) {
    const a = lastOf(items[k - 1]!);
    const b = firstOf(items[k]!);
    const g = b.y - a.y;
    if (a.page !== b.page || g <= 0 || !next(a, b)) continue;
    if ('row' in items[k - 1]! && 'row' in items[k]!) pitch.push(g);
    else inRow.push(g);
  }
  if (!inRow.length || !pitch.length) return { line: 0, row: 0, clear: false };
  const line = quantile(inRow, 0.1);
  const row = quantile(pitch, 0.5);
  return { line, row, clear: row > line * GAP_RATIO };
}

type Run_ = { i: number; j: number; before: WrapRow | null; after: WrapRow | null; lines: Line[] };

/**
 * Gives each wrapped line to the row above or below it. Where the spacing tells (the larger gap
 * separates rows), it decides; where it does not, the flow this document shows in its clear cases
 * decides, and the profile's flow only when the document shows none.
 */
export function attachContinuations(
  items: Item[],
  profileFlow: Flow,
  underDate: (l: Line) => boolean,
  next: NextLine = () => true,
): void {
  const runs: Run_[] = [];
  for (let i = 0; i < items.length;) {
    if ('row' in items[i]!) {
      i++;
      continue;
    }
    let j = i;
    while (j < items.length && !('row' in items[j]!)) j++;
    const before = i > 0 ? (items[i - 1] as { row: WrapRow }).row : null;
    const lines = items.slice(i, j).map((it) => (it as { line: Line }).line);
    // what is printed under a date (its time, its wrapped year) belongs to that date's row, and
    // leaves the spacing of the narration lines after it to speak for itself
    while (before && lines.length && lines[0]!.page === before.anchor.page && underDate(lines[0]!))
      before.below.push(lines.shift()!);
    runs.push({
      i,
      j,
      before,
      after: j < items.length ? (items[j] as { row: WrapRow }).row : null,
      lines,
    });
    i = j;
  }
  // clear cases first: they show where this document puts its wrapped lines, and how far apart
  // it sets its rows
  const split = new Map<Run_, number>();
  const rowGaps: number[] = [];
  let above = 0;
  let below = 0;
  for (const r of runs) {
    const clear = clearSplit(r, next);
    if (clear === null) continue;
    const { k, gap } = clear;
    split.set(r, k);
    if (gap !== null) rowGaps.push(gap);
    if (r.before && r.after) {
      below += k;
      above += r.lines.length - k;
    }
  }
  const spacing = spacingOf(items, rowGaps, next);
  const flow: Flow =
    above + below >= 2 && above !== below ? (above > below ? 'before' : 'after') : profileFlow;
  for (const r of runs) {
    const k = split.get(r) ?? unclearSplit(r, flow, spacing);
    if (r.before) pushAll(r.before.below, r.lines.slice(0, k));
    if (r.after) pushAll(r.after.above, r.lines.slice(k));
  }
}

/**
 * How many of the wrapped lines belong to the row above (`k`), when the gaps on one page say so, and
 * the gap that parts the two rows there; else null.
 */
function clearSplit(r: Run_, next: NextLine): { k: number; gap: number | null } | null {
  if (!r.after) return { k: r.lines.length, gap: null };
  if (!r.before) return { k: 0, gap: null };
  const seq = [r.before.figuresLine ?? r.before.anchor, ...r.lines, r.after.anchor];
  if (seq.some((l) => l.page !== seq[0]!.page)) return null;
  const gaps: number[] = [];
  for (let k = 0; k + 1 < seq.length; k++) gaps.push(seq[k + 1]!.y - seq[k]!.y);
  let k = 0;
  for (let m = 1; m < gaps.length; m++) if (gaps[m]! > gaps[k]!) k = m;
  const sorted = [...gaps].sort((a, b) => b - a);
  const clear = gaps.length < 2 || sorted[0]! > sorted[1]! * GAP_RATIO;
  // (the gap parts the rows whatever lies in it; it measures their pitch only where nothing does)
  return clear ? { k, gap: gaps.length < 2 || !next(seq[k]!, seq[k + 1]!) ? null : gaps[k]! } : null;
}

/**
 * Lines the gaps on their own page do not place: spacing is uniform, or a page break falls among
 * them. Lines left on the earlier page stay with the row above; lines at the top of the next page
 * go with the row below when they sit as close to it as lines inside a row do (and rows are set
 * apart), else the flow decides.
 */
function unclearSplit(r: Run_, flow: Flow, spacing: Spacing): number {
  const before = r.before!;
  const after = r.after!;
  const onOld = r.lines.filter((l) => l.page === before.anchor.page).length;
  if (onOld === r.lines.length && after.anchor.page === before.anchor.page)
    return flow === 'after' ? r.lines.length : 0;
  const top = r.lines.slice(onOld);
  if (!top.length) return onOld;
  if (spacing.clear) {
    const seq = [...top, after.anchor];
    const near = (spacing.line + spacing.row) / 2;
    let k = seq.length - 1;
    // from the anchor up, the lines set at in-row spacing belong to the row below
    while (k > 0 && seq[k]!.page === seq[k - 1]!.page && seq[k]!.y - seq[k - 1]!.y < near) k--;
    return onOld + k;
  }
  return flow === 'after' ? r.lines.length : onOld;
}
