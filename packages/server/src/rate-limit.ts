import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db/index.ts';
import { tooMany } from './errors.ts';

export type Limit = { max: number; windowSeconds: number };
/** Per-address limits of the account calls. */
export type RateLimits = { signup: Limit; login: Limit; sendCode: Limit; verifyCode: Limit };

export const DEFAULT_LIMITS: RateLimits = {
  signup: { max: 20, windowSeconds: 3600 },
  login: { max: 30, windowSeconds: 900 },
  sendCode: { max: 20, windowSeconds: 3600 },
  verifyCode: { max: 30, windowSeconds: 900 },
};

/**
 * Counts one hit (or `count`: the files of one drop) on `key` in a fixed window kept in the database (so every server process shares
 * it) and throws 429 once the window holds more than `limit.max` hits.
 */
export async function hit(db: DbOrTx, key: string, limit: Limit, now: Date, count = 1): Promise<void> {
  const cutoff = new Date(now.getTime() - limit.windowSeconds * 1000);
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, ${count})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${cutoff.toISOString()} then ${count} else rate_limits.count + ${count} end,
      window_start = case when rate_limits.window_start <= ${cutoff.toISOString()} then excluded.window_start
                          else rate_limits.window_start end
    returning count, window_start`);
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0];
  if (Number(row.count) > limit.max) {
    const ends = new Date(row.window_start).getTime() + limit.windowSeconds * 1000;
    const wait = Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
    throw tooMany(`Too many attempts. Please try again in ${wait} seconds.`);
  }
}
