import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startApp } from './helpers/harness.ts';
import {
  PUBLIC_ROUTES,
  assertErrorShape,
  assertRefused,
  badCredentials,
  fakeWebDist,
  hit,
  isAdminOnly,
  isPublic,
  keyOf,
  member,
  recordRoutes,
  uniqueRoutes,
  upload,
  type Answer,
  type Harness,
  type Route,
} from './helpers/security.ts';

// DESIGN.md 'API' and 'Security notes', proven over the whole route table as buildApp makes it:
// every route not on the public allowlist refuses every kind of bad token with 401 { detail },
// admin-only routes refuse plain users with 403 { detail }, and every error answer is JSON.

const recorder = recordRoutes();

describe('security: the route table', () => {
  let h: Harness;
  let routes: Route[];
  let guarded: Route[];
  let admin: Route[];
  const webDist = fakeWebDist();

  before(async () => {
    try {
      h = await startApp({ deps: { webDist } });
    } finally {
      recorder.stop();
    }
    routes = uniqueRoutes(recorder.routes);
    guarded = routes.filter((r) => !isPublic(r));
    admin = guarded.filter(isAdminOnly);
  });
  after(async () => {
    await h?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  test('the walk sees every route, and the public allowlist names only real routes', (t) => {
    const table = routes
      .map((r) => `${isPublic(r) ? 'public' : isAdminOnly(r) ? 'admin ' : 'user  '} ${keyOf(r)}`)
      .sort();
    t.diagnostic(
      `routes: ${routes.length} (public ${routes.length - guarded.length}, user ${guarded.length - admin.length}, admin ${admin.length})\n` +
        table.join('\n'),
    );
    const seen = new Set(routes.map(keyOf));
    for (const k of PUBLIC_ROUTES)
      assert.ok(seen.has(k), `public allowlist names a route that does not exist: ${k}`);
    // The spec calls that must be behind a token are part of the walk (a broken recorder finds none).
    for (const k of [
      'GET /api/auth/check/pages',
      'POST /api/payment/create_order',
      'POST /api/payment/verify_payment',
      'POST /api/tally/send-to-tally',
      'POST /api/:bank/extract-statement',
      'POST /api/voucher-importer/generate-xml',
      'GET /api/rules/chunking-rules/rule-sets',
      'POST /api/item-master/get-data',
    ]) {
      assert.ok(seen.has(k), `${k} is not in the route table`);
    }
    assert.ok(admin.length >= 3, 'billing routes are admin-only');
  });

  test('every non-public route answers 401 { detail } without a valid token', async () => {
    const someone = await member(h);
    const credentials: ReadonlyArray<readonly [string, string | undefined]> = [
      ['no Authorization header', undefined],
      ...(await badCredentials(h, someone)),
    ];
    for (const route of guarded) {
      for (const [why, authorization] of credentials) {
        assertRefused(
          await hit(h.app, route, authorization),
          401,
          `${keyOf(route)} with ${why}`,
          route.method,
        );
      }
    }
  });

  test('after sign-out everywhere, tokens issued before are refused on every route', async () => {
    const u = await member(h);
    const before = await u.token();
    h.clock.advance(5);
    const out = await hit(h.app, { method: 'POST', url: '/api/account/logout-all' }, `Bearer ${before}`);
    assert.equal(out.status, 200, out.raw);
    for (const route of guarded) {
      assertRefused(
        await hit(h.app, route, `Bearer ${before}`),
        401,
        `${keyOf(route)} after logout-all`,
        route.method,
      );
    }
    h.clock.advance(5);
    const fresh = await hit(
      h.app,
      { method: 'GET', url: '/api/auth/check/pages' },
      `Bearer ${await u.token()}`,
    );
    assert.equal(fresh.status, 200, 'a token issued after sign-out works');
  });

  test('a plain user passes every user guard and gets 403 { detail } from every admin-only route', async () => {
    for (const route of guarded) {
      // A fresh account per route: a call such as logout-all must not change the next one.
      const u = await member(h);
      h.clock.advance(1);
      const res = await hit(h.app, route, `Bearer ${await u.token()}`);
      if (isAdminOnly(route)) {
        assertRefused(res, 403, `${keyOf(route)} as a plain user`, route.method);
        continue;
      }
      assert.ok(
        ![401, 403].includes(res.status),
        `${keyOf(route)} refused a valid user: ${res.status} ${res.raw}`,
      );
      assert.ok(res.status < 500, `${keyOf(route)} with an empty body: ${res.status} ${res.raw}`);
      if (res.status >= 400 && route.method !== 'HEAD') assertErrorShape(res, `${keyOf(route)} as a user`);
    }
  });

  test('an admin passes the admin guard', async () => {
    const boss = await member(h, { role: 'admin' });
    for (const route of admin) {
      h.clock.advance(1);
      const res = await hit(h.app, route, `Bearer ${await boss.token()}`);
      assert.ok(
        ![401, 403].includes(res.status),
        `${keyOf(route)} refused an admin: ${res.status} ${res.raw}`,
      );
      assert.ok(res.status < 500, `${keyOf(route)}: ${res.status} ${res.raw}`);
      if (res.status >= 400) assertErrorShape(res, `${keyOf(route)} as an admin`);
    }
  });

  test('every API answer, served or refused, carries Cache-Control: no-store (tokens, statements)', async () => {
    for (const route of routes.filter((r) => r.url.startsWith('/api'))) {
      // An admin, fresh per route, so every handler runs (or refuses the empty body) itself.
      const boss = await member(h, { role: 'admin' });
      h.clock.advance(1);
      for (const authorization of [undefined, `Bearer ${await boss.token()}`]) {
        const res = await hit(h.app, route, authorization);
        assert.equal(
          res.headers['cache-control'],
          'no-store',
          `${keyOf(route)} ${authorization ? 'signed in' : 'anonymous'}: ${res.status}`,
        );
      }
    }
  });

  test('public routes answer errors as JSON { detail } too', async () => {
    for (const route of routes.filter((r) => isPublic(r) && r.url.startsWith('/api/'))) {
      const res = await hit(h.app, route);
      assert.ok(res.status < 500, `${keyOf(route)} with an empty body: ${res.status} ${res.raw}`);
      if (res.status >= 400) assertErrorShape(res, keyOf(route));
    }
  });

  test('every public write (except the signed webhook) is rate-limited per address: 429 { detail }', async () => {
    const limited = routes.filter(
      (r) => isPublic(r) && r.method === 'POST' && keyOf(r) !== 'POST /api/payment/webhook',
    );
    assert.ok(limited.length >= 7, limited.map(keyOf).join(', '));
    for (const [i, route] of limited.entries()) {
      // One address per route: routes sharing a bucket must not borrow each other's hits.
      const ip = `192.0.2.${i + 1}`;
      let last: Answer | undefined;
      for (let n = 0; n < 60 && last?.status !== 429; n += 1)
        last = await hit(h.app, route, undefined, undefined, ip);
      assertRefused(last!, 429, `${keyOf(route)} after many calls from one address`);
      // Another address is not affected.
      assert.notEqual((await hit(h.app, route)).status, 429, `${keyOf(route)} from another address`);
    }
  });

  test('calls that check a signed-in user’s password are rate-limited per address like sign-in', async () => {
    // A stolen token must not become an unlimited password oracle (argon2 costs us, not them).
    const { hashPassword } = await import('../src/auth/passwords.ts');
    const { users } = await import('../src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    for (const [method, url, body] of [
      ['POST', '/api/account/change-password', { current_password: 'guess', new_password: 'new-password-1' }],
      ['DELETE', '/api/account', { password: 'guess' }],
    ] as const) {
      const u = await member(h);
      await h.database.db
        .update(users)
        .set({ passwordHash: await hashPassword('the-real-password') })
        .where(eq(users.id, u.id));
      const ip = '198.51.100.7';
      const token = await u.token();
      let status = 0;
      for (let n = 0; n < 60 && status !== 429; n += 1) {
        const res = await h.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
          remoteAddress: ip,
        });
        status = res.statusCode;
        if (status !== 429) assert.equal(status, 400, `${method} ${url} with a wrong password: ${res.body}`);
        else assert.equal(typeof res.json().detail, 'string');
      }
      assert.equal(status, 429, `${method} ${url}: wrong passwords are never throttled`);
      h.clock.advance(3600_000);
    }
  });

  test('a statement upload is checked by content, not by name: 4xx { detail }', async () => {
    const u = await member(h);
    // (check-password answers { password_required: false } for any file that is not an encrypted
    // PDF or workbook, RPT text reports included; the extraction is where the content is judged.)
    for (const url of ['/api/hdfc/extract-statement', '/api/sbi/extract-statement']) {
      const res = await upload(h.app, url, {
        token: await u.token(),
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        name: 'statement.pdf',
      });
      assert.ok(res.status >= 400 && res.status < 500, `${url}: ${res.status} ${res.raw}`);
      assertErrorShape(res, `${url} with HTML named .pdf`);
    }
  });

  test('unknown /api paths and wrong methods are 404 { detail }, the app itself is HTML', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['GET', '/api/auth/signUp'],
      ['DELETE', '/api/payment/plans'],
      ['PUT', '/api/tally/send-to-tally'],
    ]) {
      assertRefused(await hit(h.app, { method, url }), 404, `${method} ${url}`);
    }
    const page = await hit(h.app, { method: 'GET', url: '/app/home' });
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
  });

  test('bad bodies: malformed JSON 400, oversized JSON 413, oversized upload 413, all { detail }', async () => {
    const u = await member(h);
    const malformed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    assertRefused(
      { ...malformed, body: safeJson(malformed.body), raw: malformed.body, status: malformed.statusCode },
      400,
      'malformed JSON',
    );

    const big = await h.app.inject({
      method: 'POST',
      url: '/api/auth/signUp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    assertRefused(
      { ...big, body: safeJson(big.body), raw: big.body, status: big.statusCode },
      413,
      'oversized JSON body',
    );

    const huge = await upload(h.app, '/api/hdfc/extract-statement', {
      token: await u.token(),
      bytes: Buffer.alloc(26 * 1024 * 1024, 0x20),
      name: 'huge.pdf',
    });
    assertRefused(huge, 413, 'oversized statement upload');
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
