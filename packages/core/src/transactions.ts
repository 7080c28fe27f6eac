/**
 * The bank statement result screen's filters (spec sections 4 and 5). Rows travel in the spec's
 * Transaction shape, amounts as the statement printed them; everything here is pure and fast enough
 * to rerun on every keystroke (5,000 rows well under 50 ms, see bench/transactions.bench.ts).
 */
import { parseSpecDate } from './dates.ts';
import { parseAmount, rupeesToPaise, type Paise } from './money.ts';

export interface TransactionRow {
  Date: string;
  Description: string;
  Withdrawal: string;
  Deposit: string;
  ClosingBalance: string;
  LedgerName?: string;
}

export type OnlyFilter = 'all' | 'withdrawals' | 'deposits';

export interface TransactionFilter {
  /** inclusive ISO date; empty or missing means no lower bound */
  from?: string;
  /** inclusive ISO date; empty or missing means no upper bound */
  to?: string;
  /** every keyword that is not blank must appear in the description, case-insensitively */
  keywords: string[];
  only: OnlyFilter;
}

/** The row's date as ISO, or null when it is not in one of the spec's formats (such rows are hidden). */
export function rowDate(row: TransactionRow): string | null {
  return parseSpecDate(row.Date);
}

// The spec says amounts are read 'after stripping commas'; parseAmount does that and also understands
// currency signs and Dr/Cr. Text it cannot read falls back to the plain number, then to 0.
function columnPaise(text: string): Paise {
  const p = parseAmount(text ?? '');
  if (p !== null) return p;
  const n = Number(String(text ?? '').replaceAll(',', ''));
  return Number.isFinite(n) ? rupeesToPaise(n) : 0;
}

export function rowWithdrawal(row: TransactionRow): Paise {
  return columnPaise(row.Withdrawal);
}

export function rowDeposit(row: TransactionRow): Paise {
  return columnPaise(row.Deposit);
}

/** Indexes (into `rows`, in order) of the rows the screen shows under `filter`. */
export function filterTransactionIndexes(
  rows: readonly TransactionRow[],
  filter: TransactionFilter,
): number[] {
  const from = filter.from || '';
  const to = filter.to || '';
  const keywords = filter.keywords.map((k) => k.trim().toLowerCase()).filter((k) => k !== '');
  const shown: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const date = rowDate(row);
    if (date === null) continue;
    // ISO dates compare correctly as strings.
    if (from && date < from) continue;
    if (to && date > to) continue;
    if (filter.only === 'withdrawals' && !(rowWithdrawal(row) > 0)) continue;
    if (filter.only === 'deposits' && !(rowDeposit(row) > 0)) continue;
    if (keywords.length > 0) {
      const description = (row.Description ?? '').toLowerCase();
      if (!keywords.every((k) => description.includes(k))) continue;
    }
    shown.push(i);
  }
  return shown;
}

/** The rows the screen shows under `filter`, in order. */
export function filterTransactions<T extends TransactionRow>(
  rows: readonly T[],
  filter: TransactionFilter,
): T[] {
  return filterTransactionIndexes(rows, filter).map((i) => rows[i]);
}

/** Earliest and latest parseable dates (the date filter's defaults), or null when no row has one. */
export function dateBounds(rows: readonly TransactionRow[]): { from: string; to: string } | null {
  let from = '';
  let to = '';
  for (const row of rows) {
    const date = rowDate(row);
    if (date === null) continue;
    if (!from || date < from) from = date;
    if (!to || date > to) to = date;
  }
  return from ? { from, to } : null;
}

/**
 * Apply Ledger to Filtered: a new array where the rows at `filteredIndexes` whose ledger name is empty
 * (missing or blank) get `ledger`; rows that already have a name keep it. A blank ledger changes nothing.
 */
export function applyLedgerToFiltered<T extends TransactionRow>(
  rows: readonly T[],
  filteredIndexes: readonly number[],
  ledger: string,
): T[] {
  const result = rows.slice();
  const name = ledger.trim();
  if (!name) return result;
  for (const i of filteredIndexes) {
    const row = result[i];
    if (row && !(row.LedgerName ?? '').trim()) result[i] = { ...row, LedgerName: name };
  }
  return result;
}
