import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { rateLimits } from '../db/schema.ts';

// Failures in a row under one key (an account, an address, an e-mail), with growing delays: after
// `free` failures each next try waits twice as long as the one before (FIRST_DELAY_MS, doubling,
// at most a cap). Kept in rate_limits, so every server process shares them. Used for one-time
// codes (otp.ts) and for passwords (sign-in, per e-mail address).

export const FIRST_DELAY_MS = 10_000;
/** Failures are forgotten after a day without one. */
export const FAILURE_MEMORY_MS = 24 * 3600_000;

/** The wait before the next try after `failures` failures in a row (0 for the first `free`). */
export function delayAfter(failures: number, free: number, maxMs: number): number {
  if (failures <= free) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** Math.min(failures - free - 1, 30));
}

/** Seconds until `key` may try again (0: now). */
export async function failureWait(
  db: DbOrTx,
  key: string,
  free: number,
  maxMs: number,
  now: Date,
): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  if (!row || now.getTime() - row.windowStart.getTime() >= FAILURE_MEMORY_MS) return 0;
  const ends = row.windowStart.getTime() + delayAfter(row.count, free, maxMs);
  return ends > now.getTime() ? Math.ceil((ends - now.getTime()) / 1000) : 0;
}

/** Counts one failure under `key` (window_start: the last failure). */
export async function countFailure(db: DbOrTx, key: string, now: Date): Promise<void> {
  const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS).toISOString();
  await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${forgotten} then 1 else rate_limits.count + 1 end,
      window_start = excluded.window_start`);
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * The key of an e-mail address: a hash, so the table holds no addresses, and the same for known
 * and unknown addresses, so a wait tells nothing about which accounts exist.
 */
export const emailKey = (bucket: string, email: string) =>
  `${bucket}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

// Passwords: wrong ones are counted per e-mail address, from whatever client address they come, so
// guessing one account's password from many addresses is as slow as from one: 10 free, then
// growing delays up to 15 minutes (about 100 guesses a day). The cap is short because the owner
// waits too: a wait of minutes, never a lock-out (Reset password and Google sign-in stay open).
export const FREE_PASSWORD_FAILURES = 10;
export const MAX_PASSWORD_DELAY_MS = 15 * 60_000;
export const passwordKey = (email: string) => emailKey('password-failures', email);

/**
 * Claims one password try for the e-mail before the password is checked, counted as a failure at
 * once (a right password clears the count after): seconds to wait instead when the delay runs.
 * Issue 33: with the check first and the count after, 120 guesses sent together all read the count
 * before any was added, and 62 were checked; the row is now locked while one try is claimed, so at
 * most the free tries and one more pass whatever arrives at once.
 */
export async function claimPasswordTry(db: DbOrTx, email: string, now: Date): Promise<number> {
  const key = passwordKey(email);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, ${new Date(0).toISOString()}, 0)
      on conflict (key) do nothing`);
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key)).for('update');
    const fresh = now.getTime() - row.windowStart.getTime() >= FAILURE_MEMORY_MS;
    const count = fresh ? 0 : row.count;
    const ends = row.windowStart.getTime() + delayAfter(count, FREE_PASSWORD_FAILURES, MAX_PASSWORD_DELAY_MS);
    if (!fresh && ends > now.getTime()) return Math.ceil((ends - now.getTime()) / 1000);
    await tx
      .update(rateLimits)
      .set({ count: count + 1, windowStart: now })
      .where(eq(rateLimits.key, key));
    return 0;
  });
}
