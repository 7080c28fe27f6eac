import type { BankCode } from '@bahi/core';
import type { Column } from './columns/model.ts';
import type { Trace } from './trace.ts';

/**
 * A table layout the user marked on the page: where each column lies and where the first
 * transaction row is. It replaces header recognition and column finding for the whole file.
 */
export interface TaughtLayout {
  /** 1-based page of the first transaction row, and its top (page units, origin top-left) */
  page: number;
  top: number;
  /** column bands, in page units (sheets: column index x 100; reports: character columns) */
  columns: { role: Column['role']; x0: number; x1: number }[];
}

/** Integer paise. */
export type Paise = number;

export interface Transaction {
  /** ISO date YYYY-MM-DD */
  date: string;
  valueDate: string | null;
  description: string;
  reference: string | null;
  withdrawal: Paise;
  deposit: Paise;
  /** printed running balance (negative when overdrawn), null when the statement prints none */
  balance: Paise | null;
  /** 1-based page (PDF) or sheet row / report line the row started on */
  page?: number;
  /** set when the row came from OCR and its balance does not follow the chain, a figure of it was
   * mended by the balance (its balance not read, or a figure misread) */
  ocrFlag?: boolean;
  /** a flagged OCR row's strip of the scanned page (base64 JPEG), when the read was asked for them
   * (src/scan/crops.ts) */
  scanCrop?: string;
  /** the statement printed no balance on this row: it is the running balance, proven by the next printed one */
  balanceComputed?: boolean;
}

export interface BalanceBreak {
  /** index into the account's transactions */
  index: number;
  date: string;
  /** balance the chain predicts */
  expected: Paise;
  /** balance printed on the row (or the closing balance for the final check) */
  printed: Paise | null;
  reason: string;
}

export interface PrintedTotals {
  debitCount: number | null;
  creditCount: number | null;
  debitTotal: Paise | null;
  creditTotal: Paise | null;
  matches: boolean;
}

export interface Reconciliation {
  ok: boolean;
  openingBalance: Paise;
  closingBalance: Paise;
  /** how the opening balance was found: printed on the statement or derived from the first row */
  openingSource: 'printed' | 'derived' | 'none';
  totalDeposits: Paise;
  totalWithdrawals: Paise;
  /** number of printed running balances checked against the chain */
  checkedBalances: number;
  breaks: BalanceBreak[];
  printedTotals?: PrintedTotals;
  /** printed header figures (opening, closing) that disagree with rows that reconcile */
  notes?: string[];
  message: string;
}

export interface Period {
  from: string | null;
  to: string | null;
}

export interface AccountStatement {
  number: string | null;
  holder: string | null;
  ifsc: string | null;
  type: string | null;
  period: Period;
  /** printed opening balance, or null when the statement has none */
  openingBalance: Paise | null;
  /** printed closing balance, or null when the statement has none */
  closingBalance: Paise | null;
  transactions: Transaction[];
  reconciliation: Reconciliation;
}

export interface Detection {
  code: BankCode | null;
  /** a bank without a profile, named from the document (its IFSC or printed name) */
  name?: string | null;
  /** 0..1 */
  confidence: number;
  /** the bank the caller asked for, if any */
  requested: BankCode | null;
  /** true when the requested bank was missing or wrong and detection chose another */
  corrected: boolean;
  reason: string;
}

export interface ParseIssue {
  /** row: a candidate row that could not be read; layout: no table found etc. */
  kind: 'row' | 'layout' | 'detection' | 'totals';
  message: string;
  page?: number;
  text?: string;
}

export interface StatementResult {
  bank: BankCode | null;
  detection: Detection;
  format: 'pdf' | 'pdf-scanned' | 'image' | 'xlsx' | 'rpt';
  accounts: AccountStatement[];
  issues: ParseIssue[];
}

export interface ParseOptions {
  bank?: BankCode;
  /** a layout the user marked: read the table with it instead of finding one */
  layout?: TaughtLayout;
  /** collects why the statement reads as it does (bahi explain); the result is the same without it */
  trace?: Trace;
}
