// From the statement engine's result (paise, ISO dates) to the API's answer in the specification's
// Transaction shape (strings with Indian grouping, DD-MM-YYYY), and back for the XML calls.
import {
  bankLabel,
  defaultBankLedger,
  formatDisplayDate,
  formatIndian,
  parseAmount,
  parseSpecDate,
  type BankCode,
  diagnoseRead,
  type ReadReason,
} from '@bahi/core';
import type {
  BankDetected,
  ReadIssue,
  ReconciliationInfo,
  StatementInfo,
  StatementTransaction,
} from '@bahi/contract';
import type { AccountStatement, StatementResult, Transaction } from '@bahi/statements';
import { buildBankVouchersXml, type BankTransaction } from '@bahi/tally';

const money = (p: number | null | undefined) => (p === null || p === undefined ? '' : formatIndian(p));
const amount = (p: number) => (p ? formatIndian(p) : '');
const displayDate = (iso: string | null) => (iso ? formatDisplayDate(iso) : null);

export function toRow(t: Transaction): StatementTransaction {
  return {
    Date: formatDisplayDate(t.date),
    Description: t.description,
    Withdrawal: amount(t.withdrawal),
    Deposit: amount(t.deposit),
    ClosingBalance: money(t.balance),
    LedgerName: '',
  };
}

/** `name`: a bank without a profile as the document names it (never the chosen bank's label). */
export function statementInfo(
  bank: BankCode | null,
  account: AccountStatement,
  name?: string | null,
): StatementInfo {
  const r = account.reconciliation;
  return {
    bank,
    bank_label: bank ? bankLabel(bank) : (name ?? bankLabel(bank)),
    account_number: account.number,
    holder: account.holder,
    ifsc: account.ifsc,
    account_type: account.type,
    period_from: displayDate(account.period.from),
    period_to: displayDate(account.period.to),
    opening_balance: money(account.openingBalance ?? r.openingBalance),
    closing_balance: money(account.closingBalance ?? r.closingBalance),
    transactions: account.transactions.length,
  };
}

export function reconciliationInfo(account: AccountStatement): ReconciliationInfo {
  const r = account.reconciliation;
  return {
    ok: r.ok,
    message: r.message,
    opening_balance: money(r.openingBalance),
    closing_balance: money(r.closingBalance),
    total_deposits: money(r.totalDeposits),
    total_withdrawals: money(r.totalWithdrawals),
    opening_source: r.openingSource,
    checked_balances: r.checkedBalances,
    breaks: r.breaks.map((b) => ({
      row: b.index,
      date: displayDate(b.date) ?? '',
      expected: money(b.expected),
      printed: money(b.printed),
      reason: b.reason,
    })),
    notes: r.notes ?? [],
    printed_closing: money(account.closingBalance),
    ocr_flags: account.transactions.flatMap((t, i) => (t.ocrFlag ? [i] : [])),
  };
}

/** Everything the reader noticed, as the API answers it (issue 17: never dropped). */
export function readIssues(result: StatementResult): ReadIssue[] {
  return result.issues.map((i) => ({
    kind: i.kind,
    message: i.message,
    ...(i.page !== undefined ? { page: i.page } : {}),
    ...(i.text !== undefined ? { text: i.text.slice(0, 500) } : {}),
  }));
}

/** Why this read is not a clean success (empty when it is): the shared words of @bahi/core. */
/** A workbook or CSV has no page to mark: its columns are named on its first rows (issue 35). */
export const SHEET_NO_TABLE_NEXT =
  "Mark the columns: name the date, narration, amount and balance columns on the file's first rows and choose the first transaction row. Bahi then reads this file, and this bank's later files, with them.";

export function readReasons(result: StatementResult): ReadReason[] {
  const reasons = diagnoseRead({
    format: result.format,
    transactions: result.accounts.reduce((n, a) => n + a.transactions.length, 0),
    issues: result.issues,
    accounts: result.accounts.map((a) => ({
      ok: a.reconciliation.ok,
      message: a.reconciliation.message,
      rows: a.transactions.length,
      firstBreak: a.reconciliation.breaks[0] ?? null,
    })),
  });
  return result.format === 'xlsx'
    ? reasons.map((r) => (r.code === 'NO_TABLE' ? { ...r, next: SHEET_NO_TABLE_NEXT } : r))
    : reasons;
}

export function bankDetected(result: StatementResult): BankDetected {
  const d = result.detection;
  return {
    code: result.bank,
    label: result.bank ? bankLabel(result.bank) : (d.name ?? bankLabel(result.bank)),
    requested: d.requested,
    corrected: d.corrected,
    reason: d.reason,
  };
}

/** Account number -> rows, for statements with more than one account (BOB consolidated). */
export function fallbackAccounts(
  accounts: readonly AccountStatement[],
): Record<string, StatementTransaction[]> {
  if (accounts.length < 2) return {};
  const out: Record<string, StatementTransaction[]> = {};
  accounts.forEach((a, i) => {
    out[a.number?.trim() || `Account ${i + 1}`] = a.transactions.map(toRow);
  });
  return out;
}

/**
 * Rows in the specification's shape -> bank transactions. Rows whose date is not in one of the
 * specification's formats are left out, as the screens hide them. Amounts keep their sign.
 */
export function rowsToBankTransactions(rows: readonly StatementTransaction[]): BankTransaction[] {
  const out: BankTransaction[] = [];
  for (const row of rows) {
    const date = parseSpecDate(row.Date ?? '');
    if (!date) continue;
    // Signed as shown: a negative withdrawal is a reversal, booked as money in (issue 31).
    out.push({
      date,
      description: row.Description ?? '',
      withdrawal: parseAmount(row.Withdrawal ?? '') ?? 0,
      deposit: parseAmount(row.Deposit ?? '') ?? 0,
      balance: parseAmount(row.ClosingBalance ?? ''),
      ledger: row.LedgerName?.trim() || undefined,
      split: row.TaxSplit ?? undefined,
    });
  }
  return out;
}

/** The Tally import file of these rows against `bankLedger` (ledger masters first, so it always imports). */
export function rowsToXml(
  rows: readonly StatementTransaction[],
  bankLedger: string,
  company?: string,
): { xml: string; vouchers: number } {
  const transactions = rowsToBankTransactions(rows);
  const xml = buildBankVouchersXml({
    bankLedger,
    transactions,
    company: company?.trim() || undefined,
    withMasters: true,
    // the specification's preview shape: a row's own ledger goes under Suspense A/c, as it always has
    ungroupedUnderSuspense: true,
  });
  const vouchers = transactions.reduce((n, t) => n + (t.withdrawal ? 1 : 0) + (t.deposit ? 1 : 0), 0);
  return { xml, vouchers };
}

/** How many rows the XML preview shows: enough to see the shape without a megabyte of text. */
export const PREVIEW_ROWS = 20;

export function xmlPreview(bank: BankCode | null, account: AccountStatement | undefined): string {
  if (!account || account.transactions.length === 0) return '';
  const rows = account.transactions.slice(0, PREVIEW_ROWS).map(toRow);
  const { xml } = rowsToXml(rows, defaultBankLedger(bank, account.number ?? ''));
  const rest = account.transactions.length - rows.length;
  return rest > 0 ? `${xml}\n<!-- ${rest} more transactions are in the downloaded file -->` : xml;
}
