import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, exportSPKI } from 'jose';
import { makeGoogleVerifier } from '../src/auth/google.ts';
import { FREE_PASSWORD_FAILURES, MAX_PASSWORD_DELAY_MS, delayAfter } from '../src/auth/failures.ts';
import { FREE_ADDRESS_FAILURES, failureDelayMs } from '../src/auth/otp.ts';
import { IDLE_DETAIL, SESSION_IDLE_MS } from '../src/auth/sessions.ts';
import { SESSION_MAX_SECONDS } from '../src/auth/tokens.ts';
import { users } from '../src/db/schema.ts';
import { call, startApp } from './helpers/harness.ts';
import { member } from './helpers/security.ts';
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

  /** Signs up and verifies; returns the person. */
  async function verified(over: Record<string, string> = {}) {
    const p = person(over);
    assert.equal((await api('POST', '/api/auth/signUp', { json: p })).status, 200);
    const code = await mail.codeOf(p.email);
    const v = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } });
    assert.equal(v.status, 200);
    return p;
  }

  /** Forgot password (after the resend wait) and the reset code verified; returns the answer. */
  async function provenReset(email: string) {
    h.clock.advance(51_000);
    assert.equal((await api('POST', '/api/auth/forgot-password', { json: { email } })).status, 200);
    const code = await mail.codeOf(email);
    return api('POST', '/api/verification/verfiy-otp', { json: { email, otp: code } });
  }

  describe('password reset bound to who proved the code', () => {
    test('after the owner verifies a reset code, knowing the e-mail is not enough to set the password', async () => {
      const owner = await verified();
      const attacker = await verified();
      const v = await provenReset(owner.email);
      assert.equal(v.status, 200);
      assert.equal(v.body.purpose, 'reset');
      assert.equal(typeof v.body.reset_token, 'string');

      const bare = await api('POST', '/api/auth/reset-password', {
        json: { email: owner.email, new_password: 'attacker-chosen-pass' },
      });
      assert.ok(bare.status === 400 || bare.status === 422, `no token: ${bare.status}`);
      const forged = await api('POST', '/api/auth/reset-password', {
        json: {
          email: owner.email,
          new_password: 'attacker-chosen-pass',
          reset_token: v.body.reset_token.split('.')[0] + '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        },
      });
      assert.equal(forged.status, 400, 'a forged token is refused');
      // The attacker's own reset token does not work for someone else's account.
      const mine = await provenReset(attacker.email);
      const crossed = await api('POST', '/api/auth/reset-password', {
        json: {
          email: owner.email,
          new_password: 'attacker-chosen-pass',
          reset_token: mine.body.reset_token,
        },
      });
      assert.equal(crossed.status, 400);
      assert.equal((await login(owner.email, 'attacker-chosen-pass')).status, 401);

      const ok = await api('POST', '/api/auth/reset-password', {
        json: { email: owner.email, new_password: 'owner-new-pass-1', reset_token: v.body.reset_token },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      const again = await api('POST', '/api/auth/reset-password', {
        json: { email: owner.email, new_password: 'owner-new-pass-2', reset_token: v.body.reset_token },
      });
      assert.equal(again.status, 400, 'the reset token is single use');
      assert.equal((await login(owner.email, 'owner-new-pass-1')).status, 200);
    });
  });

  describe('lock-out by wrong codes', () => {
    test('ten wrong codes from someone who knows only the e-mail do not lock the owner out for the day', async () => {
      const owner = await verified();
      const v = await provenReset(owner.email); // a reset code, used: the owner then asks again
      assert.equal(v.status, 200);
      // The attacker burns 10 wrong codes against the next reset code and its successor.
      h.clock.advance(51_000);
      await api('POST', '/api/auth/forgot-password', { json: { email: owner.email } });
      let code = await mail.codeOf(owner.email);
      for (let i = 0; i < 10; i++) {
        if (i === 5) {
          h.clock.advance(51_000);
          await api('POST', '/api/verification/send-otp', { json: { email: owner.email } });
          code = await mail.codeOf(owner.email);
        }
        if (i >= 6) h.clock.advance(failureDelayMs(i));
        const wrong = String((Number(code) + 1 + i) % 10000).padStart(4, '0');
        const r = await api('POST', '/api/verification/verfiy-otp', {
          json: { email: owner.email, otp: wrong },
        });
        assert.equal(r.status, 400);
      }
      // The owner asks for a new code: it works within minutes (the old code would have been refused all day).
      h.clock.advance(failureDelayMs(10));
      assert.equal(
        (await api('POST', '/api/verification/send-otp', { json: { email: owner.email } })).status,
        200,
      );
      const fresh = await mail.codeOf(owner.email);
      const ok = await api('POST', '/api/verification/verfiy-otp', {
        json: { email: owner.email, otp: fresh },
      });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.ok(failureDelayMs(10) <= 5 * 60_000, 'a wait of minutes');
    });

    test('guessing across many accounts from one address meets growing delays per address too', async () => {
      const attacker = '10.99.0.7';
      const people: (ReturnType<typeof person> & { code: string })[] = [];
      for (let i = 0; i < 5; i++) {
        const p = person();
        assert.equal((await api('POST', '/api/auth/signUp', { json: p })).status, 200);
        people.push({ ...p, code: await mail.codeOf(p.email) });
      }
      const guess = (p: (typeof people)[number], n: number, ip = attacker) =>
        api('POST', '/api/verification/verfiy-otp', {
          ip,
          json: { email: p.email, otp: String((Number(p.code) + 1 + n) % 10000).padStart(4, '0') },
        });
      // Under each account's own free tries (5), but 21 wrong codes from one address in all.
      for (let n = 0; n < FREE_ADDRESS_FAILURES + 1; n++) {
        const r = await guess(people[Math.floor(n / 5)], n % 5);
        assert.equal(r.status, 400, `try ${n}`);
      }
      const slowed = await guess(people[4], 3);
      assert.equal(slowed.status, 429, 'the address now waits, whichever account it tries');
      assert.match(slowed.body.detail, /wait \d+ seconds/);
      // Another address, and the owner with the right code, are not held back by it.
      assert.equal((await guess(people[4], 4, '10.99.0.8')).status, 400);
      const owner = await api('POST', '/api/verification/verfiy-otp', {
        ip: '10.99.0.9',
        json: { email: people[4].email, otp: people[4].code },
      });
      assert.equal(owner.status, 200, JSON.stringify(owner.body));
      // The delay grows with each further failure from the address.
      assert.ok(failureDelayMs(30, FREE_ADDRESS_FAILURES) > failureDelayMs(22, FREE_ADDRESS_FAILURES));
    });

    test('a password guessed from many addresses meets growing delays per account (known or not)', async () => {
      const owner = await verified();
      const ghost = `ghost.${randomUUID().slice(0, 8)}@example.com`;
      for (const email of [owner.email, ghost]) {
        // Each guess from another address: per-address limits never see more than one.
        for (let n = 0; n <= FREE_PASSWORD_FAILURES; n++) {
          const r = await api('POST', '/api/auth/sign/token', {
            ip: `10.77.${n}.${seq % 250}`,
            form: { username: email, password: `guess-number-${n}` },
          });
          assert.equal(r.status, 401, `${email} guess ${n}`);
        }
        const held = await api('POST', '/api/auth/sign/token', {
          form: { username: email, password: email === ghost ? 'another-guess' : owner.password },
        });
        assert.equal(held.status, 429, `${email}: the same answer whether or not the account exists`);
        assert.match(held.body.detail, /wait \d+ seconds, or reset your password/);
      }
      // Minutes, not a lock-out: after the wait the owner signs in, and that clears the count.
      h.clock.advance(delayAfter(FREE_PASSWORD_FAILURES + 1, FREE_PASSWORD_FAILURES, MAX_PASSWORD_DELAY_MS));
      assert.equal((await login(owner.email, owner.password)).status, 200);
      assert.equal((await login(owner.email, 'one-more-guess')).status, 401);
      assert.equal((await login(owner.email, owner.password)).status, 200);
      // About a hundred guesses a day at most, whatever the number of addresses.
      let tries = 0;
      for (let t = 0; t < 24 * 3600_000; tries += 1)
        t += Math.max(1, delayAfter(tries, FREE_PASSWORD_FAILURES, MAX_PASSWORD_DELAY_MS));
      assert.ok(tries <= 120, `${tries} guesses a day`);
    });

    test('guessing a 4-digit code is hopeless: growing delays allow under 1% of the codes a day per account', () => {
      let tries = 0;
      for (let t = 0; t < 24 * 3600_000; t += Math.max(1, failureDelayMs(tries))) tries += 1;
      assert.ok(tries < 100, `${tries} tries a day`);
      assert.ok(tries / 10_000 < 0.01);
    });
  });

  describe('sessions: real logout, renewals keep the sign-in time, absolute and idle limits', () => {
    test('logout revokes the token on the server; other sessions go on', async () => {
      const p = await verified();
      const a = await login(p.email, p.password);
      const b = await login(p.email, p.password);
      assert.equal((await api('GET', '/api/', { token: a.body.access_token })).status, 200);
      const renewed = await api('GET', '/api/auth/check/pages', { token: a.body.access_token });
      assert.equal((await api('POST', '/api/auth/logout', { token: a.body.access_token })).status, 200);
      assert.equal((await api('GET', '/api/', { token: a.body.access_token })).status, 401, 'logged out');
      assert.equal(
        (await api('GET', '/api/', { token: renewed.body.access_token })).status,
        401,
        'a renewal of the session is logged out with it',
      );
      assert.equal((await api('GET', '/api/', { token: b.body.access_token })).status, 200, 'other device');
    });

    test('renewals keep the sign-in time: a session ends 30 days after sign-in however often it is renewed', async () => {
      const p = await verified();
      const first = await login(p.email, p.password);
      const signedIn = decodeJwt(first.body.access_token);
      let token = first.body.access_token as string;
      // Used every 11 hours (within the idle timeout), renewed each time, for 30 days.
      const step = 11 * 3600_000;
      let elapsed = 0;
      while (elapsed + step < SESSION_MAX_SECONDS * 1000) {
        h.clock.advance(step);
        elapsed += step;
        const r = await api('GET', '/api/auth/check/pages', { token });
        assert.equal(r.status, 200, `after ${elapsed / 3600_000} h`);
        token = r.body.access_token;
        const c = decodeJwt(token);
        assert.equal(c.sid, signedIn.sid);
        assert.equal(c.sit, signedIn.sit, 'the sign-in time is kept');
        assert.ok((c.exp as number) <= (signedIn.iat as number) + SESSION_MAX_SECONDS);
      }
      h.clock.advance(SESSION_MAX_SECONDS * 1000 - elapsed + 1000);
      const r = await api('GET', '/api/auth/check/pages', { token });
      assert.equal(r.status, 401, 'past the absolute lifetime');
    });

    test('idle timeout: a session unused for 12 hours is over, though its token has days to run', async () => {
      const p = await verified();
      const a = await login(p.email, p.password);
      const b = await login(p.email, p.password);
      const c = decodeJwt(a.body.access_token);
      assert.equal((c.exp as number) - (c.iat as number), 7 * 24 * 3600, 'the token itself lives 7 days');
      // Any signed-in call is use, renewing or not: 11 hours, a call, 11 hours, a call.
      h.clock.advance(11 * 3600_000);
      assert.equal((await api('GET', '/api/', { token: a.body.access_token })).status, 200);
      h.clock.advance(11 * 3600_000);
      assert.equal((await api('GET', '/api/', { token: a.body.access_token })).status, 200, 'still in use');
      // Session b was not used for 22 hours: over. Then a is left alone past the timeout.
      const idle = await api('GET', '/api/', { token: b.body.access_token });
      assert.equal(idle.status, 401);
      assert.equal(idle.body.detail, IDLE_DETAIL);
      h.clock.advance(SESSION_IDLE_MS + 1000);
      assert.equal((await api('GET', '/api/', { token: a.body.access_token })).status, 401);
      assert.equal(
        (await api('GET', '/api/auth/check/pages', { token: a.body.access_token })).status,
        401,
        'an idle session cannot be renewed either',
      );
      // Signing in again works.
      const again = await login(p.email, p.password);
      assert.equal((await api('GET', '/api/', { token: again.body.access_token })).status, 200);
    });
  });
});

describe('security: payments fail closed (issue 18)', () => {
  test('without keys and without BAHI_PAYMENTS=test, purchases are refused with a clear error', async () => {
    const h = await startApp();
    try {
      assert.equal(h.config.payments, 'off');
      const u = await member(h);
      const token = await u.token();
      const plans = await call(h.app, 'GET', '/api/payment/plans');
      assert.equal(plans.body.mode, 'off');
      assert.equal((await call(h.app, 'GET', '/api/config')).body.payments_mode, 'off');
      const plan = plans.body.plans[1];
      const order = await call(h.app, 'POST', '/api/payment/create_order', {
        token,
        json: { amount: plan.price_paise, pages: plan.pages, user_order: 'Plan purchase' },
      });
      assert.equal(order.status, 503, JSON.stringify(order.body));
      assert.match(order.body.detail, /Purchases are not available/);
      const complete = await call(h.app, 'POST', '/api/payment/test/complete', {
        token,
        json: { order_id: 'order_test_AAAAAAAAAAAAAA' },
      });
      assert.equal(complete.status, 404, 'no test checkout');
      const [row] = await h.database.db.select().from(users).where(eq(users.id, u.id));
      assert.equal(row.pagesLeft, 10, 'no pages for nothing');
    } finally {
      await h.close();
    }
  });

  test('BAHI_PAYMENTS=test turns the test checkout on, with a loud warning at start', async () => {
    const h = await startApp({ env: { BAHI_PAYMENTS: 'test' } });
    try {
      assert.equal((await call(h.app, 'GET', '/api/config')).body.payments_mode, 'test');
      assert.ok(
        h.logs.some((l) => /"level":40/.test(l) && /WITHOUT ANY PAYMENT/.test(l)),
        'a warning in the log at start',
      );
    } finally {
      await h.close();
    }
  });
});
