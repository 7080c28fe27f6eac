// Work that may safely run twice, retried while the database is away (issue 37). The queue's ends
// of a read (read, failed, needs a password) are written by statements guarded by the row's state,
// so running one again after a lost answer finds it done and changes nothing; what they save is the
// read itself, which would otherwise be thrown away and done again on the queue's next attempt.
import { setTimeout as sleep } from 'node:timers/promises';
import { errorFields, isDatabaseDown, isDiskFull, type DbLog } from './connection.ts';

/** Waits between attempts: quick at first (a cut connection), then every 10 s (a restart). */
const DELAYS_MS = [250, 1_000, 2_000, 5_000];
const LAST_DELAY_MS = 10_000;

/**
 * Runs `fn`, and again while it fails because the database cannot be reached (or its disk is
 * full), for up to `forMs`
 * (then the last error is thrown). Only for work that is idempotent: a statement whose answer was
 * lost may have run.
 */
export async function whileDatabaseDown<T>(
  fn: () => Promise<T>,
  opts: { log: DbLog; what: string; forMs?: number; signal?: AbortSignal },
): Promise<T> {
  const until = Date.now() + (opts.forMs ?? 120_000);
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      // A full disk is waited out too: someone makes room, and the read's result is still kept.
      if (!(isDatabaseDown(err) || isDiskFull(err)) || Date.now() >= until || opts.signal?.aborted) throw err;
      const wait = Math.min(DELAYS_MS[attempt] ?? LAST_DELAY_MS, Math.max(0, until - Date.now()));
      opts.log.warn(
        { err: errorFields(err), attempt: attempt + 1, waitMs: wait },
        `database away: ${opts.what} retried`,
      );
      await sleep(wait);
    }
  }
}
