import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { issueToken } from '../src/auth/tokens.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { users } from '../src/db/schema.ts';
import { call, startApp } from './helpers/harness.ts';

// The HTTP edge: the built web app with its SPA fallback and security headers (CSP per mode), the
// public config, body limits, client addresses behind a proxy, the log-only mailer.
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

/** The CSP of the app's HTML as directive -> sources. */
async function cspOf(app: typeof h.app): Promise<Map<string, string[]>> {
  const csp = String((await call(app, 'GET', '/')).headers['content-security-policy']);
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name, sources] as [string, string[]];
    }),
  );
}

// What every policy holds whatever is configured; only the listed third parties may be added.
const BASE: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // The office bridge on this machine, and nothing else on plain http.
  'connect-src': ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

test('the CSP in test mode: no third party at all', async () => {
  const csp = await cspOf(h.app);
  assert.deepEqual(Object.fromEntries(csp), BASE);
});

test('the CSP with live Razorpay: exactly the hosts Checkout needs, added to the base', async () => {
  const live = await startApp({
    database,
    env: { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' },
    deps: { webDist: dist },
  });
  try {
    assert.equal(live.config.payments, 'live');
    const csp = await cspOf(live.app);
    assert.deepEqual(Object.fromEntries(csp), {
      ...BASE,
      'script-src': ["'self'", 'https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
      'img-src': [...BASE['img-src'], 'https://cdn.razorpay.com'],
      'connect-src': [
        ...BASE['connect-src'],
        'https://api.razorpay.com',
        'https://lumberjack.razorpay.com',
        'https://lumberjack-metrics.razorpay.com',
      ],
      'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
    });
  } finally {
    await live.close(false);
  }
  // Keys set but BAHI_PAYMENTS=test: Checkout never loads, so nothing of Razorpay is allowed.
  const forcedTest = await startApp({
    database,
    env: { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', BAHI_PAYMENTS: 'test' },
    deps: { webDist: dist },
  });
  try {
    assert.deepEqual(Object.fromEntries(await cspOf(forcedTest.app)), BASE);
  } finally {
    await forcedTest.close(false);
  }
});

test('the CSP with Google sign-in: Google Identity Services only', async () => {
  const g = await startApp({ database, env: { GOOGLE_CLIENT_ID: 'cid' }, deps: { webDist: dist } });
  try {
    const csp = await cspOf(g.app);
    assert.deepEqual(csp.get('script-src'), ["'self'", 'https://accounts.google.com/gsi/client']);
    assert.deepEqual(csp.get('frame-src'), ['https://accounts.google.com/gsi/']);
    assert.deepEqual(csp.get('connect-src'), [...BASE['connect-src'], 'https://accounts.google.com/gsi/']);
    assert.doesNotMatch([...csp.values()].flat().join(' '), /razorpay/);
  } finally {
    await g.close(false);
  }
});

test('GET /api/config: public, what the web app needs, nothing secret', async () => {
  const plain = await call(h.app, 'GET', '/api/config');
  assert.equal(plain.status, 200);
  assert.deepEqual(plain.body, {
    google_client_id: null,
    payments_mode: 'off',
    razorpay_key_id: null,
    version: (await call(h.app, 'GET', '/api/health')).body.version,
  });
  const full = await startApp({
    database,
    env: {
      GOOGLE_CLIENT_ID: 'cid.apps.googleusercontent.com',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'key-secret-value',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-value',
    },
  });
  try {
    const r = await call(full.app, 'GET', '/api/config');
    assert.equal(r.status, 200);
    assert.equal(r.body.google_client_id, 'cid.apps.googleusercontent.com');
    assert.equal(r.body.payments_mode, 'live');
    assert.equal(r.body.razorpay_key_id, 'rzp_live_key');
    const raw = JSON.stringify(r.body);
    for (const secret of ['key-secret-value', 'webhook-secret-value', full.config.jwtSecret]) {
      assert.ok(!raw.includes(secret), 'no secret in the public config');
    }
  } finally {
    await full.close(false);
  }
});

test('without SMTP_URL the code goes to the log as one marked line', async () => {
  const person = {
    name: 'Log Person',
    email: 'log.person@example.com',
    phone: '9000000001',
    password: 'quiet-kettle-log-7',
  };
  const r = await call(h.app, 'POST', '/api/auth/signUp', { json: person });
  assert.equal(r.status, 200);
  const lines = h.logs.filter((l) => l.includes('one-time code'));
  assert.equal(lines.length, 1);
  assert.match(lines[0], /\*\*\* Bahi one-time code for log\.person@example\.com \(signup\): \d{4} \*\*\*/);
  assert.ok(!h.logs.join('').includes('quiet-kettle-log-7'));
});

test('each size limit answers 413 with its own detail', async () => {
  const json = await h.app.inject({
    method: 'POST',
    url: '/api/auth/signUp',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
  });
  assert.equal(json.statusCode, 413);
  assert.deepEqual(json.json(), { detail: 'The request is too large (at most 10 MB).', code: 'TOO_LARGE' });

  const member = await call(h.app, 'POST', '/api/auth/signUp', {
    json: {
      name: 'Big File',
      email: 'big.file@example.com',
      phone: '9000000002',
      password: 'teal-lantern-big-3',
    },
  });
  assert.equal(member.status, 200);
  const [user] = await database.db.select().from(users).where(eq(users.email, 'big.file@example.com'));
  const token = await issueToken(h.config.jwtSecret, user, h.clock.now());
  const multipart = (parts: { name: string; file?: string; body: Buffer | string }[]) => {
    const boundary = 'bahi-limit-test';
    const chunks = parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
          (p.file ? `; filename="${p.file}"\r\nContent-Type: application/pdf` : '') +
          '\r\n\r\n',
      ),
      Buffer.from(p.body),
      Buffer.from('\r\n'),
    ]);
    return h.app.inject({
      method: 'POST',
      url: '/api/hdfc/check-password',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    });
  };
  const big = await multipart([{ name: 'file', file: 'big.pdf', body: Buffer.alloc(25 * 1024 * 1024 + 1) }]);
  assert.equal(big.statusCode, 413);
  assert.deepEqual(big.json(), { detail: 'The file is too large (at most 25 MB).', code: 'TOO_LARGE' });
  const three = await multipart(
    ['a', 'b', 'c'].map((n) => ({ name: n, file: `${n}.pdf`, body: '%PDF-1.4\n' })),
  );
  assert.equal(three.statusCode, 413);
  assert.deepEqual(three.json(), { detail: 'Too many files in one request (at most 2).', code: 'TOO_LARGE' });
  const fields = await multipart(Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, body: 'x' })));
  assert.equal(fields.statusCode, 413);
  assert.deepEqual(fields.json(), {
    detail: 'Too many form fields in one request (at most 20).',
    code: 'TOO_LARGE',
  });
});

test('BAHI_TRUST_PROXY: X-Forwarded-For decides the rate-limit bucket only when it is set', async () => {
  const tight = { login: { max: 2, windowSeconds: 900 } };
  const signIn = (app: typeof h.app, socket: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/sign/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
      payload: 'username=nobody%40example.com&password=wrong-password',
      remoteAddress: socket,
    });
  const behind = await startApp({ database, env: { BAHI_TRUST_PROXY: 'true' }, deps: { limits: tight } });
  try {
    // One balancer address, three clients: each client has its own bucket.
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      assert.equal((await signIn(behind.app, '10.0.0.5', client)).statusCode, 401);
    }
    // One client through two balancers: one bucket, so the third try is refused.
    assert.equal((await signIn(behind.app, '10.0.0.6', '203.0.113.1')).statusCode, 401);
    assert.equal((await signIn(behind.app, '10.0.0.7', '203.0.113.1')).statusCode, 429);
  } finally {
    await behind.close(false);
  }
  const direct = await startApp({ database, deps: { limits: tight } });
  try {
    // Unset: the header is ignored (anyone can write it); the socket address is the bucket.
    assert.equal((await signIn(direct.app, '10.0.1.5', '198.51.100.1')).statusCode, 401);
    assert.equal((await signIn(direct.app, '10.0.1.5', '198.51.100.2')).statusCode, 401);
    assert.equal((await signIn(direct.app, '10.0.1.5', '198.51.100.3')).statusCode, 429);
    assert.equal((await signIn(direct.app, '10.0.1.6', '198.51.100.3')).statusCode, 401);
  } finally {
    await direct.close(false);
  }
});
