// Issue 18, 'free, unbounded work': reading a file costs a reader process for seconds to minutes
// whether or not it succeeds, so each user may start only so many reads an hour (extractions,
// password checks, workbooks: failed and timed-out ones count too) and run only so many at once.
// The pool (packages/statements/src/worker/pool.ts; decision 027) then shares its readers fairly
// between users; each reader runs under a hard memory limit, outside the server's process.
import type { AppContext } from '../context.ts';
import { tooMany } from '../errors.ts';
import { hit, type Limit } from '../rate-limit.ts';

export type WorkKind =
  'extract' | 'checkPassword' | 'workbook' | 'masters' | 'dropMegabytes' | 'push' | 'xmlDownload';

export type WorkLimits = Record<WorkKind, Limit> & {
  /** reads one user may have running (or waiting for a thread) at once */
  concurrentPerUser: number;
  /** megabytes of dropped files one user may have kept and not yet read (queued, waiting for a password) */
  keptDropMegabytes: number;
};

export const DEFAULT_WORK_LIMITS: WorkLimits = {
  // A bookkeeper uploads a few dozen statements in a busy hour; since issue 33 the files dropped on
  // the office queue count here too (one drop holds up to 100), so the hour holds two full drops
  // and some single statements.
  extract: { max: 300, windowSeconds: 3600 },
  // The screens check the password of every file they are given, once.
  checkPassword: { max: 240, windowSeconds: 3600 },
  workbook: { max: 120, windowSeconds: 3600 },
  // Issue 33: a masters file is read once per company, again after the company changes.
  masters: { max: 30, windowSeconds: 3600 },
  // Issue 33: megabytes a user may drop on the office queue in an hour (unpacked). Each drop holds
  // at most 100 MB; a month-end hour of a busy office is a few hundred statements of 0.1-2 MB.
  dropMegabytes: { max: 500, windowSeconds: 3600 },
  // Issue 33: a book's push builds its XML in the server (up to 48 MB); an office pushes each
  // account once a month, a month at a time when catching up. Counted per office (its id: the
  // owner's, one's own for a single user), not per member: a team of five has the office's hour,
  // not five of them (decision 057, round five).
  push: { max: 120, windowSeconds: 3600 },
  // Issue 33: the Download XML calls (per bank, the generic one, the voucher importer's) build a
  // file of up to 10 MB of JSON in the server too. A bookkeeper downloads each statement read once
  // or twice (again after changing ledgers): as many as the reads an hour allows.
  xmlDownload: { max: 300, windowSeconds: 3600 },
  concurrentPerUser: 2,
  // Issue 33: what the drop keeps on disk for a user stays bounded whatever the hours bring (files
  // waiting for a password are kept a week). Two full drops' worth; a month-end of a busy office
  // is a few hundred statements of 0.1-2 MB.
  keptDropMegabytes: 1024,
};

let limits: WorkLimits = DEFAULT_WORK_LIMITS;

/** The limits in force. */
export const workLimits = (): WorkLimits => limits;

/** Set the limits (tests; a deployment keeps the defaults). Returns the previous ones. */
export function configureWorkLimits(next: Partial<WorkLimits>): WorkLimits {
  const before = limits;
  limits = { ...limits, ...next };
  return before;
}

/** Reads running per user, per app (each app has its own database). */
const running = new WeakMap<object, Map<string, number>>();

/**
 * Run one read for a user: counted against the user's hourly limit for this kind of read first
 * (429 beyond it), then refused with 429 while the user already has `concurrentPerUser` reads
 * running. The slot is freed when `work` settles, however it ends.
 */
export async function withReadSlot<T>(
  ctx: AppContext,
  userId: string,
  kind: WorkKind,
  work: () => Promise<T>,
): Promise<T> {
  let mine = running.get(ctx.db);
  if (!mine) {
    mine = new Map();
    running.set(ctx.db, mine);
  }
  const now = mine.get(userId) ?? 0;
  if (now >= limits.concurrentPerUser) {
    throw tooMany(
      `You already have ${now} file${now > 1 ? 's' : ''} being read. Please wait for ${now > 1 ? 'them' : 'it'} to finish.`,
    );
  }
  await hit(ctx.db, `${kind}:user:${userId}`, limits[kind], ctx.now());
  // Counted again after the await: two calls may have passed the check above together.
  const current = mine.get(userId) ?? 0;
  if (current >= limits.concurrentPerUser) {
    throw tooMany('You already have files being read. Please wait for them to finish.');
  }
  mine.set(userId, current + 1);
  try {
    return await work();
  } finally {
    const left = (mine.get(userId) ?? 1) - 1;
    if (left > 0) mine.set(userId, left);
    else mine.delete(userId);
  }
}

/**
 * Counts `count` reads of `kind` for a user against the same hourly limit as the reads of the
 * routes (429 beyond it), for work that runs later or in a loop: the files of an office drop
 * (counted as 'extract' when dropped, a .zip's files once opened) and the files a password is
 * tried on ('checkPassword'). Issue 33: the drop queue read 200 files past the hourly limit.
 */
export async function countWork(
  ctx: AppContext,
  userId: string,
  kind: WorkKind,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await hit(ctx.db, `${kind}:user:${userId}`, limits[kind], ctx.now(), count);
}
