import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OfficeAccess } from '../context.ts';
import type { Db } from '../db/index.ts';
import { revokedSessions, sessionActivity, users, type UserRow } from '../db/schema.ts';
import { officeMembers } from '../office/team-tables.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { TOUCH_EVERY_MS, touchSession } from './sessions.ts';
import { signInCacheOf } from './sign-in-cache.ts';
import { verifyToken } from './tokens.ts';
import { isUuid } from './users.ts';

/** The office's owner, whose balance a member spends (issue 35). */
const officeOwner = alias(users, 'office_owner');

/** The guard's one query's answer for a token's person and session (kept for a moment: sign-in-cache.ts). */
type GuardRow = {
  user: UserRow;
  revoked: string | null;
  seenBy: string | null;
  lastSeenAt: Date | null;
  officeId: string | null;
  officeRole: OfficeAccess['role'] | null;
  officePagesLeft: number | null;
};

// The account, whether the session was signed out, and its last use, in one query: every
// signed-in call runs this, and three round trips were a fifth of the embedded database's time
// under the office's load (issue 37).
async function guardRow(db: Db, userId: string, session: string | null): Promise<GuardRow | undefined> {
  const [found] = await db
    .select({
      user: users,
      revoked: revokedSessions.sessionId,
      seenBy: sessionActivity.userId,
      lastSeenAt: sessionActivity.lastSeenAt,
      officeId: officeMembers.officeId,
      officeRole: officeMembers.role,
      officePagesLeft: officeOwner.pagesLeft,
    })
    .from(users)
    .leftJoin(revokedSessions, eq(revokedSessions.sessionId, session ?? ''))
    .leftJoin(sessionActivity, eq(sessionActivity.sessionId, session ?? ''))
    // The office the person works in (issue 35), read with the account so a removal counts at once.
    .leftJoin(officeMembers, eq(officeMembers.userId, users.id))
    // ... and the pages they spend, the office's (users.ts withOfficePages): the balance route
    // answers from here, without three more queries (issue 38).
    .leftJoin(officeOwner, eq(officeOwner.id, officeMembers.officeId))
    .where(eq(users.id, userId))
    .limit(1);
  return found;
}

/**
 * The guard's row for this call: a read (GET, HEAD) takes it from the cache when it is under
 * SIGN_IN_TTL_MS old (issue 37: half of the cheap routes' round trips); a call that changes
 * something, or one that shows the balance (`fresh`), asks the database. Every answer read is kept.
 */
async function guardRowFor(
  request: FastifyRequest,
  userId: string,
  session: string | null,
  fresh: boolean,
): Promise<GuardRow | undefined> {
  const { db } = request.server.bahi;
  const cache = signInCacheOf<GuardRow>(db);
  const key = `${userId} ${session ?? ''}`;
  if (!fresh && (request.method === 'GET' || request.method === 'HEAD')) {
    const kept = cache.get(key);
    if (kept) return kept;
  }
  const mark = cache.mark();
  const found = await guardRow(db, userId, session);
  if (found) cache.keep(key, found, mark);
  return found;
}

/**
 * preHandler: a valid bearer token of an existing account issued after its tokens_valid_after,
 * not of a session signed out (logout) nor of one left unused past the idle timeout. Sets
 * request.user from the database (for a read, as it was at most SIGN_IN_TTL_MS ago, and changes
 * made through this process count at once: sign-in-cache.ts), so a role change counts at once.
 * request.user.pagesLeft may be that old on a read: a route that shows the balance uses
 * requireFreshUser.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await checkUser(request, false);
}

/** preHandler: requireUser reading the database whatever the method (the balance route). */
export async function requireFreshUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await checkUser(request, true);
}

async function checkUser(request: FastifyRequest, fresh: boolean): Promise<void> {
  const { config, db, now } = request.server.bahi;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Not signed in.');
  const token = verifyToken(config.jwtSecret, match[1], now());
  if (!token || !isUuid(token.sub))
    throw unauthorized('Your session has expired or is invalid. Please sign in again.');
  const found = await guardRowFor(request, token.sub, token.session?.id ?? null, fresh);
  const user = found?.user;
  if (!user || token.issuedAtMs < user.tokensValidAfter.getTime()) {
    throw unauthorized('Your session has expired or is invalid. Please sign in again.');
  }
  if (token.session) {
    if (found.revoked !== null) throw unauthorized('You have signed out. Please sign in again.');
    // The idle timeout: a session unused for hours is over, whatever its token's expiry says.
    const seen =
      found.seenBy !== null && found.lastSeenAt !== null
        ? { userId: found.seenBy, lastSeenAt: found.lastSeenAt }
        : null;
    const at = now();
    await touchSession(db, user.id, token.session, at, seen);
    // A kept row says the use just written, or the calls after it would write it again.
    if (seen && at.getTime() - seen.lastSeenAt.getTime() >= TOUCH_EVERY_MS) found.lastSeenAt = at;
  }
  request.user = {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    role: user.role,
    // a member spends the office's pages; an office gone meanwhile leaves none (as withOfficePages)
    pagesLeft:
      found.officeId === null || found.officeId === user.id ? user.pagesLeft : (found.officePagesLeft ?? 0),
    session: token.session,
  };
  // Not a member of another office: the owner of their own (a single user works as before).
  request.office =
    found.officeId !== null && found.officeRole !== null
      ? { id: found.officeId, role: found.officeRole }
      : { id: user.id, role: 'owner' };
}

/** preHandler: requireUser, then role admin (403 otherwise); always from the database (rare, and powerful). */
export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await checkUser(request, true);
  if (request.user.role !== 'admin') throw forbidden('Only an administrator can do this.');
}
