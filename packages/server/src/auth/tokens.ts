import { SignJWT, jwtVerify } from 'jose';
import type { UserRow } from '../db/schema.ts';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export type VerifiedToken = { sub: string; issuedAtMs: number };

const key = (secret: string) => new TextEncoder().encode(secret);

/**
 * Signs the access token with the claims the web app reads. `ims` is the issue time in
 * milliseconds: `iat` has whole seconds only, too coarse to refuse tokens issued just before a
 * sign-out-everywhere while keeping the one issued just after.
 */
export async function issueToken(
  secret: string,
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'phone' | 'role' | 'pagesLeft'>,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    page_left: user.pagesLeft,
    ims: now.getTime(),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(key(secret));
}

/** Checks signature (HS256 only), expiry and shape; returns undefined for any bad token. */
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
    return { sub: payload.sub, issuedAtMs: ims };
  } catch {
    return undefined;
  }
}
