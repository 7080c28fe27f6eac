import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { revokedSessions, sessionActivity, users } from '../db/schema.ts';
import { officeMembers } from '../office/team-tables.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { touchSession } from './sessions.ts';
import { verifyToken } from './tokens.ts';
import { isUuid } from './users.ts';

/** The office's owner, whose balance a member spends (issue 35). */
const officeOwner = alias(users, 'office_owner');

/**
 * preHandler: a valid bearer token of an existing account issued after its tokens_valid_after,
 * not of a session signed out (logout) nor of one left unused past the idle timeout. Sets request.user from the database, so a role change
 * counts at once.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { config, db, now } = request.server.bahi;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthorized('Not signed in.');
  const token = verifyToken(config.jwtSecret, match[1], now());
  if (!token || !isUuid(token.sub))
    throw unauthorized('Your session has expired or is invalid. Please sign in again.');
  // The account, whether the session was signed out, and its last use, in one query: every
  // signed-in call runs this, and three round trips were a fifth of the embedded database's time
  // under the office's load (issue 37).
  const session = token.session?.id ?? null;
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
    .where(eq(users.id, token.sub))
    .limit(1);
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
    await touchSession(db, user.id, token.session, now(), seen);
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

/** preHandler: requireUser, then role admin (403 otherwise). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.user.role !== 'admin') throw forbidden('Only an administrator can do this.');
}
