import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHmac } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
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

test('a token is signed and verified in the calling turn, without a hand-off to the thread pool', () => {
  // jose's WebCrypto waited in libuv's pool behind the answers' gzip on every signed-in call
  // (decision 052, round nine): both are plain values now, not promises
  const token: unknown = issueToken(SECRET, user, t0);
  assert.equal(typeof token, 'string', 'issueToken answers a string, not a promise');
  const verified: unknown = verifyToken(SECRET, token as string, t0);
  assert.ok(!(verified instanceof Promise), 'verifyToken answers in the same turn');
  assert.equal((verified as { sub: string }).sub, user.id);
});

test('the tokens are the bytes jose signs, and jose-signed tokens verify as before', async () => {
  const session = { id: 'b5a4a2f2-1d8e-4c52-9d5b-0b7d4f4d2a11', signedInAtMs: t0.getTime() - 5000 };
  const ours = await issueToken(SECRET, user, t0, session);
  const iat = Math.floor(t0.getTime() / 1000);
  const theirs = await new SignJWT({
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    page_left: user.pagesLeft,
    ims: t0.getTime(),
    sid: session.id,
    sit: session.signedInAtMs,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(SECRET));
  assert.equal(ours, theirs);
  const { payload } = await jwtVerify(ours, new TextEncoder().encode(SECRET), { currentDate: t0 });
  assert.equal(payload.sid, session.id);
  // a token from before sessions (no sid, no ims): verified, with no session to revoke
  const old = await new SignJWT({ name: 'x' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 60)
    .sign(new TextEncoder().encode(SECRET));
  assert.deepEqual(await verifyToken(SECRET, old, t0), {
    sub: user.id,
    issuedAtMs: iat * 1000,
    session: undefined,
  });
  // expiry is to the second, as jwtVerify's: refused at exp itself
  assert.ok(await verifyToken(SECRET, old, new Date((iat + 59) * 1000 + 999)));
  assert.equal(await verifyToken(SECRET, old, new Date((iat + 60) * 1000)), undefined);
});

test('not-yet-valid, missing claims, crit headers and a second spelling of the signature are refused', async () => {
  const key = new TextEncoder().encode(SECRET);
  const iat = Math.floor(t0.getTime() / 1000);
  const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256' }) => {
    const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
  };
  const base = { sub: user.id, iat, exp: iat + 60 };
  assert.ok(await verifyToken(SECRET, signed(base), t0), 'the hand-made token itself is good');
  assert.equal(await verifyToken(SECRET, signed({ ...base, nbf: iat + 10 }), t0), undefined, 'nbf ahead');
  assert.equal(
    await verifyToken(SECRET, signed({ ...base, nbf: 'soon' }), t0),
    undefined,
    'nbf not a number',
  );
  for (const claim of ['sub', 'iat', 'exp'] as const) {
    const { [claim]: _gone, ...rest } = base;
    assert.equal(await verifyToken(SECRET, signed(rest), t0), undefined, `no ${claim}`);
  }
  assert.equal(await verifyToken(SECRET, signed({ ...base, exp: String(iat + 60) }), t0), undefined);
  assert.equal(await verifyToken(SECRET, signed([base] as never), t0), undefined, 'an array payload');
  const crit = signed(base, { alg: 'HS256', crit: ['b64'], b64: false });
  assert.equal(await verifyToken(SECRET, crit, t0), undefined, 'crit');
  // jose refuses the crit header too
  await assert.rejects(jwtVerify(crit, key, { currentDate: t0 }));
  const good = signed(base);
  const sig = good.split('.')[2];
  // the last character of a 32-byte signature carries 4 bits and 2 spare ones: flip a spare one
  const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const other = last[last.indexOf(sig.at(-1)!) ^ 1];
  const twin = `${good.slice(0, -1)}${other}`;
  assert.equal(Buffer.from(twin.split('.')[2], 'base64url').equals(Buffer.from(sig, 'base64url')), true);
  assert.equal(await verifyToken(SECRET, twin, t0), undefined);
});
