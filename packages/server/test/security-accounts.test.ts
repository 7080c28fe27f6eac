import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportSPKI } from 'jose';
import { makeGoogleVerifier } from '../src/auth/google.ts';
import { users } from '../src/db/schema.ts';
import { call, startApp } from './helpers/harness.ts';
import { startMailbox } from './helpers/smtp.ts';

// Security issue 18, the account, session and payment findings: each test here failed on the code
// the outside probe saw and passes with its fix.

const ADMIN = 'owner.admin@example.com';
const GOOGLE_CLIENT = 'sec-client.apps.googleusercontent.com';

describe('security: accounts and sessions (issue 18)', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let mail: Awaited<ReturnType<typeof startMailbox>>;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  before(async () => {
    mail = await startMailbox();
    const pem = await exportSPKI(publicKey);
    h = await startApp({
      env: { SMTP_URL: mail.url, BAHI_ADMIN_EMAILS: ADMIN, GOOGLE_CLIENT_ID: GOOGLE_CLIENT },
      deps: { google: makeGoogleVerifier(GOOGLE_CLIENT, async () => ({ k1: pem })) },
    });
  });
  after(async () => {
    await h?.close();
    await mail?.close();
  });

  const api = (...a: Parameters<typeof call> extends [unknown, ...infer R] ? R : never) => call(h.app, ...a);

  const googleToken = (claims: Record<string, unknown>) =>
    new SignJWT({ email_verified: true, name: 'Real Owner', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(GOOGLE_CLIENT)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
      .sign(privateKey);

  let seq = 0;
  function person(over: Record<string, string> = {}) {
    seq += 1;
    const id = randomUUID().slice(0, 8);
    return {
      name: `Sec Person ${id}`,
      email: `sec.acc.${id}@example.com`,
      phone: String(8_100_000_000 + seq * 7919 + Math.floor(Math.random() * 1000)),
      password: `pw-${id}-long-secret`,
      ...over,
    };
  }
  const login = (email: string, password: string) =>
    api('POST', '/api/auth/sign/token', { form: { username: email, password } });

  describe('takeover before sign-up', () => {
    test("Google sign-in of the owner drops a stranger's password on an unverified sign-up", async () => {
      const victim = `victim.${randomUUID().slice(0, 8)}@gmail.com`;
      const stranger = person({ email: victim });
      assert.equal((await api('POST', '/api/auth/signUp', { json: stranger })).status, 200);

      const g = await api('POST', '/api/auth/google', {
        json: { token: await googleToken({ sub: randomUUID(), email: victim }) },
      });
      assert.equal(g.status, 200, JSON.stringify(g.body));
      const [row] = await h.database.db.select().from(users).where(eq(users.email, victim));
      assert.equal(row.emailVerified, true);
      assert.equal(row.passwordHash, null, "the stranger's password is gone");
      const r = await login(victim, stranger.password);
      assert.equal(r.status, 401, 'the stranger cannot sign in with their password');
      // The owner's own session works.
      assert.equal((await api('GET', '/api/', { token: g.body.access_token })).status, 200);
    });

    test('a verified account linked to Google keeps its password', async () => {
      const p = person();
      await api('POST', '/api/auth/signUp', { json: p });
      const code = await mail.codeOf(p.email);
      assert.equal(
        (await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } })).status,
        200,
      );
      const g = await api('POST', '/api/auth/google', {
        json: { token: await googleToken({ sub: randomUUID(), email: p.email }) },
      });
      assert.equal(g.status, 200);
      assert.equal((await login(p.email, p.password)).status, 200);
    });

    test('an admin address is not admin while unverified; the Google owner is admin, the stranger is out', async () => {
      const stranger = person({ email: ADMIN });
      assert.equal((await api('POST', '/api/auth/signUp', { json: stranger })).status, 200);
      const [pending] = await h.database.db.select().from(users).where(eq(users.email, ADMIN));
      assert.equal(pending.role, 'user', 'no admin role for an unverified address');

      const g = await api('POST', '/api/auth/google', {
        json: { token: await googleToken({ sub: randomUUID(), email: ADMIN }) },
      });
      assert.equal(g.status, 200);
      assert.equal(decodeJwt(g.body.access_token).role, 'admin');
      assert.equal((await login(ADMIN, stranger.password)).status, 401);
    });

    test('an unverified sign-up expires: after 24 h its e-mail and phone can be registered again', async () => {
      const stranger = person();
      assert.equal((await api('POST', '/api/auth/signUp', { json: stranger })).status, 200);
      const owner = person({ email: stranger.email, phone: stranger.phone });
      const early = await api('POST', '/api/auth/signUp', { json: owner });
      assert.equal(early.status, 400, 'still held within the day');
      h.clock.advance(24 * 3600_000 + 60_000);
      const later = await api('POST', '/api/auth/signUp', { json: owner });
      assert.equal(later.status, 200, JSON.stringify(later.body));
      const code = await mail.codeOf(owner.email);
      await api('POST', '/api/verification/verfiy-otp', { json: { email: owner.email, otp: code } });
      assert.equal((await login(owner.email, owner.password)).status, 200);
      assert.equal((await login(owner.email, stranger.password)).status, 401);
    });
  });
});
