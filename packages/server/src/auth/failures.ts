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

/** One count of failures a try is claimed against: its key, its free failures and its longest delay. */
export type TryCount = { key: string; free: number; maxMs: number };

/**
 * Claims one try under every count before the secret is checked, counted as a failure of each at
 * once (a right answer clears or gives back the counts after): 0 when claimed, else the seconds to
 * wait, nothing counted. Issue 33: with the check first and the count after, guesses sent together
 * all read the count before any was added (62 of 120 passwords were checked); each row is locked
 * while the try is claimed (in key order, so two claims never wait on each other), so at most the
 * free tries and one more pass whatever arrives at once. `previous`: each count's last failure
 * before this claim, for `giveBackTry`.
 */
export async function claimTry(
  db: DbOrTx,
  counts: readonly TryCount[],
  now: Date,
): Promise<{ wait: number; previous: Map<string, Date> }> {
  const sorted = [...counts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    const seen: { count: TryCount; failures: number; last: Date }[] = [];
    let wait = 0;
    for (const count of sorted) {
      await tx.execute(sql`
        insert into rate_limits (key, window_start, count) values (${count.key}, ${new Date(0).toISOString()}, 0)
        on conflict (key) do nothing`);
      const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, count.key)).for('update');
      const fresh = now.getTime() - row.windowStart.getTime() >= FAILURE_MEMORY_MS;
      const failures = fresh ? 0 : row.count;
      const ends = row.windowStart.getTime() + delayAfter(failures, count.free, count.maxMs);
      if (!fresh && ends > now.getTime()) wait = Math.max(wait, Math.ceil((ends - now.getTime()) / 1000));
      seen.push({ count, failures, last: row.windowStart });
    }
    if (wait > 0) return { wait, previous: new Map() };
    for (const { count, failures } of seen)
      await tx
        .update(rateLimits)
        .set({ count: failures + 1, windowStart: now })
        .where(eq(rateLimits.key, count.key));
    return { wait: 0, previous: new Map(seen.map((s) => [s.count.key, s.last])) };
  });
}

/**
 * Takes back a try claimed at `now` under `key` that turned out right, where a right answer must
 * not clear the count (a client address's: the guesser's own account would clear it). Its last
 * failure goes back to `previous` unless another failure came since.
 */
export async function giveBackTry(db: DbOrTx, key: string, previous: Date, now: Date): Promise<void> {
  await db.execute(sql`
    update rate_limits set
      count = greatest(count - 1, 0),
      window_start = case when window_start = ${now.toISOString()} then ${previous.toISOString()}
                          else window_start end
    where key = ${key}`);
}

/** Claims one password try for the e-mail before the password is checked (claimTry). */
export async function claimPasswordTry(db: DbOrTx, email: string, now: Date): Promise<number> {
  const count = { key: passwordKey(email), free: FREE_PASSWORD_FAILURES, maxMs: MAX_PASSWORD_DELAY_MS };
  return (await claimTry(db, [count], now)).wait;
}
