import type { BankDetected } from '@bahi/contract';
import { bankAccepts, type BankUpload } from '@bahi/core';

// The validations of spec section 5 for the result screen, in the specification's order. Each
// returns the message to show, or null when the action may go ahead.

type TallyForm = { localIp: string; ledgerName: string; companyName: string };

export function downloadProblem(count: number, f: Pick<TallyForm, 'localIp' | 'ledgerName'>): string | null {
  if (count === 0) return 'No transactions to download.';
  if (!f.ledgerName.trim()) return 'Please enter a ledger name.';
  if (!f.localIp.trim()) return 'Please enter the local IP of the server.';
  return null;
}

export function sendProblem(count: number, f: TallyForm): string | null {
  if (count === 0) return 'No transactions to send.';
  if (!f.localIp.trim()) return 'Please enter the local IP of the Tally connector.';
  if (!f.ledgerName.trim()) return 'Please enter a ledger name.';
  if (!f.companyName.trim()) return 'Please enter a company name.';
  return null;
}

/**
 * The specification's question, and what will happen to rows without a ledger before it happens
 * (issue 31: they go to Suspense, which the user should know before the push, not after).
 */
export const sendConfirmation = (count: number, withoutLedger = 0) =>
  `Are you sure you want to send ${count} transactions to Tally?` +
  (withoutLedger > 0
    ? ` ${withoutLedger} of them have no ledger: they go to 'Suspense' (cash withdrawals and deposits to 'Cash' as Contra).`
    : '');

/** The spec's bank selection rule, plus the Excel kinds a bank's portal exports (the bank table's
 * `uploads` in @bahi/core: .xlsx, and the old .xls that HDFC, ICICI and SBI net banking download). */
export function fileTypeProblem(name: string, bank: string): string | null {
  const extension = /\.(pdf|rpt|xlsx|xls|csv|txt|png|jpe?g)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'pdf' || extension === 'rpt') return null;
  // A CSV or text download of any bank, its columns marked once if Bahi cannot name them (issue 35).
  if ((extension === 'csv' || extension === 'txt') && bank === '') return null;
  // Photos of a statement are read by OCR (issue 34), as on the PNB screen and the office drop.
  if (extension === 'png' || extension === 'jpg' || extension === 'jpeg') return null;
  // No bank chosen: the reader detects it, Excel included.
  if (extension && (bank === '' || bankAccepts(bank, extension as BankUpload))) return null;
  return 'Only PDF or RPT files are allowed.';
}

/**
 * Issue 34: the warning whenever the bank read from the file differs from the bank chosen (a bank
 * Bahi has no profile for included), or null. Shown on the result screen and in the selection
 * screen's list of files.
 */
export function bankMismatch(d: BankDetected): string | null {
  if (!d.requested || (d.code === d.requested && !d.corrected)) return null;
  return `This statement is from ${d.label}, not the bank chosen (${d.requested}): it was read as ${d.label}.`;
}

/** The chosen bank was used because the file names none (no IFSC, no bank name): said, or null. */
export function bankUnconfirmed(d: BankDetected): string | null {
  return d.requested && d.code === d.requested && / using the requested bank$/.test(d.reason)
    ? `The file does not name its bank (no IFSC or bank name found): it was read as ${d.label}, the bank you chose.`
    : null;
}

/** A workbook or a delimited download: its columns can be marked on its first rows (issue 35). */
export const isSheetFile = (name: string) => /\.(xlsx|xls|csv|txt)$/i.test(name);
