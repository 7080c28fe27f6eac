import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.ts';
import { otpCodes, otpDailyFailures, users } from '../db/schema.ts';
import { HttpError, badRequest, tooMany } from '../errors.ts';

// The specification's code has 4 digits, 10,000 values: these limits make guessing useless.
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_TRIES_PER_CODE = 5;
export const MAX_FAILURES_PER_DAY = 10;
export const RESEND_WAIT_SECONDS = 50;
/** How long a verified reset code allows setting a new password. */
export const RESET_WINDOW_MS = 10 * 60_000;
/** How long after forgot-password send-otp keeps sending reset codes (the Resend of that flow). */
export const RESET_REQUEST_TTL_MS = 30 * 60_000;

export type Purpose = 'signup' | 'reset';

export const WRONG_CODE = 'Invalid or expired code. Please check it or ask for a new one.';

export function newCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** HMAC so a database dump does not reveal live codes; the user id salts it per account. */
export function hashCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', `bahi-otp:${secret}`).update(`${userId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Seconds until a new code of `purpose` may be sent, 0 when it may be sent now. Only the last code
 * of the same purpose counts: a code of the other purpose, used or not, never holds a send back
 * (the newer code replaces it), so a reset asked for right after verifying a signup is sent at once.
 */
export async function resendWait(db: Db, userId: string, purpose: Purpose, now: Date): Promise<number> {
  const [last] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
  return elapsed >= RESEND_WAIT_SECONDS ? 0 : Math.ceil(RESEND_WAIT_SECONDS - elapsed);
}

export const waitDetail = (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`;

/**
 * Claims the send slot of an e-mail address for forgot-password and send-otp: 0 when claimed,
 * else the seconds left of the previous claim (RESEND_WAIT_SECONDS). It is kept per address,
 * whether or not an account has it, so a 429 with the seconds tells nothing about accounts: the
 * asker only learns when they (or someone) asked for this address. Shared by every server process.
 */
export async function claimSendSlot(db: DbOrTx, email: string, now: Date): Promise<number> {
  const key = `code-send:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;
  const cutoff = new Date(now.getTime() - RESEND_WAIT_SECONDS * 1000);
  // One statement: of two racing requests only one finds the slot free.
  const result = await db.execute<{ window_start: string | Date; claimed: boolean }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      window_start = case when rate_limits.window_start <= ${cutoff.toISOString()}
                          then excluded.window_start else rate_limits.window_start end,
      count = case when rate_limits.window_start <= ${cutoff.toISOString()} then 1
                   else rate_limits.count + 1 end
    returning window_start, count = 1 as claimed`);
  const row = (result as unknown as { rows: { window_start: string | Date; claimed: boolean }[] }).rows[0];
  if (row.claimed) return 0;
  const ends = new Date(row.window_start).getTime() + RESEND_WAIT_SECONDS * 1000;
  return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
}

/** Creates a code for the user (429 when the last one of this purpose is younger than the resend wait); returns it. */
export async function issueCode(
  db: Db,
  secret: string,
  userId: string,
  purpose: Purpose,
  now: Date,
): Promise<string> {
  const wait = await resendWait(db, userId, purpose, now);
  if (wait > 0) throw tooMany(waitDetail(wait));
  const code = newCode();
  await db.insert(otpCodes).values({
    userId,
    purpose,
    codeHash: hashCode(secret, userId, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    createdAt: now,
  });
  return code;
}

/**
 * What send-otp (the Resend button) sends: the purpose of the newest code while it waits to be
 * entered; else a reset code while a forgot-password request is recent (its code may already be
 * used, or was never sent); else a signup code while the e-mail is unverified; else nothing.
 */
export async function purposeToResend(
  db: Db,
  user: { id: string; emailVerified: boolean; resetRequestedAt: Date | null },
  now: Date,
): Promise<Purpose | undefined> {
  const [last] = await db
    .select({ purpose: otpCodes.purpose, usedAt: otpCodes.usedAt })
    .from(otpCodes)
    .where(eq(otpCodes.userId, user.id))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (last && !last.usedAt) return last.purpose;
  if (user.resetRequestedAt && now.getTime() - user.resetRequestedAt.getTime() < RESET_REQUEST_TTL_MS) {
    return 'reset';
  }
  return user.emailVerified ? undefined : 'signup';
}

/**
 * Checks an entered code against the user's newest one. Only that code counts; it is spent when
 * right, and counts a try (and a daily failure) when wrong. Returns the code's purpose; a signup
 * code marks the e-mail verified, and so does a reset code (it proves the same thing).
 */
export async function checkCode(
  db: Db,
  secret: string,
  userId: string,
  code: string,
  now: Date,
): Promise<Purpose> {
  const [daily] = await db
    .select({ failures: otpDailyFailures.failures })
    .from(otpDailyFailures)
    .where(and(eq(otpDailyFailures.userId, userId), eq(otpDailyFailures.day, utcDay(now))));
  if ((daily?.failures ?? 0) >= MAX_FAILURES_PER_DAY) {
    throw tooMany('Too many wrong codes today. Please try again tomorrow.');
  }
  // The outcome is decided inside the transaction (row locked: a code is spent once even when
  // two requests race) and thrown after it, so a wrong try is committed, not rolled back.
  const outcome = await db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.userId, userId))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update');
    if (!last || last.usedAt || last.expiresAt <= now || last.tries >= MAX_TRIES_PER_CODE) {
      return { ok: false as const };
    }
    if (!sameHash(last.codeHash, hashCode(secret, userId, code))) {
      await tx
        .update(otpCodes)
        .set({ tries: sql`${otpCodes.tries} + 1` })
        .where(eq(otpCodes.id, last.id));
      return { ok: false as const };
    }
    await tx.update(otpCodes).set({ usedAt: now }).where(eq(otpCodes.id, last.id));
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    return { ok: true as const, purpose: last.purpose };
  });
  if (outcome.ok) return outcome.purpose;
  await db
    .insert(otpDailyFailures)
    .values({ userId, day: utcDay(now), failures: 1 })
    .onConflictDoUpdate({
      target: [otpDailyFailures.userId, otpDailyFailures.day],
      set: { failures: sql`${otpDailyFailures.failures} + 1` },
    });
  throw badRequest(WRONG_CODE);
}

/**
 * Spends the permission a verified reset code gave (within RESET_WINDOW_MS, once).
 * Runs inside the caller's transaction; throws 400 when there is none.
 */
export async function consumeResetPermission(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: string,
  now: Date,
): Promise<void> {
  const spent = await tx
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, 'reset'),
        isNotNull(otpCodes.usedAt),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.usedAt, new Date(now.getTime() - RESET_WINDOW_MS)),
      ),
    )
    .returning({ id: otpCodes.id });
  if (spent.length === 0) {
    throw new HttpError(400, 'Please verify the code sent to your e-mail before setting a new password.');
  }
}
