import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SignJWT, decodeJwt } from 'jose';
import { TOKEN_LIFETIME_SECONDS, issueToken, verifyToken } from '../src/auth/tokens.ts';

const SECRET = 'unit-test-secret-0123456789-abcdefghij';
const user = {
  id: '2f1c7d5e-0000-4000-8000-000000000001',
  name: 'Ravi',
  email: 'ravi@example.com',
  phone: '9876543210',
  role: 'user' as const,
  pagesLeft: 12,
};
const t0 = new Date('2026-01-10T10:00:00.500Z');

test('a token carries the claims the web app reads and verifies until it expires', async () => {
  const token = await issueToken(SECRET, user, t0);
  const c = decodeJwt(token);
  assert.deepEqual(
    [c.sub, c.name, c.email, c.phone, c.role, c.page_left],
    [user.id, 'Ravi', 'ravi@example.com', '9876543210', 'user', 12],
  );
  assert.equal(c.iat, Math.floor(t0.getTime() / 1000));
  assert.equal(c.exp, (c.iat as number) + TOKEN_LIFETIME_SECONDS);
  const ok = await verifyToken(SECRET, token, new Date(t0.getTime() + 1000));
  assert.deepEqual(ok, {
    sub: user.id,
    issuedAtMs: t0.getTime(),
    session: { id: c.sid, signedInAtMs: t0.getTime() },
  });
  const late = new Date(t0.getTime() + (TOKEN_LIFETIME_SECONDS + 1) * 1000);
  assert.equal(await verifyToken(SECRET, token, late), undefined);
});

test('wrong secret, other algorithms, alg none and tampering are refused', async () => {
  const token = await issueToken(SECRET, user, t0);
  assert.equal(await verifyToken('another-secret-0123456789-abcdefghij', token, t0), undefined);
  const hs512 = await new SignJWT({ name: 'x' })
    .setProtectedHeader({ alg: 'HS512' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(SECRET));
  assert.equal(await verifyToken(SECRET, hs512, new Date()), undefined, 'only HS256');
  const [, payload] = token.split('.');
  const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
  assert.equal(await verifyToken(SECRET, none, t0), undefined);
  const tampered = token.split('.');
  tampered[1] = Buffer.from(JSON.stringify({ ...decodeJwt(token), role: 'admin' })).toString('base64url');
  assert.equal(await verifyToken(SECRET, tampered.join('.'), t0), undefined);
  assert.equal(await verifyToken(SECRET, 'not.a.token', t0), undefined);
});
