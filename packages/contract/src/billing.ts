import { z } from 'zod';
import { RULE_TYPES } from '@bahi/core';

// Billing (issue 6): chunking rule sets, billing vouchers, tax-invoice export. Field names are the
// specification's (section 3 and 7), spaces and all.

export const RuleType = z.enum(RULE_TYPES);
export type RuleType = z.infer<typeof RuleType>;

const finite = (what: string) =>
  z.number({ error: `${what} must be a number.` }).refine(Number.isFinite, `${what} must be a number.`);
const chunk = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of at least 1.` })
    .int(`${what} must be a whole number of at least 1.`)
    .min(1, `${what} must be a whole number of at least 1.`);

export const ChunkRule = z
  .object({
    min: finite('Min').min(0, 'Min cannot be negative.'),
    max: finite('Max').min(0, 'Max cannot be negative.'),
    chunk_min: chunk('Chunk Min'),
    chunk_max: chunk('Chunk Max'),
  })
  .refine((r) => r.min <= r.max, 'Min must not be more than Max.')
  .refine((r) => r.chunk_min <= r.chunk_max, 'Chunk Min must not be more than Chunk Max.');
export type ChunkRule = z.infer<typeof ChunkRule>;

export const RuleSetRules = z
  .object({ RATE: z.array(ChunkRule).max(200).optional(), QUANTITY: z.array(ChunkRule).max(200).optional() })
  .strict();
export type RuleSetRules = z.infer<typeof RuleSetRules>;

export const RULE_SET_NAME_MAX = 100;
export const RuleSetName = z
  .string()
  .trim()
  .min(1, 'Enter a rule set name')
  .max(RULE_SET_NAME_MAX, `A rule set name has at most ${RULE_SET_NAME_MAX} characters.`);

/** POST /rules/chunking-rules/save */
export const SaveRulesRequest = z.object({ rule_set_name: RuleSetName, rules: RuleSetRules });
export type SaveRulesRequest = z.infer<typeof SaveRulesRequest>;

/** GET /rules/chunking-rules/rule-sets */
export const RuleSetsAnswer = z.object({ rule_sets: z.array(z.string()) });
export type RuleSetsAnswer = z.infer<typeof RuleSetsAnswer>;

/** GET /rules/chunking-rules/get/{name}: an unknown name gives { rules: {} }. */
export const RulesAnswer = z.object({ rules: RuleSetRules });
export type RulesAnswer = z.infer<typeof RulesAnswer>;

const numberish = z.union([z.number(), z.string()]);

/** The specification's voucher item (HSN is ours, for the tax invoice). */
export const BillingVoucherItem = z.object({
  'Item Name': z.string(),
  HSN: z.string().optional(),
  Quantity: numberish,
  'Selling Price': numberish,
  GST: numberish,
  Total: numberish.optional(),
});
export type BillingVoucherItem = z.infer<typeof BillingVoucherItem>;

export const BillingVoucher = z.object({
  Reference: z.string(),
  /** ISO date (YYYY-MM-DD). */
  Date: z.string(),
  Items: z.array(BillingVoucherItem),
  /** Rupees (0 to 0.99) the lines could not make exactly: see docs/decisions/010. */
  RoundOff: z.number().optional(),
});
export type BillingVoucher = z.infer<typeof BillingVoucher>;

/** POST /item-master/get-data and /itemssss/get-data. */
export const BillingDataAnswer = z.object({
  vouchers: z.array(BillingVoucher),
  totals: z.object({
    /** rupees, tax included: Σ line Totals + Σ RoundOff */
    amount: z.number(),
    lines: z.number(),
    vouchers: z.number(),
    round_off: z.number(),
  }),
  /** The seed and start reference used: the same form with these gives the same vouchers. */
  seed: z.number(),
  start_reference: z.string(),
  set_name: z.string(),
});
export type BillingDataAnswer = z.infer<typeof BillingDataAnswer>;

/**
 * POST /billing/amounts-total (ours, issue 34 round four): what the amounts workbook bills, read
 * before Submit so Amount to Allocate is filled from it and the screen says the days it covers.
 */
export const BillingAmountsAnswer = z.object({
  /** rupees with paise, ungrouped ('2152.50'): the Amount to Allocate field's text */
  amount: z.string(),
  /** dated rows */
  days: z.number(),
  /** ISO dates of the first and last row */
  from: z.string(),
  to: z.string(),
});
export type BillingAmountsAnswer = z.infer<typeof BillingAmountsAnswer>;

/** The vouchers as posted back: a list, or { vouchers } ("vouchers_data holding vouchers"). */
export const VouchersData = z.union([
  z.array(BillingVoucher),
  z.object({ vouchers: z.array(BillingVoucher) }).passthrough(),
]);

export const MAX_BILLING_VOUCHERS = 20000;

/** POST /item-master/generatee-tax-invoice */
export const TaxInvoiceRequest = z.object({
  vouchers_data: VouchersData,
  party_ledger: z.string().max(200).optional(),
  sales_ledger: z.string().max(200).optional(),
  narration: z.string().max(1000).optional(),
  force_state: z.string().max(100).optional(),
  typess: z.string().max(50).optional(),
  // Issue 12: the company as read from Tally (or typed). Its state is never assumed: without
  // company_state the Force State is taken as the company's own, and without either the export is refused.
  company_name: z.string().trim().max(200).optional(),
  company_state: z.string().trim().max(100).optional(),
  company_gstin: z.string().trim().max(20).optional(),
  party_gstin: z.string().trim().max(20).optional(),
  party_state: z.string().trim().max(100).optional(),
  tally_version: z.string().trim().max(100).optional(),
  /**
   * Issue 31: the invoices' voucher type, numbered by hand so TallyPrime keeps their numbers
   * (declared under Sales with manual numbering when the company lacks it); default 'Sales'.
   */
  voucher_type: z.string().trim().max(100).optional(),
  /**
   * Issue 31: the tax ledgers chosen (the billing screen's pickers offer the company's), each
   * before the company's own ledger of that duty head and before CGST/SGST/IGST.
   */
  cgst_ledger: z.string().trim().max(200).optional(),
  sgst_ledger: z.string().trim().max(200).optional(),
  igst_ledger: z.string().trim().max(200).optional(),
  /** The unit of the stock items Bahi creates (one the company keeps is not declared); 'Nos' by default. */
  unit: z.string().trim().max(50).optional(),
  /**
   * Issue 31: TallyPrime 3.0+, the company's GST registration the invoices are issued under (one of
   * the company's read, whose state and GSTIN then are the invoices'); "<State> Registration" by default.
   */
  gst_registration: z.string().trim().max(200).optional(),
});
export type TaxInvoiceRequest = z.infer<typeof TaxInvoiceRequest>;

/** POST /item-master/export-xlsx and /item-master/export-csv */
export const ExportVouchersRequest = z.object({ vouchers_data: VouchersData });
export type ExportVouchersRequest = z.infer<typeof ExportVouchersRequest>;

export const vouchersOf = (data: z.infer<typeof VouchersData>): BillingVoucher[] =>
  Array.isArray(data) ? data : data.vouchers;
