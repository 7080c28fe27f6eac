import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { csvCell, toCsvText } from '@bahi/core';
import { StatementPool } from '@bahi/statements';
import { HTTP_TIMEOUTS } from '../src/app.ts';
import { weakPasswordReason } from '../src/auth/password-policy.ts';
import { BAD_ORDER_ID } from '../src/payments/orders.ts';
import { ConfigError } from '../src/config.ts';
import { CONNECTION_LIMITS, HSTS } from '../src/http-guards.ts';
import { vouchersCsv } from '../src/billing/export.ts';
import { call, startApp, testConfig } from './helpers/harness.ts';
import { member } from './helpers/security.ts';

// Security issue 18, the low and info findings of the account and payment area: weak passwords,
// caching of API answers, HTTP time limits, malformed order ids, CSV formula defusing.

describe('security: hardening (issue 18, low and info)', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp({ env: { BAHI_PAYMENTS: 'test' } });
  });
  after(() => h?.close());

  const signUp = (over: Record<string, string>) => {
    const id = randomUUID().slice(0, 8);
    return call(h.app, 'POST', '/api/auth/signUp', {
      json: {
        name: `Meera Iyer`,
        email: `meera.${id}@example.com`,
        phone: String(7_300_000_000 + Math.floor(Math.random() * 99_999_999)),
        password: `fine-${id}-pass`,
        ...over,
      },
    });
  };

  test("common passwords ('password', '12345678', …) and the user's own e-mail or name are refused", async () => {
    for (const password of ['password', '12345678', 'Password1', 'qwertyuiop', 'iloveyou', 'aaaaaaaa']) {
      const r = await signUp({ password });
      assert.equal(r.status, 422, `${password}: ${r.status}`);
      assert.match(r.body.detail, /too easy to guess/);
    }
    const email = `ravi.kumar.${randomUUID().slice(0, 4)}@example.com`;
    const own = await signUp({ email, password: email });
    assert.equal(own.status, 422);
    assert.match(own.body.detail, /e-mail or your name/);
    const name = await signUp({ name: 'Meera Iyer', password: 'meeraiyer' });
    assert.equal(name.status, 422);
    assert.equal(weakPasswordReason('MeeraIyer1', { name: 'Meera Iyer' }) !== undefined, true);
    assert.equal(weakPasswordReason('blue-kettle-41', { name: 'Meera Iyer', email }), undefined);
    assert.equal((await signUp({})).status, 200);

    const u = await member(h);
    const change = await call(h.app, 'POST', '/api/account/change-password', {
      token: await u.token(),
      json: { current_password: 'x', new_password: '12345678' },
    });
    assert.ok(change.status === 400 || change.status === 422);
  });

  test('API answers carry Cache-Control: no-store', async () => {
    for (const url of ['/api/health', '/api/config', '/api/payment/plans', '/api/no-such-call']) {
      const r = await call(h.app, 'GET', url);
      assert.equal(r.headers['cache-control'], 'no-store', url);
    }
    const u = await member(h);
    const r = await call(h.app, 'GET', '/api/auth/check/pages', { token: await u.token() });
    assert.equal(r.status, 200);
    assert.equal(r.headers['cache-control'], 'no-store');
  });

  test('the HTTP server cuts slow requests: request, header and idle time limits are set', () => {
    assert.equal(h.app.server.requestTimeout, HTTP_TIMEOUTS.requestMs);
    assert.equal(h.app.server.headersTimeout, HTTP_TIMEOUTS.headersMs);
    assert.ok(HTTP_TIMEOUTS.requestMs > 0 && HTTP_TIMEOUTS.requestMs <= 120_000);
    assert.ok(HTTP_TIMEOUTS.headersMs > 0 && HTTP_TIMEOUTS.headersMs <= 30_000);
    assert.equal(h.app.initialConfig.connectionTimeout, HTTP_TIMEOUTS.idleMs);
    // An answer waiting on a long read moves no bytes: the idle cut must not end it first.
    assert.ok(HTTP_TIMEOUTS.idleMs > new StatementPool({ size: 1 }).maxJobMs);
  });

  test('HSTS when the public address is https (and not otherwise); deployment behind TLS', async () => {
    assert.equal((await call(h.app, 'GET', '/api/health')).headers['strict-transport-security'], undefined);
    assert.equal(
      testConfig({ BAHI_PUBLIC_URL: 'https://bahi.example.com/' }).publicUrl,
      'https://bahi.example.com',
    );
    assert.throws(() => testConfig({ BAHI_PUBLIC_URL: 'bahi.example.com' }), ConfigError);
    const tls = await startApp({ env: { BAHI_PUBLIC_URL: 'https://bahi.example.com' } });
    try {
      for (const url of ['/api/health', '/api/no-such-call', '/']) {
        const r = await call(tls.app, 'GET', url);
        assert.equal(r.headers['strict-transport-security'], HSTS, url);
      }
      assert.match(HSTS, /max-age=(\d{8,})/);
    } finally {
      await tls.close();
    }
  });

  test('slow bodies are cut off: 300 trickling connections on loopback are closed in seconds, real requests still answer', async (t) => {
    // The limits shortened so the test takes seconds; CONNECTION_LIMITS says what production uses.
    assert.ok(CONNECTION_LIMITS.bodyGraceMs <= 15_000 && CONNECTION_LIMITS.minBodyBytesPerSecond >= 1024);
    const s = await startApp({
      deps: { timeouts: { bodyGraceMs: 1000, minBodyBytesPerSecond: 1024, maxConnectionsPerAddress: 100 } },
    });
    const open = new Set<Socket>();
    let trickle: NodeJS.Timeout | undefined;
    try {
      await s.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (s.app.server.address() as AddressInfo).port;
      const started = Date.now();
      const closedAfter: number[] = [];
      for (let i = 0; i < 300; i++) {
        const socket = connect({ host: '127.0.0.1', port });
        socket.on('error', () => {});
        socket.on('close', () => {
          open.delete(socket);
          closedAfter.push(Date.now() - started);
        });
        socket.write(
          'POST /api/auth/sign/token HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nusername=',
        );
        open.add(socket);
      }
      // One byte every 300 ms on each: well under any real client's rate.
      trickle = setInterval(() => {
        for (const socket of open) socket.write('a');
      }, 300);
      // Meanwhile a real client (another loopback address) signs in with a small body, and
      // another uploads 300 KB at a steady pace: both are answered.
      const send = (localAddress: string, body: Buffer, chunk: number) =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              localAddress,
              method: 'POST',
              path: '/api/auth/sign/token',
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          let at = 0;
          const next = () => {
            req.write(body.subarray(at, at + chunk));
            at += chunk;
            if (at < body.length) setTimeout(next, 100);
            else req.end();
          };
          next();
        });
      const small = await send(
        '127.0.0.2',
        Buffer.from('username=nobody%40example.com&password=not-the-password'),
        1000,
      );
      assert.equal(small, 401, 'a real sign-in is answered');
      const steady = await send(
        '127.0.0.3',
        Buffer.from('username=a&password=' + 'x'.repeat(300_000)),
        30_000,
      );
      assert.notEqual(steady, 0, 'a steady 300 KB body is read to the end and answered');
      // Within a minute even on a loaded machine; without the cut they stay until requestTimeout (2 min).
      while (open.size > 0 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 200));
      t.diagnostic(
        `closed ${closedAfter.length} of 300; first after ${Math.min(...closedAfter)} ms, last after ${Math.max(...closedAfter)} ms`,
      );
      assert.equal(
        closedAfter.length,
        300,
        `${300 - closedAfter.length} trickling connections still open after 60 s`,
      );
    } finally {
      clearInterval(trickle);
      for (const socket of open) socket.destroy();
      await s.close();
    }
  });

  test('a malformed payment order id is a 400, not a 500, and no SQL reaches the log', async () => {
    const u = await member(h);
    const token = await u.token();
    const before = h.logs.length;
    for (const id of ['order_%00abc', '%27%3B%20drop%20table%20users%3B--', 'order_' + 'x'.repeat(90)]) {
      const r = await call(h.app, 'GET', `/api/payment/order/${id}`, { token });
      assert.equal(r.status, 400, `${id}: ${r.status} ${r.raw}`);
      // (a control character in any path parameter is refused before the route: security-nul)
      assert.equal(
        r.body.detail,
        id.includes('%00') ? 'The address of this request is not valid.' : BAD_ORDER_ID,
      );
    }
    const unknown = await call(h.app, 'GET', '/api/payment/order/order_Unknown1234567', { token });
    assert.equal(unknown.status, 404, 'a well-formed id of no order of this user is not found');
    const verify = await call(h.app, 'POST', '/api/payment/verify_payment', {
      token,
      json: { razorpay_order_id: 'order_\u0000x', razorpay_payment_id: 'pay_x', razorpay_signature: 'x' },
    });
    // Since issue 33 a body's control characters are taken out before any route reads it, so
    // 'order_\u0000x' arrives as 'order_x': an order id of no order of this user (404). Either
    // way, never a 500 nor SQL in the log.
    assert.ok([400, 404].includes(verify.status), verify.raw);
    const complete = await call(h.app, 'POST', '/api/payment/test/complete', {
      token,
      json: { order_id: 'order_\u0000x' },
    });
    assert.ok([400, 404].includes(complete.status), complete.raw);
    const log = h.logs.slice(before).join('');
    assert.doesNotMatch(log, /select |"level":50/i);
  });

  test('CSV cells starting with = + - @ TAB or CR are defused, in the shared writer and the billing export', () => {
    assert.equal(csvCell('=1+1'), "'=1+1");
    assert.equal(csvCell('\tcmd'), "'\tcmd");
    assert.equal(csvCell('\r=1'), `"'\r=1"`);
    assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvCell('-120.50'), '-120.50', 'a plain number stays a number');
    assert.equal(csvCell(-5), '-5');
    assert.equal(toCsvText([['a', '+x']]), "a,'+x\r\n");
    const csv = vouchersCsv([
      {
        Reference: '\t=cmd',
        Date: '2026-01-02',
        Items: [{ 'Item Name': '\r@evil', HSN: '', Quantity: 1, 'Selling Price': 1, GST: 0 }],
      } as never,
    ]);
    assert.ok(csv.includes("\r\n'\t=cmd,"), JSON.stringify(csv));
    assert.ok(csv.includes(`,"'\r@evil",`), JSON.stringify(csv));
  });
});
