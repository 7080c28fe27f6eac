import { ENDPOINTS, type BillingVoucher, type RuleSetRules } from '@bahi/contract';
import { call, callForFile } from '../api/client.ts';

// The billing and rules calls of spec section 7 (under /api). Our calls carry the token: the server
// checks the admin role on billing and keeps rule sets per user.

export const getRuleSets = () => call(ENDPOINTS.ruleSets);

export const getRules = (name: string) => call(ENDPOINTS.rules, { params: { name } });

export const saveRules = (rule_set_name: string, rules: RuleSetRules) =>
  call(ENDPOINTS.saveRules, { json: { rule_set_name, rules } });

export type BillingUpload = {
  file: File;
  amountFile?: File | null;
  setName: string;
  amount: string;
  password?: string;
  /** ISO: the first invoice date and, for one amount, the last (issue 34 round four); '' = today / one day */
  dateFrom?: string;
  dateTo?: string;
};

function form(u: BillingUpload): FormData {
  const f = new FormData();
  f.append('set_name', u.setName.trim() || 'default');
  f.append('amount_given', u.amount);
  if (u.password) f.append('password', u.password);
  if (u.dateFrom) f.append('date', u.dateFrom);
  if (u.dateTo && !u.amountFile) f.append('date_to', u.dateTo);
  f.append('file', u.file);
  if (u.amountFile) f.append('amount_file', u.amountFile);
  return f;
}

export const checkBillingPassword = (u: BillingUpload) =>
  call(ENDPOINTS.billingCheckPassword, { multipart: form(u) });

/** Select Billing posts to /item-master/get-data (billingData), Generate Billing to /itemssss/get-data. */
export const getBillingData = (
  endpoint: typeof ENDPOINTS.billingData | typeof ENDPOINTS.billingDataSpec,
  u: BillingUpload,
) => call(endpoint, { multipart: form(u) });

export type BillingSettings = {
  party_ledger: string;
  sales_ledger: string;
  narration: string;
  force_state: string;
  typess: string;
  /** The company read from Tally (issue 12): the server takes its state, GSTIN and release from it. */
  company_name?: string;
  company_state?: string;
  party_gstin?: string;
  /** The invoices' voucher type, numbered by hand so Tally keeps their numbers (issue 31). */
  voucher_type?: string;
  /** The tax ledgers and the new items' unit, picked from the company's masters (issue 31). */
  cgst_ledger?: string;
  sgst_ledger?: string;
  igst_ledger?: string;
  unit?: string;
  /** TallyPrime 3.0+: the company's GST registration the invoices are issued under (issue 31). */
  gst_registration?: string;
};

export const downloadTaxInvoices = (vouchers: BillingVoucher[], settings: BillingSettings) =>
  callForFile(
    ENDPOINTS.taxInvoices,
    { json: { vouchers_data: { vouchers }, ...settings } },
    'tax_invoices.xml',
  );

export const downloadVouchersXlsx = (vouchers: BillingVoucher[]) =>
  callForFile(ENDPOINTS.billingXlsx, { json: { vouchers_data: { vouchers } } }, 'billing_vouchers.xlsx');

export const downloadVouchersCsv = (vouchers: BillingVoucher[]) =>
  callForFile(ENDPOINTS.billingCsv, { json: { vouchers_data: { vouchers } } }, 'billing_vouchers.csv');

/** The amounts workbook's total and days, read before Submit (issue 34 round four). */
export function readAmountsTotal(amountFile: File, password?: string) {
  const f = new FormData();
  if (password) f.append('password', password);
  f.append('amount_file', amountFile);
  return call(ENDPOINTS.billingAmountsTotal, { multipart: f });
}
