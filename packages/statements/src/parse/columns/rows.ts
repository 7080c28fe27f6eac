// A table without a heading the reader knows: the run of lines that carry a date and figures is the
// table, its columns are the stretches those lines write in, and which figure is the withdrawal, the
// deposit and the balance is decided by the arithmetic across the whole statement (the balance moves
// by exactly the row's amount).
import {
  EMPTY_AMOUNT,
  type SidePart,
  WHOLE_RUPEES,
  balancePaise,
  hasFigure,
  isMark,
  markedWhole,
  toldWhole,
  unsigned,
  readAmount,
  sideOwner,
} from '../amount.ts';
import { type Stretch, cellsOf, figureApart, figureWords, writtenStretches } from './bands.ts';
import { NUMERIC_ROLES, type Role } from './model.ts';
import {
  datePieces,
  datesThenText,
  isDateStart,
  readDate,
  readDateTime,
  readMonthDay,
  withoutTime,
} from '../dates.ts';
import { pieceApart } from '../date-pieces.ts';
import { type Line, type Run, WORD_GAP_CHARS, nextLineClose, runWords } from '../lines.ts';
import type { TaughtLayout } from '../types.ts';
import { maxOf, minOf } from '../extent.ts';
import { money } from '../values.ts';

// Fewer dated lines with figures than this are no table.
const MIN_ROWS = 3;
// Share of consecutive rows whose balances must follow from the amounts for a reading to be sure;
// below it, down to MIN_GUESS, the rows are still shown (their breaks reported), never as a success.
const MIN_CHAINED = 0.8;
const MIN_GUESS = 0.3;
/** The share of rows a balance column prints at least (each day's last row only, on some statements). */
const MIN_BALANCES = 0.25;

const overlap = (r: Run, s: Stretch) => Math.min(r.x1, s[1]) - Math.max(r.x0, s[0]) > 0;

interface Column {
  stretch: Stretch;
  /** per anchor row: the cell text, or '' */
  cells: string[];
  kind: 'date' | 'figure' | 'mark' | 'text';
}

const overlapOf = (r: Run, s: Stretch) => Math.min(r.x1, s[1]) - Math.max(r.x0, s[0]);

/**
 * The text the row writes in a stretch. A figure is one cell: of the stretches it reaches into (its
 * place estimated inside an item of several), the one it overlaps most.
 */
function cellOf(runs: Run[], s: Stretch, all: Stretch[]): string {
  const inside = (r: Run) =>
    overlap(r, s) &&
    (readAmount(r.text) === null || all.every((o) => o === s || overlapOf(r, o) <= overlapOf(r, s)));
  return runs
    .flatMap(cellsOf)
    .filter(inside)
    .map((r) => r.text)
    .join(' ');
}

const isDateCell = (t: string) =>
  isDateStart(withoutTime(t)) || readDate(t.split(' ')[0] ?? '') !== null || readDateTime(t) !== null;

/** A date among the first cells (a serial number may come first), drawn as one word or as several. */
function startsDated(runs: Run[]): boolean {
  for (let i = 0; i < 3; i++)
    for (let n = 1; n <= 3 && i + n <= runs.length; n++)
      if (
        isDateCell(
          runs
            .slice(i, i + n)
            .map((r) => r.text)
            .join(' '),
        )
      )
        return true;
  return false;
}

// a date with its time, then what follows them in the run ('01 Mar 25 01:00 AM CR')
const TIMED = /^(\S.*?\s\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?)\s+(\S.*)$/i;

/**
 * Dates and the next cell's text drawn as one item (datesThenText), or a date with its time and the
 * next cell's: a time after a date is the date's, and what follows the time is the next column's (a
 * Dr/Cr column printed after the date, '01 Mar 25 01:00 AM CR', in a tight table), by the rule
 * datesThenText applies to the words after the dates; else null.
 */
function datesThen(text: string): { dates: string[]; rest: string } | null {
  const plain = datesThenText(text);
  if (plain) return plain;
  const m = TIMED.exec(text);
  if (!m) return null;
  const dates = withoutTime(m[1]!);
  const lead = dates !== m[1] ? datesThenText(`${dates} ${m[2]!}`) : null;
  // (the dates run up to the time: '01 Jan 24 01 Jan 24 00:00:00 TFR')
  if (!lead || lead.rest !== m[2]) return null;
  // (the time goes with the last date)
  const timed = [...lead.dates];
  timed[timed.length - 1] += m[1]!.slice(dates.length);
  return { dates: timed, rest: lead.rest };
}

/**
 * A text cut at its dates (dates are tokens, each a cell of its own): two dates or more and nothing
 * else, dates (a time after the last) and the next cell's text (datesThen), or one date alone; else null.
 */
function dateCut(text: string): string[] | null {
  const lead = datesThen(text);
  if (lead) return [...lead.dates, lead.rest];
  return datePieces(text) ?? (readDate(text) ? [text] : null) ?? timedThenDate(text);
}

const oneDate = (t: string) => readDate(t) !== null || readMonthDay(t) !== null;

/**
 * A date with its time, then another date, drawn as one item ('Feb 02 01:00 AM Feb 02': a posting
 * date's time printed between it and the value date, in a tight table): the two cells; else null.
 */
function timedThenDate(text: string): string[] | null {
  const m = TIMED.exec(text);
  return m && oneDate(withoutTime(m[1]!)) && oneDate(m[2]!) ? [m[1]!, m[2]!] : null;
}

/**
 * A run cut at its dates' ends, either side, each piece a cell placed where its words are: dates set
 * closer than a column gap ('03-04-23 01-04-23'), dates and the next cell's text ('30 Aug 24 30 Aug
 * 24 0000424352595205'), and a code before them ('S10218084 31.03.2025 31.03.2025', 'N10186408
 * 30/6/2023': a transaction id set closer than a space in a fixed-pitch font). A code is one word,
 * no date, and holds a digit (an id or a serial: 'On 30/6/2023' is a narration's).
 */
export function splitDates(run: Run): Run[] {
  const words = runWords(run);
  let pieces = dateCut(run.text);
  const code = words[0]!;
  if (!pieces && words.length > 1 && /\d/.test(code.text) && !isDateStart(code.text)) {
    const rest = dateCut(run.text.slice(code.text.length + 1));
    if (rest) pieces = [code.text, ...rest];
  }
  if (!pieces || pieces.length < 2) return [run];
  let w = 0;
  return pieces.map((text) => {
    const first = words[w]!;
    w += text.split(' ').length;
    return { text, x0: first.x0, x1: words[w - 1]!.x1 };
  });
}

/** A run's cells where a figure and words were drawn as one run (figureApart, bands.ts). */
const splitFigure = (run: Run): Run[] => figureApart(run) ?? [run];

function column(stretch: Stretch, cells: string[]): Column {
  // '-' is how many statements print an empty amount
  const filled = cells.filter((t) => t && !EMPTY_AMOUNT.test(t));
  const dates = filled.filter(isDateCell).length;
  // whole rupees count where the column groups some of its figures ('57,500'; a column of cheque
  // numbers or codes never does) or marks its side on them ('18764(Cr)'), without a leading zero
  // (branch codes: '0057')
  const grouped = filled.some((t) => /^\D{0,4}\d{1,3}(?:,\d{2,3})+(?:\.\d\d)?\D{0,4}$/.test(t));
  // (or where other rows write figures with paise there: '16062' over '0.00')
  const moneyColumn = grouped || filled.some((t) => readAmount(t) !== null);
  const whole = (t: string) =>
    (moneyColumn && WHOLE_RUPEES.test(unsigned(t)) && !/^\D{0,4}0/.test(t)) || markedWhole(t);
  const figures = filled.filter((t) => readAmount(t) !== null || whole(t)).length;
  const marks = filled.filter(isMark).length;
  const kind =
    dates > filled.length / 2
      ? 'date'
      : figures > filled.length / 2
        ? 'figure'
        : marks > filled.length / 2
          ? 'mark'
          : 'text';
  return { stretch, cells, kind };
}

// Share of the rows writing in a stretch that must write the same cells there for it to be split.
const SAME_CELLS = 0.9;

/**
 * A stretch in which nearly every row writes the same cells, two figures or more among them, is as
 * many columns ('Rs.18764.00 Rs.32641.63 (Cr)' and '- Rs.25172.63 (Cr)': a deposit and the balance
 * drawn as one item wherever there is a deposit, so no gutter shows between their columns). Each
 * column ends halfway between where its cells end and the next one's start.
 */
function cellByCell(s: Stretch, rows: Run[][]): Stretch[] {
  type Slot = { figure: boolean; x0: number; x1: number; text: string };
  const piecesOf = (runs: Run[]) =>
    runs
      .filter((r) => overlap(r, s))
      .flatMap((r) => (hasFigure(r.text) ? figureWords(r) : [r]))
      .filter((p) => overlap(p, s));
  // a column that prints a plus a word space before its figures prints signs there: a dash before
  // a figure is its minus, not an empty cell ('+ `1,155.00' and '– `920.00' in one column)
  const before = (ps: Run[], sign: RegExp) =>
    ps.some((p, k) => sign.test(p.text) && readAmount(ps[k + 1]?.text ?? '') !== null);
  const sign = rows.some((runs) => before(piecesOf(runs), /^\+$/)) ? /^[-+\u2212\u2013]$/ : /^\+$/;
  const slotsOf = (runs: Run[]): Slot[] => {
    const out: Slot[] = [];
    // (the words of a run that holds figures: '2389 21,730.00- 1,23,456.00', a code drawn with them;
    // of a run that reaches across other stretches, the words that stand in this one: a stretch is
    // cut at its own cells, '482 992695.89 Dr' over a withdrawal, a balance and a Dr/Cr column)
    const pieces = piecesOf(runs);
    for (let k = 0; k < pieces.length; k++) {
      const p = pieces[k]!;
      const prev = out[out.length - 1];
      const signed = pieces[k + 1];
      if (sign.test(p.text) && signed && readAmount(signed.text) !== null) {
        out.push({ figure: true, x0: p.x0, x1: signed.x1, text: `${p.text} ${signed.text}` });
        k++;
        continue;
      }
      // (a bare number no words lead to is a cell of its own, money or a code: '38 1,54,037.50')
      const figure =
        readAmount(p.text) !== null ||
        EMPTY_AMOUNT.test(p.text) ||
        markedWhole(p.text) ||
        toldWhole(p.text) ||
        (/^[1-9]\d{0,8}$/.test(p.text) && (!prev || prev.figure));
      // a mark is the cell's before it, and makes whole rupees of a bare number ('`4,002' 'Dr');
      // words go on the words before them
      if (prev && (isMark(p.text) || (!figure && !prev.figure))) {
        prev.x1 = p.x1;
        prev.text = `${prev.text} ${p.text}`;
        prev.figure ||= markedWhole(prev.text);
      } else out.push({ figure, x0: p.x0, x1: p.x1, text: p.text });
    }
    return out;
  };
  const all = rows.map(slotsOf).filter((q) => q.length > 0);
  const kinds = (q: Slot[]) => q.map((x) => (x.figure ? 'F' : 'W')).join('');
  // (the cells most rows write; a row whose figures reach in from the column before is left out)
  const counts = new Map<string, number>();
  for (const q of all) counts.set(kinds(q), (counts.get(kinds(q)) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const seqs = all.filter((q) => kinds(q) === common);
  const first = seqs[0];
  if (
    !first ||
    seqs.length < Math.max(MIN_ROWS, SAME_CELLS * all.length) ||
    first.filter((x) => x.figure).length < 2
  )
    return [s];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const cuts = first
    .slice(1)
    .map((_, j) => (median(seqs.map((q) => q[j]!.x1)) + median(seqs.map((q) => q[j + 1]!.x0))) / 2);
  const edges = [s[0], ...cuts, s[1]];
  return edges.slice(1).map((x1, j): Stretch => [edges[j]!, x1, s[2]]);
}

// A statement covers a year or two: pieces that join into dates decades apart are a serial number
// and a day, not one date. (Pieces without a year, '01 Jan', say nothing either way.)
const MAX_SPAN_MS = 2 * 366 * 86_400_000;

function withinYears(cells: string[]): boolean {
  const ms = cells
    .map((t) => readDate(t) ?? readDateTime(t))
    .filter((d) => d !== null)
    .map((d) => Date.parse(d));
  return ms.length === 0 || maxOf(ms) - minOf(ms) <= MAX_SPAN_MS;
}

/**
 * '01 Apr 2023' set in a fixed-width font leaves a gap after the day and the month as wide as the
 * gap between columns, so its pieces come out as columns of their own: put them back together.
 * Which columns are one date's pieces is `pieceApart`'s (date-pieces.ts), the rule the cells stage
 * joins a line's pieces by: a serial number before them ('1' | 'Dec' '02') or a cheque number after
 * them ('May' '26' | '135711') stands farther off than the pieces stand from each other.
 */
function joinDates(cols: Column[], cw: number): Column[] {
  // a column of dates is a date of its own, never a piece of one; but what reads as a date without
  // its year may end one ('02' | 'July 24': July of '24, after the day)
  const whole = (c: Column, i: number, parts: Column[]) =>
    c.kind === 'date' &&
    !(i > 0 && i === parts.length - 1 && c.cells.every((t) => !t || readMonthDay(t) !== null));
  /** cols k..k+n-1 read as one date column ('first'/'last': but that piece stands apart), or null */
  const joinAt = (k: number, n: number): Column | 'first' | 'last' | null => {
    const parts = cols.slice(k, k + n);
    if (parts.length < n || parts.some(whole)) return null;
    const cells = parts[0]!.cells.map((_, i) =>
      parts
        .map((c) => c.cells[i])
        .filter(Boolean)
        .join(' '),
    );
    const joined = column([parts[0]!.stretch[0], parts[n - 1]!.stretch[1], parts[0]!.stretch[2]], cells);
    if (joined.kind !== 'date' || !withinYears(cells)) return null;
    const gaps = parts.slice(1).map((c, i) => c.stretch[0] - parts[i]!.stretch[1]);
    // (a word space inside a cell, 'July 24', is a gap of the date's too)
    const spaced = parts.some((c) => c.cells.some((t) => t.includes(' ')));
    return pieceApart(gaps, spaced ? cw : null) ?? joined;
  };
  const out: Column[] = [];
  for (let k = 0; k < cols.length; k++) {
    let col = cols[k]!;
    let taken = 1;
    // the most pieces that read as a date; a piece apart before them is no piece (the date starts
    // after it), one apart after them is left off (the date ends before it)
    const gap = k + 1 < cols.length ? cols[k + 1]!.stretch[0] - cols[k]!.stretch[1] : 0;
    const later = [3, 2].some((m) => {
      const after = joinAt(k + 1, m);
      if (after === null || typeof after === 'string') return false;
      const inside = cols.slice(k + 2, k + 1 + m).map((c, i) => c.stretch[0] - cols[k + 1 + i]!.stretch[1]);
      return pieceApart([gap, ...inside], null) === 'first';
    });
    for (const n of later ? [] : [3, 2]) {
      const joined = joinAt(k, n);
      if (joined === 'first') break;
      if (joined === null || joined === 'last') continue;
      [col, taken] = [joined, n];
      break;
    }
    out.push(col);
    k += taken - 1;
  }
  return out;
}

/**
 * Infers the layout of a statement's table from its dated rows; null when they show none. `sure`
 * says whether the balances confirmed which figure is which.
 */
export function inferLayout(
  lines: Line[],
  /** printed pages (not a sheet's typed cells, which the user maps once where the reader cannot) */
  printed = true,
): (TaughtLayout & { sure: boolean }) | null {
  // a date among the first cells (a serial number may come first) and a figure; a date line without
  // figures whose figures are printed on the line under it is one row with that line, where it
  // prints more than dates (a date alone is a value date printed under a row's date line, as the
  // rows stage reads it: figuresUnder, rows.ts)
  const dated = (l: Line) => startsDated(l.runs.flatMap(splitDates));
  const datesOnly = (l: Line) => l.runs.flatMap(splitDates).every((r) => isDateCell(r.text));
  // (whole rupees with their side marked count: 'Cr `1,840', a row that prints no balance)
  const figured = (l: Line) => l.runs.some((r) => hasFigure(r.text) || markedWhole(r.text));
  // (such a row is a line made of the two: the lines it was made of are where it stands)
  const madeOf = new Map<Line, Line[]>();
  const anchors = lines.flatMap((l, i) => {
    if (!dated(l)) return [];
    if (figured(l)) return l.runs.length >= 3 ? [l] : [];
    const next = lines[i + 1];
    if (!next || next.page !== l.page || dated(next) || !figured(next) || datesOnly(l)) return [];
    const row = { ...l, runs: [...l.runs, ...next.runs].sort((p, q) => p.x0 - q.x0) };
    madeOf.set(row, [l, next]);
    return [row];
  });
  const sourceOf = (a: Line) => madeOf.get(a) ?? [a];
  const at = (a: Line) => lines.indexOf(sourceOf(a)[0]!);
  if (anchors.length < MIN_ROWS) return null;
  const rows = anchors.map((l) => l.runs.flatMap(splitDates).flatMap(splitFigure));
  const chars = rows.flat().reduce((n, r) => n + r.text.length, 0);
  const width = rows.flat().reduce((n, r) => n + (r.x1 - r.x0), 0);
  const cw = width / Math.max(chars, 1);
  // where dates and the next cell's text, or text and a figure, came as one item, the places of its
  // pieces are estimates that cover the gutters between them: when other rows draw those cells
  // apart, such an item places only its two ends (its first cell's start, its last cell's end),
  // those rows the rest. A piece between the ends that no cell drawn alone meets is a column no row
  // draws apart (a balance printed only on a day's last row, always drawn with the cells around it:
  // '- (8,06,244.50) NET BANKING'): its estimate is all there is, and it is kept
  const merged = (r: Run) => (!datePieces(r.text) && datesThen(r.text) !== null) || figureApart(r) !== null;
  const apart = anchors.filter((l) => !l.runs.some(merged)).length >= MIN_ROWS;
  const drawnAlone = apart
    ? anchors.flatMap((l) => l.runs.filter((r) => !merged(r)).map((r): Stretch => [r.x0, r.x1, 1]))
    : [];
  const placing = anchors.map((l) =>
    l.runs.flatMap((r) => {
      const pieces = splitDates(r).flatMap(splitFigure);
      if (!apart || !merged(r)) return pieces;
      return [
        { ...pieces[0]!, x1: r.x0 + cw },
        ...pieces.slice(1, -1).filter((p) => !drawnAlone.some((s) => overlap(p, s))),
        { ...pieces[pieces.length - 1]!, x0: r.x1 - cw },
      ];
    }),
  );
  const stretches = writtenStretches(placing, cw).flatMap((s) => cellByCell(s, rows));
  const cols = joinDates(
    stretches.map((s) =>
      column(
        s,
        rows.map((runs) => cellOf(runs, s, stretches)),
      ),
    ),
    cw,
  );
  // a Dr/Cr printed in a column of its own belongs to the figure before it, or past it when that
  // figure prints its own mark in most rows ('4,71,547.04Dr' | 'CR': a balance, and the side of the
  // amount before it); a mark column given reads as that figure's own to the mark columns after it
  const own = new Map(cols.map((c) => [c, c.cells]));
  const marked = (c: Column) => {
    const filled = own.get(c)!.filter(Boolean);
    return filled.filter((t) => readAmount(t)?.mark).length > filled.length / 2;
  };
  // (the words passed are columns after the last figures: a channel printed between the balance
  // and its side; sideOwner, as the cells read marks. A mark column already given to the figure
  // before it is passed over too: '4,06,981.04' | 'Dr' | 'CR', the balance's own side drawn apart,
  // then the amount's, which belongs past the balance that now prints its own)
  const lastFigure = cols.findLastIndex((c) => c.kind === 'figure');
  const given = new Set<Column>();
  const part = (c: Column, k: number): SidePart =>
    c.kind === 'figure' ? 'figure' : (c.kind === 'text' && k > lastFigure) || given.has(c) ? 'words' : 'stop';
  const withMark = (cells: string[], mark: Column) =>
    cells.map((t, i) => (t ? `${t} ${mark.cells[i]}`.trim() : t));
  // A mark column whose nearest figure prints no mark of its own may be that figure's side or the
  // side of the unmarked figure before it ('Rs. 8,054.54 | Rs. 69,522.06 | DR': the balance's, or
  // the amount's past it): both readings are kept and the chain decides (a tie keeps the nearest)
  const past = new Map(own);
  let twoReadings = false;
  cols.forEach((next, j) => {
    if (next.kind !== 'mark') return;
    // (nor is it the side of a figure column that is empty on a row where the mark prints: a
    // balance printed only on each day's last row, then a Dr/Cr column on every row, is the amount's)
    const other = (c: Column) => marked(c) || next.cells.some((t, i) => t !== '' && c.cells[i] === '');
    const k = sideOwner(cols, j, part, other);
    const to = cols[k];
    if (!to) return;
    given.add(next);
    own.set(to, withMark(own.get(to)!, next));
    const nearest = k === sideOwner(cols, j, part, () => false);
    const owner = (nearest && cols[sideOwner(cols, j, part, (c) => c === to || other(c))]) || to;
    twoReadings ||= owner !== to;
    past.set(owner, withMark(past.get(owner)!, next));
  });
  const figures = cols.filter((c) => c.kind === 'figure');
  const scoreOf = (r: Map<Column, string[]>) =>
    assignFigures(figures.map((c) => ({ ...c, cells: r.get(c)! })))?.score ?? 0;
  const reading = twoReadings && scoreOf(past) > scoreOf(own) ? past : own;
  for (const c of figures) c.cells = reading.get(c)!;
  let assigned = assignFigures(figures);
  // whole rupees beside balances with paise ('35270' | '104762.16 Cr'): columns of bare whole
  // numbers after the date are figures where the chain then explains the rows better (a cheque
  // number's column explains nothing)
  const firstDate = cols.findIndex((c) => c.kind === 'date');
  // (a currency word may stand before them: '- Rs. 8,055'; a letter anywhere else makes a code)
  const bare = (t: string) => unsigned(t).replace(/^(?:rs\.?|inr|₹|`) ?/i, '');
  const whole = cols.filter(
    (c, k) =>
      k > firstDate &&
      firstDate >= 0 &&
      c.kind === 'text' &&
      c.cells.some((t) => t && WHOLE_RUPEES.test(unsigned(t)) && !/[a-z]/i.test(bare(t))) &&
      // (an empty printed as a dash, '--', stands where the figure is not)
      c.cells.every(
        (t) => !t || EMPTY_AMOUNT.test(t) || (WHOLE_RUPEES.test(unsigned(t)) && !/[a-z]/i.test(bare(t))),
      ),
  );
  if (printed && whole.length > 0 && (!assigned || assigned.score < MIN_CHAINED)) {
    const wider = assignFigures([...figures, ...whole]);
    if (wider && (!assigned || wider.score > assigned.score)) {
      assigned = wider;
      for (const c of whole) if (wider.roles.has(c)) c.kind = 'figure';
    }
  }
  if (!assigned) return null;
  const roles = assigned.roles;
  const text = cols.filter((c) => c.kind === 'text');
  // the narration is the text column with the most words, counting the lines that start in it between
  // the dated rows (a reference column may hold more words on the dated line: 'TRANSFER TO 2347...'),
  // counted in letters: a reference's numbers, and the words a slash joins, say nothing either way
  const last = sourceOf(anchors[anchors.length - 1]!);
  const span = lines.slice(at(anchors[0]!), lines.indexOf(last[last.length - 1]!) + 1);
  const anchorSet = new Set(anchors.flatMap(sourceOf));
  const wrapped = span.filter((l) => !anchorSet.has(l)).flatMap((l) => l.runs);
  const letters = (t: string) => t.replace(/[^a-z]/gi, '').length;
  const written = (c: Column) =>
    c.cells.reduce((n, t) => n + letters(t), 0) +
    wrapped
      .filter((r) => r.x0 >= c.stretch[0] - cw && r.x0 < c.stretch[1])
      .reduce((n, r) => n + letters(r.text), 0);
  const narration = text.reduce<Column | null>(
    (best, c) => (!best || written(c) > written(best) ? c : best),
    null,
  );
  if (!narration) return null;
  // a text column right after the narration whose every cell stands a word space after the row's
  // narration is more of the narration ('Payment' | 'from': a long narration's last word, a stretch
  // of its own where few rows run so long): a word space is no gutter, however many rows write there
  for (let after = cols[cols.indexOf(narration) + 1]; after?.kind === 'text';) {
    const stretch = after.stretch;
    const goesOn = rows.every((runs) =>
      runs.every((r, k) => {
        const before = runs[k - 1];
        return (
          !overlap(r, stretch) ||
          overlap(r, narration.stretch) ||
          (before !== undefined &&
            overlap(before, narration.stretch) &&
            r.x0 - before.x1 <= WORD_GAP_CHARS * cw)
        );
      }),
    );
    if (!goesOn) break;
    narration.stretch = [narration.stretch[0], stretch[1], narration.stretch[2]];
    cols.splice(cols.indexOf(after), 1);
    after = cols[cols.indexOf(narration) + 1];
  }
  // of two date columns, the posting date is the one printed in order (value dates jump about)
  const dateCols = cols.filter((c) => c.kind === 'date');
  // (a date without its year, 'Dec 09', as 'MM-DD': the period gives the year later, and both
  // columns print it the same way)
  const dateOf = (c: Column, i: number) =>
    readDate(c.cells[i]!.split(' ')[0] ?? '') ??
    readDateTime(c.cells[i]!) ??
    readMonthDay(withoutTime(c.cells[i]!));
  const disorder = (c: Column) => {
    const ds = c.cells.map((_, i) => dateOf(c, i)).filter((d) => d !== null);
    let up = 0;
    let down = 0;
    for (let i = 1; i < ds.length; i++) {
      if (ds[i]! > ds[i - 1]!) up++;
      if (ds[i]! < ds[i - 1]!) down++;
    }
    return Math.min(up, down);
  };
  // on a tie, the posting date is the earlier one where the two differ: a cheque's value date comes
  // when it clears, after it was posted
  const earlier = (a: Column, b: Column) => {
    let n = 0;
    a.cells.forEach((_, i) => {
      const x = dateOf(a, i);
      const y = dateOf(b, i);
      if (x && y && x.length === y.length && x !== y) n += x < y ? 1 : -1;
    });
    return n;
  };
  const posting = dateCols.reduce<Column | null>(
    (best, c) =>
      !best || disorder(c) < disorder(best) || (disorder(c) === disorder(best) && earlier(c, best) > 0)
        ? c
        : best,
    null,
  );
  const columns: TaughtLayout['columns'] = [];
  for (const [k, c] of cols.entries()) {
    let role: Role = 'other';
    if (c.kind === 'date') role = c === posting ? 'date' : 'valueDate';
    else if (c.kind === 'figure') role = roles.get(c) ?? 'other';
    else if (c.kind === 'mark') {
      // of two mark columns after a figure column, the first (a word space after it) is its
      // figures' own ('61,683.46 (Cr)' drawn as two items) and the later one the Dr/Cr column of
      // the amount's side, beside it or past other columns ('62,780.54 Dr | MOBILE | CR')
      const prev = columns[columns.length - 1];
      if (
        prev &&
        NUMERIC_ROLES.has(prev.role) &&
        c.stretch[0] - prev.x1 <= cw &&
        cols.slice(k + 1).some((x) => x.kind === 'mark')
      ) {
        prev.x1 = c.stretch[1];
        continue;
      }
      role = 'mark';
    } else if (c === narration) role = 'description';
    else if (c.stretch[0] > narration.stretch[1] && !columns.some((x) => x.role === 'reference'))
      role = 'reference';
    columns.push({ role, x0: c.stretch[0], x1: c.stretch[1] });
  }
  if (!columns.some((c) => c.role === 'date')) return null;
  // the first row's narration may be printed above its date line: take the lines just above it that
  // hold narration only (a wrapped line may run past the widest its rows' first lines reach, up to
  // the next column)
  const [n0, n1] = narration.stretch;
  const end = cols.find((c) => c.stretch[0] >= n1)?.stretch[0] ?? Infinity;
  const narrationOnly = (l: Line) =>
    l.runs.every((r) => r.x0 >= n0 - cw && r.x1 <= end && readAmount(r.text) === null);
  // the table's first row is the first dated line with a figure in a figure column, up from the
  // first row sampled over lines of narration: rows whose amounts are whole rupees and that print
  // no balance hold nothing with paise to be sampled by, and are rows all the same, not the header
  let first = sourceOf(anchors[0]!)[0]!;
  const figureColumns = cols.filter((c) => c.kind === 'figure');
  const figureCell = (r: Run) =>
    (readAmount(r.text) !== null || WHOLE_RUPEES.test(unsigned(r.text.trim()))) &&
    figureColumns.some((c) => overlap(r, c.stretch));
  for (let k = lines.indexOf(first) - 1; k >= 0; k--) {
    const l = lines[k]!;
    if (l.page !== first.page) break;
    if (dated(l) && l.runs.some(figureCell)) first = l;
    else if (!narrationOnly(l)) break;
  }
  let top = first;
  for (let k = lines.indexOf(first) - 1; k >= 0; k--) {
    const l = lines[k]!;
    if (!nextLineClose(l, top) || !narrationOnly(l)) break;
    top = l;
  }
  addHeadedColumns(columns, lines, top, rows);
  return { page: first.page, top: top.y, columns, sure: assigned.score >= MIN_CHAINED };
}

/**
 * A heading over cells that no column holds, between two columns (a cheque number a few rows
 * print, set as close to the narration as a word space), is a column of its own: its cells are no
 * narration. The headings are the line right above the table, or above a line of figures without a
 * date printed under them (the opening balance, a balance brought forward).
 */
function addHeadedColumns(columns: TaughtLayout['columns'], lines: Line[], top: Line, rows: Run[][]): void {
  let k = lines.indexOf(top);
  const undated = (l: Line | undefined) =>
    l !== undefined &&
    l.page === top.page &&
    l.runs.some((r) => hasFigure(r.text)) &&
    !l.runs.some((r) => isDateCell(r.text));
  if (undated(lines[k - 1])) k--;
  const below = lines[k]!;
  const last = lines[k - 1];
  if (!last || last.page !== top.page || below.y - last.y > 6 * Math.max(last.height, below.height)) return;
  // (headings stacked over two or three lines: a name may stand on any of them)
  const headings = [last];
  for (let j = k - 2; j >= Math.max(0, k - 3) && nextLineClose(lines[j]!, headings[0]!); j--)
    headings.unshift(lines[j]!);
  if (headings.some((l) => l.runs.some((r) => hasFigure(r.text) || isDateCell(r.text)))) return;
  for (const h of headings.flatMap((l) => l.runs).flatMap((r) => clearOf(columns, r))) {
    const after = columns.findIndex((c) => c.x0 > h.x1);
    const next = columns[after];
    const prev = columns[after - 1];
    if (!next || !prev || prev.x1 >= h.x0) continue;
    // words under the heading, clear of the columns on either side (a cheque number drawn as one
    // item with the amount after it: '658182 14812.00')
    const under = rows.flatMap((runs) =>
      runs.flatMap(runWords).filter((r) => r.x0 < h.x1 && r.x1 > h.x0 && r.x0 > prev.x1 && r.x1 < next.x0),
    );
    if (!under.length) continue;
    columns.splice(after, 0, {
      role: 'other',
      x0: minOf(under.map((r) => r.x0)),
      x1: maxOf(under.map((r) => r.x1)),
    });
  }
}

/**
 * A heading's words that stand clear of every column, as one heading: the whole run, or where names
 * set a word space apart were drawn as one item over two columns ('Quux Val Plugh': a cheque
 * number's heading and the channel's beside it), the words between the columns' edges; none where
 * every word stands over a column.
 */
function clearOf(columns: TaughtLayout['columns'], run: Run): Run[] {
  const over = (w: Run) => columns.some((c) => c.x0 < w.x1 && c.x1 > w.x0);
  if (!over(run)) return [run];
  const out: Run[] = [];
  let group: Run[] = [];
  const flush = () => {
    if (group.length)
      out.push({ text: group.map((w) => w.text).join(' '), x0: group[0]!.x0, x1: group.at(-1)!.x1 });
    group = [];
  };
  for (const w of runWords(run)) {
    if (over(w)) flush();
    else group.push(w);
  }
  flush();
  return out;
}

/** Which figure column is the balance, and which the withdrawal and deposit (or one amount). */
function assignFigures(figs: Column[]): { roles: Map<Column, Role>; score: number } | null {
  const n = figs[0]?.cells.length ?? 0;
  // (a column of figures may print whole rupees: '57,500')
  const value = (c: Column, i: number) => (c.cells[i] ? money(c.cells[i]!) : null);
  let best: { roles: Map<Column, Role>; score: number } | null = null;
  for (const bal of figs) {
    const balances = Array.from({ length: n }, (_, i) => {
      const a = value(bal, i);
      return a ? balancePaise(a) : null;
    });
    // (a statement may print the balance only on each day's last row: a third of its rows, or fewer
    // where days hold many rows; the chain across the rows between proves it all the same)
    if (balances.filter((b) => b !== null).length < Math.max(MIN_ROWS, n * MIN_BALANCES)) continue;
    const others = figs.filter((c) => c !== bal);
    const tries: Map<Column, Role>[] = [];
    for (const d of others)
      for (const c of others)
        if (d !== c)
          tries.push(
            new Map([
              [bal, 'balance'],
              [d, 'debit'],
              [c, 'credit'],
            ]),
          );
    for (const a of others)
      tries.push(
        new Map([
          [bal, 'balance'],
          [a, 'amount'],
        ]),
      );
    for (const roles of tries) {
      const move = (i: number): number => {
        let m = 0;
        for (const [c, role] of roles) {
          const a = value(c, i);
          if (!a) continue;
          if (role === 'debit') m -= Math.abs(a.paise);
          else if (role === 'credit') m += Math.abs(a.paise);
          else if (role === 'amount')
            m += a.mark === 'dr' ? -Math.abs(a.paise) : a.mark === 'cr' ? Math.abs(a.paise) : a.paise;
        }
        return m;
      };
      let chained = 0;
      let steps = 0;
      // from each printed balance to the next, past rows that print none
      let from = -1;
      for (let i = 0; i < n; i++) {
        const b = balances[i];
        if (b == null) continue;
        const at = from;
        from = i;
        if (at < 0) continue;
        const p = balances[at]!;
        steps++;
        // oldest first: the rows after the last balance move it; newest first: the rows from it up
        // to this one do. An unsigned single amount column only says by how much, row by row.
        let m = 0;
        let back = 0;
        for (let k = at + 1; k <= i; k++) m += move(k);
        for (let k = at; k < i; k++) back += move(k);
        const unsigned = roles.size === 2;
        if (
          b - p === m ||
          p - b === back ||
          (unsigned &&
            i === at + 1 &&
            (Math.abs(b - p) === Math.abs(m) || Math.abs(p - b) === Math.abs(back)))
        )
          chained++;
      }
      // two columns explain more than one: prefer them on a tie
      const score = steps ? chained / steps + (roles.size === 3 ? 0.001 : 0) : 0;
      if (score >= MIN_GUESS && (!best || score > best.score)) best = { roles, score };
    }
  }
  return best;
}
