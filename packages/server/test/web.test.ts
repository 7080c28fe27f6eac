import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { openDatabase, type Database } from '../src/db/index.ts';
import { call, startApp } from './helpers/harness.ts';

// The built web app with its SPA fallback and security headers; body limits; the log-only mailer.
let database: Database;
let h: Awaited<ReturnType<typeof startApp>>;
let dist: string;

before(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  const probe = await startApp({ database });
  dist = path.join(probe.config.dataDir, '..', `web-dist-${process.pid}`);
  await probe.close(false);
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Bahi</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  h = await startApp({ database, deps: { webDist: dist } });
});
after(async () => {
  await h.close(false);
  await database.close();
});

test('the web app is served with index.html for every non-API path, with a strict CSP', async () => {
  for (const url of ['/', '/app/home', '/login?next=/app/select']) {
    const r = await call(h.app, 'GET', url);
    assert.equal(r.status, 200, url);
    assert.match(String(r.body), /<div id="root">/);
    const csp = String(r.headers['content-security-policy']);
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /razorpay|google/, 'no third parties when none is configured');
  }
  const js = await call(h.app, 'GET', '/assets/app.js');
  assert.equal(js.status, 200);
  assert.match(String(js.headers['content-type']), /javascript/);
  assert.equal(js.headers['content-security-policy'], undefined);
  const api = await call(h.app, 'GET', '/api/nothing-here');
  assert.equal(api.status, 404);
  assert.match(api.body.detail, /Not found/);
});

test('the CSP allows Razorpay and Google only when they are configured', async () => {
  const g = await startApp({
    database,
    env: { GOOGLE_CLIENT_ID: 'cid', RAZORPAY_KEY_ID: 'rzp_x', RAZORPAY_KEY_SECRET: 's' },
    deps: { webDist: dist },
  });
  try {
    const csp = String((await call(g.app, 'GET', '/')).headers['content-security-policy']);
    assert.match(
      csp,
      /script-src 'self' https:\/\/checkout\.razorpay\.com https:\/\/accounts\.google\.com\/gsi\/client/,
    );
    assert.match(csp, /frame-src [^;]*https:\/\/api\.razorpay\.com/);
  } finally {
    await g.close(false);
  }
});

test('without SMTP_URL the code goes to the log as one marked line', async () => {
  const person = {
    name: 'Log Person',
    email: 'log.person@example.com',
    phone: '9000000001',
    password: 'log-person-pw',
  };
  const r = await call(h.app, 'POST', '/api/auth/signUp', { json: person });
  assert.equal(r.status, 200);
  const lines = h.logs.filter((l) => l.includes('one-time code'));
  assert.equal(lines.length, 1);
  assert.match(lines[0], /\*\*\* Bahi one-time code for log\.person@example\.com \(signup\): \d{4} \*\*\*/);
  assert.ok(!h.logs.join('').includes('log-person-pw'));
});

test('over-large bodies get 413 with a detail', async () => {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
  });
  assert.equal(res.statusCode, 413);
  assert.equal(typeof res.json().detail, 'string');
});
