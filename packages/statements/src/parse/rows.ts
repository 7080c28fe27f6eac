// The generic table reader: positioned lines -> header -> column bands -> rows with their wrapped
// narration lines -> special rows (opening, closing, totals) kept apart. Every bank uses it.
import { EMPTY_AMOUNT, balancePaise, hasFigure, isMark, readAmount } from './amount.ts';
import {
  type Aliases,
  type Column,
  type Header,
  NUMERIC_ROLES,
  isHeaderTail,
  matchHeader,
  matchStackedHeader,
} from './columns/heading.ts';
import { datePieces, datesThenText, isDateStart, readDate, readDateTime, readMonthDay } from './dates.ts';
import { type Band, bandOf, bandsUnder, cellsOf, columnBands, figureWords, overlap } from './columns/bands.ts';
import { type Line, type Run, runWords } from './lines.ts';
import type { Trace } from './trace.ts';
import type { ParseIssue, TaughtLayout, Transaction } from './types.ts';
import { maxOf, minOf, pushAll } from './extent.ts';

export type Flow = 'after' | 'before';

/**
 * Rows whose one amount column printed no sign or mark: only the balance chain can tell their side
 * (fixSidesFromBalance). A row read from a withdrawal or deposit column has its side from the column,
 * whatever the balances of same-day rows printed out of order suggest.
 */
export const SIDE_BY_BALANCE = new WeakSet<Transaction>();

/** The year of a date printed without one, until the statement period gives it. */
export const NO_YEAR = '0000';

export interface TableOptions {
  aliases?: Aliases;
  taught?: TaughtLayout;
  /** where wrapped narration lines sit when the spacing does not tell: below the date line or above it */
  flow: Flow;
  /** how a wrapped reference cell is joined: '' when banks break it mid-number, ' ' between words */
  referenceJoin: string;
  referenceIgnore?: RegExp;
  /** where to report the decisions taken (bahi explain) */
  trace?: Trace;
  /** who placed the `taught` columns: the user, or the dated rows and their balances */
  taughtBy?: 'user' | 'rows';
}

export type SpecialKind = 'opening' | 'closing' | 'broughtForward' | 'carriedForward' | 'total';

export interface Special {
  kind: SpecialKind;
  debit: number | null;
  credit: number | null;
  balance: number | null;
  text: string;
  /** printed before the section's first row (a 'Brought Forward' later is a page's, not the opening) */
  beforeRows: boolean;
}

/** One account's table as read (a consolidated statement has several). */
export interface TableSection {
  /** non-table lines that belong to this section (account header, summary): facts are read from them */
  lines: Line[];
  transactions: Transaction[];
  specials: Special[];
}

export interface TableResult {
  sections: TableSection[];
  /** lines before the first table (the statement's header zone) */
  headerZone: Line[];
  issues: ParseIssue[];
  headerFound: boolean;
  /** the lines of the rows that became transactions */
  rowLines: Set<Line>;
}

interface Cell {
  role: Column['role'];
  text: string;
}

// Lines further apart than this many text heights are not one table: a summary or disclaimer block
// starts after a blank gap, while wrapped and consecutive rows are 1.1 to 1.7 heights apart.
const TABLE_GAP_HEIGHTS = 2.2;
// A word starting this many header character widths left of a column's first header letter still
// belongs to it: header run positions are estimated from character counts and cells are padded.
const TEXT_START_CHARS = 1.6;
// The rows under a header that show where its columns sit (see bands.ts).
const SAMPLE_LINES = 400;
// Two gaps between lines differ meaningfully when one is this much larger: in-row line spacing versus
// spacing between rows.
const GAP_RATIO = 1.12;

const SPECIAL_RE: [RegExp, SpecialKind][] = [
  [
    /^(?:balance\s+as\s+on\b.*opening|opening\s+balance|balance\s+b\/?f|b\/?f\b|balance\s+brought\s+forward)/i,
    'opening',
  ],
  [/^brought\s+forward/i, 'broughtForward'],
  [/^(?:carried\s+forward|balance\s+c\/?f|c\/?f\b)/i, 'carriedForward'],
  [/^(?:closing\s+balance|balance\s+as\s+on\b.*closing)/i, 'closing'],
  [/^(?:transaction\s+total|total\b|grand\s+total|totals\b|page\s+total)/i, 'total'],
];

function specialKind(text: string): SpecialKind | null {
  const t = text.trim();
  for (const [re, kind] of SPECIAL_RE) if (re.test(t)) return kind;
  return null;
}

// (a quick test before reading a date cell's words: only a cell that ends so can end with a mark)
const ENDS_WITH_MARK = /(?:dr|cr)\.?\s*\)?\s*$/i;

const FOOTER_RE = /(?:^|\s)page\s*(?:no\.?\s*)?[.:]*\s*\d+(?:\s*(?:of|\/)\s*\d+)?\s*$/i;

class Layout {
  readonly header: Header;
  readonly bands: Band[];
  constructor(header: Header, sample: Run[][], bands?: Band[]) {
    this.header = header;
    this.bands = bands ?? columnBands(header, sample);
  }
  has(role: Column['role']) {
    return this.header.columns.some((c) => c.role === role);
  }
  /** Assigns a line's runs to columns by where they sit among the column bands. */
  cells(runs: Run[]): Cell[] {
    const cw = this.header.charWidth;
    const out: { col: Column; text: string }[] = [];
    const put = (col: Column, text: string) => {
      const prev = out[out.length - 1];
      if (prev && prev.col === col) prev.text += ' ' + text;
      else out.push({ col, text });
    };
    // a word space of the row's own font (the header's may be set smaller)
    const wordGap = (run: Run) => WORD_GAP_CHARS * Math.max(cw, (run.x1 - run.x0) / run.text.length);
    let last: Run | null = null;
    const pieces: Run[] = [];
    for (const r of this.joinDatePieces(runs)) {
      if (r.text.includes(' ')) pieces.push(...this.splitFigures(r));
      else pieces.push(r);
    }
    for (const run of pieces) {
      const before = last;
      last = run;
      // a ruling printed as text ('-----', '=====') is no cell of any column
      if (RULE.test(run.text)) {
        out.push({ col: RULE_COLUMN, text: run.text });
        continue;
      }
      const band = bandOf(this.bands, run.x0, run.x1);
      const numeric = NUMERIC_ROLES.has(band.col.role);
      const prev = out[out.length - 1];
      // a time a word space after a date is that date's ('02 Jul 25' '01:00 AM'), wherever the
      // bands put it: the narration's band may reach back over it
      if (
        before &&
        prev &&
        dateCell({ role: prev.col.role, text: '' }) &&
        TIME.test(run.text) &&
        run.x0 - before.x1 <= wordGap(run) &&
        readDateTime(`${prev.text} ${run.text}`) !== null
      ) {
        prev.text += ' ' + run.text;
        continue;
      }
      // text in a gutter or in a numeric column (which holds figures only), a word space after a
      // text cell: the text ran long
      if (
        before &&
        prev &&
        !NUMERIC_ROLES.has(prev.col.role) &&
        run.x0 - before.x1 <= wordGap(run) &&
        !readAmount(run.text) &&
        !isMark(run.text) &&
        !(numeric && EMPTY_AMOUNT.test(run.text)) &&
        (numeric || bandsUnder(this.bands, run.x0, run.x1, 0).length === 0)
      ) {
        prev.text += ' ' + run.text;
        continue;
      }
      // '-' printed for an empty amount is no text of the row
      if (EMPTY_AMOUNT.test(run.text) && numeric) continue;
      if (isMark(run.text)) {
        const prev = out[out.length - 1];
        // a Dr/Cr column of its own holds the mark wherever it sits (see giveMarks)
        if (band.col.role === 'mark') {
          put(band.col, run.text);
          continue;
        }
        if (prev && NUMERIC_ROLES.has(prev.col.role)) {
          prev.text += ' ' + run.text;
          continue;
        }
      }
      if (numeric && readAmount(run.text)) {
        put(band.col, run.text);
        continue;
      }
      // figures and then words reaching into the text column on the right ('86,391.16 ATM' across
      // Balance | Category): the words are that column's, however little of them the estimate puts
      // there, and each figure its own column's ('+23,784.00 2,11,329.06 ATM')
      if (numeric && !readAmount(run.text)) {
        const right = this.bands[this.bands.indexOf(band) + 1];
        const pieces = cellsOf(run);
        const words = pieces[pieces.length - 1]!;
        if (
          right &&
          !NUMERIC_ROLES.has(right.col.role) &&
          right.x0 < run.x1 &&
          pieces.length > 1 &&
          /[a-z]/i.test(words.text) &&
          readAmount(words.text) === null &&
          !isMark(words.text)
        ) {
          for (const p of pieces.slice(0, -1)) put(bandOf(this.bands, p.x0, p.x1).col, p.text);
          put(right.col, words.text);
          continue;
        }
      }
      // one date (with its time) goes whole to the date column it sits in most
      if (dateCell({ role: band.col.role, text: '' }) && readDateTime(run.text)) {
        put(band.col, run.text);
        continue;
      }
      // a run across two or more bands holds as many cells when its words start in them
      // ('02-Dec-2023 02-Dec-2023'); a narration that merely runs long stays whole
      // (a time is one cell, however far it reaches: '05:04 AM' under its date)
      const under =
        run.text.includes(' ') && !CLOCK.test(run.text)
          ? bandsUnder(this.bands, run.x0, run.x1, TEXT_START_CHARS * cw)
          : [];
      // two dates set closer than a word space ('31 May 23 31 May 23'): the dates, not the
      // estimated word positions, say where one cell ends
      const dates = under.length > 1 ? datePieces(run.text) : null;
      const lead = under.length > 1 && !dates ? datesThenText(run.text) : null;
      if (dates) {
        let cur = bandOf(this.bands, run.x0, run.x0 + cw);
        dates.forEach((d, k) => {
          if (k > 0) cur = under.find((b) => b.x0 > cur.x0) ?? cur;
          put(cur.col, d);
        });
      } else if (lead && dateCell({ role: bandOf(this.bands, run.x0, run.x0 + cw).col.role, text: '' })) {
        // the dates to the date columns in turn, the text after them to the column right of them it
        // starts nearest ('30 Aug 24 30 Aug 24 0000424352595205': two dates and a reference)
        let cur = bandOf(this.bands, run.x0, run.x0 + cw);
        lead.dates.forEach((d, k) => {
          if (k > 0) cur = under.find((b) => b.x0 > cur.x0) ?? cur;
          put(cur.col, d);
        });
        const start = runWords(run)[lead.dates.join(' ').split(' ').length]!.x0;
        const next = under
          .filter((b) => b.x0 > cur.x0)
          .reduce<Band | null>(
            (best, b) => (!best || Math.abs(b.x0 - start) < Math.abs(best.x0 - start) ? b : best),
            null,
          );
        put((next ?? cur).col, lead.rest);
      } else if (under.length > 1) {
        const reach = TEXT_START_CHARS * cw;
        let cur = bandOf(this.bands, run.x0, run.x0 + cw);
        // whether cur holds a figure of this run already (the next figure is the next column's)
        let held = false;
        for (const w of runWords(run)) {
          // numeric columns hold figures only: words of text stay in a text column
          const figure = readAmount(w.text) !== null;
          const text = !figure && !isMark(w.text);
          // a figure whose estimated place reaches into the next figure column is still its own
          // column's while it sits mostly there ('57500.00 791836.86' from the deposits' column)
          const start = under.find(
            (b) =>
              b.x0 > cur.x0 &&
              (NUMERIC_ROLES.has(b.col.role)
                ? figure &&
                  w.x1 > b.x0 &&
                  (held || overlap(w.x0, w.x1, b.x0, b.x1) >= overlap(w.x0, w.x1, cur.x0, cur.x1))
                : // a word after a figure starts the text column the run reaches into, wherever
                  // the estimate of its position falls ('61683.46Cr MOBILE')
                  Math.abs(w.x0 - b.x0) <= reach || (text && NUMERIC_ROLES.has(cur.col.role))),
          );
          if (start) cur = start;
          held = figure && NUMERIC_ROLES.has(cur.col.role);
          put(cur.col, w.text);
        }
      } else put(band.col, run.text);
    }
    const cells: Cell[] = [];
    for (const o of out) {
      // a Dr/Cr mark drawn as one item with the date before it ('31' 'March 2025 DR') is the
      // side of a Dr/Cr column set close after the date
      const lead =
        dateCell({ role: o.col.role, text: '' }) && ENDS_WITH_MARK.test(o.text)
          ? datesThenText(o.text)
          : null;
      if (lead && isMark(lead.rest))
        cells.push({ role: o.col.role, text: lead.dates.join(' ') }, { role: 'mark', text: lead.rest });
      else cells.push({ role: o.col.role, text: o.text });
    }
    return giveMarks(cells);
  }
  /**
   * A date drawn as several items a word space apart, its day alone or at the end of the cell
   * before ('01' + 'March 25 01 March 25'; '10 09' + 'Dec' + '23', a serial number and the day
   * drawn as one item in a tight Courier table): the date's pieces as one run, so that it is read
   * whole, in the date column.
   */
  joinDatePieces(runs: Run[]): Run[] {
    const out: Run[] = [];
    for (let i = 0; i < runs.length; i++) {
      const run = runs[i]!;
      // (a word space of the row's own font: the header's may be smaller)
      const gap = WORD_GAP_CHARS * Math.max(this.header.charWidth, (run.x1 - run.x0) / run.text.length);
      const next = runs[i + 1];
      // most runs have no run a word space after them: nothing to read as a date's pieces (asked
      // first, it keeps the date reading below off every run of every line)
      if (!next || next.x0 - run.x1 > gap) {
        out.push(run);
        continue;
      }
      const words = runWords(run);
      // the piece: the whole run when it starts a date ('1 Apr'), else a day that ends it
      const whole = isDateStart(run.text) && !readDate(run.text);
      const piece = whole ? run : words[words.length - 1]!;
      // a day in a column of its own is that column's ('5' 'Dec 31': a serial number before a date
      // printed without its year), unless the column is a date's or holds a cell of this line already
      const band = bandOf(this.bands, piece.x0, piece.x1);
      const prev = out[out.length - 1];
      // (a day that ends a date without its year begun by the run before, 'May' '05', is that date's)
      const before = runs[i - 1];
      const ends =
        piece === run &&
        before !== undefined &&
        run.x0 - before.x1 <= gap &&
        readMonthDay(`${runWords(before).at(-1)!.text} ${piece.text}`) !== null;
      const day =
        /^\d{1,2}$/.test(piece.text) &&
        !ends &&
        (dateCell({ role: band.col.role, text: '' }) ||
          piece !== run ||
          (prev !== undefined && bandOf(this.bands, prev.x0, prev.x1) === band));
      if (
        !(whole || day) ||
        // ('2' 'Dec 03': a date without its year is whole, and the number before it another cell's)
        readDate(next.text) !== null ||
        readMonthDay(next.text) !== null ||
        !dateCell({ role: bandOf(this.bands, next.x0, next.x1).col.role, text: '' })
      ) {
        out.push(run);
        continue;
      }
      // take runs while they go on making a date, up to where one is read
      let text = piece.text;
      let j = i + 1;
      let found = false;
      while (j < runs.length && runs[j]!.x0 - runs[j - 1]!.x1 <= gap) {
        text += ' ' + runs[j++]!.text;
        if (readDate(text) || datePieces(text) || datesThenText(text)) {
          found = true;
          break;
        }
        if (!isDateStart(text)) break;
      }
      if (!found) {
        out.push(run);
        continue;
      }
      if (piece !== run) {
        const head = words.slice(0, -1);
        out.push({ text: head.map((w) => w.text).join(' '), x0: run.x0, x1: head[head.length - 1]!.x1 });
      }
      out.push({ text, x0: piece.x0, x1: runs[j - 1]!.x1 });
      i = j - 1;
    }
    return out;
  }
  /**
   * Cells of neighbouring columns printed a space apart come out of a PDF as one run: figures
   * ('4,33,197.00 4,71,647.96', '- 2,20,286.06') or a reference and a figure ('MAHBN2336 14,450.00 DR').
   * Such a run is split: into its words when all are figures, else before a trailing figure that
   * sits in a numeric band while the text before it ends left of that band.
   */
  splitFigures(run: Run): Run[] {
    if (!run.text.includes(' ')) return [run];
    // no word of a run without a decimal point is a figure (most runs: narrations), so of what
    // follows only marks and dashes of empty cells apart ('Dr Nil') apply
    if (!run.text.includes('.')) {
      const words = runWords(run);
      return words.every((w) => isMark(w.text) || EMPTY_AMOUNT.test(w.text)) ? words : [run];
    }
    const figure = (w: Run) => readAmount(w.text) !== null;
    // a sign set a space before its figure, in the figure's own column ('- 920.0', '+ 800.00'), is
    // part of it; a dash in the column before is an empty cell ('- 2,20,286.06')
    const words: Run[] = [];
    for (const w of figureWords(run)) {
      const p = words[words.length - 1];
      if (
        p &&
        /^[-+\u2212\u2013]$/.test(p.text) &&
        figure(w) &&
        bandOf(this.bands, p.x0, p.x1) === bandOf(this.bands, w.x0, w.x1)
      )
        words[words.length - 1] = { text: `${p.text}${w.text}`, x0: p.x0, x1: w.x1 };
      else words.push(w);
    }
    if (words.length === 1) return [{ ...run, text: words[0]!.text }];
    // figures (with their paise) and then a code of the next column ('- 191,431.98Cr 0057', a tight
    // table's balance and branch code): the figures apart, the code a run of its own
    const cellWord = (w: Run) => figure(w) || isMark(w.text) || EMPTY_AMOUNT.test(w.text);
    const code = words.findIndex((w) => !cellWord(w));
    if (
      code > 0 &&
      words.slice(0, code).some((w) => figure(w) && /\d\.\d\d/.test(w.text)) &&
      words.slice(code).every((w) => /^\d+$/.test(w.text))
    ) {
      const rest = words.slice(code);
      const figuresRun = {
        text: words
          .slice(0, code)
          .map((w) => w.text)
          .join(' '),
        x0: run.x0,
        x1: words[code - 1]!.x1,
      };
      return [
        ...this.splitFigures(figuresRun),
        { text: rest.map((w) => w.text).join(' '), x0: rest[0]!.x0, x1: run.x1 },
      ];
    }
    // a figure's mark and the next column's empty cell ('Dr Nil', split marks in a tight table)
    if (words.every((w) => isMark(w.text) || EMPTY_AMOUNT.test(w.text))) return words;
    const figures = words.filter(figure).length;
    const dashes = words.filter((w) => EMPTY_AMOUNT.test(w.text)).length;
    const marks = words.filter((w) => isMark(w.text)).length;
    // ('- 2,20,286.06' across two columns would read as a negative amount; '98,752.56 Cr. CR' is a
    // balance with its mark and the mark of a Dr/Cr column after it)
    if (
      (figures + dashes >= 2 || marks >= 2) &&
      figures >= 1 &&
      words.every((w) => figure(w) || isMark(w.text) || EMPTY_AMOUNT.test(w.text))
    )
      return words;
    // a figure and its Dr/Cr mark printed in a column of their own ('9,273.00 CR' across Amount | Dr/Cr)
    // and a mark before a figure is the figure's only in the figure's own column ('Cr 19,572.86' is
    // the credit's mark beside the balance, 'Dr 4,002.00' one amount)
    if (readAmount(run.text)) {
      if (words.length !== 2) return [run];
      const [first, second] = words as [Run, Run];
      const band = (w: Run) => bandOf(this.bands, w.x0, w.x1);
      if (isMark(second.text)) return band(second).col.role === 'mark' ? words : [run];
      return isMark(first.text) && band(first) !== band(second) ? words : [run];
    }
    // the last figure, after any dashes of empty cells and its own mark
    let k = words.length;
    while (k > 1 && EMPTY_AMOUNT.test(words[k - 1]!.text)) k--;
    const emptyAfter = words.length - k;
    if (isMark(words[k - 1]!.text)) k--;
    if (k < 2 || !figure(words[k - 1]!)) return [run];
    // the mark printed before a figure that carries none after it ('Dr 4,002.00') goes with it,
    // unless it ends the figure before ('15,088.00 Cr 25,416.46Cr')
    const lead =
      k + emptyAfter === words.length && k >= 3 && isMark(words[k - 2]!.text) && !figure(words[k - 3]!)
        ? 1
        : 0;
    const head = words.slice(0, k - 1 - lead);
    const tail = words.slice(k - 1 - lead);
    const tailRun = { text: tail.map((w) => w.text).join(' '), x0: tail[0]!.x0, x1: run.x1 };
    const last = words[k - 1]!;
    const band = bandOf(this.bands, last.x0, last.x1);
    // word positions inside a run are estimates: the word before the figure must sit mostly in
    // another column, not wholly left of the figure's band
    const before = head[head.length - 1]!;
    if (!NUMERIC_ROLES.has(band.col.role) || bandOf(this.bands, before.x0, before.x1) === band) return [run];
    // the text before may end in figures of its own ('02/07/2025 INR 15,088.00 Cr' + balance), and
    // the figure be followed by empty cells ('21,673.00Dr -')
    const headRun = { text: head.map((w) => w.text).join(' '), x0: run.x0, x1: before.x1 };
    return [...this.splitFigures(headRun), ...(emptyAfter ? this.splitFigures(tailRun) : [tailRun])];
  }
}

const SIDE_WORD = /^\s*(?:d|c|debit|credit)\.?\s*$/i;
const SIDE_CELL = /^\s*(?:\(?\s*(?:dr|cr)\.?\s*\)?|debit|credit)\s*$/i;
/** A side word as the mark the amount reader takes ('Debit', 'D', '(DR)' -> 'Dr'). */
const sideMark = (text: string) => (/^\W*d/i.test(text) ? 'Dr' : 'Cr');
// an amount printed with its sign ('+1,840.00', '-257.25', '(500.00)', '500.00-') has its side: a
// Dr/Cr column beside it is the balance's
const SIGNED = /^\s*[-+(−–]|[-)−–]\s*$/;

/**
 * The marks of a Dr/Cr column go to the line's amount while it has no mark or sign of its own, wherever the
 * column sits (after the amount, after the date, after the balance); any other goes to the figure
 * just before it (a balance's 'Dr' read as a column of its own).
 */
function giveMarks(cells: Cell[]): Cell[] {
  const out: Cell[] = [];
  const markColumn = cells.some((c) => c.role === 'mark');
  for (const c of cells) {
    // under a Dr/Cr heading the side may be spelt out ('Debit', 'CREDIT') or cut to a letter ('D')
    if (c.role === 'mark') c.text = c.text.replace(SIDE_WORD, sideMark);
    // under a heading the reader does not know ('Type') only a whole side word or mark is one
    const unnamed = c.role === 'other' && !markColumn && SIDE_CELL.test(c.text);
    const mark = unnamed ? sideMark(c.text) : c.text;
    if ((c.role !== 'mark' && !unnamed) || !isMark(mark)) {
      out.push(c);
      continue;
    }
    const amounts = cells.filter((x) => x.role === 'amount');
    const amount =
      amounts.length === 1 && readAmount(amounts[0]!.text)?.mark === null && !SIGNED.test(amounts[0]!.text)
        ? amounts[0]
        : undefined;
    // the figure before it, past columns of no role between ('791,836.86' | 'NET BANKING' | 'DR': a
    // channel or branch code printed between the balance and its side)
    const prev = out.findLast((x) => x.role !== 'other');
    const to = amount ?? (prev && NUMERIC_ROLES.has(prev.role) && !unnamed ? prev : undefined);
    if (to) to.text += ' ' + mark;
    else out.push(c);
  }
  return out;
}

// A text run in a gutter (no column's rows write there) this close to the run before it is a word
// of the same cell, drawn apart: a long narration that ran past where its column usually ends.
const WORD_GAP_CHARS = 1.5;

const RULE = /^[-_=~*.·–—]{5,}$/;
const RULE_COLUMN: Column = { role: 'other', label: '', x0: 0, x1: 0 };

interface Row {
  anchor: Line;
  /** the header in force where the row was printed (each page may place its columns differently) */
  layout: Layout;
  cells: Cell[];
  above: Line[];
  below: Line[];
  section: TableSection;
  /** printed under the day of the row above: its date cell empty, its value date printed */
  sameDay?: boolean;
}

/** The text of a line's cells in one column, joined by a space. */
function cellText(cells: Cell[], role: Column['role']): string {
  let text = '';
  for (const c of cells) if (c.role === role) text = text ? `${text} ${c.text}` : c.text;
  return text.trim();
}

/**
 * Reads every table of a document's lines. `isAccountStart` tells where a new account's section
 * begins in a consolidated statement (null for ordinary statements).
 */
export function readTable(
  lines: Line[],
  opts: TableOptions,
  isAccountStart: (line: Line) => string | null = () => null,
): TableResult {
  const issues: ParseIssue[] = [];
  const trace = opts.trace;
  const bandsOf = (l: Layout) => l.bands.map((b) => ({ role: b.col.role, x0: b.x0, x1: b.x1 }));
  const headerZone: Line[] = [];
  const sections: TableSection[] = [];
  let section: TableSection | null = null;
  let layout: Layout | null = null;
  let inTable = false;
  let prev: Line | null = null;
  let afterHeader = false;
  // the header line (or its second line) the table's first row follows, whatever the space between
  let headerLine: Line | null = null;
  // wrapped-looking lines on a page before its table resumes (a page without a repeated header)
  let pending: Line[] = [];
  // the table ended at such a line: a dated row right below it takes the table up again
  let resumable = false;
  // the page before this one ended inside the table (a row's narration may go on at this page's top)
  let spilled = false;
  let account: string | null = null;
  const rows: Row[] = [];
  // the header in force for each wrapped line: a page's own header decides its columns
  const lineLayout = new Map<Line, Layout>();
  // items in reading order: anchors (rows) and continuation lines
  const items: ({ row: Row } | { line: Line; section: TableSection })[] = [];

  const newSection = () => {
    section = { lines: [], transactions: [], specials: [] };
    sections.push(section);
    return section;
  };
  // A section's summary or total lines (not footers), counted by page as they join and leave its
  // lines: whether a page has one is asked at dated lines outside the table, and scanning the
  // section's lines each time was quadratic on a long sheet, one page of every row (issue 37).
  const summaries = new Map<TableSection, Map<number, number>>();
  const countSummary = (sec: TableSection, l: Line, by: 1 | -1) => {
    if (FOOTER_RE.test(l.text) || !/summary|total/i.test(l.text)) return;
    let byPage = summaries.get(sec);
    if (!byPage) summaries.set(sec, (byPage = new Map()));
    byPage.set(l.page, (byPage.get(l.page) ?? 0) + by);
  };
  const addLine = (sec: TableSection, l: Line) => {
    sec.lines.push(l);
    countSummary(sec, l, 1);
  };
  const pageHasSummary = (sec: TableSection, page: number) => (summaries.get(sec)?.get(page) ?? 0) > 0;

  // every header first: the rows between one header and the next place its columns
  const headers: (Header | null)[] = new Array(lines.length).fill(null);
  const skipped = new Set<number>();
  const taught = opts.taught;
  for (let li = 0; li < lines.length && !taught; li++) {
    const line = lines[li]!;
    const below = lines[li + 1];
    const stacked =
      below && isStackedPair(line, below)
        ? matchStackedHeader(line.runs, below.runs, opts.aliases, line.ocr)
        : null;
    headers[li] = stacked ?? matchHeader(line.runs, opts.aliases, line.ocr);
    if (!stacked) continue;
    skipped.add(++li);
    // headings three lines deep ('Dr /' over 'Cr', 'Withdrawals' over 'Amount' over '(INR)'): the
    // third line's words join the names they stand under too ('Dr /' alone names no column)
    const third = lines[li + 1];
    if (
      third &&
      third.page === below.page &&
      third.y - below.y <= 1.6 * Math.max(third.height, below.height) &&
      isHeaderTail(third.runs)
    ) {
      const deeper = matchStackedHeader(line.runs, [...below.runs, ...third.runs], opts.aliases, line.ocr);
      if (deeper && deeper.columns.length >= stacked.columns.length) {
        headers[li - 1] = deeper;
        skipped.add(++li);
      }
    }
  }
  // the rows under a header, and under the headers repeated after it with the same columns
  const sampleBelow = (li: number, header: Header): Run[][] => {
    const out: Run[][] = [];
    const same = sameColumns(header);
    for (let k = li + 1; k < lines.length && out.length < SAMPLE_LINES; k++) {
      if (skipped.has(k)) continue;
      const h = headers[k];
      if (h && !same(h)) break;
      if (h) continue;
      const runs = lines[k]!.runs;
      if (startsWithDate(runs) && runs.some((r) => hasFigure(r.text))) out.push(runs);
    }
    return out;
  };

  if (taught) {
    const columns = [...taught.columns].sort((a, b) => a.x0 - b.x0).map((c) => ({ ...c, label: c.role }));
    const widths = lines.flatMap((l) => l.runs.map((r) => (r.x1 - r.x0) / Math.max(1, r.text.length)));
    const charWidth = widths.length ? [...widths].sort((a, b) => a - b)[widths.length >> 1]! : 5;
    const header: Header = { columns, charWidth };
    layout = new Layout(
      header,
      [],
      columns.map((c) => ({ col: c, x0: c.x0, x1: c.x1 })),
    );
  }
  let taughtStarted = false;

  for (const [li, line] of lines.entries()) {
    if (skipped.has(li)) continue;
    const newPage = !prev || prev.page !== line.page;
    if (newPage) {
      spilled = inTable;
      inTable = false;
      pending = [];
      resumable = false;
    }
    if (taught && !taughtStarted) {
      // lines above the marked first row are the statement's header zone
      if (line.page < taught.page || (line.page === taught.page && line.y < taught.top - line.height / 2)) {
        headerZone.push(line);
        prev = line;
        continue;
      }
      taughtStarted = true;
      inTable = true;
      headerLine = line;
      newSection();
      trace?.add({
        rule: opts.taughtBy === 'rows' ? 'columns.rows' : 'columns.taught',
        page: line.page,
        y: line.y,
        detail: opts.taughtBy === 'rows' ? 'the first dated row' : 'the first marked row',
        bands: bandsOf(layout!),
      });
    }
    const header = headers[li];
    if (header) {
      // a header repeated with the same columns keeps the bands its first appearance's rows showed
      if (!layout || !sameColumns(layout.header)(header))
        layout = new Layout(header, sampleBelow(skipped.has(li + 1) ? li + 1 : li, header));
      trace?.add({
        rule: 'columns.heading',
        page: line.page,
        y: line.y,
        detail: header.columns.map((c) => `${c.role} '${c.label}'`).join(', '),
        bands: bandsOf(layout),
      });
      headerLine = line;
      inTable = true;
      afterHeader = true;
      if (!section) newSection();
      prev = line;
      continue;
    }
    if (afterHeader && isHeaderTail(line.runs)) {
      prev = line;
      headerLine = line;
      continue;
    }
    afterHeader = false;
    const acct = isAccountStart(line);
    if (acct && acct !== account) {
      if (account !== null || (section && (section as TableSection).transactions.length + rows.length > 0)) {
        newSection();
      }
      account = acct;
      inTable = false;
    }
    if (!layout) {
      headerZone.push(line);
      prev = line;
      continue;
    }
    const sec: TableSection = section ?? newSection();
    if (FOOTER_RE.test(line.text)) {
      addLine(sec, line);
      prev = line;
      continue;
    }
    const cells = layout.cells(line.runs);
    const dateText = cellText(cells, 'date');
    // (words without a digit under the figures are no amount: a browser's page title across them)
    const hasAmount = cells.some((c) => NUMERIC_ROLES.has(c.role) && /\d/.test(c.text));
    const isAnchor = hasAmount && isDateStart(firstToken(dateText));
    const gapOk =
      !prev ||
      prev === headerLine ||
      prev.page !== line.page ||
      line.y - prev.y <= TABLE_GAP_HEIGHTS * Math.max(line.height, prev.height);
    // right under a row's date line, a date of its own is that row's value date printed under its
    // posting date (a line of no figures dated again is no row)
    const last = items[items.length - 1];
    const underRow = last !== undefined && 'row' in last && last.row.anchor === prev && gapOk;
    const wrapped =
      !hasAmount &&
      cells.length > 0 &&
      (cells.every(
        (c) =>
          continuationCell(c) ||
          (underRow && dateCell(c) && (readDate(c.text) !== null || readMonthDay(c.text) !== null)),
      ) ||
        // the wrapped cell of a column the reader does not read ('Branch Name') alone on its line:
        // no row, and no end of the table
        cells.every((c) => c.role === 'other' && /[a-z0-9]/i.test(c.text)));
    // a page without a repeated header continues the table at its first dated row, with the
    // wrapped lines set just above it (narrations printed above their date line), or at a closing
    // or carried-forward line under the end of the last row's narration
    const resumes =
      !inTable &&
      (isAnchor
        ? (resumable && pending.length > 0) ||
          (!pageHasSummary(sec, line.page) &&
            (taught !== undefined || pageHasNoHeader(lines, line, opts.aliases)))
        : spilled &&
          pending.length > 0 &&
          pending[0]!.page === line.page &&
          ['closing', 'carriedForward'].includes(
            specialKind(stripLeadingDate(cellText(cells, 'description') || line.text)) ?? '',
          ) &&
          pageHasNoHeader(lines, line, opts.aliases));
    if (resumes) {
      inTable = true;
      trace?.add({ rule: 'rows.page-resumed', page: line.page, y: line.y, detail: line.text });
      let k = pending.length;
      let below = line;
      while (
        k > 0 &&
        pending[k - 1]!.page === line.page &&
        below.y - pending[k - 1]!.y <= TABLE_GAP_HEIGHTS * below.height
      )
        below = pending[--k]!;
      for (const l of pending.slice(k)) {
        // from the end, where the waiting lines are (each line is in the section once)
        const [gone] = sec.lines.splice(sec.lines.lastIndexOf(l), 1);
        if (gone) countSummary(sec, gone, -1);
        items.push({ line: l, section: sec });
        lineLayout.set(l, layout);
      }
      pending = [];
    }
    if (!inTable) {
      if (wrapped) pending.push(line);
      else {
        pending = [];
        resumable = false;
        // figures outside the table (a summary's) end what the page could continue
        if (hasAmount) spilled = false;
      }
      addLine(sec, line);
      prev = line;
      continue;
    }
    const textAll = line.text;
    const special = specialKind(stripLeadingDate(cellText(cells, 'description') || textAll));
    const lineAmount = cellText(cells, 'debit') || cellText(cells, 'credit') || cellText(cells, 'amount');
    // an opening balance printed as the section's first row, its figure in an amount column too, is
    // the opening, not a deposit
    const openingAsRow =
      special === 'opening' &&
      !sec.transactions.length &&
      !rows.some((r) => r.section === sec) &&
      lineAmount !== '' &&
      money(lineAmount)?.paise !== undefined &&
      Math.abs(money(lineAmount)!.paise) === Math.abs(balanceOf(cellText(cells, 'balance')) ?? NaN);
    if (special && (!isAnchor || !lineAmount || openingAsRow)) {
      trace?.add({ rule: 'rows.special', page: line.page, y: line.y, detail: `${special}: ${textAll}` });
      sec.specials.push({
        kind: special,
        debit: amountOf(cellText(cells, 'debit')),
        credit: amountOf(cellText(cells, 'credit')),
        balance: balanceOf(cellText(cells, 'balance')),
        text: textAll,
        beforeRows: rows.length === 0 || rows[rows.length - 1]!.section !== sec,
      });
      prev = line;
      continue;
    }
    if (isAnchor) {
      trace?.add({ rule: 'rows.anchor', page: line.page, y: line.y, detail: `date cell '${dateText}'` });
      const row: Row = { anchor: line, layout, cells, above: [], below: [], section: sec };
      rows.push(row);
      items.push({ row });
      prev = line;
      continue;
    }
    // a row printed under the day of the row above it: its date cell empty, its value date and
    // balance printed (banks that print the posting date once a day)
    const above = rows[rows.length - 1];
    if (
      hasAmount &&
      gapOk &&
      dateText === '' &&
      above?.section === sec &&
      cellText(cells, 'balance') &&
      isDateStart(firstToken(cellText(cells, 'valueDate')))
    ) {
      trace?.add({
        rule: 'rows.same-day',
        page: line.page,
        y: line.y,
        detail: `value date '${cellText(cells, 'valueDate')}'`,
      });
      const row: Row = { anchor: line, layout, cells, above: [], below: [], section: sec, sameDay: true };
      rows.push(row);
      items.push({ row });
      prev = line;
      continue;
    }
    const continuation = gapOk && wrapped;
    if (continuation) {
      trace?.add({ rule: 'rows.continuation', page: line.page, y: line.y, detail: line.text });
      items.push({ line, section: sec });
      lineLayout.set(line, layout);
      prev = line;
      continue;
    }
    if (hasAmount && gapOk && readDateLoose(dateText) === null && cellText(cells, 'balance')) {
      issues.push({
        kind: 'row',
        message: 'A row with amounts but no readable date was not read.',
        page: line.page,
        text: textAll,
      });
      // a row whose date cannot be read is a break the user sees, not the table's end: the rows
      // after it are read
      trace?.add({ rule: 'rows.unreadable-date', page: line.page, y: line.y, detail: textAll });
      prev = line;
      continue;
    }
    // anything else ends the table on this page: summary blocks, disclaimers. A narration-like
    // line set further below than usual ends it only if no dated row follows right under it.
    trace?.add({ rule: 'rows.table-end', page: line.page, y: line.y, detail: textAll });
    inTable = false;
    resumable = wrapped;
    pending = wrapped ? [line] : [];
    addLine(sec, line);
    prev = line;
  }

  attachContinuations(items, opts.flow, (l) => {
    const cells = (lineLayout.get(l) ?? layout)?.cells(l.runs) ?? [];
    return cells.length > 0 && cells.every(dateCell);
  });

  let day: string | undefined;
  const rowLines = new Set<Line>();
  for (const row of rows) {
    const t = toTransaction(row, opts, lineLayout, row.sameDay ? day : undefined);
    if ('tx' in t) day = t.tx.date;
    if ('issue' in t) {
      issues.push(t.issue);
      trace?.add({
        rule: 'values.row-unread',
        page: row.anchor.page,
        y: row.anchor.y,
        detail: t.issue.message,
      });
    } else {
      row.section.transactions.push(t.tx);
      rowLines.add(row.anchor);
      for (const l of row.above) rowLines.add(l);
      for (const l of row.below) rowLines.add(l);
      if (trace) {
        const lines = [...row.above, row.anchor, ...row.below];
        trace.rows.set(t.tx, {
          page: row.anchor.page,
          top: minOf(lines.filter((l) => l.page === row.anchor.page).map((l) => l.y)),
          bottom: maxOf(lines.filter((l) => l.page === row.anchor.page).map((l) => l.y + l.height)),
          lines: lines.length,
        });
      }
    }
  }
  return {
    sections: sections.filter((s) => s.transactions.length || s.specials.length),
    headerZone,
    issues,
    headerFound: layout !== null,
    rowLines,
  };
}

// Whole rupees without paise ('2,700', '151200', '2,700 Dr'): a bank's way with amounts, never with balances.
const WHOLE_RUPEES =
  /^[-(]?\d{1,3}(?:,\d{2,3})*\)?(?:\s*\(?(?:cr|dr)\.?\)?)?$|^[-(]?\d+\)?(?:\s*\(?(?:cr|dr)\.?\)?)?$/i;

/**
 * An amount cell's figure. The cell is the amount column's by its position, so whole rupees printed
 * without paise are its figure too (elsewhere a figure needs its decimal point, to keep cheque and
 * reference numbers out of the money).
 */
function money(text: string): ReturnType<typeof readAmount> {
  return readAmount(text) ?? (WHOLE_RUPEES.test(text.trim()) ? readAmount(text, true) : null);
}

/** Two lines that may be one header printed in two: close together, neither holding a figure. */
export function isStackedPair(top: Line, bottom: Line): boolean {
  return (
    top.page === bottom.page &&
    bottom.y - top.y <= 1.6 * Math.max(top.height, bottom.height) &&
    top.runs.length >= 3 &&
    !top.runs.some((r) => readAmount(r.text)) &&
    !bottom.runs.some((r) => readAmount(r.text) || isDateStart(r.text))
  );
}

/** A cell a wrapped line may hold: narration, reference, or the wrapped end of a date ('2024'). */
const TIME = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[a-z]{2})?$/i;
// A time of day alone (a Dr/Cr mark drawn after a time is another cell: '10:15:32 DR').
const CLOCK = /^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?$/i;

function continuationCell(c: Cell): boolean {
  return (
    // a serial number set halfway down a tall row, below its date line
    (c.role === 'serial' && /^\d{1,6}$/.test(c.text.trim())) ||
    c.role === 'description' ||
    c.role === 'reference' ||
    (dateCell(c) &&
      // the wrapped end of a date ('2024'), or the time printed under it ('10:11 AM')
      (/^(\d{2}|\d{4}|[a-z]{3,9},?)$/i.test(c.text.trim()) || TIME.test(c.text.trim())))
  );
}

const dateCell = (c: Cell) => c.role === 'date' || c.role === 'valueDate';

function pageHasNoHeader(lines: Line[], line: Line, aliases: Aliases | undefined): boolean {
  // only asked for dated rows outside a table, which are rare
  return !lines.some(
    (l) => l.page === line.page && l.y < line.y && matchHeader(l.runs, aliases, l.ocr) !== null,
  );
}

/** Whether another header names the same columns at the same places (a header repeated on each page). */
function sameColumns(a: Header): (b: Header) => boolean {
  const tol = 2 * a.charWidth;
  return (b) =>
    a.columns.length === b.columns.length &&
    a.columns.every((c, i) => c.role === b.columns[i]!.role && Math.abs(c.x0 - b.columns[i]!.x0) <= tol);
}

/** A date in the first cells of a line, whole or drawn as several runs ('02' 'Dec 2023'). */
function startsWithDate(runs: Run[]): boolean {
  for (let k = 0; k < Math.min(3, runs.length); k++) {
    const text = runs
      .slice(k, k + 3)
      .map((r) => r.text)
      .join(' ');
    if (isDateStart(firstToken(text))) return true;
  }
  return false;
}

function firstToken(s: string): string {
  // a date cell may hold '1 Dec' (wrapped year) or a full date; the hour of a time after it
  // ('04 Nov 10:15') is no year, nor is the day of a date after it ('01 May 01 May 2024': a value
  // date under a date whose year went to the next column)
  const m =
    /^(\d{1,2}[\s-][A-Za-z]{3,9}(?:[\s,-]+\d{2,4}(?![:\d])(?!\s+[A-Za-z]{3,9}\b))?|[A-Za-z]{3,9}\.?\s+\d{1,2}\b(?:,?\s+\d{4})?|\S+)/.exec(
      s.trim(),
    );
  return m ? m[1]! : '';
}

function stripLeadingDate(s: string): string {
  return s.replace(/^\S*\d\S*\s+/, (m) => (readDate(m.trim()) ? '' : m));
}

function readDateLoose(s: string): string | null {
  return s ? readDate(s) : null;
}

function amountOf(s: string): number | null {
  const a = s ? readAmount(s) : null;
  return a ? Math.abs(a.paise) : null;
}
function balanceOf(s: string): number | null {
  const a = s ? readAmount(s) : null;
  return a ? balancePaise(a) : null;
}

type Item = { row: Row } | { line: Line; section: TableSection };

/** The table's line spacing: inside a row, and from one single-line row to the next. */
interface Spacing {
  line: number;
  row: number;
  /** rows are set further apart than the lines inside a row */
  clear: boolean;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

function spacingOf(items: Item[]): Spacing {
  const lineOf = (it: Item) => ('row' in it ? it.row.anchor : it.line);
  const inRow: number[] = [];
  const pitch: number[] = [];
  for (let k = 1; k < items.length; k++) {
    const a = lineOf(items[k - 1]!);
    const b = lineOf(items[k]!);
    const g = b.y - a.y;
    if (a.page !== b.page || g <= 0) continue;
    if ('row' in items[k - 1]! && 'row' in items[k]!) pitch.push(g);
    else inRow.push(g);
  }
  if (!inRow.length || !pitch.length) return { line: 0, row: 0, clear: false };
  const line = quantile(inRow, 0.1);
  const row = quantile(pitch, 0.5);
  return { line, row, clear: row > line * GAP_RATIO };
}

type Run_ = { i: number; j: number; before: Row | null; after: Row | null; lines: Line[] };

/**
 * Gives each wrapped line to the row above or below it. Where the spacing tells (the larger gap
 * separates rows), it decides; where it does not, the flow this document shows in its clear cases
 * decides, and the profile's flow only when the document shows none.
 */
function attachContinuations(items: Item[], profileFlow: Flow, underDate: (l: Line) => boolean): void {
  const runs: Run_[] = [];
  for (let i = 0; i < items.length;) {
    if ('row' in items[i]!) {
      i++;
      continue;
    }
    let j = i;
    while (j < items.length && !('row' in items[j]!)) j++;
    const before = i > 0 ? (items[i - 1] as { row: Row }).row : null;
    const lines = items.slice(i, j).map((it) => (it as { line: Line }).line);
    // what is printed under a date (its time, its wrapped year) belongs to that date's row, and
    // leaves the spacing of the narration lines after it to speak for itself
    while (before && lines.length && lines[0]!.page === before.anchor.page && underDate(lines[0]!))
      before.below.push(lines.shift()!);
    runs.push({
      i,
      j,
      before,
      after: j < items.length ? (items[j] as { row: Row }).row : null,
      lines,
    });
    i = j;
  }
  const spacing = spacingOf(items);
  // clear cases first: they show where this document puts its wrapped lines
  const split = new Map<Run_, number>();
  let above = 0;
  let below = 0;
  for (const r of runs) {
    const k = clearSplit(r);
    if (k === null) continue;
    split.set(r, k);
    if (r.before && r.after) {
      below += k;
      above += r.lines.length - k;
    }
  }
  const flow: Flow =
    above + below >= 2 && above !== below ? (above > below ? 'before' : 'after') : profileFlow;
  for (const r of runs) {
    const k = split.get(r) ?? unclearSplit(r, flow, spacing);
    if (r.before) pushAll(r.before.below, r.lines.slice(0, k));
    if (r.after) pushAll(r.after.above, r.lines.slice(k));
  }
}

/** How many of the wrapped lines belong to the row above, when the gaps on one page say so; else null. */
function clearSplit(r: Run_): number | null {
  if (!r.after) return r.lines.length;
  if (!r.before) return 0;
  const seq = [r.before.anchor, ...r.lines, r.after.anchor];
  if (seq.some((l) => l.page !== seq[0]!.page)) return null;
  const gaps: number[] = [];
  for (let k = 0; k + 1 < seq.length; k++) gaps.push(seq[k + 1]!.y - seq[k]!.y);
  let k = 0;
  for (let m = 1; m < gaps.length; m++) if (gaps[m]! > gaps[k]!) k = m;
  const sorted = [...gaps].sort((a, b) => b - a);
  const clear = gaps.length < 2 || sorted[0]! > sorted[1]! * GAP_RATIO;
  return clear ? k : null;
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

/**
 * A date cell's date; one printed without its year ('May 02') as NO_YEAR-MM-DD, for the statement
 * period (withYear) or its posting date (nearYear) to complete.
 */
function cellDate(text: string): string | null {
  const monthDay = readMonthDay(firstToken(text));
  return readDate(text) ?? readDate(firstToken(text)) ?? (monthDay ? `${NO_YEAR}-${monthDay}` : null);
}

function toTransaction(
  row: Row,
  opts: TableOptions,
  lineLayout: Map<Line, Layout>,
  /** the date of the row above, for a row printed under its day */
  dayAbove?: string,
): { tx: Transaction } | { issue: ParseIssue } {
  const lineCells = (l: Line) => (lineLayout.get(l) ?? row.layout).cells(l.runs);
  const lines = [
    ...row.above.map((l) => ({ l, cells: lineCells(l) })),
    { l: row.anchor, cells: row.cells },
    ...row.below.map((l) => ({ l, cells: lineCells(l) })),
  ];
  const join = (role: Column['role'], sep: string) => {
    let text = '';
    for (const x of lines) {
      const t = cellText(x.cells, role);
      if (t) text = text ? text + sep + t : t;
    }
    return text.replace(/\s+/g, ' ').trim();
  };
  const dateText = join('date', ' ');
  const date = cellDate(dateText) ?? (dateText === '' && dayAbove ? dayAbove : null);
  const text = row.anchor.text;
  if (!date)
    return {
      issue: { kind: 'row', message: `Could not read the date '${dateText}'.`, page: row.anchor.page, text },
    };
  const valueText = join('valueDate', ' ');
  const valueDate = valueText ? cellDate(valueText) : null;
  const description = join('description', ' ');
  // exports print '-' for an empty cheque cell
  const reference =
    lines
      .map((x) => {
        const t = cellText(x.cells, 'reference');
        const ignore = opts.referenceIgnore;
        return ignore
          ? t
              .split(' ')
              .filter((w) => !ignore.test(w))
              .join(' ')
          : t;
      })
      .filter((t) => t && !/^[-–]$/.test(t))
      .join(opts.referenceJoin)
      .replace(/\s+/g, ' ')
      .trim() || null;
  let withdrawal = 0;
  let deposit = 0;
  const debit = cellText(row.cells, 'debit');
  const credit = cellText(row.cells, 'credit');
  const amount = cellText(row.cells, 'amount');
  // a negative figure in a withdrawal or deposit column is a reversal, kept as printed (the balance
  // chain settles it: see fixSidesFromBalance)
  // whole rupees are the row's figures only when none of its amount cells holds one with paise (a
  // cheque number drawn against the withdrawal column beside a deposit is no withdrawal)
  const exact = [debit, credit, amount].some((t) => t && readAmount(t) !== null);
  const figure = exact ? readAmount : money;
  if (debit) withdrawal = figure(debit)?.paise ?? 0;
  if (credit) deposit = figure(credit)?.paise ?? 0;
  let sideUnknown = false;
  if (amount) {
    const a = figure(amount);
    sideUnknown = a !== null && a.mark === null && a.paise > 0 && !debit && !credit;
    if (a?.mark === 'dr') withdrawal = Math.abs(a.paise);
    else if (a?.mark === 'cr') deposit = Math.abs(a.paise);
    else if (a) {
      // no marker: a negative amount is a withdrawal; otherwise decided by the balance chain later
      if (a.paise < 0) withdrawal = -a.paise;
      else deposit = a.paise;
    }
  }
  const balText = cellText(row.cells, 'balance');
  const bal = balText ? readAmount(balText) : null;
  const balance = bal ? balancePaise(bal) : null;
  if (!description) {
    return {
      issue: {
        kind: 'row',
        message: 'A dated row without a narration was not read.',
        page: row.anchor.page,
        text,
      },
    };
  }
  const tx: Transaction = {
    date,
    valueDate,
    description,
    reference,
    withdrawal,
    deposit,
    balance,
    page: row.anchor.page,
  };
  if (sideUnknown) SIDE_BY_BALANCE.add(tx);
  return { tx };
}
