import { z } from 'zod';
import { HeldMovements } from './statements.ts';

// The company in TallyPrime (issue 12, docs/decisions/036): who it is and the names it keeps, read
// through `bahi bridge` or from a masters export file, kept per user so every ledger field offers
// them and an export declares only the ledgers the company lacks. Pushes go in parts (issue 19).

/**
 * Vouchers per part of a push (issue 19): TallyPrime answers a part within seconds, the web app shows
 * progress part by part, and a failure is reported for its part alone.
 */
export const TALLY_PART_VOUCHERS = 500;

/** At most this many masters of one kind are kept: a large trading company has ~20,000 ledgers. */
export const MAX_TALLY_MASTERS = 100_000;

const name = z.string().trim().max(300);

export const TallyMaster = z.object({
  name: name.min(1),
  /** The group, stock group or base voucher type; '' for Primary. */
  parent: name.default(''),
  /** Stock items: the base unit. */
  unit: z.string().trim().max(100).optional(),
  /** Stock items: the HSN/SAC code Tally keeps (issue 31: invoices take it). */
  hsn: z.string().trim().max(20).optional(),
  /** Party ledgers: their GST registration as Tally keeps it, for invoices made out to them. */
  gstin: z.string().trim().max(20).optional(),
  state: z.string().trim().max(100).optional(),
  registrationType: z.string().trim().max(60).optional(),
  /** Tax ledgers: the GST duty head Tally keeps. */
  gstDutyHead: z.string().trim().max(60).optional(),
});
export type TallyMaster = z.infer<typeof TallyMaster>;

export const TallyCompanyInfo = z.object({
  name: name,
  state: z.string().trim().max(100).default(''),
  gstin: z.string().trim().max(20).default(''),
  /** 'TallyPrime 4.1', 'Tally.ERP 9'...: decides the GST duty-head words. '' when unknown. */
  version: z.string().trim().max(100).default(''),
  /** ISO date the books begin from, '' when unknown. */
  booksFrom: z.string().trim().max(10).default(''),
});
export type TallyCompanyInfo = z.infer<typeof TallyCompanyInfo>;

const masters = z.array(TallyMaster).max(MAX_TALLY_MASTERS).default([]);

/** PUT /tally/company: what the bridge read (its POST /company answer). */
export const TallyCompanySnapshot = z.object({
  company: TallyCompanyInfo,
  ledgers: masters,
  groups: masters,
  stockItems: masters,
  units: masters,
  voucherTypes: masters,
  /** TallyPrime 3.0+: the company's GST registrations (name, state, GSTIN) an invoice is issued under. */
  registrations: masters,
  loaded: z.array(name).max(1000).default([]),
  source: z.enum(['bridge', 'file']).default('bridge'),
});
export type TallyCompanySnapshot = z.infer<typeof TallyCompanySnapshot>;

/** GET /tally/company, and the answer of PUT /tally/company and POST /tally/company/file. */
export const TallyCompanyAnswer = TallyCompanySnapshot.extend({ read_at: z.string() });
export type TallyCompanyAnswer = z.infer<typeof TallyCompanyAnswer>;

/**
 * POST /tally/company/file (multipart): `file`, a masters export (XML, UTF-16 or UTF-8) as TallyPrime
 * wrote it, and these fields for what such a file may not say.
 */
export const TallyMastersFileFields = z.object({
  company_name: z.string().trim().max(200).optional(),
  state: z.string().trim().max(100).optional(),
  gstin: z.string().trim().max(20).optional(),
});
export type TallyMastersFileFields = z.infer<typeof TallyMastersFileFields>;

/** GET /tally/exports/:id?part=N: one part of a stored export, a complete import of its own. */
export const TallyExportPart = z.object({
  id: z.string(),
  part: z.number().int().min(0),
  parts: z.number().int().min(1),
  /** Vouchers in this part, and in the whole export. */
  vouchers: z.number().int().min(0),
  total_vouchers: z.number().int().min(0),
  xml: z.string(),
});
export type TallyExportPart = z.infer<typeof TallyExportPart>;

/** POST /tally/exports/{id}/response: kept; with ?part=N, how many parts of how many are in. */
export const TallyReportAnswer = z.object({
  ok: z.literal(true),
  parts: z.number().int().optional(),
  of: z.number().int().optional(),
});

/** What History keeps of a push in parts: one line per part the bridge reported. */
export const TallyPartResult = z.object({
  part: z.number().int().min(0),
  ok: z.boolean(),
  vouchers: z.number().int().min(0),
  created: z.number().int().min(0).default(0),
  altered: z.number().int().min(0).default(0),
  detail: z.string().max(500).optional(),
  problems: z.array(z.string().max(1000)).max(20).default([]),
});
export type TallyPartResult = z.infer<typeof TallyPartResult>;

// The list of pushes (issue 31): every push kept (Send to Tally, the office book, a send again),
// with Tally's answer per part and so per voucher, and "send again" for what Tally did not take.
// A voucher is in Tally when Bahi's record holds it as sent (Tally's answer counted it, or it was
// found there through the bridge); its answer is its part's, since TallyPrime answers counters only.

/** Where a voucher of a push stands. */
export const TallyPushVoucherState = z.enum([
  /** Bahi's record holds it as sent to this company and bank ledger */
  'in_tally',
  /** its part was answered, and not whole: Tally refused something in it */
  'not_taken',
  /** no answer for its part (the bridge stopped, the push was interrupted) */
  'no_answer',
]);
export type TallyPushVoucherState = z.infer<typeof TallyPushVoucherState>;

/** The push as a whole: every voucher in Tally, some, or none yet. */
export const TallyPushState = z.enum(['done', 'partly', 'not_done']);

export const TallyPushSummary = z.object({
  id: z.string(),
  created_at: z.string(),
  ledger_name: z.string(),
  company_name: z.string(),
  /** 'office' when the push came from a client's book (its rows are marked pushed on Tally's answer) */
  source: z.enum(['statement', 'office']),
  vouchers: z.number().int().min(0),
  /** of them, recorded as in Tally */
  in_tally: z.number().int().min(0),
  parts: z.number().int().min(1),
  /** parts Tally answered (ok or not) */
  parts_answered: z.number().int().min(0),
  state: TallyPushState,
  /** Tally's (or the connector's) first words about what it refused */
  problems: z.array(z.string().max(1000)).max(20),
  /** first and last day of its vouchers (ISO), to read what Tally holds before sending again */
  from: z.string(),
  to: z.string(),
});
export type TallyPushSummary = z.infer<typeof TallyPushSummary>;

/** GET /tally/pushes?offset&limit: newest first. */
export const TallyPushesAnswer = z.object({
  pushes: z.array(TallyPushSummary),
  total: z.number().int().min(0),
});
export type TallyPushesAnswer = z.infer<typeof TallyPushesAnswer>;

export const TallyPushVoucher = z.object({
  remote_id: z.string(),
  part: z.number().int().min(0),
  date: z.string(),
  type: z.string(),
  party: z.string(),
  side: z.enum(['withdrawal', 'deposit']),
  paise: z.number().int().min(0),
  narration: z.string(),
  state: TallyPushVoucherState,
  /** its part's answer when the part was not taken whole */
  answer: z.string().max(1000),
});
export type TallyPushVoucher = z.infer<typeof TallyPushVoucher>;

/**
 * GET /tally/pushes/:id?state=&offset&limit: the push and its vouchers (a page of them); `state` is a
 * TallyPushVoucherState, or `waiting` for those not in Tally.
 */
export const TallyPushDetail = z.object({
  push: TallyPushSummary,
  part_results: z.array(TallyPartResult),
  voucher_list: z.array(TallyPushVoucher),
  /** vouchers matching the state asked for (all when none) */
  matching: z.number().int().min(0),
});
export type TallyPushDetail = z.infer<typeof TallyPushDetail>;

/** POST /tally/pushes/:id/again: what Tally was found to hold is left out too. */
export const TallySendAgainRequest = z.object({ held: HeldMovements.optional() });
export type TallySendAgainRequest = z.infer<typeof TallySendAgainRequest>;

/** A new push of the vouchers not in Tally, kept for the bridge like Send to Tally's. */
export const TallySendAgainAnswer = z.object({
  ok: z.literal(true),
  xml_id: z.string(),
  vouchers: z.number().int().min(0),
  parts: z.number().int().min(1),
  /** left out: Bahi's record holds them as sent (or downloaded) since */
  already_sent: z.number().int().min(0),
  already_downloaded: z.number().int().min(0),
  /** left out: the company holds them (the `held` movements) */
  already_in_tally: z.number().int().min(0),
});
export type TallySendAgainAnswer = z.infer<typeof TallySendAgainAnswer>;
