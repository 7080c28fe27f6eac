// The sequence reader: a table whose cells are set one space apart, so that where a word sits says
// nothing of its column (a statement's text redrawn in one font, a bank's plain-text download). The
// order of the words gives the columns instead: a row starts with its date, its figures are the one
// run of money on it (an empty cell printed '-'), the balance the last of them; the header, when
// there is one, says in which order the figures and the narration come. A row's figures may be
// printed on its wrapped line. Which side an amount is on the balance chain settles (account stage),
// as it does for a one-column amount; this reader is kept only when its rows chain better than the
// positional read's (statement.ts).
import { EMPTY_AMOUNT, currencyFigure, isCurrency, isMark, namesSomething, readAmount } from './amount.ts';
import { type Cell, giveMarks } from './cells.ts';
import type { Role } from './columns/model.ts';
import { leadingDate } from './coverage.ts';
import { readDate } from './dates.ts';
import { type Line, nextLineClose, runWords } from './lines.ts';
import {
  FOOTER_RE,
  type Special,
  TABLE_GAP_HEIGHTS,
  type TableResult,
  type TableSection,
  specialKind,
  stripLeadingDate,
} from './rows.ts';
import { Trace } from './trace.ts';
import type { ParseIssue, Transaction } from './types.ts';
import {
  AMOUNT_PLACE,
  SIDE_BY_BALANCE,
  type ValueOptions,
  amountOf,
  balanceOf,
  money,
  toTransaction,
} from './values.ts';
import { maxOf } from './extent.ts';
import { pageFurniture } from './furniture.ts';
import { GAP_RATIO, quantile } from './wrap.ts';

// (a figure with its paise, or one decimal: cheque, reference and serial numbers have none)
const MONEY = /\d\.\d\d?\)?[-\u2212\u2013]?(?:\s*\(?(?:cr|dr)\.?\)?)?$/i;

const isMoney = (w: string) => MONEY.test(w) && readAmount(w) !== null;
// whole rupees inside a run of figures that ends in money: grouped ('15,088'), or followed by its
// Dr/Cr mark ('269 DR'); a bare number beside the figures may be the narration's own
const CCY = String.raw`(?:rs\.?|inr|₹|\`)?`;
// (with the sign a signed amount column prints: '+18764', '-9323', '–9323')
const GROUPED = new RegExp(String.raw`^[-+\u2212\u2013]?${CCY}\d{1,3}(?:,\d{2,3})+[-\u2212\u2013]?$`, 'i');
const BARE = new RegExp(String.raw`^[-+\u2212\u2013]?${CCY}[1-9]\d{0,8}[-\u2212\u2013]?$`, 'i');
// (a figure keeps its Dr/Cr mark, apart or glued: '15,088 CR', '35,270(Cr)'; a minus after it: '9,323-')
const unmarked = (w: string) => w.replace(/\s*\(?(?:cr|dr)\.?\)?$/i, '');
// (a bare number's mark glued or a word after it, its currency before it: '`109(Dr)', '269 DR')
const wholeAt = (words: string[], k: number) => {
  const w = unmarked(words[k]!);
  return GROUPED.test(w) || (BARE.test(w) && (w !== words[k] || isMark(words[k + 1] ?? '')));
};
const isFigure = (w: string) => isMoney(w) || GROUPED.test(unmarked(w)) || BARE.test(unmarked(w));

/** Whether a line's words hold money (a currency word before its figure joined). */
const hasMoney = (words: string[]) => joinCurrency(words).some(isMoney);

/**
 * A currency printed as a word of its own before a figure ('Rs.' '1,200.00') is the figure's (with
 * the sign it carries: '-Rs.' '32,391.79' and '(Rs.' '11,238.54)' are overdrawn).
 */
function joinCurrency(words: string[]): string[] {
  return words.flatMap((w, k) => {
    const before = words[k - 1] ?? '';
    if (/^[-+(]/.test(before) && currencyFigure(before, w) && isMoney(`${before[0]}${w}`))
      return [`${before[0]}${w}`];
    const next = words[k + 1];
    return next !== undefined &&
      currencyFigure(w, next) &&
      isMoney(/^[-+(]/.test(w) ? `${w[0]}${next}` : next)
      ? []
      : [w];
  });
}

/** How a table's rows are cut into cells: what its rows print, the statement decides (readSequence). */
export interface CellsHow {
  /** without a header: of two leading dates, the second is the posting date */
  valueDateFirst?: boolean;
  /** a second date beside the row's date is its value date (else the narration's) */
  valueDates?: boolean;
  /** an empty cell is printed ('-'): a dash before the figures is one (else the narration's) */
  emptyCells?: boolean;
  /** the rows print one amount and the balance: figures before them are the narration's */
  oneAmount?: boolean;
  /** counts what the rows cut so far printed */
  seen?: { empties: number; twoFigures: number; more: number };
}

/** The order of a header's columns (roles, left to right). */
export type Order = Role[];

/** Without a header, the order of statements that print the balance before the amount (null: after). */
export const BALANCE_FIRST: Order = ['date', 'description', 'valueDate', 'balance', 'amount'];

interface Pending {
  lines: Line[];
  words: string[];
  /** a date alone on the line under the row's date line: the row's value date */
  dateUnder?: Line;
  /** the row's narration printed above its date line (nextAbove) */
  above?: Line[];
}

/** The gaps the clear cases of nextAbove measured: between a row's own lines, and between rows. */
interface Spacing {
  inRow: number[];
  pitch: number[];
}

/**
 * The lines at the end of a row, after its figures, that are the next row's narration printed above
 * that row's date line: the gaps on the page part rows further than they part a row's own lines, and
 * the clearly largest gap between the row's figures and the next date line falls before them
 * (a narration centred on its date line: 'UPI/CR/403560176246/POOJA' 9.4 pt under the row above and
 * 7.4 pt over its own date line). Where the gaps are even (text redrawn in one font), none. At the
 * top of a page the row above is on the page before: the lines set over the date line as close as
 * this document's clear cases set a row's own lines go with it.
 */
function nextAbove(
  row: Pending,
  next: Line,
  spacing: Spacing,
  /** `b` is the line right after `a`, none between (a header printed again, a footer): only such gaps measure */
  adjacent: (a: Line, b: Line) => boolean,
): Line[] {
  const { lines } = row;
  const own = Math.max(
    lines.findLastIndex((l) => hasMoney(l.text.split(' '))),
    row.dateUnder ? lines.indexOf(row.dateUnder) : 0,
    0,
  );
  const seq = [...lines.slice(own), next];
  if (seq.length < 3) return [];
  const even = (xs: Line[]) => xs.every((l, k) => k === 0 || adjacent(xs[k - 1]!, l));
  if (seq[0]!.page !== next.page) {
    const top = seq.slice(seq.findIndex((l) => l.page === next.page));
    return even(top) ? closeAbove(top, spacing) : [];
  }
  if (seq.some((l) => l.page !== next.page) || !even(seq)) return [];
  const gaps = seq.slice(1).map((l, k) => l.y - seq[k]!.y);
  const k = gaps.indexOf(Math.max(...gaps));
  if (!gaps.every((g, m) => m === k || gaps[k]! > g * GAP_RATIO)) return [];
  spacing.pitch.push(gaps[k]!);
  spacing.inRow.push(...gaps.filter((_, m) => m !== k));
  return seq.slice(k + 1, -1);
}

/**
 * Of lines that end in a date line with no row above them on the page, those set over the date line
 * as close as this document's clear cases (nextAbove) set a row's own lines: the row's narration.
 */
function closeAbove(top: Line[], spacing: Spacing): Line[] {
  if (spacing.pitch.length < 2 || top.length < 2) return [];
  const [line, pitch] = [quantile(spacing.inRow, 0.5), quantile(spacing.pitch, 0.5)];
  if (pitch <= line * GAP_RATIO) return [];
  const near = (line + pitch) / 2;
  let k = top.length - 1;
  while (k > 0 && top[k]!.y - top[k - 1]!.y < near) k--;
  return top.slice(k, -1);
}

/**
 * The cells of a row's words by their order: the leading date (and a value date after it), the last
 * run of money (with its empty cells and marks), the balance its last figure, and the words around
 * it the narration, or the column the header puts after the figures.
 */
export function sequenceCells(words: string[], order: Order | null, how: CellsHow = {}): Cell[] | null {
  const { valueDateFirst = false, valueDates = true, emptyCells = true, oneAmount = false } = how;
  const startsAt = rowStart(words);
  if (!startsAt) return null;
  const cells: Cell[] = [];
  let rest = words.slice(startsAt.serial ? 1 : 0);
  // the dates the row starts with, a time after either ('02/07/2025 10:15 AM'), in the header's order
  const dateRoles: Role[] = !valueDates
    ? ['date']
    : (order === null && valueDateFirst) ||
        (order && order.includes('valueDate') && order.indexOf('valueDate') < order.indexOf('date'))
      ? ['valueDate', 'date']
      : ['date', 'valueDate'];
  for (const role of dateRoles) {
    const d = leadingDate(rest.join(' '));
    if (!d || !readDate(rest.slice(0, d.words).join(' '))) break;
    if (role === 'valueDate' && order !== null && !order.includes('valueDate')) break;
    let n = d.words;
    while (n < rest.length && TIME_WORD.test(rest[n]!)) n++;
    cells.push({ role, text: rest.slice(0, n).join(' ') });
    rest = rest.slice(n);
  }
  // a reference the header prints between the dates and the narration: one word of capitals and
  // digits ('0000424352595205', 'BKIDN242385593846'; a narration's first word has more: 'IMPS-4184')
  if (
    order &&
    order.indexOf('reference') === order.indexOf('description') - 1 &&
    REFERENCE.test(rest[0] ?? '')
  ) {
    cells.push({ role: 'reference', text: rest[0]! });
    rest = rest.slice(1);
  }
  // (a plus set a space before its figure is the figure's sign: '+ 15088'; a dash may be an empty cell)
  rest = joinCurrency(rest).flatMap((w, k, all) =>
    w === '+' && isFigure(all[k + 1] ?? '') ? [] : all[k - 1] === '+' && isFigure(w) ? [`+${w}`] : [w],
  );
  // the last run of figures, empty cells and marks that holds money
  let end = -1;
  for (let k = rest.length - 1; k >= 0; k--)
    if (isMoney(rest[k]!)) {
      end = k;
      break;
    }
  if (end < 0) return null;
  while (end + 1 < rest.length && (isMark(rest[end + 1]!) || EMPTY_AMOUNT.test(rest[end + 1]!))) end++;
  let start = end;
  const extend = () => {
    while (
      start > 0 &&
      (isMoney(rest[start - 1]!) ||
        EMPTY_AMOUNT.test(rest[start - 1]!) ||
        isMark(rest[start - 1]!) ||
        wholeAt(rest, start - 1) ||
        // a currency word before a figure of the run ('Rs.' '1755')
        (isCurrency(rest[start - 1]!) && isFigure(rest[start]!)))
    )
      start--;
  };
  extend();
  // a Dr/Cr word before a figure that carries its own mark is the narration's, as is a dash where no
  // cell is printed empty ('NACH DR 1,722.00 DR 41,483.56 CR', 'TB - DR - 3,56,985.00 DR')
  const dash = (k: number) => !emptyCells && EMPTY_AMOUNT.test(rest[k]!);
  const ownMark = (k: number) => {
    while (k < end && dash(k)) k++;
    return isFigure(rest[k]!) && (readAmount(rest[k]!)?.mark || isMark(rest[k + 1] ?? ''));
  };
  while (start < end && (dash(start) || (isMark(rest[start]!) && ownMark(start + 1)))) start++;
  const numeric = (order ?? ['debit', 'credit', 'balance']).filter(
    (r) => r === 'debit' || r === 'credit' || r === 'amount' || r === 'balance',
  );
  // a run of the balance alone (and empty cells, '0.00' among them) moves no money: a bare number before it is the
  // amount in whole rupees ('groceries 269 62,539.54'); the chain proves it or the read is not kept.
  // (The balance is the run's first figure where the header prints it before the amounts: '878944355
  // 0.00 190.26' is a zero balance after 190.26, the cheque's number the narration's.)
  const moving = (w: string) => isFigure(w) && readAmount(w)?.paise !== 0;
  const besideBalance = (figures: string[]) =>
    numeric[0] === 'balance' ? figures.slice(1) : figures.slice(0, -1);
  // (a value date's year before the balance of a row that moves nothing is no amount; a number after
  // a whole date is no year of it: '14 Apr 25 2000 39393.97 CR' withdraws 2000, 'Apr 25 2000' aside)
  const endsDate = (k: number) =>
    [1, 2, 3].some((n) => k + 1 >= n && readDate(rest.slice(k + 1 - n, k + 1).join(' ')));
  if (
    start > 0 &&
    BARE.test(rest[start - 1]!) &&
    (!endsDate(start - 1) || (start > 1 && endsDate(start - 2))) &&
    besideBalance(rest.slice(start, end + 1).filter(isFigure)).every((w) => !moving(w))
  ) {
    start--;
    extend();
  }
  const figures: string[] = [];
  // (where each figure's words start in `rest`)
  const from: number[] = [];
  let currency = '';
  // (a mark after a figure that has its own is a Dr/Cr column's: 'Rs.760 Rs.1,94,319.86 Cr DR')
  const marks: Cell[] = [];
  for (let k = start; k <= end; k++) {
    const w = rest[k]!;
    const last = figures[figures.length - 1];
    if (isCurrency(w)) currency = w;
    else if (isMark(w) && last !== undefined && isFigure(last) && readAmount(last)?.mark)
      marks.push({ role: 'mark', text: w });
    else if (isMark(w) && last !== undefined && isFigure(last)) figures[figures.length - 1] += ` ${w}`;
    else if (!isMark(w)) {
      figures.push(currency && isFigure(w) ? `${currency}${w}` : w);
      from.push(currency ? k - 1 : k);
      currency = '';
    }
  }
  // more figures than the header's withdrawal, deposit and balance columns, those columns' empty
  // cells printed: the columns are the last figures, and the first, money with its paise, are the
  // narration's ('Payme : 12,189.00 - 2900.00 4577.05'; not a date's year before whole rupees,
  // '01 December 23 35,270 -', nor where one heading names both sides, 'Debit Credit')
  // Likewise a dash more than the columns' empty cells ends the narration ('/Jqspc05 - - 177.40
  // 24924.26'), with or without a header: the empty cells printed fill every figure column
  const extra = figures.length - numeric.length;
  const surplus = figures.slice(0, extra);
  if (
    extra > 0 &&
    figures.slice(extra).some((f) => EMPTY_AMOUNT.test(f)) &&
    (surplus.every((f) => /^[-–—]{1,2}$/.test(f)) ||
      (order !== null &&
        (['debit', 'credit', 'balance'] as const).every((r) => numeric.includes(r)) &&
        surplus.every((f) => isMoney(f) && /\.\d/.test(f))))
  ) {
    start = from[extra]!;
    figures.splice(0, extra);
  }
  // where the rows print one amount and the balance (no empty cell), figures with paise before those
  // two are the narration's ('Payme : 12,189.00 2,900.00 Cr 4577.05')
  const noEmpty = !figures.some((f) => EMPTY_AMOUNT.test(f));
  if (how.seen && noEmpty && figures.length === 2) how.seen.twoFigures++;
  if (how.seen && noEmpty && figures.length > 2) how.seen.more++;
  const cut = figures.length - 2;
  if (oneAmount && noEmpty && cut > 0 && figures.slice(0, cut).every((f) => isMoney(f) && /\.\d/.test(f))) {
    start = from[cut]!;
    figures.splice(0, cut);
  }
  // the balance is the last figure; the figures before it take the header's order where they fill
  // its figure columns (an empty cell printed), else one is an amount of either side and two or more
  // take the order of the header's amount columns. The balance movement has the last word on a
  // side (bySide, below): a redraw or download may print the deposit where the header says withdrawal
  const hasBalance = numeric.includes('balance') || order === null;
  const amounts = numeric.filter((r) => r !== 'balance');
  // two or more amounts: the header's two sides in its order, else withdrawal then deposit (one
  // heading over both, 'Debit Credit Amount', names a single column)
  const sides = amounts.filter((r) => r === 'debit' || r === 'credit');
  const twoSides: Role[] = sides.length === 2 ? sides : ['debit', 'credit'];
  // a printed zero in one of two amount places, a figure in the other, is that place's empty cell,
  // as '-' and 'NIL' are ('11,134.00 0.00'): the other figure is the row's one amount, its place
  // printed, its side the balance movement's where no header names the sides (which side a bank
  // prints first is no convention)
  const zero = (f: string) => readAmount(f)?.paise === 0;
  const printed = figures.filter(isFigure);
  if (printed.length - (hasBalance ? 1 : 0) === 2 && zero(printed[0]!) !== zero(printed[1]!))
    figures[figures.indexOf(zero(printed[0]!) ? printed[0]! : printed[1]!)] = '-';
  const money = figures.filter(isFigure);
  const lead = money.length - (hasBalance ? 1 : 0);
  // one heading over both amount columns names one column ('Debit Credit Amount' set a space apart):
  // a row printing its amount beside the other column's empty cell shows two amount places, the
  // withdrawal's first as without a header; the rows the chain proves say which is which
  // (account's sideByPlace)
  const overTwo =
    order !== null &&
    amounts.length === 1 &&
    sides.length === 0 &&
    numeric.at(-1) === 'balance' &&
    figures.length === numeric.length + 1 &&
    figures.slice(0, 2).filter((f) => EMPTY_AMOUNT.test(f)).length === 1;
  const roles: Role[] = [];
  if (figures.length === numeric.length) roles.push(...numeric);
  else if (overTwo) roles.push('debit', 'credit', 'balance');
  else {
    figures.length = 0;
    figures.push(...money);
    // (the balance first where the header prints it before the amounts)
    const balanceFirst = numeric[0] === 'balance';
    if (hasBalance && balanceFirst) roles.push('balance');
    for (let k = 0; k < lead; k++) roles.push(lead === 1 ? 'amount' : (twoSides[k] ?? 'other'));
    if (hasBalance && !balanceFirst) roles.push('balance');
  }
  let beforeWords = rest.slice(0, start);
  // a value date the header prints after the narration: the date that ends the words before the figures
  if (
    valueDates &&
    (order === null || order.indexOf('valueDate') > order.indexOf('description')) &&
    !cells.some((c) => c.role === 'valueDate')
  )
    for (let k = Math.max(0, beforeWords.length - 3); k < beforeWords.length; k++) {
      const tail = beforeWords.slice(k).join(' ');
      if (readDate(tail)) {
        cells.push({ role: 'valueDate', text: tail });
        beforeWords = beforeWords.slice(0, k);
        break;
      }
    }
  const before = beforeWords.join(' ');
  const after = rest.slice(end + 1).join(' ');
  // what follows the figures: the header's next column, or without a header narration words only
  const lastFigure = order ? maxOf(numeric.map((r) => order.lastIndexOf(r))) : -1;
  const afterRole: Role = order
    ? (order.slice(lastFigure + 1).find((r) => r === 'description' || r === 'other') ?? 'other')
    : // (a Dr/Cr mark is no word of a narration: '404994.33 9393 CR' ends with a branch and a mark)
      after.split(' ').some((w) => /[a-z]/i.test(w) && !isMark(w))
      ? 'description'
      : 'other';
  const description = [before, afterRole === 'description' ? after : ''].filter(Boolean).join(' ');
  cells.push({ role: 'description', text: description });
  figures.forEach((f, k) => {
    if (EMPTY_AMOUNT.test(f)) return;
    const cell: Cell = { role: roles[k] ?? 'other', text: f };
    // (the other amount column's cell printed empty: this amount's place is its side's, first or
    // second of the two, which the rows the chain proves name where no header does)
    const other = roles[k] === 'debit' ? 'credit' : roles[k] === 'credit' ? 'debit' : null;
    if (other && figures.some((e, j) => roles[j] === other && EMPTY_AMOUNT.test(e)))
      PLACED.set(cell, other === 'credit' ? 'debit' : 'credit');
    cells.push(cell);
  });
  if (how.seen && figures.some((f) => EMPTY_AMOUNT.test(f))) how.seen.empties++;
  if (after && afterRole === 'other') cells.push({ role: 'other', text: after });
  return marks.length ? giveMarks([...cells, ...marks]) : cells;
}

/**
 * OCR: each cell taken as sure as the least sure of the row's words it holds (Cell.confidence), the
 * words found by their text (the cells are made of the lines' words, split at spaces).
 */
function sureCells(cells: Cell[], lines: Line[]): void {
  const sure = new Map<string, number>();
  for (const l of lines)
    for (const r of l.runs)
      if (r.confidence !== undefined)
        for (const w of runWords(r)) sure.set(w.text, Math.min(sure.get(w.text) ?? 100, r.confidence));
  if (!sure.size) return;
  for (const c of cells) {
    let least: number | undefined;
    for (const word of c.text.split(' ')) {
      const v = sure.get(word);
      if (v !== undefined) least = Math.min(least ?? 100, v);
    }
    if (least !== undefined) c.confidence = least;
  }
}

/**
 * What names a special line: its words from the first that holds a letter of its own (a currency
 * word before a figure and a Dr/Cr mark after one are the figure's print, 'NIL' an empty cell's).
 * Before it a line may print its serial and dates, its figures in any print ('(Rs.69,532.54) B/F',
 * '1,84,078 1,47,876 Total', 'Rs. 13,877.63Cr Balance Brought Forward'), dashes, or the marks a text
 * redraw puts before a line ('## OPENING BALANCE').
 */
export const specialText = (text: string) => {
  let words = text.split(' ');
  // (a serial and the dates it is printed with: 'B/F' after a posting and a value date)
  for (let k = 0; k < 2; k++) {
    const start = rowStart(words);
    if (!start) break;
    words = words.slice((start.serial ? 1 : 0) + start.words);
  }
  while (words.length > 1 && !namesSomething(words[0]!)) words = words.slice(1);
  return stripLeadingDate(words.join(' '));
};

type SequenceOptions = ValueOptions & {
  trace?: Trace;
  headers?: ReadonlySet<Line>;
  /** without a header: of two leading dates, the second is the posting date */
  valueDateFirst?: boolean;
};

// (what the rows printed, counted on a first read)
interface Printed {
  rows: number;
  valueDated: number;
  empties: number;
  /** rows with one amount and the balance, rows with more figures (no empty cell printed) */
  twoFigures: number;
  more: number;
}

/**
 * Reads the table of lines whose cells are set a space apart. `order` is the header's column order
 * and `headerAt` its line (-1: no header; the table starts at the first dated row with money).
 */
export function readSequence(
  lines: Line[],
  order: Order | null,
  headerAt: number,
  opts: SequenceOptions,
): TableResult {
  // What a column prints, most rows print: a date that begins or ends the narration of a few rows
  // is the narration's where no header names a value date ('INTEREST PAID TILL 31-MAR-2025'), and a
  // dash before the figures is the narration's where the rows print no empty cell ('/Jqspc05 -'),
  // and so are figures before the amount and the balance where rows print one amount
  const trace = opts.trace ? new Trace() : undefined;
  const read = readRows(lines, order, headerAt, { ...opts, ...(trace ? { trace } : {}) }, {});
  const few = (n: number, share: number) => n > 0 && n < share * read.printed.rows;
  const valueDates = !(headerAt < 0 && few(read.printed.valueDated, 1 / 2));
  // (an eighth of the rows: a download may print an empty cell '-' on some rows and leave it out on
  // others, fixtures/formats/flat-text.txt 3 of 7)
  const emptyCells = !few(read.printed.empties, 1 / 8);
  const oneAmount = read.printed.more > 0 && read.printed.twoFigures * 2 > read.printed.rows;
  if (valueDates && emptyCells && !oneAmount) {
    if (trace) opts.trace?.adopt(trace);
    return read.table;
  }
  return readRows(lines, order, headerAt, opts, { valueDates, emptyCells, oneAmount }).table;
}

function readRows(
  lines: Line[],
  order: Order | null,
  headerAt: number,
  opts: SequenceOptions,
  how: CellsHow,
): { table: TableResult; printed: Printed } {
  const printed: Printed = { rows: 0, valueDated: 0, empties: 0, twoFigures: 0, more: 0 };
  const issues: ParseIssue[] = [];
  const section: TableSection = { lines: [], transactions: [], specials: [] };
  const rowLines = new Set<Line>();
  const start =
    headerAt >= 0
      ? headerAt + 1
      : lines.findIndex((l, k) => {
          const words = l.text.split(' ');
          if (sequenceCells(words, null) !== null) return true;
          // the first row's figures on the line under its date line, as a row's may be ('02-Jul-2025
          // UPI/SNEHA' over 'MISHRA/518374551840/groceries + 15088 68963.54Dr')
          const next = lines[k + 1];
          const under = next?.page === l.page ? next.text.split(' ') : null;
          return (
            under !== null &&
            sequenceStart(words) &&
            !hasMoney(words) &&
            !sequenceStart(under) &&
            !specialKind(specialText(next!.text)) &&
            sequenceCells([...words, ...under], null) !== null
          );
        });
  if (start < 0)
    return { table: { sections: [], headerZone: lines, issues, headerFound: false, rowLines }, printed };
  const headerZone = lines.slice(0, headerAt >= 0 ? headerAt : start);
  // without a header the reader knows, the lines above the first row are the table's header: its
  // line right above the rows (past an opening balance printed there) and every line set as close
  // above it as a row's wrapped lines ('Kolumn Frob Quux Plugh Xyzzy Zorb' over 'Val Amt', or three
  // lines): printed again, they are no narration
  let above = start - 1;
  while (above > 0 && specialKind(specialText(lines[above]!.text))) above--;
  const headerTexts = new Set<string>();
  for (let k = above; headerAt < 0 && k >= 0; k--) {
    const l = lines[k]!;
    const below = lines[k + 1]!;
    if (k < above && (l.page !== below.page || !nextLineClose(l, below))) break;
    headerTexts.add(l.text);
  }
  const isHeader = (l: Line) => opts.headers?.has(l) === true || headerTexts.has(l.text);
  const furniture = pageFurniture(lines, (l) => isHeader(l) || rowStart(l.text.split(' ')) !== null);
  // the usual distance from one line to the next in the table
  const gaps: number[] = [];
  for (let k = start + 1; k < lines.length; k++)
    if (lines[k]!.page === lines[k - 1]!.page && lines[k]!.y > lines[k - 1]!.y)
      gaps.push(lines[k]!.y - lines[k - 1]!.y);
  gaps.sort((a, b) => a - b);
  const pitch = gaps[gaps.length >> 1] ?? Infinity;
  let pending: Pending | null = null;
  const spacing: Spacing = { inRow: [], pitch: [] };
  // the lines read between the header and the first row, and that row (its narration may be printed
  // above its date line, as the rows after it show: decided once they have)
  const lead: Line[] = [];
  type FirstRow = { tx: Transaction; line: Line; lead: Line[] };
  let firstRow: FirstRow | null = null;
  // the balance the next row moves from, once a row or an opening line has printed one
  let opening: number | null = null;
  const flush = () => {
    if (!pending) return;
    // the lines after the one that holds the figures are the narration's wrapped end
    const under = pending.dateUnder;
    const lines = pending.lines.filter((l) => l !== under);
    const figuresAt = lines.findLastIndex((l) => hasMoney(l.text.split(' ')));
    const head = figuresAt < 0 ? lines : lines.slice(0, figuresAt + 1);
    const headWords = head.flatMap((l) => l.text.split(' '));
    const start = under ? rowStart(headWords) : null;
    if (under && start) headWords.splice((start.serial ? 1 : 0) + start.words, 0, ...under.text.split(' '));
    const cells = sequenceCells(headWords, order, {
      ...how,
      seen: printed,
      ...(opts.valueDateFirst ? { valueDateFirst: true } : {}),
    });
    if (cells) sureCells(cells, head);
    // (the row's time under its date is no narration)
    const timed = cells?.some((c) => c.role === 'date' && TIME_WORD.test(c.text.split(' ').at(-1)!));
    const wrapped = lines
      .slice(head.length)
      .map((l, k) => (k === 0 && !timed ? l.text.replace(TIME_UNDER, '') : l.text));
    const narration = cells?.find((c) => c.role === 'description');
    const above = (pending.above ?? []).map((l) => l.text);
    if (narration && (wrapped.length || above.length))
      narration.text = [...above, narration.text, ...wrapped].filter(Boolean).join(' ');
    const first = lines[0]!;
    if (cells) {
      const placed = cells.find((c) => PLACED.has(c));
      const place = placed && PLACED.get(placed);
      const chainSide = bySide(cells, section.transactions.at(-1)?.balance ?? opening);
      const t = toTransaction({ anchor: first, cells, lines: [cells] }, opts);
      if ('tx' in t) {
        const guessed = sideGuessed(cells, order);
        if (chainSide || guessed) SIDE_BY_BALANCE.add(t.tx);
        // (a place is a side's only where no header names it: an amount beside a printed zero, or
        // two amount columns no header names)
        if (place && (guessed || placed.role === 'amount')) AMOUNT_PLACE.set(t.tx, place);
        section.transactions.push(t.tx);
        if (printed.rows === 0) firstRow = { tx: t.tx, line: first, lead: [...lead] };
        for (const l of [...(pending.above ?? []), ...pending.lines]) rowLines.add(l);
        printed.rows++;
        if (cells.some((c) => c.role === 'valueDate') && cells.some((c) => c.role === 'date'))
          printed.valueDated++;
        opts.trace?.add({
          rule: 'rows.anchor',
          page: first.page,
          y: first.y,
          detail: `date '${cells[0]!.text}'`,
        });
        for (const l of pending.above ?? [])
          opts.trace?.add({
            rule: 'rows.continuation',
            page: l.page,
            y: l.y,
            detail: `above its date line: ${l.text}`,
          });
        const onPage = [...(pending.above ?? []), ...pending.lines].filter((l) => l.page === first.page);
        opts.trace?.rows.set(t.tx, {
          page: first.page,
          top: Math.min(...onPage.map((l) => l.y)),
          bottom: maxOf(onPage.map((l) => l.y + l.height)),
          lines: pending.lines.length + (pending.above?.length ?? 0),
        });
      } else issues.push(t.issue);
    } else for (const l of pending.lines) section.lines.push(l);
    pending = null;
  };
  // The table's content is its rows' lines and the lines between them; the header again, page
  // furniture, a footer and a special line (opening, B/F, C/F, closing, total) are none of it, each
  // read and passed over before this is set. A page's first line of content may go on the narration
  // of the row the page before ended with.
  let contentPage = -1;
  // The body is every line under the header: the known one, or without one the lines printed above
  // the first row past its specials, so an opening printed there is read ('Rs. 2,44,604.54 Cr Opening
  // Balance'), however many summary lines stand with it.
  const body = lines.slice(headerAt >= 0 ? start : above + 1);
  const bodyAt = new Map(body.map((l, k) => [l, k]));
  for (const [i, line] of body.entries()) {
    const words = line.text.split(' ');
    // the header again, what every page prints above its rows (the bank's name, the account's), a
    // page's footer: a row's narration may go on after them
    if (
      opts.headers?.has(line) ||
      furniture.has(line) ||
      headerTexts.has(line.text) ||
      FOOTER_RE.test(line.text)
    ) {
      section.lines.push(line);
      continue;
    }
    const special = specialKind(specialText(line.text));
    if (special) {
      // a closing balance or a total ends the rows; a balance brought forward does not
      if (special === 'closing' || special === 'total') flush();
      // (a Dr/Cr word after a figure is its side: 'Opening Balance 777,628.57 Dr' is overdrawn)
      // ('(Rs.' '3,041.70)': an overdrawn balance in brackets, its currency a word of its own)
      const joined = joinCurrency(words);
      const money = joined.flatMap((w, k) =>
        isMoney(w) ? [isMark(joined[k + 1] ?? '') ? `${w} ${joined[k + 1]}` : w] : [],
      );
      const amounts = (order ?? []).filter((r) => r === 'debit' || r === 'credit');
      const figure = (role: 'debit' | 'credit') => {
        const k = amounts.indexOf(role);
        return special === 'total' && k >= 0 && money.length > k ? amountOf(money[k]!) : null;
      };
      const s: Special = {
        kind: special,
        debit: figure('debit'),
        credit: figure('credit'),
        balance: special === 'total' || !money.length ? null : balanceOf(money[money.length - 1]!),
        text: line.text,
        beforeRows: printed.rows === 0 && pending === null,
      };
      section.specials.push(s);
      if (s.kind === 'opening' || s.kind === 'broughtForward') opening ??= s.balance;
      opts.trace?.add({
        rule: 'rows.special',
        page: line.page,
        y: line.y,
        detail: `${special}: ${line.text}`,
      });
      continue;
    }
    // (here, past the specials: a 'Brought Forward' atop a page is no content, the last row's
    // narration may go on under it)
    const firstOnPage = line.page !== contentPage;
    contentPage = line.page;
    // a wrapped line: the row's figures may come on it; a line after them goes on the narration while
    // set as close to the row's last line as the row's own lines are (a blank line apart is no
    // wrapped line: the lines' own pitch says what apart is), or first on the next page
    const current = pending as Pending | null;
    const rowLast = current?.lines[current.lines.length - 1];
    const near =
      rowLast !== undefined &&
      (rowLast.page === line.page
        ? line.y - rowLast.y <=
          Math.min(TABLE_GAP_HEIGHTS * Math.max(line.height, rowLast.height), 1.5 * pitch)
        : firstOnPage);
    // a date that starts a line with no figure, between a row that has its figures and the next
    // dated row with its own, is a wrapped narration's ('From : 12/01/2021 To :' over '11/01/2022
    // 0661846134/...'): no row's figures can follow it
    const wrappedDate = () => {
      const next = body[i + 1];
      const nextWords = next?.page === line.page ? next.text.split(' ') : null;
      return (
        current !== null &&
        near &&
        hasMoney(current.words) &&
        !hasMoney(words) &&
        nextWords !== null &&
        sequenceStart(nextWords) &&
        hasMoney(nextWords)
      );
    };
    // a date alone right under a row's date line is that row's value date, printed under its posting
    // date (as the positional read takes it): no narration, no row. (Not where the next line holds
    // figures and no date: that date starts the next row, its figures under it.)
    const start = current !== null && current.lines.length === 1 && near ? rowStart(current.words) : null;
    const dateAt = start ? (start.serial ? 1 : 0) + start.words : -1;
    const next = body[i + 1];
    const nextWords = next?.page === line.page ? next.text.split(' ') : null;
    if (
      start &&
      readDate(line.text) !== null &&
      leadingDate(line.text)?.words === words.length &&
      !leadingDate(current!.words.slice(dateAt).join(' ')) &&
      (nextWords === null || sequenceStart(nextWords) || !hasMoney(nextWords))
    ) {
      current!.lines.push(line);
      current!.dateUnder = line;
      continue;
    }
    if (sequenceStart(words) && !wrappedDate()) {
      const above = current
        ? nextAbove(current, line, spacing, (a, b) => bodyAt.get(b) === bodyAt.get(a)! + 1)
        : [];
      if (above.length) current!.lines.splice(current!.lines.length - above.length);
      flush();
      pending = { lines: [line], words, above };
      continue;
    }
    if (current && near && (!hasMoney(current.words) || !hasMoney(words))) {
      current.lines.push(line);
      current.words.push(...words);
      continue;
    }
    if (current === null && printed.rows === 0) {
      // (only the lines right above the first date line, none between)
      if (bodyAt.get(lead.at(-1)!) !== i - 1) lead.length = 0;
      lead.push(line);
    }
    section.lines.push(line);
  }
  flush();
  // (set by flush)
  const row = firstRow as FirstRow | null;
  const firstAbove =
    row && bodyAt.get(row.line) === bodyAt.get(row.lead.at(-1)!)! + 1
      ? closeAbove([...row.lead, row.line], spacing)
      : [];
  if (row && firstAbove.length) {
    row.tx.description = [...firstAbove.map((l) => l.text), row.tx.description].join(' ');
    for (const l of firstAbove) rowLines.add(l);
    section.lines = section.lines.filter((l) => !firstAbove.includes(l));
  }
  return {
    table: {
      sections: section.transactions.length || section.specials.length ? [section] : [],
      headerZone,
      issues,
      headerFound: printed.rows > 0,
      rowLines,
    },
    printed,
  };
}

/** Whether a line's words start with a whole date (with its year): a row starts there. */
function sequenceStart(words: string[]): boolean {
  return rowStart(words) !== null;
}

const REFERENCE = /^(?=\D*\d)[A-Z0-9]{6,}$/;
// a row's time printed under its date: it starts the row's next line ('10:39 PM CORP-iocl@paytm')
const TIME_UNDER = /^\d{1,2}:\d{2}(?::\d{2})?(?: ?[ap]\.?m\.?)?(?: |$)/i;
// a time of day, or its AM/PM, after a date
const TIME_WORD = /^(?:\d{1,2}:\d{2}(?::\d{2})?|[ap]\.?m\.?)$/i;

/**
 * How a row starts: a whole date (with its year), after a serial number where the statement prints
 * one first; null when the words start no row. `words`: how many the date takes.
 */
function rowStart(words: string[]): { serial: boolean; words: number } | null {
  for (const serial of [false, true]) {
    if (serial && !/^\d{1,6}\.?$/.test(words[0] ?? '')) break;
    const from = serial ? words.slice(1) : words;
    const date = leadingDate(from.join(' '));
    if (date && readDate(from.slice(0, date.words).join(' ')) !== null) return { serial, words: date.words };
  }
  return null;
}

/**
 * Amount cells whose place beside the other amount column's empty cell was printed, and which place
 * (AMOUNT_PLACE): the first of two amount columns ('debit') or the second ('credit').
 */
const PLACED = new WeakMap<Cell, 'debit' | 'credit'>();

/**
 * Whether a row's side is only the usual order of two amount columns (withdrawal first) that no
 * header names and no Dr/Cr mark shows: the balance chain has the say, as over a single column.
 */
function sideGuessed(cells: Cell[], order: Order | null): boolean {
  if (order && order.includes('debit') && order.includes('credit')) return false;
  return cells.some((c) => (c.role === 'debit' || c.role === 'credit') && money(c.text)?.mark === null);
}

/**
 * A row's one amount on the side its balance moved from the balance before (when that is known and
 * the movement is the amount): the order of a single-spaced line is no sure guide to a side. A
 * figure with its own Dr/Cr mark keeps it. Whether the movement gave the side.
 */
function bySide(cells: Cell[], before: number | null): boolean {
  const balance = cells.find((c) => c.role === 'balance');
  const amounts = cells.filter((c) => c.role === 'debit' || c.role === 'credit' || c.role === 'amount');
  if (before === null || !balance || amounts.length !== 1) return false;
  const after = balanceOf(balance.text);
  // (the cell is an amount by its place, so whole rupees are its figure: '1,840 NIL 22,043.05')
  const amount = money(amounts[0]!.text);
  if (after === null || !amount || amount.mark !== null) return false;
  const moved = after - before;
  if (Math.abs(moved) !== Math.abs(amount.paise) || moved === 0) return false;
  amounts[0]!.role = moved < 0 ? 'debit' : 'credit';
  return true;
}
