import assert from 'node:assert/strict';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SignJWT, decodeJwt, exportSPKI } from 'jose';
import { makeGoogleVerifier } from '../../src/auth/google.ts';
import { grantAdmin } from '../../src/admin.ts';
import { call, startApp } from '../helpers/harness.ts';
import { startMailbox } from '../helpers/smtp.ts';

const ADMIN = 'boss@example.com';
const GOOGLE_CLIENT = 'test-client.apps.googleusercontent.com';

/**
 * The API suite of every account call, run on PGlite and on PostgreSQL.
 * `databaseUrl` undefined means PGlite in memory.
 */
export function accountsSuite(
  label: string,
  databaseUrl: () => string | undefined,
  expectKind: 'pglite' | 'postgres',
) {
  describe(`accounts API on ${label}`, () => {
    let h: Awaited<ReturnType<typeof startApp>>;
    let mail: Awaited<ReturnType<typeof startMailbox>>;
    const secrets = new Set<string>();
    let n = 0;

    before(async () => {
      mail = await startMailbox();
      h = await startApp({
        databaseUrl: databaseUrl(),
        env: { SMTP_URL: mail.url, BAHI_ADMIN_EMAILS: ADMIN, BAHI_SIGNUP_PAGES: '10' },
        deps: { limits: { login: { max: 8, windowSeconds: 900 } } },
      });
    });
    after(async () => {
      await h?.close();
      await mail?.close();
    });

    const api = (...a: Parameters<typeof call> extends [unknown, ...infer R] ? R : never) =>
      call(h.app, ...a);

    function person(over: Record<string, string> = {}) {
      n += 1;
      const id = randomUUID().slice(0, 8);
      const p = {
        name: `Asha ${id}`,
        email: `asha.${id}@example.com`,
        phone: String(9_000_000_000 + Math.floor(Math.random() * 999_999_999)),
        password: `pw-${id}-secret`,
        ...over,
      };
      secrets.add(p.password);
      return p;
    }

    async function codeOf(email: string, index?: number) {
      const code = await mail.codeOf(email, index);
      secrets.add(code);
      return code;
    }

    async function login(email: string, password: string) {
      const r = await api('POST', '/api/auth/sign/token', { form: { username: email, password } });
      if (r.body?.access_token) secrets.add(r.body.access_token);
      return r;
    }

    /** Signs up, verifies and signs in; returns the person and the token. */
    async function member(over: Record<string, string> = {}) {
      const p = person(over);
      assert.equal((await api('POST', '/api/auth/signUp', { json: p })).status, 200);
      const v = await api('POST', '/api/verification/verfiy-otp', {
        json: { email: p.email, otp: await codeOf(p.email) },
      });
      assert.equal(v.status, 200);
      const r = await login(p.email, p.password);
      assert.equal(r.status, 200);
      return { ...p, token: r.body.access_token as string };
    }

    test('health names the database', async () => {
      const r = await api('GET', '/api/health');
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { ok: true, db: h.database.kind, version: r.body.version });
      assert.equal(r.body.db, expectKind);
    });

    test('signup, code from the mail, verify, sign in, profile, pages', async () => {
      const digits = '98111' + String(10000 + n + 1).slice(-5);
      const p = person({ phone: '+91 ' + digits.slice(0, 5) + ' ' + digits.slice(5) });
      const su = await api('POST', '/api/auth/signUp', { json: p });
      assert.equal(su.status, 200, JSON.stringify(su.body));
      assert.equal(mail.count(p.email), 1);
      assert.match(mail.mails.at(-1)!.text, /valid for 10 minutes/);

      const early = await login(p.email, p.password);
      assert.equal(early.status, 403);
      assert.equal(early.body.detail, 'Please verify your e-mail before signing in.');

      const code = await codeOf(p.email);
      const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
      const bad = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: wrong } });
      assert.equal(bad.status, 400);
      assert.equal(typeof bad.body.detail, 'string');

      const ok = await api('POST', '/api/verification/verfiy-otp', {
        json: { email: p.email.toUpperCase(), otp: code },
      });
      assert.deepEqual(ok.body, { ok: true, purpose: 'signup' });
      const again = await api('POST', '/api/verification/verfiy-otp', {
        json: { email: p.email, otp: code },
      });
      assert.equal(again.status, 400, 'a code is single use');

      const r = await login(p.email, p.password);
      assert.equal(r.status, 200);
      assert.equal(r.body.token_type, 'bearer');
      const claims = decodeJwt(r.body.access_token);
      assert.equal(claims.name, p.name);
      assert.equal(claims.email, p.email);
      assert.equal(claims.phone, digits);
      assert.equal(claims.role, 'user');
      assert.equal(claims.page_left, 10);
      assert.ok(typeof claims.exp === 'number' && claims.exp - (claims.iat as number) === 7 * 24 * 3600);

      for (const url of ['/api/', '/api/auth/userprofile/get']) {
        const prof = await api('GET', url, { token: r.body.access_token });
        assert.equal(prof.status, 200, url);
        assert.equal(prof.body.name, p.name);
        assert.equal(prof.body.page_left, 10);
        assert.equal(prof.body.role, 'user');
        assert.ok(!Number.isNaN(Date.parse(prof.body.created_at)));
      }
      const pages = await api('GET', '/api/auth/check/pages', { token: r.body.access_token });
      assert.equal(pages.status, 200);
      assert.equal(pages.body.page_left, 10);
      assert.equal(decodeJwt(pages.body.access_token).page_left, 10);
    });

    test('signup checks every field', async () => {
      const cases: Array<[Record<string, string>, RegExp]> = [
        [{ name: '' }, /name/i],
        [{ email: 'not-an-email' }, /e-mail/i],
        [{ phone: '12345' }, /10 digits/],
        [{ password: 'short' }, /at least 8/],
      ];
      for (const [over, message] of cases) {
        const r = await api('POST', '/api/auth/signUp', { json: person(over) });
        assert.equal(r.status, 422, JSON.stringify(over));
        assert.match(r.body.detail, message);
      }
      const missing = await api('POST', '/api/auth/signUp', { json: { email: 'x@example.com' } });
      assert.equal(missing.status, 422);
    });

    test('duplicate phone and e-mail give the specified details', async () => {
      const p = await member();
      const samePhone = await api('POST', '/api/auth/signUp', { json: person({ phone: p.phone }) });
      assert.equal(samePhone.status, 400);
      assert.equal(samePhone.body.detail, 'User with this phone number already exists');
      const sameEmail = await api('POST', '/api/auth/signUp', {
        json: person({ email: p.email.toUpperCase() }),
      });
      assert.equal(sameEmail.status, 400);
      assert.equal(sameEmail.body.detail, 'User with this email already exists');
    });

    test('resend waits 50 s; only the newest code counts; unknown e-mails look the same', async () => {
      const p = person();
      await api('POST', '/api/auth/signUp', { json: p });
      const first = await codeOf(p.email, 0);
      const soon = await api('POST', '/api/verification/send-otp', { json: p });
      assert.equal(soon.status, 429);
      assert.match(soon.body.detail, /wait 50 seconds/);
      h.clock.advance(30_000);
      const later = await api('POST', '/api/verification/send-otp', { json: p });
      assert.match(later.body.detail, /wait 20 seconds/);
      h.clock.advance(21_000);
      const resent = await api('POST', '/api/verification/send-otp', { json: { ...p } });
      assert.equal(resent.status, 200);
      const second = await codeOf(p.email, 1);
      if (first !== second) {
        const old = await api('POST', '/api/verification/verfiy-otp', {
          json: { email: p.email, otp: first },
        });
        assert.equal(old.status, 400);
      }
      const ok = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: second } });
      assert.equal(ok.status, 200);

      const before = mail.mails.length;
      const unknown = await api('POST', '/api/verification/send-otp', {
        json: { email: 'nobody-x@example.com' },
      });
      assert.equal(unknown.status, 200);
      assert.equal(mail.mails.length, before);
    });

    test('a code expires after 10 minutes', async () => {
      const p = person();
      await api('POST', '/api/auth/signUp', { json: p });
      const code = await codeOf(p.email);
      h.clock.advance(10 * 60_000 + 1000);
      const r = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } });
      assert.equal(r.status, 400);
    });

    test('a code dies after 5 wrong tries', async () => {
      const p = person();
      await api('POST', '/api/auth/signUp', { json: p });
      const code = await codeOf(p.email);
      const wrong = String((Number(code) + 5000) % 10000).padStart(4, '0');
      for (let i = 0; i < 5; i++) {
        assert.equal(
          (await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: wrong } }))
            .status,
          400,
        );
      }
      const r = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } });
      assert.equal(r.status, 400, 'the right code no longer works');
    });

    test('10 wrong codes bring a wait of minutes, not a day; then the right code works', async () => {
      const p = person();
      await api('POST', '/api/auth/signUp', { json: p });
      let code = await codeOf(p.email, 0);
      for (let i = 0; i < 10; i++) {
        if (i === 5) {
          h.clock.advance(51_000);
          await api('POST', '/api/verification/send-otp', { json: p });
          code = await codeOf(p.email, 1);
        }
        if (i >= 6) h.clock.advance(10_000 * 2 ** (i - 6));
        const wrong = String((Number(code) + 1 + i) % 10000).padStart(4, '0');
        const r = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: wrong } });
        assert.equal(r.status, 400, `try ${i + 1}`);
      }
      const r = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } });
      assert.equal(r.status, 429);
      assert.match(r.body.detail, /wait 160 seconds/);
      h.clock.advance(160_000);
      // That code died after 5 wrong tries; a freshly mailed one works.
      assert.equal((await api('POST', '/api/verification/send-otp', { json: p })).status, 200);
      const fresh = await codeOf(p.email, 2);
      const ok = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: fresh } });
      assert.equal(ok.status, 200);
    });

    test('sign-in refuses wrong passwords and unknown accounts with 401', async () => {
      const p = await member();
      const wrong = await login(p.email, 'not-the-password');
      assert.equal(wrong.status, 401);
      assert.equal(typeof wrong.body.detail, 'string');
      assert.equal((await login('nobody@example.com', 'whatever-pass')).status, 401);
      const missing = await api('POST', '/api/auth/sign/token', { form: { username: p.email } });
      assert.equal(missing.status, 422);
    });

    test('sign-in is rate-limited per address', async () => {
      const ip = '10.99.0.1';
      let last;
      for (let i = 0; i < 9; i++) {
        last = await api('POST', '/api/auth/sign/token', {
          form: { username: 'x@example.com', password: 'nope-nope' },
          ip,
        });
      }
      assert.equal(last!.status, 429);
      assert.match(last!.body.detail, /Too many attempts/);
      const other = await api('POST', '/api/auth/sign/token', {
        form: { username: 'x@example.com', password: 'nope-nope' },
        ip: '10.99.0.2',
      });
      assert.equal(other.status, 401);
    });

    test('forgot and reset password', async () => {
      const p = await member();
      const before = mail.mails.length;
      const unknown = await api('POST', '/api/auth/forgot-password', {
        json: { email: 'ghost@example.com' },
      });
      assert.equal(unknown.status, 200);
      assert.equal(mail.mails.length, before);

      const early = await api('POST', '/api/auth/reset-password', {
        json: { email: p.email, new_password: 'brand-new-pass', reset_token: 'none' },
      });
      assert.equal(early.status, 400, 'no reset without a verified code');

      h.clock.advance(51_000);
      assert.equal(
        (await api('POST', '/api/auth/forgot-password', { json: { email: p.email } })).status,
        200,
      );
      const code = await codeOf(p.email, 1);
      assert.match(mail.mails.at(-1)!.text, /reset your password/);
      const v = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } });
      assert.deepEqual(v.body, { ok: true, purpose: 'reset', reset_token: v.body.reset_token });
      const reset_token = v.body.reset_token as string;
      secrets.add(reset_token);

      h.clock.advance(1000);
      const newPassword = 'brand-new-pass-' + n;
      secrets.add(newPassword);
      const r = await api('POST', '/api/auth/reset-password', {
        json: { email: p.email, new_password: newPassword, reset_token },
      });
      assert.equal(r.status, 200);
      assert.equal(
        (await api('GET', '/api/auth/userprofile/get', { token: p.token })).status,
        401,
        'old tokens die',
      );
      assert.equal((await login(p.email, p.password)).status, 401);
      assert.equal((await login(p.email, newPassword)).status, 200);
      const twice = await api('POST', '/api/auth/reset-password', {
        json: { email: p.email, new_password: 'third-password', reset_token },
      });
      assert.equal(twice.status, 400, 'the permission is single use');
    });

    test('the reset permission lasts 10 minutes', async () => {
      const p = await member();
      h.clock.advance(51_000);
      await api('POST', '/api/auth/forgot-password', { json: { email: p.email } });
      const code = await codeOf(p.email, 1);
      const v = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: code } });
      secrets.add(v.body.reset_token);
      h.clock.advance(11 * 60_000);
      const r = await api('POST', '/api/auth/reset-password', {
        json: { email: p.email, new_password: 'too-late-pass', reset_token: v.body.reset_token },
      });
      assert.equal(r.status, 400);
    });

    test('forgot password right after verifying the signup: the reset code is sent, Resend keeps working', async () => {
      const p = await member(); // signup code sent and used a moment ago
      const mailsTo = () => mail.mails.filter((m) => m.to === p.email.toLowerCase());
      assert.equal(mailsTo().length, 1);
      const forgot = await api('POST', '/api/auth/forgot-password', { json: { email: p.email } });
      assert.deepEqual(forgot.body, { ok: true });
      assert.equal(mailsTo().length, 2, 'the reset code goes out at once');
      assert.match(mailsTo()[1].text, /reset your password/);

      // A second ask within 50 s says how long to wait, for an unknown address exactly as for this one.
      h.clock.advance(10_000);
      const again = await api('POST', '/api/auth/forgot-password', { json: { email: p.email } });
      assert.equal(again.status, 429);
      assert.equal(again.body.detail, 'Please wait 40 seconds before asking for a new code.');
      const ghost = 'ghost-' + p.email;
      assert.equal((await api('POST', '/api/auth/forgot-password', { json: { email: ghost } })).status, 200);
      h.clock.advance(10_000);
      const ghostAgain = await api('POST', '/api/auth/forgot-password', { json: { email: ghost } });
      assert.equal(ghostAgain.status, 429);
      assert.equal(ghostAgain.body.detail, 'Please wait 40 seconds before asking for a new code.');
      const resendSoon = await api('POST', '/api/verification/send-otp', { json: { email: p.email } });
      assert.equal(resendSoon.status, 429);
      assert.equal(resendSoon.body.detail, 'Please wait 30 seconds before asking for a new code.');

      // The code is used; Resend 50 s later still sends a reset code (the request is recent).
      const first = await codeOf(p.email, 1);
      const v = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: first } });
      assert.equal(v.body.purpose, 'reset');
      secrets.add(v.body.reset_token);
      h.clock.advance(31_000);
      const resent = await api('POST', '/api/verification/send-otp', { json: { email: p.email } });
      assert.deepEqual(resent.body, { ok: true });
      assert.equal(mailsTo().length, 3);
      assert.match(mailsTo()[2].text, /reset your password/);
      const second = await codeOf(p.email, 2);
      const v2 = await api('POST', '/api/verification/verfiy-otp', { json: { email: p.email, otp: second } });
      assert.equal(v2.body.purpose, 'reset');
      secrets.add(v2.body.reset_token);
      const newPassword = 'after-resend-pass-' + n;
      secrets.add(newPassword);
      const r = await api('POST', '/api/auth/reset-password', {
        json: { email: p.email, new_password: newPassword, reset_token: v2.body.reset_token },
      });
      assert.equal(r.status, 200);
      assert.equal((await login(p.email, newPassword)).status, 200);

      // Done: a verified account with no open reset request has nothing to resend, like an unknown one.
      h.clock.advance(51_000);
      const nothing = await api('POST', '/api/verification/send-otp', { json: { email: p.email } });
      assert.deepEqual(nothing.body, { ok: true });
      assert.equal(mailsTo().length, 3);
    });

    test('guards: missing, bad, expired and forged tokens get 401; non-admins 403', async () => {
      const p = await member();
      for (const token of [undefined, 'garbage', p.token.slice(0, -2) + 'xx']) {
        const r = await api('GET', '/api/auth/userprofile/get', { token });
        assert.equal(r.status, 401);
        assert.equal(typeof r.body.detail, 'string');
      }
      const claims = decodeJwt(p.token);
      const none = [
        Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
        Buffer.from(JSON.stringify(claims)).toString('base64url'),
        '',
      ].join('.');
      assert.equal((await api('GET', '/api/', { token: none })).status, 401, 'alg none refused');
      const forged = await new SignJWT({ ...claims, role: 'admin' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('some-other-secret-of-enough-length-000'));
      assert.equal((await api('GET', '/api/', { token: forged })).status, 401, 'wrong key refused');

      const forbidden = await api('GET', '/api/test/admin-only', { token: p.token });
      assert.equal(forbidden.status, 403);

      h.clock.advance(7 * 24 * 3600 * 1000 + 1000);
      try {
        assert.equal((await api('GET', '/api/', { token: p.token })).status, 401, 'expired');
      } finally {
        h.clock.advance(-(7 * 24 * 3600 * 1000 + 1000));
      }
    });

    test('admins: BAHI_ADMIN_EMAILS at signup and grantAdmin', async () => {
      const boss = await member({ email: ADMIN });
      assert.equal(decodeJwt(boss.token).role, 'admin');
      assert.equal((await api('GET', '/api/test/admin-only', { token: boss.token })).status, 200);

      const p = await member();
      assert.equal(await grantAdmin(h.database.db, p.email.toUpperCase()), true);
      assert.equal(await grantAdmin(h.database.db, 'nobody@example.com'), false);
      assert.equal(
        (await api('GET', '/api/test/admin-only', { token: p.token })).status,
        200,
        'role read from the database',
      );
      assert.equal(decodeJwt((await login(p.email, p.password)).body.access_token).role, 'admin');
    });

    test('Google sign-in: off without a client id', async () => {
      const r = await api('POST', '/api/auth/google', { json: { token: 'x' } });
      assert.equal(r.status, 400);
    });

    describe('Google sign-in with a test key', () => {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
      let g: Awaited<ReturnType<typeof startApp>>;
      before(async () => {
        const pem = await exportSPKI(publicKey);
        g = await startApp({
          database: h.database,
          env: { GOOGLE_CLIENT_ID: GOOGLE_CLIENT, BAHI_SIGNUP_PAGES: '7' },
          deps: { google: makeGoogleVerifier(GOOGLE_CLIENT, async () => ({ k1: pem })) },
        });
      });
      after(() => g?.close());

      const idToken = (
        claims: Record<string, unknown>,
        key = privateKey,
        aud = GOOGLE_CLIENT,
        expSeconds = 3600,
      ) =>
        new SignJWT({ email_verified: true, name: 'Google Person', ...claims })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
          .setIssuer('https://accounts.google.com')
          .setAudience(aud)
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + expSeconds)
          .sign(key);

      test('creates a verified account with signup pages, then signs the same person in by sub', async () => {
        const email = `g.${randomUUID().slice(0, 8)}@gmail.com`;
        const sub = randomUUID();
        const first = await call(g.app, 'POST', '/api/auth/google', {
          json: { token: await idToken({ sub, email }) },
        });
        assert.equal(first.status, 200, JSON.stringify(first.body));
        const claims = decodeJwt(first.body.access_token);
        assert.equal(claims.email, email);
        assert.equal(claims.page_left, 7);
        const second = await call(g.app, 'POST', '/api/auth/google', {
          json: { token: await idToken({ sub, email: email.replace('g.', 'renamed.') }) },
        });
        assert.equal(decodeJwt(second.body.access_token).sub, claims.sub);
      });

      test('links to an existing account by verified e-mail', async () => {
        const p = await member();
        const r = await call(g.app, 'POST', '/api/auth/google', {
          json: { token: await idToken({ sub: randomUUID(), email: p.email }) },
        });
        assert.equal(r.status, 200);
        assert.equal(decodeJwt(r.body.access_token).sub, decodeJwt(p.token).sub);
      });

      test('refuses a wrong key, audience, expiry and an unverified e-mail', async () => {
        const base = { sub: randomUUID(), email: `x.${randomUUID().slice(0, 6)}@gmail.com` };
        for (const token of [
          await idToken(base, other.privateKey),
          await idToken(base, privateKey, 'someone-else'),
          await idToken(base, privateKey, GOOGLE_CLIENT, -600),
        ]) {
          const r = await call(g.app, 'POST', '/api/auth/google', { json: { token } });
          assert.equal(r.status, 401);
          assert.equal(typeof r.body.detail, 'string');
        }
        const unverified = await call(g.app, 'POST', '/api/auth/google', {
          json: { token: await idToken({ ...base, email_verified: false }) },
        });
        assert.equal(unverified.status, 400);
      });
    });

    test('account: profile read and update, duplicate phone refused', async () => {
      const p = await member();
      const q = await member();
      const get = await api('GET', '/api/account/profile', { token: p.token });
      assert.equal(get.body.email, p.email);
      const put = await api('PUT', '/api/account/profile', {
        token: p.token,
        json: { name: 'New Name', phone: '0' + p.phone },
      });
      assert.equal(put.status, 200);
      assert.equal(put.body.name, 'New Name');
      assert.equal(decodeJwt(put.body.access_token).name, 'New Name');
      const clash = await api('PUT', '/api/account/profile', {
        token: p.token,
        json: { name: 'X', phone: q.phone },
      });
      assert.equal(clash.status, 400);
      assert.equal(clash.body.detail, 'User with this phone number already exists');
      assert.equal((await api('GET', '/api/account/profile')).status, 401);
    });

    test('account: change password signs out other devices', async () => {
      const p = await member();
      const wrong = await api('POST', '/api/account/change-password', {
        token: p.token,
        json: { current_password: 'nope-nope', new_password: 'another-pass-1' },
      });
      assert.equal(wrong.status, 400);
      h.clock.advance(1000);
      secrets.add('another-pass-2');
      const ok = await api('POST', '/api/account/change-password', {
        token: p.token,
        json: { current_password: p.password, new_password: 'another-pass-2' },
      });
      assert.equal(ok.status, 200);
      assert.equal((await api('GET', '/api/', { token: p.token })).status, 401);
      assert.equal((await api('GET', '/api/', { token: ok.body.access_token })).status, 200);
      assert.equal((await login(p.email, 'another-pass-2')).status, 200);
    });

    test('account: sign out everywhere', async () => {
      const p = await member();
      h.clock.advance(1000);
      assert.equal((await api('POST', '/api/account/logout-all', { token: p.token })).status, 200);
      assert.equal((await api('GET', '/api/', { token: p.token })).status, 401);
      h.clock.advance(1000);
      const fresh = await login(p.email, p.password);
      assert.equal((await api('GET', '/api/', { token: fresh.body.access_token })).status, 200);
    });

    test('account: export, history and delete are scoped to the signed-in user', async () => {
      const p = await member();
      const q = await member();
      const exp = await api('GET', '/api/account/export', { token: p.token });
      assert.equal(exp.status, 200);
      assert.match(String(exp.headers['content-disposition']), /attachment/);
      assert.equal(exp.body.account.email, p.email);
      assert.deepEqual(
        exp.body.page_ledger.map((r: any) => [r.kind, r.pages]),
        [['grant', 10]],
      );
      assert.ok(!JSON.stringify(exp.body).includes('argon2'), 'no password hash in the export');
      assert.ok(!JSON.stringify(exp.body).includes(q.email));

      const hist = await api('GET', '/api/account/history?page=1&page_size=5', { token: p.token });
      assert.equal(hist.status, 200);
      assert.equal(hist.body.ledger_total, 1);
      assert.equal(hist.body.ledger[0].kind, 'grant');
      assert.deepEqual(hist.body.extractions, []);
      assert.equal((await api('GET', '/api/account/history?page=0', { token: p.token })).status, 422);

      const bad = await api('DELETE', '/api/account', {
        token: p.token,
        json: { password: 'wrong-password' },
      });
      assert.equal(bad.status, 400);
      const del = await api('DELETE', '/api/account', { token: p.token, json: { password: p.password } });
      assert.equal(del.status, 200);
      assert.equal((await api('GET', '/api/', { token: p.token })).status, 401);
      assert.equal((await login(p.email, p.password)).status, 401);
      assert.equal(
        (await api('GET', '/api/', { token: q.token })).status,
        200,
        'the other user is untouched',
      );
    });

    test('errors are JSON with a detail', async () => {
      const unknown = await api('GET', '/api/no-such-call');
      assert.equal(unknown.status, 404);
      assert.equal(typeof unknown.body.detail, 'string');
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/signUp',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      assert.equal(res.statusCode, 400);
      assert.equal(typeof res.json().detail, 'string');
    });

    test('the log never holds a password, code or token sent or received', () => {
      // pid and time are numbers of the logger itself, not request data.
      const log = h.logs.join('').replace(/"(pid|time)":\d+/g, '');
      assert.ok(log.length > 1000, 'requests were logged');
      assert.ok(secrets.size > 20);
      for (const s of secrets) {
        // A 4-digit code counts only as a number of its own, not inside a longer one.
        const found = /^\d{4}$/.test(s) ? new RegExp(`(?<![\\d.])${s}(?![\\d.])`).test(log) : log.includes(s);
        assert.ok(!found, `log contains a secret (${s.length} chars)`);
      }
    });
  });
}
