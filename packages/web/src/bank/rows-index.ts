import type { FilterState } from './Filters.tsx';
import { parseSpecDate, rowDeposit, rowWithdrawal, type TransactionRow } from '@bahi/core';

// The result screen's filters over 20,000 rows within a keystroke (issue 19): what every filter
// reads of a row (ISO date, lower-case narration, which side has an amount) is worked out once when
// the rows arrive or are fixed, not on every keystroke. The answer is exactly @bahi/core's
// filterTransactionIndexes (rows-index.test.ts checks them against each other).

export type RowIndex = {
  /** ISO date, or null when the row has none in the specification's formats (such rows are hidden) */
  readonly iso: readonly (string | null)[];
  readonly lower: readonly string[];
  /** 1 when the row has a withdrawal (deposit) above zero */
  readonly out: Uint8Array;
  readonly in: Uint8Array;
};

// An amount as the reader prints it ('1,23,456.78'): above zero exactly when a digit is not 0.
// Anything else (signs, Dr/Cr, currency) goes through @bahi/core's own reading.
const PLAIN = /^[\d,]+(\.\d+)?$/;
const NONZERO = /[1-9]/;

export function indexRows(rows: readonly TransactionRow[]): RowIndex {
  const n = rows.length;
  const iso: (string | null)[] = new Array(n);
  const lower: string[] = new Array(n);
  const out = new Uint8Array(n);
  const inn = new Uint8Array(n);
  // A year has ~365 distinct dates among 20,000 rows: each is parsed once.
  const dates = new Map<string, string | null>();
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    let date = dates.get(row.Date);
    if (date === undefined) {
      date = parseSpecDate(row.Date);
      dates.set(row.Date, date);
    }
    iso[i] = date;
    lower[i] = (row.Description ?? '').toLowerCase();
    const w = row.Withdrawal;
    out[i] = !w ? 0 : PLAIN.test(w) ? (NONZERO.test(w) ? 1 : 0) : rowWithdrawal(row) > 0 ? 1 : 0;
    const d = row.Deposit;
    inn[i] = !d ? 0 : PLAIN.test(d) ? (NONZERO.test(d) ? 1 : 0) : rowDeposit(row) > 0 ? 1 : 0;
  }
  return { iso, lower, out, in: inn };
}

/** Indexes (in order) of the rows the screen shows under `filter`. */
export function filterIndexes(index: RowIndex, filter: FilterState): number[] {
  const from = filter.from || '';
  const to = filter.to || '';
  const keywords = filter.keywords.map((k) => k.trim().toLowerCase()).filter((k) => k !== '');
  const only = filter.only;
  const shown: number[] = [];
  const n = index.iso.length;
  for (let i = 0; i < n; i++) {
    const date = index.iso[i];
    if (date === null) continue;
    // ISO dates compare correctly as strings.
    if (from && date < from) continue;
    if (to && date > to) continue;
    if (only === 'withdrawals' && !index.out[i]) continue;
    if (only === 'deposits' && !index.in[i]) continue;
    if (keywords.length > 0) {
      const text = index.lower[i];
      let all = true;
      for (const k of keywords)
        if (!text.includes(k)) {
          all = false;
          break;
        }
      if (!all) continue;
    }
    shown.push(i);
  }
  return shown;
}

/** The earliest and latest dates (the date filter's bounds), or null when no row has one. */
export function indexBounds(index: RowIndex): { from: string; to: string } | null {
  let from = '';
  let to = '';
  for (const date of index.iso) {
    if (date === null) continue;
    if (!from || date < from) from = date;
    if (!to || date > to) to = date;
  }
  return from ? { from, to } : null;
}
