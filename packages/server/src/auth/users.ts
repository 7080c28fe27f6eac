import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/index.ts';
import { users, type UserRow } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { hit, type Limit } from '../rate-limit.ts';
import { startSession } from './sessions.ts';
import { forgetSignIns } from './sign-in-cache.ts';
import { issueToken, type Session } from './tokens.ts';
import { payerOf } from '../office/team.ts';

export async function userByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function userById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The signed-in user's row as it is now; 401 when the account is gone (deleted meanwhile). */
export async function signedInUser(db: DbOrTx, id: string): Promise<UserRow> {
  const user = await userById(db, id);
  if (!user) throw unauthorized();
  return withOfficePages(db, user);
}

/**
 * The user with the pages they may spend: a member of an office spends the office's (issue 35), so
 * the token's page_left and the profile say the office's balance. Never write this row back whole.
 */
export async function withOfficePages(db: DbOrTx, user: UserRow): Promise<UserRow> {
  const payer = await payerOf(db, user.id);
  if (payer === user.id) return user;
  const office = await userById(db, payer);
  return { ...user, pagesLeft: office?.pagesLeft ?? 0 };
}

/** A database id: guards and routes check the shape before querying. */
export const isUuid = (s: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** BAHI_ADMIN_EMAILS: such accounts are admins from their first sign-in with a verified e-mail on. */
export async function applyAdminList(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (user.role === 'admin' || !user.emailVerified || !ctx.config.adminEmails.includes(user.email)) {
    return user;
  }
  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
  forgetSignIns(ctx.db);
  return { ...user, role: 'admin' };
}

/**
 * A token for `user`: a renewal of `session` (the request's, which keeps its sign-in time and so its
 * absolute end) or, without one, a new sign-in (a new session, used now).
 */
export async function tokenFor(ctx: AppContext, user: UserRow, session?: Session): Promise<string> {
  return tokenShowing(ctx, await withOfficePages(ctx.db, user), session);
}

/**
 * tokenFor a user whose pages are already the ones they spend (signedInUser's row, or the guard's
 * request.user): no query to find their office again.
 */
export async function tokenShowing(
  ctx: AppContext,
  shown: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'pagesLeft'>,
  session?: Session,
): Promise<string> {
  const now = ctx.now();
  return issueToken(ctx.config.jwtSecret, shown, now, session ?? (await startSession(ctx.db, shown.id, now)));
}

export function profileOf(user: UserRow) {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    page_left: user.pagesLeft,
    created_at: user.createdAt.toISOString(),
  };
}

/** Counts one call of `bucket` from this address against its limit (429 beyond). */
export function limitAddress(request: FastifyRequest, bucket: string, limit: Limit) {
  const { db, now } = request.server.bahi;
  return hit(db, `${bucket}:${request.ip}`, limit, now());
}
