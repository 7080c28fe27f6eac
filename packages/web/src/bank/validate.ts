// The validations of spec section 5 for the result screen, in the specification's order. Each
// returns the message to show, or null when the action may go ahead.

export type TallyForm = { localIp: string; ledgerName: string; companyName: string };

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

export const sendConfirmation = (count: number) =>
  `Are you sure you want to send ${count} transactions to Tally?`;

/** The spec's bank selection rule (plus Excel for banks whose portals export it: .xlsx, and the old
 * .xls that HDFC, ICICI and SBI net banking still download). */
export const XLSX_BANKS = new Set(['HDFC', 'ICICI', 'AXIS']);
export const XLS_BANKS = new Set(['HDFC', 'ICICI', 'SBI', 'AXIS']);

export function fileTypeProblem(name: string, bank: string): string | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.pdf') || lower.endsWith('.rpt')) return null;
  if (lower.endsWith('.xlsx') && XLSX_BANKS.has(bank)) return null;
  if (lower.endsWith('.xls') && XLS_BANKS.has(bank)) return null;
  return 'Only PDF or RPT files are allowed.';
}
