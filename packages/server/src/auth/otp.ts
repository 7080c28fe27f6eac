import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { otpCodes, otpDailyFailures, users } from '../db/schema.ts';
import { HttpError, badRequest, tooMany } from '../errors.ts';

// The specification's code has 4 digits, 10,000 values: these limits make guessing useless.
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_TRIES_PER_CODE = 5;
export const MAX_FAILURES_PER_DAY = 10;
export const RESEND_WAIT_SECONDS = 50;
/** How long a verified reset code allows setting a new password. */
export const RESET_WINDOW_MS = 10 * 60_000;

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

/** Seconds until a new code may be sent, 0 when it may be sent now. */
export async function resendWait(db: Db, userId: string, now: Date): Promise<number> {
  const [last] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.userId, userId))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!last) return 0;
  const elapsed = (now.getTime() - last.createdAt.getTime()) / 1000;
  return elapsed >= RESEND_WAIT_SECONDS ? 0 : Math.ceil(RESEND_WAIT_SECONDS - elapsed);
}

/** Creates a code for the user (429 when the last one is younger than the resend wait); returns it. */
export async function issueCode(
  db: Db,
  secret: string,
  userId: string,
  purpose: Purpose,
  now: Date,
): Promise<string> {
  const wait = await resendWait(db, userId, now);
  if (wait > 0) throw tooMany(`Please wait ${wait} seconds before asking for a new code.`);
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

/** The purpose of the user's newest code that is still waiting to be entered. */
export async function pendingPurpose(db: Db, userId: string): Promise<Purpose | undefined> {
  const [last] = await db
    .select({ purpose: otpCodes.purpose, usedAt: otpCodes.usedAt })
    .from(otpCodes)
    .where(eq(otpCodes.userId, userId))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return last && !last.usedAt ? last.purpose : undefined;
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
