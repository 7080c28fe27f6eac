import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { UserRow } from '../db/schema.ts';

/**
 * A token lives this long, and a signed-in call that renews it (pages, profile, extraction,
 * payment) starts it again. The idle timeout proper is shorter and kept on the server
 * (sessions.ts): this only bounds a token whose session the server has no record of.
 */
export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;
/** Absolute lifetime: renewals keep the sign-in time, and no token outlives sign-in + this. */
export const SESSION_MAX_SECONDS = 30 * 24 * 3600;

/** One sign-in: its id (logout revokes it) and when it happened (renewals keep it). */
export type Session = { id: string; signedInAtMs: number };

export type VerifiedToken = { sub: string; issuedAtMs: number; session: Session | undefined };

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs the access token with the claims the web app reads. `ims` is the issue time in
 * milliseconds: `iat` has whole seconds only, too coarse to refuse tokens issued just before a
 * sign-out-everywhere while keeping the one issued just after. `sid` and `sit` name the session
 * and its sign-in time (ms): without `session` the token starts a new one (a sign-in).
 */
export async function issueToken(
  secret: string,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'pagesLeft'>,
  now: Date,
  session: Session = { id: randomUUID(), signedInAtMs: now.getTime() },
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const end = Math.floor(session.signedInAtMs / 1000) + SESSION_MAX_SECONDS;
  return new SignJWT({
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    page_left: user.pagesLeft,
    ims: now.getTime(),
    sid: session.id,
    sit: session.signedInAtMs,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(Math.min(iat + TOKEN_LIFETIME_SECONDS, end))
    .sign(key(secret));
}

/**
 * Checks signature (HS256 only), expiry, shape and the session's absolute lifetime; returns
 * undefined for any bad token. Tokens from before sessions (no sid) have no session to revoke.
 */
export async function verifyToken(
  secret: string,
  token: string,
  now: Date,
): Promise<VerifiedToken | undefined> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return undefined;
    const ims = typeof payload.ims === 'number' ? payload.ims : payload.iat * 1000;
    const sit = typeof payload.sit === 'number' ? payload.sit : ims;
    if (now.getTime() - sit > SESSION_MAX_SECONDS * 1000 || sit > ims) return undefined;
    const session =
      typeof payload.sid === 'string' && payload.sid.length <= 64
        ? { id: payload.sid, signedInAtMs: sit }
        : undefined;
    return { sub: payload.sub, issuedAtMs: ims, session };
  } catch {
    return undefined;
  }
}
