// A second look at a scanned row's date cells (issue 32, decision 041, session 25). The word
// confidence cannot tell a date misread by a digit from the bank's own value date a day later
// (session 24: photo BOB 47559's 3 Feb read '02-Feb-2024' at 58 beside '03-Feb-2024' at 74, and a
// clearing row's real value date read surer than its date as often), but the same two cells read
// again alone at twice the size came back alike and right: 3 of 3 rows (the clearing row's cells
// stayed apart, as printed). After the parse, the flagged rows whose date is in doubt (its two date
// cells read a digit apart, or the date order moved it or keeps it out) have their date cells cut
// from the page rebuilt from the file, read at 2x, and the row is dated by the re-read only where
// exactly one of its readings keeps the statement's date order and period. A few rows a statement:
// the page is decoded again and each strip costs ~0.3-0.6 s of CPU.
import type { AccountStatement, StatementResult, Transaction } from '../parse/types.ts';
import type { Decision, RowSource, Trace } from '../parse/trace.ts';
import { readDate, readDateTime } from '../parse/dates.ts';
import { inOrder, oneDigitApartDates } from '../parse/ocr-dates.ts';
import { mendOcrDate } from '../parse/ocr-words.ts';
import type { Page, SourceDocument, Word } from '../source.ts';
import { type Grey, scaleGrey } from './grey.ts';
import { workBudget } from '../read/work-budget.ts';

/** Rows read again a statement at most: each is a strip through the recogniser. */
export const MAX_DATE_REREADS = 8;
/** The strips are blown up so: the size at which the BOB rows' cells read right (session 24). */
const STRIP_SCALE = 2;
/**
 * CPU time all of a statement's strips may take (by the wall clock WALL_FACTOR times that:
 * read/work-budget.ts); the rows left are left as read.
 */
const REREAD_BUDGET_MS = 20_000;
/** Paper kept around a cell: a third of the row's height, and at least ~half a line more. */
const ROW_PAD = 0.35;
const PAD_UNITS = 4;

interface Cell {
  role: 'date' | 'valueDate';
  x0: number;
  x1: number;
}

/** A row to read again: where it stands, and the date cells of its table there. */
export interface DoubtfulDate {
  account: AccountStatement;
  index: number;
  source: RowSource;
  /** the date columns, in runs with no other column between them (each run is one strip) */
  strips: Cell[][];
  /** the date as read is out of the date order or the period, or the order mended it */
  misplaced: boolean;
}

const DATE_ROLES = new Set(['date', 'valueDate']);

/** The columns the table had where the row stands: the last columns decision at or above it. */
function columnsAt(decisions: Decision[], page: number, top: number): Decision['bands'] | null {
  let best: Decision | null = null;
  for (const d of decisions) {
    if (!d.bands || d.page === undefined || d.y === undefined) continue;
    if (d.page > page || (d.page === page && d.y > top + 0.5)) continue;
    if (!best || d.page! > best.page! || (d.page === best.page && d.y >= best.y!)) best = d;
  }
  return best?.bands ?? null;
}

/** The date columns of `bands` in runs with no other column between them. */
function dateStrips(bands: NonNullable<Decision['bands']>): Cell[][] {
  const strips: Cell[][] = [];
  let run: Cell[] = [];
  for (const b of [...bands].sort((p, q) => p.x0 - q.x0)) {
    if (DATE_ROLES.has(b.role)) run.push({ role: b.role as Cell['role'], x0: b.x0, x1: b.x1 });
    else if (run.length) {
      strips.push(run);
      run = [];
    }
  }
  if (run.length) strips.push(run);
  return strips;
}

/**
 * The flagged scanned rows whose date is in doubt: its date and value date read a digit apart, or
 * the date order put it out (left so, or mended by mendOcrDates), or its date was not read and the
 * value date's was taken (rows.date-from-value). Up to MAX_DATE_REREADS, in statement order.
 */
export function doubtfulDates(result: StatementResult, doc: SourceDocument, trace: Trace): DoubtfulDate[] {
  if (doc.kind !== 'pages') return [];
  // (a page whose turn is not known cannot be placed again as it was read)
  const scanned = new Set(doc.pages.filter((p) => p.ocr && p.rotation !== undefined).map((p) => p.number));
  if (scanned.size === 0) return [];
  const at = (rule: Decision['rule']) =>
    trace.decisions.filter((d) => d.rule === rule && d.page !== undefined && d.y !== undefined);
  const mended = at('account.ocr-date-mended');
  const fromValue = at('rows.date-from-value');
  // a decision on the row: the order's mend is placed at the row's top, a date line's within it
  // (rows read from a scan may overlap: the next row's mend is not this one's)
  const mendedAt = (s: RowSource) => mended.some((d) => d.page === s.page && Math.abs(d.y! - s.top) < 0.01);
  const on = (ds: Decision[], s: RowSource) =>
    ds.some((d) => d.page === s.page && d.y! >= s.top - 0.5 && d.y! <= s.bottom + 0.5);
  const out: DoubtfulDate[] = [];
  for (const account of result.accounts) {
    const txs = account.transactions;
    const kept = inOrder(txs.map((t) => t.date));
    const { from, to } = account.period;
    txs.forEach((t, index) => {
      const source = trace.rows.get(t);
      if (!t.ocrFlag || !source || !scanned.has(source.page) || out.length >= MAX_DATE_REREADS) return;
      const misplaced =
        !kept.has(index) ||
        (from !== null && to !== null && (t.date < from || t.date > to)) ||
        mendedAt(source);
      const doubt =
        misplaced ||
        (t.valueDate !== null && oneDigitApartDates(t.date, t.valueDate)) ||
        on(fromValue, source);
      if (!doubt) return;
      const bands = columnsAt(trace.decisions, source.page, source.top);
      const strips = bands ? dateStrips(bands) : [];
      if (strips.length) out.push({ account, index, source, strips, misplaced });
    });
  }
  return out;
}

/** The words of a cell, line by line and left to right, as one text. */
function cellText(words: Word[]): string {
  const mid = (w: Word) => w.y + w.height / 2;
  const sorted = [...words].sort((a, b) => mid(a) - mid(b));
  const lines: Word[][] = [];
  for (const w of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(mid(last[0]!) - mid(w)) < w.height / 2) last.push(w);
    else lines.push([w]);
  }
  return lines
    .map((l) => l.sort((a, b) => a.x - b.x).map((w) => w.text.replace(/^[|"'‘’“”`]+|[|"'‘’“”`]+$/g, '')))
    .flat()
    .join(' ')
    .trim();
}

/** A cell's date as the parse reads a scanned one: whole, or with a separator read as a figure. */
export function cellDate(text: string): string | null {
  if (!text) return null;
  const whole = readDateTime(text);
  if (whole) return whole;
  const mended = mendOcrDate(text);
  return mended ? readDate(mended) : null;
}

/** What a row's date cells read the second time (null: no date, or no such column). */
export interface CellReadings {
  date: string | null;
  value: string | null;
}

/**
 * The date a row's re-read cells give it, or null to leave it as read. Of the dates the cells read,
 * exactly one must keep the date order (between the nearest rows in order around it, or the
 * period's ends) and lie in the period; it must be the date cell's (a value date alone is the
 * bank's: a clearing row's date cell not read again was dated by its value date, photo BOB 47559's
 * 6 Feb), and differ from the date as read. And the first read must be known wrong (`misplaced`),
 * or the re-read side with its value date cell against its date cell, the value cell not read
 * otherwise now: a strip a row off reads the row above's two cells alike (session 19's read of
 * photo PNB 31714: 9, 16 Dec read again 7, 14 Dec), so two cells that read alike the first time are
 * not overruled by two that read alike the second.
 */
export function rereadDate(
  txs: readonly Transaction[],
  index: number,
  period: { from: string | null; to: string | null },
  cells: CellReadings,
  misplaced: boolean,
): string | null {
  const t = txs[index]!;
  const kept = inOrder(txs.map((x) => x.date));
  let p = index - 1;
  while (p >= 0 && !kept.has(p)) p--;
  let n = index + 1;
  while (n < txs.length && !kept.has(n)) n++;
  const lo = p >= 0 ? txs[p]!.date : period.from;
  const hi = n < txs.length ? txs[n]!.date : period.to;
  const { from, to } = period;
  const fits = (d: string) =>
    (lo === null || lo <= d) &&
    (hi === null || d <= hi) &&
    (from === null || to === null || (from <= d && d <= to));
  const keep = [...new Set([cells.date, cells.value].filter((d): d is string => d !== null))].filter(fits);
  const d = cells.date;
  if (keep.length !== 1 || d === null || keep[0] !== d || d === t.date) return null;
  const sides = d === t.valueDate && (cells.value === null || cells.value === d);
  return misplaced || sides ? d : null;
}

/** What the second look did: the rows read again, and those it dated otherwise. */
export interface DateRereads {
  rows: number;
  redated: Transaction[];
}

/** Cut [x0, x1) x [y0, y1) of a grey image. */
function cut(g: Grey, x0: number, y0: number, x1: number, y1: number): Grey {
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(g.data.subarray((y0 + y) * g.width + x0, (y0 + y) * g.width + x1), y * width);
  return { data, width, height };
}

/**
 * Read the doubtful rows' date cells again from the PDF's bytes (`data`) and date the rows the
 * re-read settles (rereadDate), flagged, each a decision in the trace and the lot a note to the
 * user. A page whose rebuilt size is not the size it was read at (within a unit) is left as read.
 */
export async function rereadDateCells(
  result: StatementResult,
  doc: SourceDocument,
  trace: Trace,
  data: Uint8Array,
  password?: string,
): Promise<DateRereads> {
  const rows = doubtfulDates(result, doc, trace);
  const redated: Transaction[] = [];
  if (rows.length === 0 || doc.kind !== 'pages') return { rows: 0, redated };
  const { withScannedPages } = await import('../read/pdf.ts');
  const { placedPage, recogniseStrip, toWords, warmOcr } = await import('../read/ocr.ts');
  warmOcr();
  const budget = workBudget(REREAD_BUDGET_MS);
  const byPage = new Map<number, DoubtfulDate[]>();
  for (const r of rows) byPage.set(r.source.page, [...(byPage.get(r.source.page) ?? []), r]);
  const pages = new Map<number, Page>(doc.pages.map((p) => [p.number, p]));
  let read = 0;
  try {
    await withScannedPages(
      data,
      [...byPage.keys()].sort((a, b) => a - b),
      password,
      async (n, input, dpi) => {
        const page = pages.get(n)!;
        const placed = placedPage(input, dpi, page.rotation!);
        const u = placed.unitsPerPixel;
        const { grey } = placed;
        if (Math.abs(grey.width * u - page.width) > 1 || Math.abs(grey.height * u - page.height) > 1) return;
        const halfWidth = page.width / 2;
        for (const row of byPage.get(n)!) {
          const { top, bottom } = row.source;
          const pad = Math.max(ROW_PAD * (bottom - top), 3) + PAD_UNITS;
          const readings: CellReadings = { date: null, value: null };
          for (const strip of row.strips) {
            const x0 = strip[0]!.x0 - PAD_UNITS;
            const x1 = strip[strip.length - 1]!.x1 + PAD_UNITS;
            // the words were levelled about the page's middle: on the pixels, the cells of a row stand
            // the skew's slope times their distance from the middle above or below the row's level
            const shift = placed.slope * ((x0 + x1) / 2 - halfWidth);
            const px0 = Math.max(0, Math.floor(x0 / u));
            const px1 = Math.min(grey.width, Math.ceil(x1 / u));
            const py0 = Math.max(0, Math.floor((top + shift - pad) / u));
            const py1 = Math.min(grey.height, Math.ceil((bottom + shift + pad) / u));
            if (px1 - px0 < 8 || py1 - py0 < 8) continue;
            const big = scaleGrey(cut(grey, px0, py0, px1, py1), STRIP_SCALE);
            const lines = await recogniseStrip(big, placed.photo, budget);
            const words = toWords(lines, u / STRIP_SCALE, big)
              .map((w) => {
                const x = w.x + px0 * u;
                return { ...w, x, y: w.y + py0 * u - placed.slope * (x + w.width / 2 - halfWidth) };
              })
              .filter((w) => w.y + w.height / 2 >= top - 1 && w.y + w.height / 2 <= bottom + 1);
            for (const cell of strip) {
              const inCell = words.filter((w) => {
                const m = w.x + w.width / 2;
                return m >= cell.x0 - 2 && m <= cell.x1 + 2;
              });
              readings[cell.role === 'date' ? 'date' : 'value'] = cellDate(cellText(inCell));
            }
          }
          read++;
          const txs = row.account.transactions;
          const date = rereadDate(txs, row.index, row.account.period, readings, row.misplaced);
          if (date === null) continue;
          const t = txs[row.index]!;
          trace.add({
            rule: 'account.ocr-date-mended',
            page: n,
            y: top,
            detail: `${t.date} -> ${date}: its date cells read again at ${STRIP_SCALE}x (date ${readings.date ?? '-'}, value date ${readings.value ?? '-'})`,
          });
          for (const b of row.account.reconciliation.breaks) if (b.index === row.index) b.date = date;
          t.date = date;
          // a date the recogniser misread the first time: the user checks it against the paper
          t.ocrFlag = true;
          redated.push(t);
        }
      },
    );
  } catch {
    // out of time (the recogniser is ended: the next read starts another), or a page that no
    // longer decodes as it did: the read stands, and the rows not settled stay as read
  }
  if (redated.length > 0)
    result.issues.push({
      kind: 'layout',
      message: `${redated.length} date(s) of the scan whose cells disagreed were read again and dated by the reading that keeps the statement's date order (rows dated ${redated.map((t) => t.date).join(', ')}): check them against the paper.`,
      page: redated[0]!.page,
    });
  return { rows: read, redated };
}
