// The rows behind the drop screen: one office_jobs row per dropped file, its bytes kept (a file
// under the data directory, named in office_uploads) until the job ends. Every query is scoped by
// the user's id.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { OfficeJob, OfficeJobState } from '@bahi/contract';
import type { Db, DbOrTx, Tx } from '../db/index.ts';
import { officeJobs, officeUploads, type OfficeJobRow } from '../db/schema.ts';
import type { KeptFile, UploadFiles } from './upload-files.ts';

/** A dropped file already kept under the data directory, with the name it was dropped as. */
export type NewFile = KeptFile & { fileName: string };

/** The row as the API answers it. */
export function jobView(row: OfficeJobRow): OfficeJob {
  return {
    id: row.id,
    drop_id: row.dropId,
    client_id: row.clientId,
    file_name: row.fileName,
    size: row.size,
    state: row.state,
    pages_done: row.pagesDone,
    pages_total: row.pagesTotal,
    attempts: row.attempts,
    bank: row.bank,
    account_number: row.accountNumber,
    period_from: row.periodFrom,
    period_to: row.periodTo,
    rows: row.rows,
    reconciled: row.reconciled,
    pages_charged: row.pagesCharged,
    reason_code: row.reasonCode,
    reason: row.reason,
    statement_id: row.statementId,
    account_id: row.accountId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Records the files of one drop in one transaction, their bytes already kept (and flushed) under
 * the data directory: once this returns, no upload can be lost whatever process dies next (the
 * queue jobs are sent after, and a row without its queue job is sent again by `recover`).
 */
export async function insertDrop(
  db: Db,
  userId: string,
  clientId: string | null,
  dropId: string,
  files: NewFile[],
  /** queues the rows within the same transaction (StatementQueue.sendWithin) */
  enqueue?: (tx: Tx, rows: OfficeJobRow[]) => Promise<void>,
): Promise<OfficeJobRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(officeJobs)
      .values(
        files.map((f) => ({
          userId,
          clientId,
          dropId,
          fileName: f.fileName.slice(0, 200),
          sha256: f.sha256,
          size: f.size,
        })),
      )
      .returning();
    await tx.insert(officeUploads).values(rows.map((r, i) => ({ jobId: r.id, file: files[i].key })));
    await enqueue?.(tx, rows);
    return rows;
  });
}

/** Keeps bytes in memory as a drop (tools and tests; the drop route streams its files instead). */
export async function storeDrop(
  db: Db,
  uploads: UploadFiles,
  userId: string,
  clientId: string | null,
  dropId: string,
  files: { fileName: string; bytes: Uint8Array }[],
): Promise<OfficeJobRow[]> {
  const kept: NewFile[] = [];
  for (const f of files) kept.push({ fileName: f.fileName, ...(await uploads.write(userId, f.bytes)) });
  await uploads.settle(kept.map((k) => k.key));
  return insertDrop(db, userId, clientId, dropId, kept);
}

export async function getJob(
  db: DbOrTx,
  jobId: string,
  /** conditions the row must meet as well (the route's access check, in the same query) */
  ...also: (SQL | undefined)[]
): Promise<OfficeJobRow | undefined> {
  const [row] = await db
    .select()
    .from(officeJobs)
    .where(and(eq(officeJobs.id, jobId), ...also));
  return row;
}

/**
 * A job's kept bytes and the file they are in (none for a row stored in the database before the
 * files); `missing` when the row names a file that is not there.
 */
export async function uploadBytes(
  db: DbOrTx,
  uploads: UploadFiles,
  jobId: string,
): Promise<{ bytes: Uint8Array; file: string | null } | 'missing' | undefined> {
  const [row] = await db
    .select({ bytes: officeUploads.bytes, file: officeUploads.file })
    .from(officeUploads)
    .where(eq(officeUploads.jobId, jobId));
  if (!row) return undefined;
  if (!row.file) return row.bytes ? { bytes: row.bytes, file: null } : undefined;
  const bytes = await uploads.read(row.file);
  return bytes ? { bytes, file: row.file } : 'missing';
}

/** Deletes a job's upload row in `tx`; the file it named, to remove once `tx` is committed. */
export async function dropUploadRow(tx: DbOrTx, jobId: string): Promise<string[]> {
  const gone = await tx
    .delete(officeUploads)
    .where(eq(officeUploads.jobId, jobId))
    .returning({ file: officeUploads.file });
  return gone.flatMap((g) => (g.file ? [g.file] : []));
}

/** The jobs of one client (or of the inbox: no client, sorted by account number), newest drop first. */
export async function listJobs(
  db: Db,
  userId: string,
  opts: {
    clientId?: string;
    inbox?: boolean;
    dropId?: string;
    limit: number;
    /** only the jobs of clients this person sees (an accountant's: seenBy in office/team.ts) */
    seen?: (clientId: typeof officeJobs.clientId) => SQL | undefined;
  },
): Promise<OfficeJobRow[]> {
  const where = [eq(officeJobs.userId, userId)];
  const seen = opts.seen?.(officeJobs.clientId);
  // an accountant sees no file without a client (the inbox is the owner's)
  if (seen) where.push(isNotNull(officeJobs.clientId), seen);
  if (opts.clientId) where.push(eq(officeJobs.clientId, opts.clientId));
  else if (opts.inbox) where.push(isNull(officeJobs.clientId));
  if (opts.dropId) where.push(eq(officeJobs.dropId, opts.dropId));
  const order = opts.inbox
    ? [sql`${officeJobs.accountNumber} asc nulls last`, asc(officeJobs.periodFrom), asc(officeJobs.fileName)]
    : [desc(officeJobs.createdAt), asc(officeJobs.fileName)];
  return db
    .select()
    .from(officeJobs)
    .where(and(...where))
    .orderBy(...order)
    .limit(opts.limit);
}

/** Jobs of one user waiting for a password, on one client or (null) on the inbox. */
export async function waitingForPassword(db: Db, userId: string, clientId: string | null) {
  return db
    .select()
    .from(officeJobs)
    .where(
      and(
        eq(officeJobs.userId, userId),
        clientId ? eq(officeJobs.clientId, clientId) : isNull(officeJobs.clientId),
        eq(officeJobs.state, 'needs_password'),
      ),
    )
    .orderBy(asc(officeJobs.createdAt));
}

/**
 * Claims a job for reading: only from `queued`, `reading` (a retry after a worker died) or, for a
 * password attempt, `needs_password`. Returns the row, or undefined when the job has ended (read,
 * failed) or is gone: a second delivery of a finished job does nothing.
 */
export async function startReading(
  db: Db,
  jobId: string,
  from: OfficeJobState[] = ['queued', 'reading'],
): Promise<OfficeJobRow | undefined> {
  const [row] = await db
    .update(officeJobs)
    .set({
      state: 'reading',
      attempts: sql`${officeJobs.attempts} + 1`,
      // a retry starts its pages again
      pagesDone: 0,
      pagesTotal: null,
      updatedAt: new Date(),
    })
    .where(and(eq(officeJobs.id, jobId), inArray(officeJobs.state, from)))
    .returning();
  return row;
}

/**
 * A reading file's page progress, written at most once every `everyMs` (the screen polls every
 * 1.5 s; a write per page of a 500-page file would only load the database). The first report (the
 * page count) is always written. Only a file still being read takes it: a late write never
 * undoes its end.
 */
export function progressWriter(
  db: Db,
  jobId: string,
  opts: { everyMs?: number; now?: () => number; onError?: (err: unknown) => void } = {},
): (progress: { pagesRead: number; pages: number }) => Promise<void> | undefined {
  const everyMs = opts.everyMs ?? 1000;
  const now = opts.now ?? Date.now;
  let last: number | null = null;
  return ({ pagesRead, pages }) => {
    const at = now();
    if (last !== null && at - last < everyMs) return undefined;
    last = at;
    return db
      .update(officeJobs)
      .set({ pagesDone: pagesRead, pagesTotal: pages, updatedAt: new Date() })
      .where(and(eq(officeJobs.id, jobId), eq(officeJobs.state, 'reading')))
      .then(
        () => undefined,
        (err: unknown) => opts.onError?.(err),
      );
  };
}

/** Waits for a password: the bytes stay, the queue job ends; the user's password resumes it. */
export async function markNeedsPassword(db: Db, jobId: string, code: string, reason: string) {
  await db
    .update(officeJobs)
    .set({ state: 'needs_password', reasonCode: code, reason, updatedAt: new Date() })
    .where(and(eq(officeJobs.id, jobId), eq(officeJobs.state, 'reading')));
}

/** A job that ended without a statement: its bytes are deleted, the reason stays. */
export async function markFailed(
  db: Db,
  uploads: UploadFiles,
  jobId: string,
  code: string,
  reason: string,
): Promise<boolean> {
  const files: string[] = [];
  const ended = await db.transaction(async (tx) => {
    const done = await tx
      .update(officeJobs)
      .set({ state: 'failed', reasonCode: code, reason, updatedAt: new Date(), finishedAt: new Date() })
      .where(
        and(eq(officeJobs.id, jobId), inArray(officeJobs.state, ['queued', 'reading', 'needs_password'])),
      )
      .returning({ id: officeJobs.id });
    if (done.length) files.push(...(await dropUploadRow(tx, jobId)));
    return done.length > 0;
  });
  // After the commit: a crash between the two leaves a file no row names, which the sweep removes.
  await uploads.remove(files);
  return ended;
}

/** Counts by state, every state present (0 when none). */
export function countStates(rows: { state: OfficeJobState }[]): Record<OfficeJobState, number> {
  const counts: Record<OfficeJobState, number> = {
    queued: 0,
    reading: 0,
    needs_password: 0,
    read: 0,
    failed: 0,
  };
  for (const r of rows) counts[r.state]++;
  return counts;
}
