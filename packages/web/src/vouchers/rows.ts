import { insertAfter, type VoucherRow } from '@bahi/core';

// The rows of the Create Vouchers table and every change the screen makes to them, as one pure
// reducer so the operations are tested without a browser.

/** A table row: the specification's voucher row plus an id that keeps React keys and focus stable. */
export type EditorRow = VoucherRow & { id: string };

export type EditableField = keyof VoucherRow;

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
      if (i < 0 || rows[i][action.field] === action.value) return rows;
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

/** The rows as the voucher importer takes them (spec section 3 fields only). */
export function exportRows(rows: readonly EditorRow[]): VoucherRow[] {
  return rows.map(({ date, voucherType, ledgerName, partyName, description, netAmount }) => ({
    date,
    voucherType,
    ledgerName,
    partyName,
    description,
    netAmount,
  }));
}
