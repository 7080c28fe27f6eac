/**
 * One continuous book per bank account (issue 13): the statements of one account, read one by one,
 * merged into a single list of rows in date order. Pure: no I/O; the server keeps the rows.
 *
 * - Overlap: statements downloaded for overlapping periods print the same rows twice. A row of the
 *   new statement is "already present" when the book holds a row with the same date, withdrawal and
 *   deposit whose running balance and reference agree where both sides print one. Descriptions are
 *   not compared: the PDF and the Excel export of one account wrap and truncate narrations
 *   differently, and OCR misreads letters far more often than it changes an amount, a balance and a
 *   date together. Matching is one-to-one, so two genuine identical rows (two ₹10 charges on one
 *   day without balances) are kept twice only if the new statement prints them twice more.
 * - Order: a new row goes right after the book row it followed in its own statement (its anchor),
 *   or before the row it preceded; without an anchor, after the book's rows of its date.
 * - Gaps: where a row's printed balance is not the previous balance moved by its amounts, money is
 *   missing between them (a statement not yet filed, or a misread). Days covered by no statement
 *   are reported apart: a month without movement is not missing money, but the bookkeeper should
 *   know no statement vouches for it.
 */
import { addDays } from './dates.ts';
import type { Paise } from './money.ts';

export interface BookRow {
  /** ISO date */
  date: string;
  description: string;
  withdrawal: Paise;
  deposit: Paise;
  /** the printed running balance, null when the statement prints none */
  balance: Paise | null;
  reference: string | null;
}

/**
 * A reference as compared: letters and digits only, upper case, leading zeros dropped. Banks pad
 * cheque numbers differently in their PDF and Excel exports ('000123' and '123'); references of
 * only zeros or punctuation are no reference at all.
 */
export function normaliseReference(reference: string | null | undefined): string {
  const s = (reference ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return s.replace(/^0+/, '');
}

/** Is `b` the same bank row as `a` (see the file comment for why these fields)? */
export function sameBookRow(a: BookRow, b: BookRow): boolean {
  if (a.date !== b.date || a.withdrawal !== b.withdrawal || a.deposit !== b.deposit) return false;
  if (a.balance !== null && b.balance !== null && a.balance !== b.balance) return false;
  const ra = normaliseReference(a.reference);
  const rb = normaliseReference(b.reference);
  return !(ra && rb && ra !== rb);
}

/** Does `later` follow `earlier` in the running balance (both printed)? */
const chains = (earlier: BookRow, later: BookRow) =>
  earlier.balance !== null &&
  later.balance !== null &&
  earlier.balance - later.withdrawal + later.deposit === later.balance;

/** How many neighbours chain when the rows are read forwards (or backwards). */
function chainLinks(rows: readonly BookRow[], backwards: boolean): number {
  let n = 0;
  for (let i = 1; i < rows.length; i++) {
    if (backwards ? chains(rows[i], rows[i - 1]) : chains(rows[i - 1], rows[i])) n++;
  }
  return n;
}

/** Same row, and the same balance and reference exactly (both missing counts as the same). */
const identicalMarks = (a: BookRow, b: BookRow) =>
  sameBookRow(a, b) &&
  a.balance === b.balance &&
  normaliseReference(a.reference) === normaliseReference(b.reference);

/**
 * The statement's rows in date order, as indexes. Some banks print newest first: a statement whose
 * first date is later than its last is read backwards. A stable sort then mends a stray row printed
 * out of order, keeping the statement's own order within a day.
 */
export function chronologicalOrder(rows: readonly BookRow[]): number[] {
  const idx = rows.map((_, i) => i);
  if (rows.length > 1) {
    const first = rows[0].date;
    const last = rows[rows.length - 1].date;
    // One day only: the balances tell which way it was printed.
    if (first > last || (first === last && chainLinks(rows, true) > chainLinks(rows, false))) idx.reverse();
  }
  return idx.sort((x, y) => (rows[x].date < rows[y].date ? -1 : rows[x].date > rows[y].date ? 1 : 0));
}

export type MergeStep = { from: 'book'; index: number } | { from: 'statement'; index: number };

export interface MergeResult {
  /** every book row and every added statement row, in the book's new order */
  order: MergeStep[];
  /** statement rows added (indexes into the statement), in the order they were placed */
  added: number[];
  /** statement rows that were already in the book, with the book row they matched */
  recognised: { statement: number; book: number }[];
}

const keyOf = (r: BookRow) => `${r.date}|${r.withdrawal}|${r.deposit}`;

/** The first index whose date is later than `date` in a book sorted by date (where such a row goes). */
function afterDate(book: readonly BookRow[], date: string): number {
  let lo = 0;
  let hi = book.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (book[mid].date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where new rows with no anchor go: `rows` (consecutive, in date order) start at the place, among
 * the book's rows of the first one's date, where they break the running balance least (the first
 * continues the row before, the row after continues the last that fits before it). A statement
 * ending mid-day filed after the one that starts there lands in the right place. When balances
 * come back to an earlier figure within a day several places can chain equally: then the latest
 * wins, as it does for rows without balances (statements are mostly filed in order).
 * Returns the place and how many of `rows` go there (the rest are dated after the row there).
 */
function placeByChain(book: readonly BookRow[], rows: readonly BookRow[]): { gap: number; count: number } {
  const hi = afterDate(book, rows[0].date);
  let lo = hi;
  while (lo > 0 && book[lo - 1].date === rows[0].date) lo--;
  let best = { gap: hi, count: 1 };
  let bestCost = Infinity;
  for (let p = lo; p <= hi; p++) {
    let count = 0;
    while (count < rows.length && (p === book.length || rows[count].date <= book[p].date)) count++;
    const first = rows[0];
    const last = rows[count - 1];
    const brokeBefore = p > 0 && p < book.length && !chains(book[p - 1], book[p]) ? 1 : 0;
    const brokeAfter =
      (p > 0 && !chains(book[p - 1], first) ? 1 : 0) + (p < book.length && !chains(last, book[p]) ? 1 : 0);
    // The rows left over go after a later book row; when that row does not chain into them, this
    // place only moved the break there (a balance that came back within a day chains twice).
    let brokeLater = 0;
    if (count < rows.length) {
      const q = afterDate(book, rows[count].date);
      if (q > 0 && !chains(book[q - 1], rows[count])) brokeLater = 1;
    }
    const cost = brokeAfter + brokeLater - brokeBefore;
    if (cost <= bestCost) {
      best = { gap: p, count };
      bestCost = cost;
    }
  }
  return best;
}

/**
 * Merges one statement into a book. `book` must be in date order (every book this module returns
 * is); the statement may be in either direction. Rows already present are recognised, not doubled.
 */
export function mergeStatement(book: readonly BookRow[], statement: readonly BookRow[]): MergeResult {
  const chrono = chronologicalOrder(statement);
  // Book rows by (date, amounts), in book order: candidates for recognition. Only the book's rows
  // within the statement's dates can be in it (a long book is mostly outside).
  const candidates = new Map<string, number[]>();
  if (chrono.length > 0) {
    const from = statement[chrono[0]].date;
    let i = afterDate(book, from);
    while (i > 0 && book[i - 1].date === from) i--;
    const to = afterDate(book, statement[chrono[chrono.length - 1]].date);
    for (; i < to; i++) {
      const k = keyOf(book[i]);
      const list = candidates.get(k);
      if (list) list.push(i);
      else candidates.set(k, [i]);
    }
  }
  const used = new Set<number>();
  /** per position in `chrono`: the book row it matched, or -1 */
  const matchOf: number[] = chrono.map(() => -1);
  // Two passes: rows whose balance and reference are the same first, then rows where one side
  // lacks them, so a row without a reference never takes the book row another row names exactly.
  for (const exact of [true, false]) {
    let lastMatched = -1;
    chrono.forEach((s, k) => {
      if (matchOf[k] >= 0) {
        lastMatched = matchOf[k];
        return;
      }
      const row = statement[s];
      const list = candidates.get(keyOf(row)) ?? [];
      const free = list.filter(
        (b) => !used.has(b) && (exact ? identicalMarks(book[b], row) : sameBookRow(book[b], row)),
      );
      // Prefer the first candidate after the last match: it keeps the two sequences aligned.
      const pick = free.find((b) => b > lastMatched) ?? free[0];
      if (pick !== undefined) {
        used.add(pick);
        matchOf[k] = pick;
        lastMatched = pick;
      }
    });
  }

  // Where each added row goes: inserts[g] are placed just before book[g] (g = book.length: the end).
  const inserts = new Map<number, number[]>();
  const insertAt = (gap: number, s: number) => {
    const list = inserts.get(gap);
    if (list) list.push(s);
    else inserts.set(gap, [s]);
  };
  let k = 0;
  while (k < chrono.length) {
    if (matchOf[k] >= 0) {
      k++;
      continue;
    }
    // A run of new rows chrono[k..end), between the previous match and the next one.
    let end = k;
    while (end < chrono.length && matchOf[end] < 0) end++;
    const run = chrono.slice(k, end);
    const first = statement[run[0]].date;
    const last = statement[run[run.length - 1]].date;
    const before = k > 0 ? matchOf[k - 1] : -1;
    const next = end < chrono.length ? matchOf[end] : -1;
    let gap = -1;
    if (before >= 0) {
      // after the anchor it followed, when its dates fit there
      const g = before + 1;
      if (book[before].date <= first && (g === book.length || last <= book[g].date)) gap = g;
    } else if (next >= 0) {
      // before the row it preceded, when its dates fit there
      if (last <= book[next].date && (next === 0 || book[next - 1].date <= first)) gap = next;
    }
    if (gap >= 0) {
      for (const s of run) insertAt(gap, s);
    } else {
      // No anchor to go by: the balances say where among the book's rows of the same date.
      let i = 0;
      while (i < run.length) {
        const { gap: at, count } = placeByChain(
          book,
          run.slice(i).map((s) => statement[s]),
        );
        for (const s of run.slice(i, i + count)) insertAt(at, s);
        i += count;
      }
    }
    k = end;
  }

  const order: MergeStep[] = [];
  for (let g = 0; g <= book.length; g++) {
    for (const s of inserts.get(g) ?? []) order.push({ from: 'statement', index: s });
    if (g < book.length) order.push({ from: 'book', index: g });
  }
  const recognised: MergeResult['recognised'] = [];
  chrono.forEach((s, i) => {
    if (matchOf[i] >= 0) recognised.push({ statement: s, book: matchOf[i] });
  });
  return { order, added: order.flatMap((o) => (o.from === 'statement' ? [o.index] : [])), recognised };
}

/** The merged rows themselves (for tests and callers that keep rows in memory). */
export function mergedRows<T extends BookRow>(book: readonly T[], statement: readonly T[]): T[] {
  return mergeStatement(book, statement).order.map((o) =>
    o.from === 'book' ? book[o.index] : statement[o.index],
  );
}

export interface BalanceGap {
  /** index of the last row before the gap whose balance is known */
  after: number;
  /** index of the row whose printed balance does not follow */
  before: number;
  /** the balance the chain predicts for `before` */
  expected: Paise;
  /** the balance printed on `before` */
  printed: Paise;
  /** printed - expected: positive when deposits are missing, negative when withdrawals are */
  difference: Paise;
}

/**
 * Where the running balance breaks in a book in date order. Rows without a printed balance carry
 * the chain forward by their amounts; the chain restarts at every printed balance, so one missing
 * statement is one gap, not a cascade.
 */
export function balanceGaps(rows: readonly BookRow[]): BalanceGap[] {
  const gaps: BalanceGap[] = [];
  let known: { index: number; balance: Paise } | null = null;
  let carried: Paise | null = null;
  rows.forEach((r, i) => {
    if (carried !== null) carried = carried - r.withdrawal + r.deposit;
    if (r.balance === null) return;
    if (carried !== null && known && carried !== r.balance) {
      gaps.push({
        after: known.index,
        before: i,
        expected: carried,
        printed: r.balance,
        difference: r.balance - carried,
      });
    }
    known = { index: i, balance: r.balance };
    carried = r.balance;
  });
  return gaps;
}

export interface Period {
  /** ISO, inclusive */
  from: string;
  /** ISO, inclusive */
  to: string;
}

/** Days between the first and last statement that no statement covers, as inclusive ranges. */
export function uncoveredPeriods(periods: readonly Period[]): Period[] {
  const sorted = periods.filter((p) => p.from <= p.to).sort((a, b) => (a.from < b.from ? -1 : 1));
  const holes: Period[] = [];
  let reach: string | null = null;
  for (const p of sorted) {
    if (reach !== null && p.from > addDays(reach, 1)) {
      holes.push({ from: addDays(reach, 1), to: addDays(p.from, -1) });
    }
    if (reach === null || p.to > reach) reach = p.to;
  }
  return holes;
}

export interface BookMonth {
  /** 'YYYY-MM' */
  month: string;
  rows: number;
  withdrawals: Paise;
  deposits: Paise;
  /** the first row's balance before its own amounts, when printed */
  opening: Paise | null;
  /** the last printed balance of the month */
  closing: Paise | null;
}

/** The book month by month (for the client page). Rows must be in date order. */
export function bookMonths(rows: readonly BookRow[]): BookMonth[] {
  const months: BookMonth[] = [];
  for (const r of rows) {
    const month = r.date.slice(0, 7);
    let m = months[months.length - 1];
    if (!m || m.month !== month) {
      m = { month, rows: 0, withdrawals: 0, deposits: 0, opening: null, closing: null };
      months.push(m);
      if (r.balance !== null) m.opening = r.balance + r.withdrawal - r.deposit;
    }
    m.rows++;
    m.withdrawals += r.withdrawal;
    m.deposits += r.deposit;
    if (r.balance !== null) m.closing = r.balance;
  }
  return months;
}
