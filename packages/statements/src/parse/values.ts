// The values stage: a row's cells (its date line's and its wrapped lines') as a transaction: dates
// in ISO, figures in paise, the narration and reference joined.
import { balancePaise, readAmount } from './amount.ts';
import { type Cell, cellText } from './cells.ts';
import type { Column } from './columns/model.ts';
import { firstToken, readDate, readMonthDay } from './dates.ts';
import type { Line } from './lines.ts';
import { mendOcrDate } from './ocr-words.ts';
import type { ParseIssue, Transaction } from './types.ts';

/**
 * Rows whose one amount column printed no sign or mark: only the balance chain can tell their side
 * (fixSidesFromBalance). A row read from a withdrawal or deposit column has its side from the column,
 * whatever the balances of same-day rows printed out of order suggest.
 */
export const SIDE_BY_BALANCE = new WeakSet<Transaction>();

/**
 * The place a row's one amount took between two amount columns that no header names, where the
 * row printed the other column's cell empty ('1,755.0 - 453,211.36'): the first place is read as a
 * withdrawal. The balance chain proves the other rows' sides, and so which place is which side
 * (the account stage: a first row with no opening to prove it takes the side its place shows).
 */
export const AMOUNT_PLACE = new WeakMap<Transaction, 'debit' | 'credit'>();

/**
 * How sure the recogniser was of a scanned row's figures, 0-100 (the least sure word of its
 * withdrawal, deposit, amount and balance cells): absent for a text layer's rows, whose words are
 * exact. Kept beside the row, not in it: no output carries it; the account stage flags an unsure
 * row the checks do not vouch for.
 */
export const OCR_CONFIDENCE = new WeakMap<Transaction, number>();

/** The least confidence of the cells of `roles` (undefined when none carries one). */
function leastConfidence(cells: Cell[], roles: ReadonlySet<Column['role']>): number | undefined {
  let c: number | undefined;
  for (const x of cells)
    if (roles.has(x.role) && x.confidence !== undefined && /\d/.test(x.text))
      c = c === undefined ? x.confidence : Math.min(c, x.confidence);
  return c;
}
const FIGURE_ROLES: ReadonlySet<Column['role']> = new Set(['debit', 'credit', 'amount', 'balance']);

/**
 * A scanned row whose date cell reads as no date at all ('ovo32s' for 01/03/25: photo ICICI 7943,
 * decision 041, session 26), its figures and balance read: dated for now as the rows beside it are
 * (rows.ts), until the account stage dates it where the date order leaves it one day, or drops it
 * (account.ts, datesByOrder).
 */
export const DATE_UNREAD = new WeakSet<Transaction>();

/** The year of a date printed without one, until the statement period gives it. */
export const NO_YEAR = '0000';

/** A row as the rows stage hands it over: its date line, that line's cells, and the cells of all its lines in print order. */
export interface RowCells {
  anchor: Line;
  cells: Cell[];
  lines: Cell[][];
}

/** How a bank joins a row's wrapped reference. */
export interface ValueOptions {
  /** how a wrapped reference cell is joined: '' when banks break it mid-number, ' ' between words */
  referenceJoin: string;
  referenceIgnore?: RegExp;
}

/**
 * An amount cell's figure. The cell is the amount column's by its position, so whole rupees printed
 * without paise ('2,700', '151200', '2,700 Dr', 'Rs.2,700', '4,000-') are its figure too (elsewhere a
 * figure needs its decimal point, to keep cheque and reference numbers out of the money).
 */
export function money(text: string): ReturnType<typeof readAmount> {
  return readAmount(text) ?? readAmount(text, true);
}

export function amountOf(s: string): number | null {
  const a = s ? readAmount(s) : null;
  return a ? Math.abs(a.paise) : null;
}
export function balanceOf(s: string): number | null {
  const a = s ? readAmount(s) : null;
  return a ? balancePaise(a) : null;
}

/**
 * A date cell's date; one printed without its year ('May 02') as NO_YEAR-MM-DD, for the statement
 * period (withYear) or its posting date (nearYear) to complete.
 */
function cellDate(text: string): string | null {
  const monthDay = readMonthDay(firstToken(text));
  return readDate(text) ?? readDate(firstToken(text)) ?? (monthDay ? `${NO_YEAR}-${monthDay}` : null);
}

export function toTransaction(
  row: RowCells,
  opts: ValueOptions,
  /** the date of the row above, for a row printed under its day */
  dayAbove?: string,
  /**
   * a scanned row whose date the recogniser garbled ('0v12/23', '1112/23'): its value date stands
   * for it, or else the date read back (mendOcrDate), and the row is flagged (decision 041, round seven)
   */
  dateFromValue = false,
  /** a scanned row whose date cell reads as no date: dated '' here, by its neighbours after (DATE_UNREAD) */
  dateUnread = false,
): { tx: Transaction } | { issue: ParseIssue } {
  const lines = row.lines.map((cells) => ({ cells }));
  const join = (role: Column['role'], sep: string) => {
    let text = '';
    for (const x of lines) {
      const t = cellText(x.cells, role);
      if (t) text = text ? text + sep + t : t;
    }
    return text.replace(/\s+/g, ' ').trim();
  };
  const dateText = join('date', ' ');
  const valueText = join('valueDate', ' ');
  const valueDate = valueText ? cellDate(valueText) : null;
  const read = cellDate(dateText);
  const date =
    read ??
    (dateText === '' && dayAbove ? dayAbove : null) ??
    (dateFromValue ? (valueDate ?? cellDate(mendOcrDate(dateText) ?? '')) : null) ??
    (dateUnread ? '' : null);
  const text = row.anchor.text;
  if (date === null)
    return {
      issue: { kind: 'row', message: `Could not read the date '${dateText}'.`, page: row.anchor.page, text },
    };
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
  // cheque number drawn against the withdrawal column beside a deposit is no withdrawal); a '0.00'
  // printed in the empty one holds none
  const exact = [debit, credit, amount].some((t) => t && (readAmount(t)?.paise ?? 0) !== 0);
  const figure = exact ? readAmount : money;
  if (debit) withdrawal = figure(debit)?.paise ?? 0;
  if (credit) deposit = figure(credit)?.paise ?? 0;
  let sideUnknown = false;
  if (amount) {
    const a = figure(amount);
    sideUnknown = a !== null && a.mark === null && a.paise > 0 && !debit && !credit && !/^\s*\+/.test(amount);
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
  // the chain proves amounts, never dates: a date taken from the value date is the user's to check
  if (read === null && (dateFromValue || dateUnread)) tx.ocrFlag = true;
  if (dateUnread) DATE_UNREAD.add(tx);
  if (sideUnknown) SIDE_BY_BALANCE.add(tx);
  const sure = leastConfidence(row.cells, FIGURE_ROLES);
  if (sure !== undefined) OCR_CONFIDENCE.set(tx, sure);
  return { tx };
}
