import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.ts';
import { otpCodes, users } from '../db/schema.ts';
import { claimTry, clearFailures, delayAfter, failureWait, giveBackTry } from './failures.ts';
import { badRequest, tooMany } from '../errors.ts';

// The specification's code has 4 digits, 10,000 values: these limits make guessing useless.
// Each code dies after MAX_TRIES_PER_CODE wrong tries (a freshly mailed code starts over). Across
// codes, wrong tries are counted per account: after FREE_FAILURES each next try waits twice as long
// as the one before (FIRST_DELAY_MS, doubling, at most MAX_DELAY_MS), so a guesser gets about
// 40 tries a day, 0.4 % of the codes, while the owner with the right code waits minutes, not a day.
// A guesser who spreads tries over many accounts meets the same growing delays per client address
// (after FREE_ADDRESS_FAILURES: an office shares one address and sometimes mistypes); the address
// count is not cleared by a right code, or the guesser's own account would clear it.
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_TRIES_PER_CODE = 5;
export const FREE_FAILURES = 5;
export const FREE_ADDRESS_FAILURES = 20;
export { FAILURE_MEMORY_MS, FIRST_DELAY_MS } from './failures.ts';
export const MAX_DELAY_MS = 3600_000;
export const RESEND_WAIT_SECONDS = 50;
/** How long a verified reset code allows setting a new password. */
export const RESET_WINDOW_MS = 10 * 60_000;
/** How long after forgot-password send-otp keeps sending reset codes (the Resend of that flow). */
export const RESET_REQUEST_TTL_MS = 30 * 60_000;

export type Purpose = 'signup' | 'reset';
/** A right code: its purpose, and for a reset code the token that allows setting the password. */
export type CodeOutcome = { purpose: 'signup' } | { purpose: 'reset'; resetToken: string };

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

const failureKey = (userId: string) => `code-failures:${userId}`;
const addressFailureKey = (address: string) => `code-failures-address:${address}`;

/** The wait before the next try after `failures` wrong codes in a row (0 for the first `free`). */
export const failureDelayMs = (failures: number, free = FREE_FAILURES) =>
  delayAfter(failures, free, MAX_DELAY_MS);

/** Seconds until this account may try a code again (0: now). Failures of the account are cleared by a right code. */
export const codeTryWait = (db: DbOrTx, userId: string, now: Date) =>
  failureWait(db, failureKey(userId), FREE_FAILURES, MAX_DELAY_MS, now);

/** Seconds until this client address may try a code again, on any account (0: now). */
export const addressTryWait = (db: DbOrTx, address: string, now: Date) =>
  failureWait(db, addressFailureKey(address), FREE_ADDRESS_FAILURES, MAX_DELAY_MS, now);

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
 * right, and counts a try (and a failure of the account and of the client `address`) when wrong;
 * refused (429) while the account's or the address's delay after many wrong codes runs. Returns the code's purpose (and for a
 * reset code the reset token); a signup code marks the e-mail verified, and so does a reset code.
 * The try is claimed (counted as a failure of both) before the code is compared, as passwords are
 * (failures.ts claimTry; issue 33): checked first and counted after, wrong codes sent together all
 * passed the delay. A right code clears the account's count and gives back the address's try.
 */
export async function checkCode(
  db: Db,
  secret: string,
  userId: string,
  code: string,
  now: Date,
  address?: string,
): Promise<CodeOutcome> {
  const counts = [{ key: failureKey(userId), free: FREE_FAILURES, maxMs: MAX_DELAY_MS }];
  if (address !== undefined)
    counts.push({ key: addressFailureKey(address), free: FREE_ADDRESS_FAILURES, maxMs: MAX_DELAY_MS });
  const claim = await claimTry(db, counts, now);
  if (claim.wait > 0)
    throw tooMany(`Too many wrong codes. Please wait ${claim.wait} seconds before trying again.`);
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
    return { ok: true as const, purpose: last.purpose, id: last.id };
  });
  if (!outcome.ok) throw badRequest(WRONG_CODE);
  await clearFailures(db, failureKey(userId));
  if (address !== undefined) {
    const key = addressFailureKey(address);
    await giveBackTry(db, key, claim.previous.get(key) ?? now, now);
  }
  return outcome.purpose === 'reset'
    ? { purpose: 'reset', resetToken: resetTokenFor(secret, { id: outcome.id, userId, usedAt: now }) }
    : { purpose: 'signup' };
}

export const RESET_REFUSED = 'Please verify the code sent to your e-mail before setting a new password.';

const resetMac = (secret: string, userId: string, codeId: string, usedAt: Date) =>
  createHmac('sha256', `bahi-reset-token:${secret}`)
    .update(`${userId}:${codeId}:${usedAt.getTime()}`)
    .digest('base64url');

/**
 * The reset token verify-otp hands to whoever entered the right reset code: only that caller can
 * then set the password (reset-password requires it). It names the spent code and is keyed by the
 * server secret; the code row makes it single use (consumedAt) and short-lived (RESET_WINDOW_MS).
 */
export const resetTokenFor = (secret: string, code: { id: string; userId: string; usedAt: Date }) =>
  `${code.id}.${resetMac(secret, code.userId, code.id, code.usedAt)}`;

/**
 * Spends the permission a verified reset code gave: `token` must be the reset token verify-otp
 * answered for this user's code, within RESET_WINDOW_MS, once. Runs inside the caller's
 * transaction; throws 400 otherwise.
 */
export async function consumeResetPermission(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  secret: string,
  userId: string,
  token: string,
  now: Date,
): Promise<void> {
  const [codeId, mac] = token.split('.');
  if (!codeId || !mac || !UUID.test(codeId)) throw badRequest(RESET_REFUSED);
  const [code] = await tx
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.id, codeId), eq(otpCodes.userId, userId), eq(otpCodes.purpose, 'reset')))
    .for('update');
  const expected = code?.usedAt ? resetMac(secret, userId, code.id, code.usedAt) : '';
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (!code?.usedAt || a.length !== b.length || !timingSafeEqual(a, b)) throw badRequest(RESET_REFUSED);
  const spent = await tx
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpCodes.id, code.id),
        isNotNull(otpCodes.usedAt),
        isNull(otpCodes.consumedAt),
        gt(otpCodes.usedAt, new Date(now.getTime() - RESET_WINDOW_MS)),
      ),
    )
    .returning({ id: otpCodes.id });
  if (spent.length === 0) throw badRequest(RESET_REFUSED);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
