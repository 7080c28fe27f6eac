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
  const extension = /\.(pdf|rpt|xlsx|xls)$/i.exec(name)?.[1]?.toLowerCase() as BankUpload | undefined;
  if (extension === 'pdf' || extension === 'rpt') return null;
  if (extension && bankAccepts(bank, extension)) return null;
  return 'Only PDF or RPT files are allowed.';
}
