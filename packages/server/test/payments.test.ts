import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { PLANS, planPricePaise } from '@bahi/core';
import { paymentOrders } from '../src/db/schema.ts';
import { gatewayOverrides, liveGateway } from '../src/payments/gateway.ts';
import { paymentSecret, TEST_SECRET_FILE } from '../src/payments/secret.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

type Harness = Awaited<ReturnType<typeof startApp>>;

/** A user with `pages` pages (granted through the ledger) and a token. */
const member = (h: Harness, pages = 10) => makeMember(h, pages, { grant: true });

const basic = PLANS.find((p) => p.id === 'basic')!;
const basicOrder = { amount: planPricePaise(basic), pages: basic.pages, user_order: 'Plan purchase' };

describe('payments in test mode (BAHI_PAYMENTS=test, no keys)', () => {
  let h: Harness;
  before(async () => {
    h = await startApp({ env: { BAHI_PAYMENTS: 'test' } });
  });
  after(() => h?.close());

  test('plans come from the server with the spec prices', async () => {
    const r = await call(h.app, 'GET', '/api/payment/plans');
    assert.equal(r.status, 200);
    assert.equal(r.body.mode, 'test');
    assert.deepEqual(
      r.body.plans.map((p: any) => [p.name, p.pages, p.baseAmount, p.price, p.price_paise, p.save_percent]),
      [
        ['Free Trial', 1, 1, 1, 100, 0],
        ['Basic Plan', 2500, 1400, 1190, 119000, 15],
        ['Standard Plan', 8000, 3650, 3103, 310300, 15],
        ['Premium Plan', 21000, 7300, 6205, 620500, 15],
      ],
    );
  });

  test('create_order accepts exactly the plans and refuses anything else', async () => {
    const u = await member(h);
    for (const plan of PLANS) {
      const r = await call(h.app, 'POST', '/api/payment/create_order', {
        token: u.token,
        json: { amount: planPricePaise(plan), pages: plan.pages, user_order: 'Plan purchase' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.match(r.body.id, /^order_test_[A-Za-z0-9]{14}$/);
      assert.equal(r.body.amount, planPricePaise(plan));
      assert.equal(r.body.currency, 'INR');
      assert.equal(r.body.mode, 'test');
      assert.equal(r.body.key_id, null);
      const [row] = await h.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, r.body.id));
      assert.deepEqual(
        [row.userId, row.planId, row.pages, row.amountPaise, row.status],
        [u.id, plan.id, plan.pages, planPricePaise(plan), 'created'],
      );
    }
    const refused = [
      { amount: 119000 + 100, pages: 2500 }, // price off by a rupee
      { amount: 140000, pages: 2500 }, // base price, no discount
      { amount: 119000, pages: 2501 },
      { amount: 119000, pages: 8000 }, // amount of one plan, pages of another
      { amount: 100, pages: 2500 },
      { amount: 11900, pages: 2500 }, // rupees instead of paise
    ];
    for (const body of refused) {
      const r = await call(h.app, 'POST', '/api/payment/create_order', {
        token: u.token,
        json: { ...body, user_order: 'x' },
      });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match(r.body.detail, /do not match any of our plans/);
    }
    for (const body of [
      { amount: 1190.5, pages: 2500 },
      { amount: -119000, pages: 2500 },
      { pages: 2500 },
      {},
    ]) {
      const r = await call(h.app, 'POST', '/api/payment/create_order', { token: u.token, json: body });
      assert.equal(r.status, 422, JSON.stringify(body));
    }
    const anon = await call(h.app, 'POST', '/api/payment/create_order', { json: basicOrder });
    assert.equal(anon.status, 401);
    const orders = await h.database.db.select().from(paymentOrders).where(eq(paymentOrders.userId, u.id));
    assert.equal(orders.length, PLANS.length, 'refused requests store nothing');
  });

  test('the test checkout signs like Razorpay, with a 0600 secret kept in the data directory', async () => {
    const u = await member(h);
    const created = await call(h.app, 'POST', '/api/payment/create_order', {
      token: u.token,
      json: basicOrder,
    });
    const orderId = created.body.id;
    const shown = await call(h.app, 'GET', `/api/payment/order/${orderId}`, { token: u.token });
    assert.deepEqual(shown.body, {
      id: orderId,
      amount: 119000,
      currency: 'INR',
      pages: 2500,
      plan_name: 'Basic Plan',
      status: 'created',
      mode: 'test',
    });

    const done = await call(h.app, 'POST', '/api/payment/test/complete', {
      token: u.token,
      json: { order_id: orderId },
    });
    assert.equal(done.status, 200);
    assert.equal(done.body.razorpay_order_id, orderId);
    assert.match(done.body.razorpay_payment_id, /^pay_test_/);
    const file = path.join(h.config.dataDir, TEST_SECRET_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const secret = paymentSecret(h.config);
    assert.equal(paymentSecret(h.config), secret, 'generated once');
    // Razorpay's own helper accepts our signature: the same check as live mode.
    assert.equal(
      validatePaymentVerification(
        { order_id: orderId, payment_id: done.body.razorpay_payment_id },
        done.body.razorpay_signature,
        secret,
      ),
      true,
    );

    const paid = await call(h.app, 'POST', '/api/payment/verify_payment', {
      token: u.token,
      json: done.body,
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.page_left, 2510);
    assert.equal(decodeJwt(paid.body.access_token).page_left, 2510);
    const again = await call(h.app, 'POST', '/api/payment/test/complete', {
      token: u.token,
      json: { order_id: orderId },
    });
    assert.equal(again.status, 409);

    // History lists the purchase by plan name.
    const history = await call(h.app, 'GET', '/api/account/history', { token: paid.body.access_token });
    const purchase = history.body.ledger.find((x: any) => x.kind === 'purchase');
    assert.equal(purchase.pages, 2500);
    assert.equal(purchase.ref, `Basic Plan · ${orderId}`);
    const pages = await call(h.app, 'GET', '/api/auth/check/pages', { token: paid.body.access_token });
    assert.equal(pages.body.page_left, 2510);
  });

  test("the test checkout only pays the user's own orders", async () => {
    const a = await member(h);
    const b = await member(h);
    const created = await call(h.app, 'POST', '/api/payment/create_order', {
      token: a.token,
      json: basicOrder,
    });
    const r = await call(h.app, 'POST', '/api/payment/test/complete', {
      token: b.token,
      json: { order_id: created.body.id },
    });
    assert.equal(r.status, 404);
    const seen = await call(h.app, 'GET', `/api/payment/order/${created.body.id}`, { token: b.token });
    assert.equal(seen.status, 404);
  });

  test('create_order is limited to 30 orders an hour per user', async () => {
    const u = await member(h);
    for (let i = 0; i < 30; i++) {
      const r = await call(h.app, 'POST', '/api/payment/create_order', { token: u.token, json: basicOrder });
      assert.equal(r.status, 200);
    }
    const over = await call(h.app, 'POST', '/api/payment/create_order', { token: u.token, json: basicOrder });
    assert.equal(over.status, 429);
    h.clock.advance(3601 * 1000);
    const later = await call(h.app, 'POST', '/api/payment/create_order', {
      token: u.token,
      json: basicOrder,
    });
    assert.equal(later.status, 200);
  });

  test('the webhook is off without RAZORPAY_WEBHOOK_SECRET', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
      payload: '{}',
    });
    assert.equal(r.statusCode, 404);
  });
});

describe('payments in test mode with RAZORPAY_KEY_SECRET set', () => {
  test('test signatures are made with the key secret', async () => {
    const h = await startApp({
      env: { BAHI_PAYMENTS: 'test', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'k'.repeat(32) },
    });
    try {
      assert.equal(h.config.payments, 'test');
      const u = await member(h);
      const created = await call(h.app, 'POST', '/api/payment/create_order', {
        token: u.token,
        json: basicOrder,
      });
      assert.match(created.body.id, /^order_test_/);
      const done = await call(h.app, 'POST', '/api/payment/test/complete', {
        token: u.token,
        json: { order_id: created.body.id },
      });
      assert.equal(
        validatePaymentVerification(
          { order_id: created.body.id, payment_id: done.body.razorpay_payment_id },
          done.body.razorpay_signature,
          'k'.repeat(32),
        ),
        true,
      );
    } finally {
      await h.close();
    }
  });
});

describe('payments in live mode', () => {
  let h: Harness;
  let rzp: http.Server;
  const seen: Array<{ url: string; auth: string; body: any }> = [];

  before(async () => {
    // A stand-in for api.razorpay.com that the official SDK talks to.
    rzp = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        const body = JSON.parse(data || '{}');
        seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body });
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            id: `order_Live${seen.length}abcdefghij`,
            entity: 'order',
            amount: body.amount,
            currency: body.currency,
            receipt: body.receipt,
            status: 'created',
          }),
        );
      });
    });
    await new Promise<void>((resolve) => rzp.listen(0, '127.0.0.1', resolve));
    h = await startApp({
      env: { RAZORPAY_KEY_ID: 'rzp_live_key', RAZORPAY_KEY_SECRET: 'live-secret-'.padEnd(40, 'x') },
    });
    const { port } = rzp.address() as AddressInfo;
    gatewayOverrides.set(
      h.config,
      liveGateway('rzp_live_key', 'live-secret-'.padEnd(40, 'x'), `http://127.0.0.1:${port}`),
    );
  });
  after(async () => {
    await h?.close();
    await new Promise((r) => rzp?.close(r));
  });

  test('create_order goes through the Razorpay SDK in paise and INR, and the client gets the key id', async () => {
    const u = await member(h);
    const r = await call(h.app, 'POST', '/api/payment/create_order', { token: u.token, json: basicOrder });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(seen.length, 1);
    assert.equal(seen[0].url, '/v1/orders');
    assert.equal(seen[0].body.amount, 119000);
    assert.equal(seen[0].body.currency, 'INR');
    assert.match(seen[0].body.receipt, /^bahi_/);
    assert.ok(seen[0].body.receipt.length <= 40, 'Razorpay caps receipts at 40 characters');
    assert.equal(
      seen[0].auth,
      `Basic ${Buffer.from(`rzp_live_key:${'live-secret-'.padEnd(40, 'x')}`).toString('base64')}`,
    );
    assert.deepEqual(
      {
        id: r.body.id,
        amount: r.body.amount,
        currency: r.body.currency,
        mode: r.body.mode,
        key_id: r.body.key_id,
      },
      { id: 'order_Live1abcdefghij', amount: 119000, currency: 'INR', mode: 'live', key_id: 'rzp_live_key' },
    );
  });

  test('the test checkout does not exist in live mode', async () => {
    const u = await member(h);
    const r = await call(h.app, 'POST', '/api/payment/test/complete', {
      token: u.token,
      json: { order_id: 'order_x' },
    });
    assert.equal(r.status, 404);
  });
});
