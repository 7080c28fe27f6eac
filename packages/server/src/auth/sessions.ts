import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { sessionActivity } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import { SESSION_MAX_SECONDS, type Session } from './tokens.ts';

// The idle timeout (issue 18). A token alone cannot say whether its session is in use: it lives
// days, and only some calls renew it. So the server remembers when each session was last used
// (session_activity, one row per sign-in) and refuses a session unused for SESSION_IDLE_MS, even
// while its token has not expired. Renewals keep the sign-in, so they keep the row too.

/** A session nobody used for this long is over (a working day and a night: sign in each morning). */
export const SESSION_IDLE_MS = 12 * 3600_000;
/** last_seen_at is written at most this often per session: one write a minute, not one per call. */
export const TOUCH_EVERY_MS = 60_000;

export const IDLE_DETAIL = 'Your session ended after a while without use. Please sign in again.';

/** Starts a session at sign-in: its row says it was used now. */
export async function startSession(db: DbOrTx, userId: string, now: Date): Promise<Session> {
  const session = { id: randomUUID(), signedInAtMs: now.getTime() };
  // Sessions past their absolute end are clutter: dropped here, where sessions are made.
  await db.delete(sessionActivity).where(lt(sessionActivity.endsAt, now));
  await db.insert(sessionActivity).values({
    sessionId: session.id,
    userId,
    lastSeenAt: now,
    endsAt: new Date(session.signedInAtMs + SESSION_MAX_SECONDS * 1000),
  });
  return session;
}

/** A session's row in session_activity: whose it is and when it was last used. */
export type SessionSeen = { userId: string; lastSeenAt: Date } | null;

async function sessionSeen(db: DbOrTx, sessionId: string): Promise<SessionSeen> {
  const [row] = await db
    .select({ userId: sessionActivity.userId, lastSeenAt: sessionActivity.lastSeenAt })
    .from(sessionActivity)
    .where(eq(sessionActivity.sessionId, sessionId))
    .limit(1);
  return row ?? null;
}

/**
 * A signed-in call of `session`: 401 when it has been idle for SESSION_IDLE_MS, else it counts as
 * use. Every sign-in since this table exists has a row, kept until its absolute end. A token whose
 * session has none was minted before the table (or outside sign-in, as tests do): its own expiry,
 * TOKEN_LIFETIME_SECONDS, bounds it. Never delete rows before `ends_at`, or that would revive them.
 */
export async function touchSession(
  db: DbOrTx,
  userId: string,
  session: Session,
  now: Date,
  /** the session's row as the caller read it already (requireUser reads it with the user), or null */
  seen?: SessionSeen,
): Promise<void> {
  const row = seen !== undefined ? seen : await sessionSeen(db, session.id);
  if (!row) return;
  const idle = now.getTime() - row.lastSeenAt.getTime();
  if (row.userId !== userId || idle > SESSION_IDLE_MS) throw unauthorized(IDLE_DETAIL);
  if (idle >= TOUCH_EVERY_MS) {
    await db
      .update(sessionActivity)
      .set({ lastSeenAt: now })
      .where(
        sql`${sessionActivity.sessionId} = ${session.id} and ${sessionActivity.lastSeenAt} < ${now.toISOString()}`,
      );
  }
}
