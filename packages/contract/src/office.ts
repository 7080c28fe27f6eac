import { z } from 'zod';
import { TaxSplitInfo } from './tax.ts';
import { HeldMovements, LedgerGroupChoice, PlannedMaster, StatementTransaction } from './statements.ts';

// The office's clients, their bank accounts, each account's book and each client's ledger rules
// (issue 13, clients part). Amounts travel as the specification's strings ('1,23,456.78'), dates
// as DD-MM-YYYY, like the statement calls; ids are uuids.

/** GST state codes and the names TallyPrime uses for them (its StateName). */
export const GST_STATES = {
  '01': 'Jammu & Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra & Nagar Haveli and Daman & Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman & Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const satisfies Record<string, string>;
export type GstStateCode = keyof typeof GST_STATES;

export const isGstStateCode = (code: string): code is GstStateCode => Object.hasOwn(GST_STATES, code);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_SHAPE = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** The GSTIN's check character (GSTN's mod-36 scheme over the first 14 characters). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36];
}

/** Why a GSTIN is not valid for a client of `stateCode`, or null when it is. */
export function gstinProblem(gstin: string, stateCode: string): string | null {
  const m = GSTIN_SHAPE.exec(gstin);
  if (!m) return 'A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character.';
  if (!isGstStateCode(m[1])) return `A GSTIN starts with a state code; ${m[1]} is none.`;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14])
    return 'This GSTIN’s check character is wrong: look for a mistyped character.';
  if (m[1] !== stateCode)
    return `This GSTIN is registered in ${GST_STATES[m[1] as GstStateCode]} (${m[1]}), not in the client’s state.`;
  return null;
}

const Name = z.string().trim().min(1, 'Enter a name.').max(200);

/** Adding or editing a client. The GSTIN, when given, must be valid and of the client's state. */
export const ClientInput = z
  .object({
    name: Name,
    /** the company's name in TallyPrime ('' until known) */
    tally_company: z.string().trim().max(200).default(''),
    state_code: z.string().refine(isGstStateCode, 'Choose the client’s state.'),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .max(20)
      .default('')
      .transform((g) => g.replace(/\s+/g, '')),
  })
  .superRefine((c, ctx) => {
    if (!c.gstin) return;
    const problem = gstinProblem(c.gstin, c.state_code);
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  });
export type ClientInput = z.input<typeof ClientInput>;

export const AccountInput = z.object({
  /** a bank code of @bahi/core or a bank's name */
  bank: z.string().trim().min(1, 'Choose the bank.').max(100),
  account_number: z
    .string()
    .trim()
    .max(40)
    .refine((n) => /^\d{4,}$/.test(n.replace(/[\s-]/g, '')), 'An account number is at least 4 digits.'),
  /** the bank ledger in the client's Tally company */
  tally_ledger: z.string().trim().min(1, 'Enter the Tally bank ledger.').max(200),
});
export type AccountInput = z.input<typeof AccountInput>;

export const ArchiveRequest = z.object({ archived: z.boolean() });

export const AccountInfo = z.object({
  id: z.string(),
  client_id: z.string(),
  bank: z.string(),
  account_number: z.string(),
  tally_ledger: z.string(),
  archived: z.boolean(),
  rows: z.number().int(),
  pushed: z.number().int(),
  unpushed: z.number().int(),
  /** DD-MM-YYYY of the book's first and last rows, '' when the book is empty */
  first_date: z.string(),
  last_date: z.string(),
  gaps: z.number().int(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const ClientInfo = z.object({
  id: z.string(),
  name: z.string(),
  tally_company: z.string(),
  state_code: z.string(),
  state: z.string(),
  gstin: z.string(),
  archived: z.boolean(),
  accounts: z.number().int(),
  created_at: z.string(),
});
export type ClientInfo = z.infer<typeof ClientInfo>;

/** GET /office/clients[?archived=true] */
export const ClientsAnswer = z.object({ clients: z.array(ClientInfo) });

/** POST /office/clients/{id}/accounts: the account, and how many waiting statements it took. */
export const AccountAnswer = z.object({ account: AccountInfo, filed: z.number().int() });

// ---- ledger rules ----

export const RuleInput = z
  .object({
    name: z.string().trim().max(100).default(''),
    words: z.array(z.string().trim().max(60)).max(20).default([]),
    match: z.enum(['all', 'any']).default('all'),
    direction: z.enum(['any', 'withdrawal', 'deposit']).default('any'),
    /** rupees as typed ('' or missing: no bound) */
    min: z.string().trim().max(20).default(''),
    max: z.string().trim().max(20).default(''),
    ledger: z.string().trim().min(1, 'Enter the ledger.').max(200),
    voucher_type: z.enum(['Contra']).nullable().default(null),
    /** the GST or TDS split the rows it picks take with the ledger (decision 055) */
    tax_split: TaxSplitInfo.nullable().default(null),
    /** also give this ledger to the unpushed rows of the client's books it picks (not to rows set by hand) */
    apply_to_book: z.boolean().default(false),
  })
  .refine((r) => r.words.some((w) => w !== '') || r.direction !== 'any' || r.min !== '' || r.max !== '', {
    message: 'A rule needs words, a direction or an amount: without any it would take every row.',
    path: ['words'],
  });
export type RuleInput = z.input<typeof RuleInput>;

/** POST /office/rules/{id}/move: one place earlier (applied sooner) or later. */
export const MoveRuleRequest = z.object({ direction: z.enum(['up', 'down']) });

export const RuleInfo = z.object({
  id: z.string(),
  name: z.string(),
  words: z.array(z.string()),
  match: z.enum(['all', 'any']),
  direction: z.enum(['any', 'withdrawal', 'deposit']),
  min: z.string(),
  max: z.string(),
  ledger: z.string(),
  voucher_type: z.enum(['Contra']).nullable(),
  tax_split: TaxSplitInfo.nullable().default(null),
  position: z.number().int(),
});
export type RuleInfo = z.infer<typeof RuleInfo>;

/** A rule saved, and how many unpushed rows of the client's books it gave its ledger. */
export const RuleAnswer = z.object({ rule: RuleInfo, applied: z.number().int() });

// ---- the book ----

/**
 * Rows one account's book may hold (issue 33: a 200,000-row book took the server to 3.5 GB). A busy
 * current account prints 5,000-15,000 rows a year, so this is three or more years of the busiest
 * account; beside MAX_XML_ROWS (statements.ts), the most one statement's XML may carry.
 */
export const MAX_BOOK_ROWS = 50_000;
/** Rows of the book one page of the book call answers at most (`rows_limit`). */
export const MAX_BOOK_PAGE_ROWS = 5_000;

/**
 * A page of the book's rows: `rows_from` (0-based, in book order), `rows_limit`; none: every row.
 * With a view (`words`, `only`, `min`, `max`: the screen's filter, the rule it would make), the page
 * is of the rows the view shows (issue 33: the screen no longer asks for every row to filter them).
 */
export const BookQuery = z.object({
  rows_from: z.coerce.number().int().min(0).max(MAX_BOOK_ROWS).optional(),
  rows_limit: z.coerce.number().int().min(1).max(MAX_BOOK_PAGE_ROWS).optional(),
  /** narration words, all of which must appear (separated by spaces) */
  words: z.string().max(500).optional(),
  only: z.enum(['all', 'withdrawals', 'deposits']).optional(),
  /** amounts as typed ("1,200.50"); one that is not an amount is no bound */
  min: z.string().max(40).optional(),
  max: z.string().max(40).optional(),
  /** one month's rows, YYYY-MM (issue 34: clicking a month shows it); not part of a rule */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM.')
    .optional(),
});
export type BookQuery = z.infer<typeof BookQuery>;

/** Where a row's ledger came from: a rule of the client, the client's ledger memory, or a person. */
export const LEDGER_SOURCES = ['rule', 'memory', 'manual'] as const;

export const BookRowInfo = StatementTransaction.extend({
  id: z.string(),
  reference: z.string(),
  ledger_source: z.enum(LEDGER_SOURCES).nullable(),
  /** 'Rule “Rent”' or the memory's reason ('You used … for UPI ID …') */
  ledger_reason: z.string(),
  voucher_type: z.enum(['Contra']).nullable(),
  /**
   * An unpushed row without a ledger: the ledger the client's rules or memory give it now (they
   * may have learnt it after the row was filed), offered, not set (issue 31); null when none does.
   */
  suggested_ledger: z.string().nullable().optional(),
  suggested_reason: z.string().optional(),
  pushed: z.boolean(),
  /** who last changed the row (its ledger, a fix, its push) and when, ISO (issue 35); absent: nobody since it was filed */
  changed_by: z.string().optional(),
  changed_at: z.string().optional(),
  /** the row whose balance breaks the chain: money is missing just before it */
  gap_before: z.boolean(),
});
export type BookRowInfo = z.infer<typeof BookRowInfo>;

export const BookGapInfo = z.object({
  after_date: z.string(),
  before_date: z.string(),
  expected: z.string(),
  printed: z.string(),
  difference: z.string(),
});

export const BookMonthInfo = z.object({
  month: z.string(),
  rows: z.number().int(),
  withdrawals: z.string(),
  deposits: z.string(),
  opening: z.string(),
  closing: z.string(),
  pushed: z.number().int(),
  unpushed: z.number().int(),
  /** the first and last day (YYYY-MM-DD) of its unpushed rows, null when none: what a push asks Tally about */
  unpushed_from: z.string().nullable(),
  unpushed_to: z.string().nullable(),
});

export const FiledStatementInfo = z.object({
  statement_id: z.string(),
  file_name: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  rows: z.number().int(),
  added: z.number().int(),
  recognised: z.number().int(),
  filed_at: z.string(),
});
export type FiledStatementInfo = z.infer<typeof FiledStatementInfo>;

export const BookAnswer = z.object({
  account: AccountInfo,
  months: z.array(BookMonthInfo),
  gaps: z.array(BookGapInfo),
  /** days between the first and last statement no statement covers */
  uncovered: z.array(z.object({ from: z.string(), to: z.string() })),
  statements: z.array(FiledStatementInfo),
  rows: z.array(BookRowInfo),
  /** rows of the whole book (of the view, when one was asked for), and where this answer's `rows` start */
  rows_total: z.number().int(),
  rows_from: z.number().int(),
  /** unpushed rows of the whole book without a ledger that the client's rules or memory suggest one for */
  suggested_rows: z.number().int(),
});
export type BookAnswer = z.infer<typeof BookAnswer>;

export const SetLedgersRequest = z.object({
  rows: z
    .array(z.object({ id: z.string().uuid(), ledger: z.string().trim().max(200) }))
    .min(1)
    .max(50_000),
});

/**
 * PUT /office/accounts/{id}/fix: one unpushed book row fixed in place (decision 057), in the row's own
 * fields as the book shows them; a field left out stays as it is. Amounts in rupees as typed ('' is
 * none), the date DD-MM-YYYY.
 */
export const FixRowRequest = z
  .object({
    id: z.string().uuid(),
    Date: z.string().trim().max(20).optional(),
    Description: z.string().trim().max(1000).optional(),
    Withdrawal: z.string().trim().max(30).optional(),
    Deposit: z.string().trim().max(30).optional(),
    ClosingBalance: z.string().trim().max(30).optional(),
    LedgerName: z.string().trim().max(200).optional(),
  })
  .refine(
    (r) =>
      [r.Date, r.Description, r.Withdrawal, r.Deposit, r.ClosingBalance, r.LedgerName].some(
        (v) => v !== undefined,
      ),
    { message: 'Say what to fix: a date, an amount, the narration or the ledger.' },
  );
export type FixRowRequest = z.infer<typeof FixRowRequest>;

/** What the fix changed: the fields, each as it was and as it is now (empty: nothing changed). */
export const FixRowAnswer = z.object({
  ok: z.literal(true),
  changed: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
});
export type FixRowAnswer = z.infer<typeof FixRowAnswer>;

/** What filing a read statement into a client's books did. */
export const FilingInfo = z.object({
  kind: z.enum(['filed', 'new-account', 'ambiguous']),
  client_id: z.string().nullable(),
  account_id: z.string().nullable(),
  /** the unfiled statement (kept until its account is created or chosen) */
  unfiled_id: z.string().nullable(),
  account_number: z.string(),
  added: z.number().int(),
  recognised: z.number().int(),
  gaps: z.number().int(),
  message: z.string(),
});
export type FilingInfo = z.infer<typeof FilingInfo>;

/**
 * "File to account" from the single-statement screen: the rows it shows, with the statement's
 * account number; with `account_id` into that account, else matched among the client's accounts.
 */
export const FileStatementRequest = z.object({
  client_id: z.string().uuid(),
  account_id: z.string().uuid().optional(),
  file_name: z.string().trim().max(200).default('statement'),
  bank: z.string().trim().max(100).nullable().default(null),
  account_number: z.string().trim().max(60).default(''),
  /** the period the statement prints (DD-MM-YYYY, '' or missing when none) */
  period_from: z.string().trim().max(20).nullish(),
  period_to: z.string().trim().max(20).nullish(),
  transactions: z.array(StatementTransaction).min(1).max(50_000),
  /** the stored statement the rows were read into: each row's reference is taken from it */
  statement_id: z.string().uuid().optional(),
});

/** Files an unfiled statement into an account (after the screen offered to create it). */
export const FileUnfiledRequest = z.object({ account_id: z.string().uuid() });

export const UnfiledInfo = z.object({
  id: z.string(),
  client_id: z.string().nullable(),
  file_name: z.string(),
  bank: z.string(),
  account_number: z.string(),
  rows: z.number().int(),
  period_from: z.string(),
  period_to: z.string(),
  created_at: z.string(),
});
export type UnfiledInfo = z.infer<typeof UnfiledInfo>;

/**
 * GET /office/inbox (issue 34 round three): the statements dropped on no client whose number no
 * client's account has, and the accounts they may be filed into (the clients one may see).
 */
export const InboxAnswer = z.object({
  unfiled: z.array(UnfiledInfo),
  accounts: z.array(
    z.object({
      id: z.string(),
      client_id: z.string(),
      client_name: z.string(),
      bank: z.string(),
      account_number: z.string(),
    }),
  ),
});
export type InboxAnswer = z.infer<typeof InboxAnswer>;

export const ClientAnswer = z.object({
  client: ClientInfo,
  accounts: z.array(AccountInfo),
  rules: z.array(RuleInfo),
  unfiled: z.array(UnfiledInfo),
  /** the client's filed statements, newest first */
  history: z.array(FiledStatementInfo.extend({ account_id: z.string() })),
});
export type ClientAnswer = z.infer<typeof ClientAnswer>;

/** POST /office/accounts/{id}/push: every unpushed row, or only those of one month ('YYYY-MM'). */
export const PushRequest = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.')
    .optional(),
  /** What the company holds on the account's ledger, read through the bridge (issue 31): not sent again. */
  held: HeldMovements.optional(),
  /**
   * Give every row without a ledger the one the client's rules or memory suggest (`suggested_ledger`)
   * before the push: set on the rows, as the book then shows them (issue 31).
   */
  use_suggestions: z.boolean().optional(),
  ...LedgerGroupChoice.shape,
});

/** POST /office/accounts/{id}/push: the unpushed rows as one Tally import, marked pushed. */
export const PushAnswer = z.object({
  ok: z.boolean(),
  xml_id: z.string(),
  /**
   * The file when it is one part (TALLY_PART_VOUCHERS vouchers at most); '' for a larger push, kept
   * in parts (issue 33): GET /tally/exports/{xml_id} gives it whole, `?part=N` a part at a time.
   */
  xml: z.string(),
  vouchers: z.number().int(),
  rows: z.number().int(),
  /** rows left out of the file: Bahi's record says Tally has them already (sent from another screen) */
  already_sent: z.number().int().min(0).optional(),
  /**
   * The masters the file creates, each under its group (issue 31): shown before it is sent. A new
   * ledger whose group nobody chose is under Suspense A/c (`needs_group`): push again with a group.
   */
  masters: z.array(PlannedMaster).default([]),
});
export type PushAnswer = z.infer<typeof PushAnswer>;
