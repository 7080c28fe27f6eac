// The column model: what every way of finding a table's columns (known headings, the dated rows and
// their balances, the user's marks, a sheet's grid) produces, and what the cells stage reads lines by.
export type Role =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'reference'
  | 'debit'
  | 'credit'
  | 'amount'
  | 'balance'
  | 'mark'
  | 'serial'
  | 'other';

export const NUMERIC_ROLES: ReadonlySet<Role> = new Set(['debit', 'credit', 'amount', 'balance']);
/** The roles of a transaction's amount (not its balance). */
export const AMOUNT_ROLES: ReadonlySet<string> = new Set(['debit', 'credit', 'amount']);

export interface Column {
  role: Role;
  label: string;
  x0: number;
  x1: number;
}

export interface Header {
  columns: Column[];
  /** the average character width of the header text: the unit for alignment tolerances */
  charWidth: number;
  /** heading cells the reader has no name for ('Category', 'Init. Br'): columns of their own */
  unnamed?: { x0: number; x1: number }[];
}

export interface Band {
  col: Column;
  x0: number;
  x1: number;
}

/** A table's columns: the header that names them and the bands their cells are written in. */
export interface ColumnModel {
  readonly header: Header;
  readonly bands: Band[];
  /** the Dr/Cr column is the balances', not the amounts' (withBalanceMarks) */
  readonly balanceMarks?: boolean;
}
