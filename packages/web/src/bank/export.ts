import type { StatementTransaction } from '@bahi/contract';
import { parseAmount, toCsvText, toXlsxBytes } from '@bahi/core';

// Export of the reviewed rows (with ledgers) as CSV and XLSX, in the browser, with the one CSV and
// the one XLSX writer of @bahi/core.

export { crc32, XLSX_TYPE } from '@bahi/core';

const HEADER = ['Date', 'Description', 'Withdrawal', 'Deposit', 'Closing Balance', 'Ledger Name'];

const amountOf = (text: string): number | null => {
  const p = parseAmount(text ?? '');
  return p === null ? null : p / 100;
};

function table(rows: readonly StatementTransaction[]): (string | number | null)[][] {
  return rows.map((r) => [
    r.Date,
    r.Description,
    amountOf(r.Withdrawal),
    amountOf(r.Deposit),
    amountOf(r.ClosingBalance),
    r.LedgerName ?? '',
  ]);
}

// Formula defusing (= + - @ TAB CR) and quoting: the shared writer of @bahi/core.
const cell = (v: string | number | null) => (typeof v === 'number' ? v.toFixed(2) : v);

export function toCsv(rows: readonly StatementTransaction[]): string {
  return toCsvText([HEADER, ...table(rows).map((r) => r.map(cell))]);
}

export function toXlsx(rows: readonly StatementTransaction[]): Uint8Array {
  return toXlsxBytes({
    name: 'Transactions',
    columns: HEADER.map((header, i) => ({
      header,
      width: i === 1 ? 60 : 16,
      ...(i >= 2 && i <= 4 ? { format: 'money' as const } : {}),
    })),
    rows: table(rows),
  });
}
