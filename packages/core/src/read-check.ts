// Issue 17 (no dead end): why a statement was not read perfectly, in plain words with the next step,
// and the balance chain re-checked on rows as the user edits them. Shared by the server (reason
// codes in the API), the command line (reason and exit code on stderr) and the web (the screen and
// the live re-check). Pure: no I/O.
import { parseSpecDate } from './dates.ts';
import { formatIndian, parseAmount, type Paise } from './money.ts';

/** Why a read is not a clean success (or did not happen at all). */
export type ReadReasonCode =
  | 'PASSWORD_REQUIRED'
  | 'WRONG_PASSWORD'
  | 'SCAN_NO_TABLE'
  | 'NO_TABLE'
  | 'NOT_RECONCILED'
  | 'ROWS_SKIPPED'
  | 'PAGE_UNREADABLE'
  | 'UNREADABLE'
  | 'UNSUPPORTED'
  | 'TOO_LARGE'
  | 'TIMEOUT';

export const READ_REASON_CODES: readonly ReadReasonCode[] = [
  'PASSWORD_REQUIRED',
  'WRONG_PASSWORD',
  'SCAN_NO_TABLE',
  'NO_TABLE',
  'NOT_RECONCILED',
  'ROWS_SKIPPED',
  'PAGE_UNREADABLE',
  'UNREADABLE',
  'UNSUPPORTED',
  'TOO_LARGE',
  'TIMEOUT',
];

export interface ReadReason {
  code: ReadReasonCode;
  /** the reason in plain words */
  message: string;
  /** what the user can do next */
  next: string;
}

const NEXT: Record<ReadReasonCode, string> = {
  PASSWORD_REQUIRED:
    'Enter the password the bank gave for this statement (often in the e-mail that sent it).',
  WRONG_PASSWORD:
    'Check the password (banks often use part of your name and your date of birth) and try again.',
  SCAN_NO_TABLE:
    'Upload the statement as downloaded from net banking (a PDF with text), or scan it again straight and at a higher resolution. You can also mark the table on the page preview: Teach Bahi this layout.',
  NO_TABLE:
    'Mark the table once on the page preview (Teach Bahi this layout): drag the column boundaries, name the columns and mark the first row. Bahi then reads this and every statement of the same shape.',
  NOT_RECONCILED:
    'Look at the highlighted row: correct its amounts or balance, delete a line that is not a transaction or add a missing row. Or accept the difference to export anyway.',
  ROWS_SKIPPED: 'Compare the rows with the PDF: add the rows that are missing, or teach Bahi this layout.',
  PAGE_UNREADABLE:
    'Check that page in the PDF preview and add its rows by hand, or download the statement again from the bank.',
  UNREADABLE: 'Download the statement again from the bank and upload the new file.',
  UNSUPPORTED: 'Upload the statement as a PDF, XLSX, RPT or an image of the statement.',
  TOO_LARGE:
    'Split the period into smaller statements (for example one per quarter) and upload them one by one.',
  TIMEOUT: 'Try again in a minute; if it happens again, upload a shorter period.',
};

const MESSAGE: Record<ReadReasonCode, string> = {
  PASSWORD_REQUIRED: 'This file is password-protected.',
  WRONG_PASSWORD: 'The password is wrong.',
  SCAN_NO_TABLE: 'This file is a scan, and the text recognised on it holds no transaction table.',
  NO_TABLE: 'No transaction table was found: the column headings of this statement are not ones Bahi knows.',
  NOT_RECONCILED: 'The rows read do not reconcile with the printed balances.',
  ROWS_SKIPPED: 'Some lines that look like transactions could not be read.',
  PAGE_UNREADABLE: 'A page of the file could not be read.',
  UNREADABLE: 'The file is damaged or incomplete and cannot be read.',
  UNSUPPORTED: 'This kind of file is not supported.',
  TOO_LARGE: 'The file is too large to process.',
  TIMEOUT: 'The file took too long to process.',
};

/** The reason of this code, with `message` replacing the default words when given. */
export function readReason(code: ReadReasonCode, message?: string): ReadReason {
  return { code, message: message ?? MESSAGE[code], next: NEXT[code] };
}

/** A reason code for a file failure code of the readers (NO_TRANSACTIONS is told apart by the caller). */
export function reasonForFailure(code: string, scanned = false): ReadReasonCode | null {
  switch (code) {
    case 'PASSWORD_REQUIRED':
    case 'WRONG_PASSWORD':
    case 'UNREADABLE':
    case 'UNSUPPORTED':
    case 'TOO_LARGE':
    case 'TIMEOUT':
      return code;
    case 'NO_TRANSACTIONS':
    case 'NO_TABLE':
    case 'SCAN_NO_TABLE':
      return scanned ? 'SCAN_NO_TABLE' : 'NO_TABLE';
    default:
      return null;
  }
}

/** What the reasons need to know of a read (the parser's result, reduced). */
export interface ReadSummary {
  format: string;
  transactions: number;
  issues: readonly { kind: string; message: string; page?: number }[];
  /** per account: did it reconcile, and the first break (0-based row, predicted and printed, paise) */
  accounts: readonly {
    ok: boolean;
    message: string;
    rows: number;
    firstBreak?: { index: number; expected: Paise; printed: Paise | null } | null;
  }[];
}

const isScan = (format: string) => format === 'pdf-scanned' || format === 'image';

/** Row N (1-based) and the difference, in words. */
export function breakWords(
  b: { index: number; expected: Paise; printed: Paise | null },
  rows: number,
): string {
  if (b.index >= rows)
    return `the closing balance does not follow from the rows (the rows give ₹${formatIndian(b.expected)}, the statement prints ₹${b.printed === null ? '—' : formatIndian(b.printed)})`;
  const diff = b.printed === null ? null : b.printed - b.expected;
  return `the rows do not reconcile from row ${b.index + 1} on${diff === null ? '' : ` (difference ${formatIndian(diff, { symbol: true })})`}`;
}

/** Every reason a read is not clean: empty for a statement read whole that reconciles. */
export function diagnoseRead(s: ReadSummary): ReadReason[] {
  const out: ReadReason[] = [];
  if (s.transactions === 0) {
    out.push(readReason(isScan(s.format) ? 'SCAN_NO_TABLE' : 'NO_TABLE'));
    return out;
  }
  s.accounts.forEach((a, i) => {
    if (a.ok) return;
    const who = s.accounts.length > 1 ? `Account ${i + 1}: ` : '';
    const words = a.firstBreak ? breakWords(a.firstBreak, a.rows) : a.message.replace(/\.$/, '');
    const text = `${who}${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
    out.push(readReason('NOT_RECONCILED', text));
  });
  const rowIssues = s.issues.filter((i) => i.kind === 'row');
  if (rowIssues.length) {
    const pages = [...new Set(rowIssues.map((i) => i.page).filter((p): p is number => p !== undefined))];
    out.push(
      readReason(
        'ROWS_SKIPPED',
        `${rowIssues.length} line(s) that look like transactions could not be read${pages.length ? ` (page ${pages.slice(0, 5).join(', ')})` : ''}.`,
      ),
    );
  }
  const pageIssues = s.issues.filter((i) => i.kind === 'layout' && /page/i.test(i.message));
  if (pageIssues.length) {
    const pages = [...new Set(pageIssues.map((i) => i.page).filter((p): p is number => p !== undefined))];
    out.push(
      readReason(
        'PAGE_UNREADABLE',
        pages.length
          ? `Page ${pages.slice(0, 5).join(', ')} could not be read: ${pageIssues[0]!.message.replace(/\.$/, '')}.`
          : pageIssues[0]!.message,
      ),
    );
  }
  return out;
}

// ---- the balance chain, on rows as the screens hold them ('1,23,456.78', 'DD-MM-YYYY') ----

export interface ChainRow {
  Date: string;
  Withdrawal: string;
  Deposit: string;
  ClosingBalance?: string;
}

export interface ChainBreak {
  /** 0-based row; rows.length for the closing balance */
  row: number;
  expected: Paise;
  printed: Paise | null;
  /** printed - expected */
  difference: Paise;
  reason: string;
}

export interface ChainCheck {
  ok: boolean;
  opening: Paise;
  closing: Paise;
  totalDeposits: Paise;
  totalWithdrawals: Paise;
  checked: number;
  breaks: ChainBreak[];
  /** rows whose amounts cannot be read (0-based row -> what is wrong): the chain cannot be checked */
  invalid: Map<number, string>;
  /** rows whose date is not a date: they are left out of the exports, as the screens hide them */
  badDates: Set<number>;
}

const amountOf = (text: string | undefined): Paise | null => {
  const t = (text ?? '').trim();
  if (!t) return 0;
  return parseAmount(t);
};

/**
 * Opening + deposits - withdrawals must give every printed running balance (and the printed closing
 * balance, when given). Like the parser's reconciliation, a break is reported once and the chain
 * continues from the printed balance.
 */
export function checkChain(
  rows: readonly ChainRow[],
  opts: { opening: Paise | null; closing?: Paise | null },
): ChainCheck {
  const invalid = new Map<number, string>();
  const badDates = new Set<number>();
  let opening = opts.opening;
  if (opening === null) {
    const first = rows[0];
    const bal = first?.ClosingBalance ? parseAmount(first.ClosingBalance) : null;
    opening =
      first && bal !== null ? bal - (amountOf(first.Deposit) ?? 0) + (amountOf(first.Withdrawal) ?? 0) : 0;
  }
  let bal = opening;
  let deposits = 0;
  let withdrawals = 0;
  let checked = 0;
  const breaks: ChainBreak[] = [];
  rows.forEach((r, row) => {
    if (!parseSpecDate(r.Date ?? '')) badDates.add(row);
    const w = amountOf(r.Withdrawal);
    const d = amountOf(r.Deposit);
    if (w === null || d === null) {
      invalid.set(row, 'an amount is not a number');
      return;
    }
    // Signed as the reader gives them: a negative withdrawal (a reversal, HDFC's -1.00) is money in,
    // as the reader's own reconciliation and the Tally vouchers take it (issue 31).
    withdrawals += w;
    deposits += d;
    bal += d - w;
    const text = (r.ClosingBalance ?? '').trim();
    if (!text) return;
    const printed = parseAmount(text);
    if (printed === null) {
      invalid.set(row, 'the balance is not a number');
      return;
    }
    checked++;
    if (printed !== bal) {
      breaks.push({
        row,
        expected: bal,
        printed,
        difference: printed - bal,
        reason: `balance should be ₹${formatIndian(bal)}, the row shows ₹${formatIndian(printed)} (difference ${formatIndian(printed - bal, { symbol: true })})`,
      });
      bal = printed;
    }
  });
  const closing = opts.closing ?? null;
  if (closing !== null && closing !== bal && rows.length > 0) {
    breaks.push({
      row: rows.length,
      expected: bal,
      printed: closing,
      difference: closing - bal,
      reason: `closing balance should be ₹${formatIndian(bal)}, the statement shows ₹${formatIndian(closing)}`,
    });
  }
  return {
    ok: rows.length > 0 && breaks.length === 0 && invalid.size === 0,
    opening,
    closing: closing ?? bal,
    totalDeposits: deposits,
    totalWithdrawals: withdrawals,
    checked,
    breaks,
    invalid,
    badDates,
  };
}
