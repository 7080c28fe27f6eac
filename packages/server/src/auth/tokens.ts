import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
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

/**
 * HS256 with node:crypto's HMAC, in the calling thread. jose signs and verifies through WebCrypto,
 * whose every call is a hand-off to libuv's thread pool: under reads that pool also gzips the
 * answers (sendJson), and each signed-in call waited behind them (issue 38, decision 052 round
 * nine). An HMAC of a token is a few microseconds; the tokens are byte for byte the ones jose made
 * (test/tokens.test.ts), and verifying keeps jwtVerify's checks for the options we gave it.
 */
const hmac = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JSON object from one base64url part of a token; undefined for anything else. */
function jsonPart(text: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    // (fatal: bytes that are not UTF-8 refuse the token, as jose's strict decoder does)
    const value: unknown = JSON.parse(UTF8.decode(Buffer.from(text, 'base64url')));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Signs the access token with the claims the web app reads. `ims` is the issue time in
 * milliseconds: `iat` has whole seconds only, too coarse to refuse tokens issued just before a
 * sign-out-everywhere while keeping the one issued just after. `sid` and `sit` name the session
 * and its sign-in time (ms): without `session` the token starts a new one (a sign-in).
 */
export function issueToken(
  secret: string,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'pagesLeft'>,
  now: Date,
  session: Session = { id: randomUUID(), signedInAtMs: now.getTime() },
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const end = Math.floor(session.signedInAtMs / 1000) + SESSION_MAX_SECONDS;
  // (the claims in the order jose's SignJWT wrote them: its tokens and these are the same bytes)
  const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    page_left: user.pagesLeft,
    ims: now.getTime(),
    sid: session.id,
    sit: session.signedInAtMs,
    sub: user.id,
    iat,
    exp: Math.min(iat + TOKEN_LIFETIME_SECONDS, end),
  })}`;
  return `${input}.${hmac(secret, input).toString('base64url')}`;
}

/**
 * Checks signature (HS256 only), expiry, shape and the session's absolute lifetime; returns
 * undefined for any bad token. Tokens from before sessions (no sid) have no session to revoke.
 * Revocation (sign-out, sign-out everywhere, the idle timeout) is the guard's, read from the
 * database on every call (guards.ts).
 */
export function verifyToken(secret: string, token: string, now: Date): VerifiedToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [head, body, signature] = parts;
  const header = jsonPart(head);
  // HS256 only; `crit` (and `b64`, which needs it) names extensions this code does not apply,
  // which jose refuses as well
  if (header?.alg !== 'HS256' || 'crit' in header || 'b64' in header) return undefined;
  const given = Buffer.from(signature, 'base64url');
  // (one spelling of the signature: Node's decoder would ignore stray characters and spare bits)
  if (given.toString('base64url') !== signature) return undefined;
  const expected = hmac(secret, `${head}.${body}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const payload = jsonPart(body);
  if (!payload) return undefined;
  // jwtVerify's checks with requiredClaims sub, iat, exp and currentDate `now` (whole seconds)
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { sub, iat, exp, nbf } = payload;
  if (typeof sub !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return undefined;
  if (exp <= nowSeconds) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > nowSeconds)) return undefined;
  const ims = typeof payload.ims === 'number' ? payload.ims : iat * 1000;
  const sit = typeof payload.sit === 'number' ? payload.sit : ims;
  if (now.getTime() - sit > SESSION_MAX_SECONDS * 1000 || sit > ims) return undefined;
  const session =
    typeof payload.sid === 'string' && payload.sid.length <= 64
      ? { id: payload.sid, signedInAtMs: sit }
      : undefined;
  return { sub, issuedAtMs: ims, session };
}
