import { readFile } from 'node:fs/promises';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { findPlan, planPricePaise } from '@bahi/core';
import { balance, spendPages } from '../../src/credits.ts';
import { pageLedger, paymentOrders } from '../../src/db/schema.ts';
import { gatewayOverrides, testGateway } from '../../src/payments/gateway.ts';
import { call, startApp } from './harness.ts';
import { makeMember } from './queue.ts';

export const KEY_SECRET = 'rzp-test-key-secret-0123456789abcdef';
export const WEBHOOK_SECRET = 'rzp-webhook-secret-abcdef0123456789';

const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('hex');
const basic = findPlan('basic')!;

/**
 * Page credits and payments against one database (PGlite in memory, or PostgreSQL when
 * `databaseUrl()` gives a URL): concurrent spends through the statement route's own spendPages, a
 * spend taken back with its record, verify/webhook races and replays.
 * The app runs in live mode (keys set) with orders created by the local test gateway, so the
 * webhook and verify paths are exactly the live ones and nothing leaves the machine.
 */
export function creditsAndPaymentsSuite(label: string, databaseUrl: () => string | undefined) {
  describe(`page credits and payments on ${label}`, () => {
    let h: Awaited<ReturnType<typeof startApp>>;

    before(async () => {
      h = await startApp({
        databaseUrl: databaseUrl(),
        env: {
          RAZORPAY_KEY_ID: 'rzp_test_key',
          RAZORPAY_KEY_SECRET: KEY_SECRET,
          RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
          BAHI_SIGNUP_PAGES: '10',
        },
      });
      assert.equal(h.config.payments, 'live');
      // Live mode, but orders are made locally: the SDK call is tested on its own (payments.test.ts).
      gatewayOverrides.set(h.config, { ...testGateway, mode: 'live' });
    });
    after(() => h?.close());

    /** A user with `pages` pages (granted through the ledger) and a token. */
    const member = (pages = 10) => makeMember(h, pages, { grant: true });

    async function order(token: string) {
      const r = await call(h.app, 'POST', '/api/payment/create_order', {
        token,
        json: { amount: planPricePaise(basic), pages: basic.pages, user_order: 'Plan purchase' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.id as string;
    }

    const ledgerOf = (userId: string, kind: 'spend' | 'refund' | 'purchase') =>
      h.database.db
        .select()
        .from(pageLedger)
        .where(and(eq(pageLedger.userId, userId), eq(pageLedger.kind, kind)));

    function webhook(body: unknown, opts: { eventId?: string; secret?: string; tamper?: boolean } = {}) {
      const raw = JSON.stringify(body);
      const signature = sign(raw, opts.secret ?? WEBHOOK_SECRET);
      return h.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          ...(opts.eventId ? { 'x-razorpay-event-id': opts.eventId } : {}),
        },
        payload: opts.tamper ? raw.replace('"captured"', '"captured" ') : raw,
      });
    }

    const captured = (orderId: string, paymentId: string, amount = planPricePaise(basic)) => ({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            entity: 'payment',
            amount,
            currency: 'INR',
            status: 'captured',
            order_id: orderId,
          },
        },
      },
    });

    const verify = (token: string, orderId: string, paymentId: string, signature?: string) =>
      call(h.app, 'POST', '/api/payment/verify_payment', {
        token,
        json: {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature ?? sign(`${orderId}|${paymentId}`, KEY_SECRET),
        },
      });

    test('50 concurrent one-page spends against 10 pages: exactly 10 succeed, never below zero', async () => {
      const u = await member(10);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => spendPages(h.database.db, u.id, 1, `race ${i}`)),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      assert.equal(ok.length, 10);
      assert.equal(refused.length, 40);
      for (const r of refused) {
        assert.equal(r.reason.status, 402);
        assert.equal(r.reason.detail, 'Not enough pages: this needs 1 page and you have 0 left.');
      }
      // Each success saw a distinct balance 9..0.
      assert.deepEqual(
        ok.map((r) => r.value.pagesLeft).sort((a, b) => a - b),
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      );
      assert.equal(await balance(h.database.db, u.id), 0);
      assert.equal((await ledgerOf(u.id, 'spend')).length, 10);
    });

    test('a spend larger than the balance is refused with both numbers, and nothing changes', async () => {
      const u = await member(3);
      await assert.rejects(spendPages(h.database.db, u.id, 5, 'big.pdf'), {
        status: 402,
        detail: 'Not enough pages: this needs 5 pages and you have 3 left.',
      });
      assert.equal(await balance(h.database.db, u.id), 3);
      assert.equal((await ledgerOf(u.id, 'spend')).length, 0);
    });

    test('a spend and its record are one: a record that fails takes the spend back; a free read pays nothing', async () => {
      const u = await member(10);
      await assert.rejects(
        spendPages(h.database.db, u.id, 4, 'broken.pdf', async (tx) => {
          assert.equal(await balance(tx, u.id), 6, 'spent before the record is written');
          throw new Error('history insert failed');
        }),
        /history insert failed/,
      );
      assert.equal(await balance(h.database.db, u.id), 10);
      assert.equal((await ledgerOf(u.id, 'spend')).length, 0, 'no spend row is left behind');
      const done = await spendPages(h.database.db, u.id, 3, 'good.pdf', async () => 'row-id');
      assert.deepEqual(done, { result: 'row-id', pagesLeft: 7 });
      const free = await spendPages(h.database.db, u.id, 0, 'good.pdf', async () => 'again');
      assert.deepEqual(free, { result: 'again', pagesLeft: 7 });
      assert.deepEqual(
        (await ledgerOf(u.id, 'spend')).map((r) => [r.pages, r.ref]),
        [[-3, 'good.pdf']],
      );
    });

    test('the statement route charges through spendPages (the function these tests prove)', async () => {
      const route = await readFile(new URL('../../src/routes/statements.ts', import.meta.url), 'utf8');
      assert.match(route, /(?:await|return) spendPages\(ctx\.db, userId, charged, ref,/);
      assert.doesNotMatch(route, /grantPages/, 'no second way of spending in the route');
    });

    test('verify_payment credits once and answers a fresh token with the new page_left', async () => {
      const u = await member(10);
      const orderId = await order(u.token);
      const r = await verify(u.token, orderId, 'pay_A1');
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.page_left, 2510);
      assert.equal(decodeJwt(r.body.access_token).page_left, 2510);
      const again = await verify(u.token, orderId, 'pay_A1');
      assert.equal(again.status, 200);
      assert.equal(again.body.page_left, 2510, 'a second verify is a no-op');
      const purchases = await ledgerOf(u.id, 'purchase');
      assert.equal(purchases.length, 1);
      assert.equal(purchases[0].pages, 2500);
      assert.equal(purchases[0].ref, `Basic Plan · ${orderId}`);
    });

    test('verify_payment refuses a tampered signature, a signature for another order and another user', async () => {
      const u = await member(10);
      const other = await member(10);
      const mine = await order(u.token);
      const second = await order(u.token);
      const theirs = await order(other.token);

      const good = sign(`${mine}|pay_B1`, KEY_SECRET);
      const tampered = (good[0] === 'a' ? 'b' : 'a') + good.slice(1);
      const bad = await verify(u.token, mine, 'pay_B1', tampered);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.detail, 'Payment verification failed.');

      const otherPayment = await verify(u.token, mine, 'pay_B2', good);
      assert.equal(otherPayment.status, 400, 'the signature binds the payment id');

      const wrongOrder = await verify(u.token, second, 'pay_B1', good);
      assert.equal(wrongOrder.status, 400, 'the signature binds the order id');

      const wrongSecret = await verify(u.token, mine, 'pay_B1', sign(`${mine}|pay_B1`, 'some other secret'));
      assert.equal(wrongSecret.status, 400);

      // A genuine signature for someone else's order credits nobody.
      const stolen = await verify(u.token, theirs, 'pay_B3');
      assert.equal(stolen.status, 404);
      const unknown = await verify(u.token, 'order_doesnotexist', 'pay_B4');
      assert.equal(unknown.status, 404);

      assert.equal(await balance(h.database.db, u.id), 10);
      assert.equal(await balance(h.database.db, other.id), 10);
      const [row] = await h.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, mine));
      assert.equal(row.status, 'created');
    });

    test('webhook: bad signature refused, replay and a second event for the same payment credit nothing', async () => {
      const u = await member(10);
      const orderId = await order(u.token);
      const body = captured(orderId, 'pay_W1');

      assert.equal((await webhook(body, { secret: 'wrong secret', eventId: 'evt_W0' })).statusCode, 400);
      assert.equal((await webhook(body, { tamper: true, eventId: 'evt_W0' })).statusCode, 400);
      const missing = await h.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      assert.equal(missing.statusCode, 400);
      assert.equal(await balance(h.database.db, u.id), 10);

      const first = await webhook(body, { eventId: 'evt_W1' });
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().status, 'credited');
      assert.equal(await balance(h.database.db, u.id), 2510);

      const replay = await webhook(body, { eventId: 'evt_W1' });
      assert.equal(replay.json().status, 'duplicate');
      const orderPaid = await webhook(
        {
          entity: 'event',
          event: 'order.paid',
          payload: {
            order: { entity: { id: orderId, amount_paid: planPricePaise(basic), status: 'paid' } },
            payment: { entity: { id: 'pay_W1', order_id: orderId, amount: planPricePaise(basic) } },
          },
        },
        { eventId: 'evt_W2' },
      );
      assert.equal(orderPaid.json().status, 'already_paid');
      const verifyAfter = await verify(u.token, orderId, 'pay_W1');
      assert.equal(verifyAfter.status, 200);
      assert.equal(verifyAfter.body.page_left, 2510);
      assert.equal(await balance(h.database.db, u.id), 2510);
      assert.equal((await ledgerOf(u.id, 'purchase')).length, 1);
    });

    test('webhook ignores an amount that does not match the stored order', async () => {
      const u = await member(10);
      const orderId = await order(u.token);
      const r = await webhook(captured(orderId, 'pay_W9', 100), { eventId: 'evt_W9' });
      assert.equal(r.statusCode, 200);
      assert.equal(r.json().status, 'ignored');
      assert.equal(await balance(h.database.db, u.id), 10);
    });

    test('verify and webhook racing: exactly one credit, whoever wins', async () => {
      for (let round = 0; round < 5; round++) {
        const u = await member(10);
        const orderId = await order(u.token);
        const paymentId = `pay_R${round}`;
        const [v, w] = await Promise.all([
          verify(u.token, orderId, paymentId),
          webhook(captured(orderId, paymentId), { eventId: `evt_R${round}` }),
        ]);
        assert.equal(v.status, 200, JSON.stringify(v.body));
        assert.equal(w.statusCode, 200, w.body);
        assert.ok(['credited', 'already_paid'].includes(w.json().status));
        assert.equal(await balance(h.database.db, u.id), 2510, `round ${round}`);
        assert.equal((await ledgerOf(u.id, 'purchase')).length, 1, `round ${round}`);
        const [row] = await h.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
        assert.equal(row.status, 'paid');
        assert.equal(row.paymentId, paymentId);
        assert.equal(row.paidVia === 'webhook', w.json().status === 'credited');
      }
    });
  });
}
