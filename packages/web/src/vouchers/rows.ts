import { insertAfter, type VoucherRow } from '@bahi/core';

// The rows of the Create Vouchers table and every change the screen makes to them, as one pure
// reducer so the operations are tested without a browser.

/**
 * The row's bank and GST fields (issue 31), shown when the screen's "Bank and GST columns" are on:
 * the instrument of a Receipt/Payment through a bank ledger, and a Sales/Purchase's GST. Text as
 * typed; the server checks them per row.
 */
export type VoucherExtras = {
  instrumentNumber?: string;
  gstRate?: string;
  hsn?: string;
  partyGstin?: string;
  partyState?: string;
};
export const EXTRA_FIELDS = ['instrumentNumber', 'gstRate', 'hsn', 'partyGstin', 'partyState'] as const;

/** A table row: the specification's voucher row plus an id that keeps React keys and focus stable. */
export type EditorRow = VoucherRow & VoucherExtras & { id: string };

export type EditableField = keyof VoucherRow | keyof VoucherExtras;

/** Does any row carry a bank or GST field: the screen then shows their columns whatever the switch says. */
export const hasExtras = (rows: readonly EditorRow[]) =>
  rows.some((r) => EXTRA_FIELDS.some((f) => r[f]?.trim()));

let counter = 0;
/** Unique within this page load and across reloads (the time part), without crypto. */
function newRowId(): string {
  counter += 1;
  return `r${Date.now().toString(36)}${counter.toString(36)}`;
}

export function emptyRow(): EditorRow {
  return {
    id: newRowId(),
    date: '',
    voucherType: '',
    ledgerName: '',
    partyName: '',
    description: '',
    netAmount: '',
  };
}

export type RowsAction =
  | { type: 'add'; row: EditorRow }
  | { type: 'update'; id: string; field: EditableField; value: string }
  | { type: 'remove'; id: string }
  | { type: 'insertCopies'; afterId: string; copies: readonly VoucherRow[] }
  | { type: 'replace'; rows: EditorRow[] };

export function rowsReducer(rows: EditorRow[], action: RowsAction): EditorRow[] {
  switch (action.type) {
    case 'add':
      return [...rows, action.row];
    case 'update': {
      const i = rows.findIndex((r) => r.id === action.id);
      if (i < 0 || (rows[i][action.field] ?? '') === action.value) return rows;
      const next = rows.slice();
      next[i] = { ...rows[i], [action.field]: action.value };
      return next;
    }
    case 'remove': {
      const next = rows.filter((r) => r.id !== action.id);
      return next.length === rows.length ? rows : next;
    }
    case 'insertCopies': {
      const i = rows.findIndex((r) => r.id === action.afterId);
      if (i < 0) return rows;
      // Copies carry the source's id (duplicateRow copies every field): each gets its own.
      return insertAfter(
        rows,
        i,
        action.copies.map((c) => ({ ...c, id: newRowId() })),
      );
    }
    case 'replace':
      return action.rows;
  }
}

/** The rows as the voucher importer takes them: spec section 3's fields, and the bank and GST ones filled in. */
export function exportRows(rows: readonly EditorRow[]): (VoucherRow & VoucherExtras)[] {
  return rows.map((r) => {
    const { date, voucherType, ledgerName, partyName, description, netAmount } = r;
    const out: VoucherRow & VoucherExtras = {
      date,
      voucherType,
      ledgerName,
      partyName,
      description,
      netAmount,
    };
    for (const f of EXTRA_FIELDS) if (r[f]?.trim()) out[f] = r[f].trim();
    return out;
  });
}
