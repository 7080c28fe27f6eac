import { z } from 'zod';

// The voucher importer call of the Create Vouchers screen (spec sections 2, 3 and 7):
// POST /voucher-importer/generate-xml -> vouchers.xml.

/** More rows than a bookkeeper types by hand in a sitting; keeps one request well under the body limit. */
export const MAX_VOUCHER_ROWS = 10_000;

/**
 * One row of the screen's table (spec section 3, voucher row). The shape is checked here; whether a
 * row is complete (date, type, ledger, party, amount) is checked per row by the XML builder, so every
 * incomplete row can be named by its number rather than failing on the first one.
 */
export const VoucherRowInput = z.object({
  date: z.string().max(40).default(''),
  voucherType: z.string().max(40).default(''),
  ledgerName: z.string().max(200).default(''),
  partyName: z.string().max(200).default(''),
  description: z.string().max(2000).default(''),
  /** Rupees: a number, or the text of the number input ('' when empty). */
  netAmount: z
    .union([z.number(), z.string().max(40)])
    .nullable()
    .default('')
    .transform((v) => v ?? ''),
  /** A Receipt/Payment through a bank ledger: the cheque number or UTR of its bank allocation (issue 31). */
  instrumentNumber: z.string().trim().max(40).optional(),
  /** Sales/Purchase with GST: the rate in percent; the net amount is then the taxable value. */
  gstRate: z.union([z.number(), z.string().max(10)]).optional(),
  /** The party's GSTIN and state (place of supply; the company's when blank). */
  partyGstin: z.string().trim().max(20).optional(),
  partyState: z.string().trim().max(100).optional(),
  /** Sales/Purchase: the HSN or SAC of what was sold or bought (4, 6 or 8 digits, checked per row). */
  hsn: z.string().trim().max(20).optional(),
});
export type VoucherRowInput = z.input<typeof VoucherRowInput>;

/** POST /voucher-importer/generate-xml */
export const GenerateVouchersXmlRequest = z.object({
  rows: z.array(VoucherRowInput).max(MAX_VOUCHER_ROWS, `At most ${MAX_VOUCHER_ROWS} rows at a time`),
  /** Tally company to import into (SVCURRENTCOMPANY); the company open in Tally when absent. */
  company_name: z.string().trim().max(200).optional(),
  /**
   * The groups of new ledgers the vouchers name, by name (issue 31). Given, a new ledger without a
   * group (neither chosen nor given by its role: a Sales ledger is under Sales Accounts, its party
   * under Sundry Debtors...) is refused (422, `ledgers`); without it such a ledger is not declared.
   */
  ledger_groups: z
    .record(z.string().max(200), z.string().trim().min(1).max(200))
    .refine((o) => Object.keys(o).length <= 5000, 'At most 5,000 ledger groups.')
    .optional(),
  /** The company's state for GST rows, when the company was not read through the bridge. */
  company_state: z.string().trim().max(100).optional(),
});
export type GenerateVouchersXmlRequest = z.input<typeof GenerateVouchersXmlRequest>;

/** What is wrong with one row; `row` is 1-based as the table shows it (0: the request as a whole). */
export const VoucherRowProblem = z.object({ row: z.number().int(), problems: z.array(z.string()) });
export type VoucherRowProblem = z.infer<typeof VoucherRowProblem>;

/** 422 answer when rows are incomplete: `detail` lists them, `problems` has them one by one. */
export const VoucherRowsRejected = z.object({
  detail: z.string(),
  problems: z.array(VoucherRowProblem),
});
export type VoucherRowsRejected = z.infer<typeof VoucherRowsRejected>;

/**
 * 422 answer when the vouchers name new ledgers whose group nobody chose (groups were named, or the
 * company was read): the ledgers, and the groups to choose from (the company's, else TallyPrime's).
 */
export const NewLedgersRejected = z.object({
  detail: z.string(),
  new_ledgers: z.array(z.string()).min(1),
  groups: z.array(z.string()).default([]),
});
export type NewLedgersRejected = z.infer<typeof NewLedgersRejected>;
