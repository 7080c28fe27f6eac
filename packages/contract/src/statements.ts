import { z } from 'zod';
import { TaxSplitInfo } from './tax.ts';

// Bank statements and Tally calls (spec section 7, issue 5). Amounts travel as the specification's
// Transaction strings ('1,23,456.78', '' when empty); dates as 'DD-MM-YYYY'.

/** The specification's Transaction (LedgerName only on the result screen). */
export const StatementTransaction = z.object({
  Date: z.string().max(40),
  Description: z.string().max(2000),
  Withdrawal: z.string().max(40),
  Deposit: z.string().max(40),
  ClosingBalance: z.string().max(40).default(''),
  LedgerName: z.string().max(200).optional(),
  /** GST or TDS split of the row's amount (decision 055): the voucher carries a leg per tax */
  TaxSplit: TaxSplitInfo.nullable().optional(),
});
export type StatementTransaction = z.infer<typeof StatementTransaction>;

/** At most this many rows in one XML request (a few years of a busy current account). */
export const MAX_XML_ROWS = 50_000;
const Rows = z.array(StatementTransaction).max(MAX_XML_ROWS);

/** POST /{bank}/check-password */
export const CheckPasswordAnswer = z.object({ password_required: z.boolean() });
export type CheckPasswordAnswer = z.infer<typeof CheckPasswordAnswer>;

/** Error codes an extraction answers with beside `detail`. */
export const STATEMENT_ERROR_CODES = [
  'PASSWORD_REQUIRED',
  'WRONG_PASSWORD',
  'UNREADABLE',
  'UNSUPPORTED',
  'TOO_LARGE',
  'TIMEOUT',
  'NO_TRANSACTIONS',
  // issue 17: why no table was found, and a page that could not be read
  'NO_TABLE',
  'SCAN_NO_TABLE',
  'PAGE_UNREADABLE',
] as const;

/**
 * Why a read is not a clean success, in plain words with the next step (issue 17). `code` is one of
 * @bahi/core's ReadReasonCode (NOT_RECONCILED, ROWS_SKIPPED, NO_TABLE, SCAN_NO_TABLE, ...). A failed
 * extraction answers { detail, code, reason }; a read that is not clean carries `reasons`.
 */
export const ReadReasonInfo = z.object({
  code: z.string(),
  message: z.string(),
  next: z.string(),
});
export type ReadReasonInfo = z.infer<typeof ReadReasonInfo>;

/** What the reader noticed: rows it could not read, pages without a table, figures repaired by OCR. */
export const ReadIssue = z.object({
  kind: z.enum(['row', 'layout', 'detection', 'totals']),
  message: z.string(),
  page: z.number().int().optional(),
  text: z.string().optional(),
});
export type ReadIssue = z.infer<typeof ReadIssue>;

export const StatementInfo = z.object({
  bank: z.string().nullable(),
  bank_label: z.string(),
  account_number: z.string().nullable(),
  holder: z.string().nullable(),
  ifsc: z.string().nullable(),
  account_type: z.string().nullable(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  opening_balance: z.string(),
  closing_balance: z.string(),
  transactions: z.number().int(),
});
export type StatementInfo = z.infer<typeof StatementInfo>;

export const BalanceBreakInfo = z.object({
  /** index into `transactions` */
  row: z.number().int(),
  date: z.string(),
  expected: z.string(),
  printed: z.string(),
  reason: z.string(),
});

export const ReconciliationInfo = z.object({
  ok: z.boolean(),
  message: z.string(),
  opening_balance: z.string(),
  closing_balance: z.string(),
  total_deposits: z.string(),
  total_withdrawals: z.string(),
  opening_source: z.enum(['printed', 'derived', 'none']),
  checked_balances: z.number().int(),
  breaks: z.array(BalanceBreakInfo),
  /** the reader's notes (printed header figures that disagree with rows that reconcile) */
  notes: z.array(z.string()).default([]),
  /** the closing balance printed on the statement ('' when none): the re-check after edits uses it */
  printed_closing: z.string().default(''),
  /**
   * rows read from a scan that the checks could not vouch for (indexes into `transactions`, as
   * `breaks`): a figure mended or unchecked, a date out of order, an account that does not
   * reconcile (issue 32). The user compares them with the paper.
   */
  ocr_flags: z.array(z.number().int()).max(MAX_XML_ROWS).default([]),
});
export type ReconciliationInfo = z.infer<typeof ReconciliationInfo>;

export const BankDetected = z.object({
  code: z.string().nullable(),
  label: z.string(),
  requested: z.string().nullable(),
  /** true when the bank chosen was wrong (or missing) and the statement's own bank was used */
  corrected: z.boolean(),
  reason: z.string(),
});
export type BankDetected = z.infer<typeof BankDetected>;

/** POST /{bank}/extract-statement */
export const ExtractAnswer = z.object({
  transactions: z.array(StatementTransaction),
  xml_preview: z.string(),
  statement_info: StatementInfo,
  /** account number -> its transactions; present for statements with more than one account */
  fallback_accounts: z.record(z.string(), z.array(StatementTransaction)),
  reconciliation: ReconciliationInfo,
  bank_detected: BankDetected,
  /** pages this extraction cost (0 when the same file was read within 24 hours) */
  pages: z.number().int(),
  page_left: z.number().int(),
  access_token: z.string(),
  format: z.string(),
  /** why this read is not clean (empty when it is): issue 17 */
  reasons: z.array(ReadReasonInfo).default([]),
  /** everything the reader noticed, never dropped */
  issues: z.array(ReadIssue).default([]),
  /** the taught layout that read this file, when one did */
  layout_used: z
    .lazy(() => TaughtLayoutInfo)
    .nullable()
    .default(null),
  /** issue 34: when a taught layout fitted the file, the other read (kept as a statement of its own) */
  other_read: z
    .lazy(() => OtherRead)
    .nullable()
    .default(null),
  /** with a layout sent (read-with-layout): the file's shape, to save the layout with */
  layout_signature: z
    .lazy(() => LayoutSignature)
    .nullable()
    .default(null),
  /** with a mapping sent (read-with-mapping): the sheet's heading, to save the mapping with */
  mapping_signature: z
    .lazy(() => SheetSignature)
    .nullable()
    .default(null),
  /** the statement as kept on the server (issue 19): the result screen opens /app/bank/{id} */
  statement_id: z.string().nullable().default(null),
});
export type ExtractAnswer = z.infer<typeof ExtractAnswer>;

// ---- layouts the user taught (issue 17) ----

export const COLUMN_ROLES = [
  'date',
  'valueDate',
  'description',
  'reference',
  'debit',
  'credit',
  'amount',
  'balance',
  'mark',
  'serial',
  'other',
] as const;

/** @bahi/statements' TaughtLayout: column bands and the first row, in page units (origin top-left). */
export const TaughtLayout = z.object({
  page: z.number().int().min(1).max(10_000),
  top: z.number().min(0).max(100_000),
  columns: z
    .array(
      z.object({
        role: z.enum(COLUMN_ROLES),
        x0: z.number().min(0).max(100_000),
        x1: z.number().min(0).max(100_000),
      }),
    )
    .min(2)
    .max(30),
});
export type TaughtLayout = z.infer<typeof TaughtLayout>;

export const LayoutSignature = z.object({
  pageWidth: z.number(),
  pageHeight: z.number(),
  heading: z.array(z.string().max(100)).max(60),
  headingY: z.number(),
});
export type LayoutSignature = z.infer<typeof LayoutSignature>;

/** GET /layouts items; also `layout_used` of an extraction. */
export const TaughtLayoutInfo = z.object({
  id: z.string(),
  name: z.string(),
  bank: z.string(),
  created_at: z.string(),
  heading: z.array(z.string()),
  /** a PDF page's layout, or a sheet's columns (issue 35) */
  kind: z.enum(['pdf', 'sheet']).default('pdf'),
  /** the client a sheet's columns were marked for (issue 35); null or absent: the office's, every client's */
  client_id: z.string().nullable().optional(),
});
export type TaughtLayoutInfo = z.infer<typeof TaughtLayoutInfo>;

/**
 * Issue 34: a taught layout is used only where Bahi's own read fails or balances worse. When one
 * fitted a file, both reads are kept (two statements) and each names the other: `shown` is what
 * this statement is, `chosen` whether Bahi chose it, `why` why the chosen one was chosen; `rows`,
 * `balanced` and `breaks` describe the other read.
 */
export const OtherRead = z.object({
  statement_id: z.string(),
  shown: z.enum(['builtin', 'taught']),
  chosen: z.boolean(),
  why: z.string(),
  /** the taught layout (whichever of the two reads used it) */
  layout: TaughtLayoutInfo.nullable(),
  rows: z.number().int(),
  balanced: z.boolean(),
  breaks: z.number().int(),
});
export type OtherRead = z.infer<typeof OtherRead>;

/** POST /layouts: save the layout that read a file (after the user confirmed the result). */
export const SaveLayoutRequest = z.object({
  name: z.string().trim().min(1, 'Please enter a name.').max(100),
  bank: z.string().max(20),
  layout: TaughtLayout,
  signature: LayoutSignature,
  /** the statement this layout read (issue 19): it then shows 'Read with the layout you taught' */
  statement_id: z.string().uuid().optional(),
});
export type SaveLayoutRequest = z.infer<typeof SaveLayoutRequest>;

// ---- sheets mapped once (issue 35, docs/decisions/056) ----

/** A column index of the sheet (0 = column A). */
const SheetColumn = z.number().int().min(0).max(255);

/**
 * @bahi/statements' SheetMapping: the column of each role, the first transaction row, how money is
 * printed (withdrawal and deposit columns, one amount and a Dr/Cr column, or a signed amount) and
 * how a numeric date is ordered.
 */
export const SheetMapping = z
  .object({
    sheet: z.number().int().min(0).max(255),
    firstRow: z.number().int().min(0).max(1_000_000),
    amounts: z.enum(['split', 'side', 'signed']),
    dateOrder: z.enum(['dmy', 'mdy', 'ymd']),
    columns: z.object({
      date: SheetColumn,
      description: SheetColumn,
      balance: SheetColumn,
      valueDate: SheetColumn.optional(),
      reference: SheetColumn.optional(),
      debit: SheetColumn.optional(),
      credit: SheetColumn.optional(),
      amount: SheetColumn.optional(),
      side: SheetColumn.optional(),
    }),
  })
  .superRefine((m, ctx) => {
    const c = m.columns;
    const say = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['columns'] });
    if (m.amounts === 'split' && (c.debit === undefined || c.credit === undefined))
      say('Mark the withdrawal column and the deposit column.');
    if (m.amounts !== 'split' && c.amount === undefined) say('Mark the amount column.');
    if (m.amounts === 'side' && c.side === undefined) say('Mark the column that says Dr or Cr.');
    const used = Object.values(c).filter((v) => v !== undefined);
    if (new Set(used).size !== used.length) say('Each column can have one role only.');
  });
export type SheetMapping = z.infer<typeof SheetMapping>;

/** What identifies a mapped sheet's layout again: its heading row's cells, normalised. */
export const SheetSignature = z.object({
  kind: z.literal('sheet'),
  headings: z.array(z.string().max(200)).max(256),
  headingRow: z.number().int().min(0),
});
export type SheetSignature = z.infer<typeof SheetSignature>;

/** POST /{bank}/sheet-preview: the first rows of each sheet as the reader sees them. */
export const SheetPreviewAnswer = z.object({
  sheets: z.array(
    z.object({ name: z.string(), total: z.number().int(), rows: z.array(z.array(z.string())) }),
  ),
});
export type SheetPreviewAnswer = z.infer<typeof SheetPreviewAnswer>;

/** POST /mappings: save the mapping that read a file (after the user saw the result). */
export const SaveMappingRequest = z.object({
  name: z.string().trim().min(1, 'Please enter a name.').max(100),
  /** the bank chosen on upload, or `auto` for a file whose bank was not chosen */
  bank: z.string().max(20),
  mapping: SheetMapping,
  signature: SheetSignature,
  statement_id: z.string().uuid().optional(),
  /**
   * The client these columns are for (issue 35): tried first on that client's files, then on other
   * clients' when none of theirs fits. Absent: the office's, for every client.
   */
  client_id: z.string().uuid().optional(),
});
export type SaveMappingRequest = z.infer<typeof SaveMappingRequest>;

/** PATCH /layouts/{id} */
export const RenameLayoutRequest = z.object({ name: z.string().trim().min(1).max(100) });

export const LayoutsAnswer = z.object({ layouts: z.array(TaughtLayoutInfo) });

/**
 * The statement kept on the server (GET /statements/{id}) the rows come from: the XML then takes
 * each row's reference and value date from the stored rows, never from the browser (issue 12).
 */
const FromStatement = z.string().uuid().optional();

/**
 * The groups of the new ledgers an export declares (issue 31): a ledger the rows name that the
 * company lacks is never put under Suspense A/c unless asked. `ledger_groups` by ledger name;
 * `new_ledger_group` for every new ledger it does not name ('Suspense A/c' when that is what the
 * user wants). Without either, an export that would create such a ledger is refused (422,
 * `new_ledgers` names them).
 */
export const LedgerGroupChoice = z.object({
  ledger_groups: z
    .record(z.string().max(200), z.string().trim().min(1).max(200))
    .refine((o) => Object.keys(o).length <= 5000, 'At most 5,000 ledger groups.')
    .optional(),
  new_ledger_group: z.string().trim().min(1).max(200).optional(),
});
export type LedgerGroupChoice = z.infer<typeof LedgerGroupChoice>;

/** POST /bob/download-xml and POST /{bankCode}/download-xml */
export const DownloadXmlRequest = z.object({
  acc: z.string().max(60).default(''),
  transactions: Rows,
  ledger_name: z.string().max(200).optional(),
  company_name: z.string().max(200).optional(),
  statement_id: FromStatement,
  /** Put in again the vouchers Bahi recorded as sent or downloaded before (issue 31); left out by default. */
  include_sent: z.boolean().optional(),
  ...LedgerGroupChoice.shape,
});
export type DownloadXmlRequest = z.infer<typeof DownloadXmlRequest>;

/** POST /tally/generate-xml?ledger_name= : the body is the array of transactions. */
export const GenerateXmlRequest = Rows;

/**
 * What the company already holds on the bank ledger in the rows' period, as the bridge read it
 * from TallyPrime (POST /held on the bridge, issue 31): each movement answers for one row's
 * voucher of the same day, side and amount, which is then not sent.
 */
export const HeldMovements = z
  .array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      side: z.enum(['withdrawal', 'deposit']),
      paise: z.number().int().min(1).max(1e15),
    }),
  )
  .max(2 * MAX_XML_ROWS);
export type HeldMovements = z.infer<typeof HeldMovements>;

/** POST /tally/send-to-tally */
export const SendToTallyRequest = z.object({
  transactions: Rows.min(1, 'No transactions to send.'),
  ledger_name: z.string().trim().min(1, 'Please enter a ledger name.').max(200),
  company_name: z.string().trim().min(1, 'Please enter a company name.').max(200),
  statement_id: FromStatement,
  held: HeldMovements.optional(),
  /** Put in again the vouchers Bahi recorded as sent or downloaded before (issue 31); left out by default. */
  include_sent: z.boolean().optional(),
  ...LedgerGroupChoice.shape,
});
export type SendToTallyRequest = z.infer<typeof SendToTallyRequest>;

export const SendToTallyAnswer = z.object({
  ok: z.boolean(),
  xml_id: z.string(),
  vouchers: z.number().int(),
  /** parts of TALLY_PART_VOUCHERS the bridge pushes one by one */
  parts: z.number().int().min(1),
  /** '' with ?xml=none */
  xml: z.string(),
  /** vouchers left out: Tally confirmed them before, for this company and bank ledger (issue 31) */
  already_sent: z.number().int().min(0).optional(),
  /** vouchers left out: they were in a file downloaded before */
  already_downloaded: z.number().int().min(0).optional(),
  /** vouchers left out: the company holds them already (the `held` movements sent) */
  already_in_tally: z.number().int().min(0).optional(),
});
export type SendToTallyAnswer = z.infer<typeof SendToTallyAnswer>;

const TallyCount = z.number().int().min(0).max(1e9);
/** Characters of Tally's raw answer kept with an export (its first part says why an import failed). */
export const MAX_TALLY_RAW_CHARS = 64 * 1024;
const clipped = (max: number) => z.string().transform((s) => s.slice(0, max));
const clippedList = (items: number, chars: number) =>
  z.array(z.string()).transform((a) => a.slice(0, items).map((s) => s.slice(0, chars)));

/**
 * What the bridge parsed from Tally's answer (@bahi/tally's TallyImportResult), and only that:
 * numbers, and strings and lists cut to a bounded size, unknown keys dropped (issue 18: the stored
 * response accepted anything). Kept whole, a report is at most ~1 MB.
 */
export const TallyImportReport = z
  .object({
    ok: z.boolean(),
    created: TallyCount,
    altered: TallyCount,
    deleted: TallyCount,
    combined: TallyCount,
    ignored: TallyCount,
    errors: TallyCount,
    cancelled: TallyCount,
    exceptions: TallyCount,
    lastVchId: clipped(100),
    lineErrors: clippedList(200, 1000),
    named: clippedList(200, 200),
    problems: clippedList(200, 1000),
    expected: TallyCount,
    raw: clipped(MAX_TALLY_RAW_CHARS),
  })
  .partial();
export type TallyImportReport = z.infer<typeof TallyImportReport>;

/** POST /tally/exports/{id}/response: what the bridge answered, kept in the history. */
export const TallyResponseReport = z.object({
  ok: z.boolean(),
  status: z.string().max(40).optional(),
  tally_response: TallyImportReport.nullable().optional(),
  detail: z.string().max(500).optional(),
});

/** POST /ledger-memory: ledgers the user gave rows (remembered per UPI ID, payee, keyword). */
export const LedgerAssignments = z.object({
  assignments: z
    .array(z.object({ description: z.string().max(2000), ledger: z.string().trim().max(200) }))
    .max(MAX_XML_ROWS),
});
export type LedgerAssignments = z.infer<typeof LedgerAssignments>;

/** POST /ledger-memory/suggest */
export const SuggestRequest = z.object({ descriptions: z.array(z.string().max(2000)).max(MAX_XML_ROWS) });

export const LedgerSuggestion = z.object({
  /** index into the descriptions sent */
  index: z.number().int(),
  ledger: z.string(),
  /** why: e.g. "You used 'Rent' for UPI ID landlord@okaxis" */
  reason: z.string(),
});
export type LedgerSuggestion = z.infer<typeof LedgerSuggestion>;
export const SuggestAnswer = z.object({ suggestions: z.array(LedgerSuggestion) });

// ---- statements kept on the server (issue 19) ----

/**
 * One stored row, compact: [Date, Description, Withdrawal, Deposit, ClosingBalance] as the
 * specification's Transaction strings. Ledger names travel beside the rows (`ledgers[i]`), so saving
 * a ledger never rewrites the rows.
 */
/**
 * Date, Description, Withdrawal, Deposit, ClosingBalance as shown, then the reference (cheque number,
 * UTR) and value date (DD-MM-YYYY) the statement printed, when it printed them: the Tally XML's bank
 * allocations take them from here (issue 12).
 */
export const StoredRow = z.tuple([
  z.string().max(40),
  z.string().max(2000),
  z.string().max(40),
  z.string().max(40),
  z.string().max(40),
  z.string().max(100).optional(),
  z.string().max(40).optional(),
]);
export type StoredRow = z.infer<typeof StoredRow>;

/** At most this many rows per page of GET /statements/{id}/rows. */
export const MAX_ROWS_PAGE = MAX_XML_ROWS;

/** GET /statements/{id}: everything the result screen shows except the rows. */
export const StoredStatement = z.object({
  id: z.string(),
  /** the bank chosen on upload (URL segment), upper-case */
  requested_bank: z.string(),
  file_name: z.string(),
  format: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  row_count: z.number().int(),
  /** bumped whenever the rows themselves change (fixes in place); ledger saves name the revision they saw */
  revision: z.number().int(),
  /** the user changed a date, an amount, a balance or the rows themselves (issue 17) */
  edited: z.boolean(),
  /** the user accepted a read that does not reconcile: exports are allowed */
  accepted: z.boolean(),
  statement_info: StatementInfo,
  bank_detected: BankDetected,
  reconciliation: ReconciliationInfo,
  reasons: z.array(ReadReasonInfo),
  issues: z.array(ReadIssue),
  layout_used: z
    .lazy(() => TaughtLayoutInfo)
    .nullable()
    .default(null),
  /** issue 34: when a taught layout fitted the file, the other read (kept as a statement of its own) */
  other_read: z
    .lazy(() => OtherRead)
    .nullable()
    .default(null),
  xml_preview: z.string(),
  fallback_accounts: z.record(z.string(), z.array(StatementTransaction)),
});
export type StoredStatement = z.infer<typeof StoredStatement>;

/** GET /statements/{id}/rows?offset=&limit= */
export const StatementRowsPage = z.object({
  id: z.string(),
  offset: z.number().int(),
  total: z.number().int(),
  revision: z.number().int(),
  rows: z.array(StoredRow),
  /** the ledger name of each row of `rows` ('' when none) */
  ledgers: z.array(z.string()),
  /** the GST/TDS split of each row of `rows` (null when none); absent or null when no row has one */
  splits: z.array(TaxSplitInfo.nullable()).nullable().optional(),
});
export type StatementRowsPage = z.infer<typeof StatementRowsPage>;

/**
 * GET /statements/{id}/scan-crops (issue 32): for each row of `reconciliation.ocr_flags` read from a
 * scanned page, the strip of the page it was read from (a base64 JPEG), by row index. Empty for a
 * statement read from text, and for one read before the strips were kept.
 */
export const StatementScanCrops = z.object({
  crops: z.record(z.string(), z.string()),
});
export type StatementScanCrops = z.infer<typeof StatementScanCrops>;

/**
 * POST /statements/{id}/ledgers: ledger names given to rows (one change per ledger, with every row
 * index it goes to: "Apply Ledger to Filtered" on 20,000 rows is one change). `revision` is the rows'
 * revision the indexes refer to; a stale one is refused (409) so a ledger never lands on a moved row.
 */
export const SaveLedgersRequest = z.object({
  revision: z.number().int().min(1),
  changes: z
    .array(
      z.object({
        rows: z.array(z.number().int().min(0)).min(1).max(MAX_XML_ROWS),
        ledger: z.string().trim().max(200),
      }),
    )
    .min(1)
    .max(MAX_XML_ROWS),
});
export type SaveLedgersRequest = z.infer<typeof SaveLedgersRequest>;

export const SaveLedgersAnswer = z.object({
  ok: z.boolean(),
  revision: z.number().int(),
  saved: z.number().int(),
});
export type SaveLedgersAnswer = z.infer<typeof SaveLedgersAnswer>;

/**
 * POST /statements/{id}/splits: a GST/TDS split given to rows (null clears), on the statement
 * screen's table (issue 35, decision 057). `revision` as for ledgers: a stale one is refused (409).
 */
export const SaveSplitsRequest = z.object({
  revision: z.number().int().min(1),
  rows: z.array(z.number().int().min(0)).min(1).max(MAX_XML_ROWS),
  split: TaxSplitInfo.nullable(),
});
export type SaveSplitsRequest = z.infer<typeof SaveSplitsRequest>;

export const SaveSplitsAnswer = z.object({
  ok: z.boolean(),
  revision: z.number().int(),
  saved: z.number().int(),
});
export type SaveSplitsAnswer = z.infer<typeof SaveSplitsAnswer>;

/**
 * PUT /statements/{id}/rows: the rows as fixed in place (issue 17), with their ledgers and splits
 * (a split per row; left out, every split is cleared: the rows moved).
 */
export const SaveRowsRequest = z
  .object({
    revision: z.number().int().min(1),
    rows: z.array(StoredRow).max(MAX_XML_ROWS),
    ledgers: z.array(z.string().max(200)).max(MAX_XML_ROWS),
    splits: z.array(TaxSplitInfo.nullable()).max(MAX_XML_ROWS).optional(),
  })
  .refine((b) => b.rows.length === b.ledgers.length, { message: 'One ledger per row.' })
  .refine((b) => !b.splits || b.rows.length === b.splits.length, { message: 'One split per row.' });
export type SaveRowsRequest = z.infer<typeof SaveRowsRequest>;

export const SaveRowsAnswer = z.object({ ok: z.boolean(), revision: z.number().int() });
export type SaveRowsAnswer = z.infer<typeof SaveRowsAnswer>;

/** PUT /statements/{id}/accepted */
export const AcceptStatementRequest = z.object({ accepted: z.boolean() });

/** GET /statements?offset=&limit=: the user's statements, newest first. */
export const StatementListItem = z.object({
  id: z.string(),
  file_name: z.string(),
  bank: z.string().nullable(),
  account_number: z.string().nullable(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  row_count: z.number().int(),
  created_at: z.string(),
});
export type StatementListItem = z.infer<typeof StatementListItem>;
export const StatementList = z.object({ statements: z.array(StatementListItem), total: z.number().int() });
export type StatementList = z.infer<typeof StatementList>;

/**
 * POST /tally/push-plan: what Send to Tally or Download XML of these rows would do, said before it is
 * done (issue 31). The same fields as Send to Tally; the company is optional (a download).
 */
export const PushPlanRequest = SendToTallyRequest.extend({
  company_name: z.string().trim().max(200).optional(),
});
export type PushPlanRequest = z.infer<typeof PushPlanRequest>;

/** A master the export would create, and its group. */
export const PlannedMaster = z.object({
  name: z.string(),
  group: z.string(),
  /** the bank's ledger, the suspense ledger, Cash of a Contra, a tax ledger of a GST/TDS split, or a ledger the rows name */
  kind: z.enum(['bank', 'suspense', 'cash', 'tax', 'ledger']),
  /** nobody chose its group yet: the export is refused until someone does */
  needs_group: z.boolean(),
});
export type PlannedMaster = z.infer<typeof PlannedMaster>;

export const PushPlanAnswer = z.object({
  /** vouchers the export would hold */
  vouchers: z.number().int().min(0),
  already_sent: z.number().int().min(0),
  already_downloaded: z.number().int().min(0),
  already_in_tally: z.number().int().min(0),
  /** rows of the export with no ledger: they go to the suspense ledger (cash rows go to Cash as Contra) */
  without_ledger: z.number().int().min(0),
  /** those rows (indexes into `transactions`), at most MAX_XML_ROWS */
  without_ledger_rows: z.array(z.number().int().min(0)),
  /** for those rows, the ledger remembered for a narration like theirs (index into `transactions`) */
  suggestions: z.array(LedgerSuggestion),
  /** the masters it would create (those the company is not known to have) */
  masters: z.array(PlannedMaster),
  /** groups to choose from: the company's when it was read, else TallyPrime's predefined groups */
  groups: z.array(z.string()),
});
export type PushPlanAnswer = z.infer<typeof PushPlanAnswer>;

/**
 * POST /tally/bank-statement-file: the statement as the bank-statement file TallyPrime's auto bank
 * reconciliation imports (MT940, issue 31). The whole statement as read: the balances must chain.
 */
export const BankStatementFileRequest = z.object({
  acc: z.string().trim().min(1, 'The account number is needed for the bank statement file.').max(60),
  transactions: Rows.min(1, 'No transactions to write.'),
  statement_id: FromStatement,
});
export type BankStatementFileRequest = z.infer<typeof BankStatementFileRequest>;
