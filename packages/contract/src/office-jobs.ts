import { z } from 'zod';

// The office drop (issue 13): many statements dropped at once on a client (or on the inbox), each
// file a job on the durable queue with its own row on the screen.

/** At most this many files in one drop, counting each file inside a .zip. */
export const MAX_DROP_FILES = 100;

export const OfficeJobState = z.enum(['queued', 'reading', 'needs_password', 'read', 'failed']);
export type OfficeJobState = z.infer<typeof OfficeJobState>;

/** One dropped file and what became of it. Dates are ISO; the period is DD-MM-YYYY as printed elsewhere. */
export const OfficeJob = z.object({
  id: z.string().uuid(),
  drop_id: z.string().uuid(),
  client_id: z.string().uuid().nullable(),
  file_name: z.string(),
  size: z.number().int(),
  state: OfficeJobState,
  /** reading: pages read so far of pages_total (null while unknown) */
  pages_done: z.number().int(),
  pages_total: z.number().int().nullable(),
  /** reading attempts started; more than one means a worker stopped mid-read and it was retried */
  attempts: z.number().int(),
  bank: z.string().nullable(),
  account_number: z.string().nullable(),
  period_from: z.string().nullable(),
  period_to: z.string().nullable(),
  rows: z.number().int().nullable(),
  /** read: whether the balances reconcile (a read that does not is never shown as clean) */
  reconciled: z.boolean().nullable(),
  pages_charged: z.number().int(),
  /** failed / needs_password: why, in plain words, with a code from @bahi/core/read-check */
  reason_code: z.string().nullable(),
  reason: z.string().nullable(),
  /** the statement as kept by the statement store, and the client's account it was filed to */
  statement_id: z.string().uuid().nullable(),
  account_id: z.string().uuid().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OfficeJob = z.infer<typeof OfficeJob>;

/** POST /office/drops (multipart: one or more `file` parts, optional field `client_id`): 202. */
export const DropAnswer = z.object({
  drop_id: z.string().uuid(),
  jobs: z.array(OfficeJob),
});
export type DropAnswer = z.infer<typeof DropAnswer>;

/** GET /office/jobs?client_id=…|inbox=1[&drop_id=…] */
export const JobsQuery = z.object({
  client_id: z.string().uuid().optional(),
  drop_id: z.string().uuid().optional(),
  /** the files dropped on no client, sorted by account number */
  inbox: z.enum(['1', 'true']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type JobsQuery = z.infer<typeof JobsQuery>;

export const JobsAnswer = z.object({
  jobs: z.array(OfficeJob),
  /** counts by state, for the heading of the table */
  counts: z.record(OfficeJobState, z.number().int()),
});
export type JobsAnswer = z.infer<typeof JobsAnswer>;

/**
 * POST /office/jobs/password: the password is tried on every file of that client (or of the inbox
 * when client_id is null) that waits for one, in this request's memory only.
 */
export const JobsPasswordRequest = z.object({
  client_id: z.string().uuid().nullable(),
  password: z.string().min(1, 'Enter the password').max(200),
});
export type JobsPasswordRequest = z.infer<typeof JobsPasswordRequest>;

export const JobsPasswordAnswer = z.object({
  /** files that waited for a password */
  tried: z.number().int(),
  /** of those, the ones this password opened (read or failed for another reason) */
  opened: z.number().int(),
  jobs: z.array(OfficeJob),
});
export type JobsPasswordAnswer = z.infer<typeof JobsPasswordAnswer>;
