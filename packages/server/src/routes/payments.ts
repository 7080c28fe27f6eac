import type { FastifyPluginAsync } from 'fastify';
import { cleanValues, findPlanByOrder, PLANS, planPrice, planPricePaise, savePercent } from '@bahi/core';
import { ENDPOINTS, type OrderAnswer } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { requireOwner } from '../office/team.ts';
import { signedInUser, tokenShowing } from '../auth/users.ts';
import { paymentEvents, paymentOrders } from '../db/schema.ts';
import { serve } from '../endpoints.ts';
import { badRequest, conflict, HttpError, notFound, unavailable } from '../errors.ts';
import { gatewayFor, localId, PAYMENTS_OFF } from '../payments/gateway.ts';
import { assertOrderId, markPaid, orderById, planName, type PaymentOrder } from '../payments/orders.ts';
import { paymentSecret } from '../payments/secret.ts';
import { hit, type Limit } from '../rate-limit.ts';
import { checkPaymentSignature, checkWebhookSignature, paymentSignature } from '../payments/signature.ts';

const PLAN_MISMATCH =
  'This amount and page count do not match any of our plans. Reload the page and try again.';
const VERIFY_FAILED = 'Payment verification failed.';
const ORDER_NOT_FOUND = 'Payment order not found.';
/** Each live order is a Razorpay API call: a person needs a handful, a script should not get thousands. */
const ORDER_LIMIT: Limit = { max: 30, windowSeconds: 3600 };

const orderAnswer = (o: PaymentOrder): OrderAnswer => ({
  id: o.id,
  amount: o.amountPaise,
  currency: o.currency,
  pages: o.pages,
  plan_name: planName(o.planId),
  status: o.status,
  mode: o.mode,
});

// Plans, Razorpay orders, payment verification and the webhook (spec sections 7-9, issue 8).
// Pages are credited only by markPaid, so verify and webhook can race safely.
const payments: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  const mode = ctx.config.payments;

  serve(app, ENDPOINTS.plans, async () => ({
    mode,
    plans: PLANS.map((p) => ({
      id: p.id,
      name: p.name,
      pages: p.pages,
      baseAmount: p.baseAmount,
      discount: p.discount,
      price: planPrice(p),
      price_paise: planPricePaise(p),
      save_percent: savePercent(p),
    })),
  }));

  serve(
    app,
    ENDPOINTS.createOrder,
    async (request, _reply, body) => {
      // Plans are the owner's (decision 054): a member's pages are the office's, bought by its owner.
      requireOwner(request.office);
      if (mode === 'off') throw unavailable(PAYMENTS_OFF);
      // The client never sets a price: amount and pages must be one of our plans exactly.
      const plan = findPlanByOrder(body.amount, body.pages);
      if (!plan) {
        throw new HttpError(
          'BAD_REQUEST',
          PLAN_MISMATCH,
          `create_order refused: amount ${body.amount} pages ${body.pages}`,
        );
      }
      await hit(ctx.db, `create_order:${request.user.id}`, ORDER_LIMIT, ctx.now());
      const gateway = gatewayFor(ctx.config);
      const receipt = `bahi_${Date.now().toString(36)}_${request.user.id.slice(0, 8)}`;
      const order = await gateway.createOrder({
        amountPaise: planPricePaise(plan),
        receipt,
        notes: { plan: plan.id, user_id: request.user.id },
      });
      if (order.amount !== planPricePaise(plan) || order.currency !== 'INR') {
        throw new HttpError(
          'UPSTREAM',
          'The payment service answered unexpectedly. Please try again.',
          `order ${order.id} came back as ${order.amount} ${order.currency}`,
        );
      }
      await ctx.db.insert(paymentOrders).values({
        id: order.id,
        userId: request.user.id,
        planId: plan.id,
        pages: plan.pages,
        amountPaise: order.amount,
        currency: order.currency,
        mode: gateway.mode,
      });
      request.log.info({ order: order.id, plan: plan.id, mode: gateway.mode }, 'payment order created');
      return {
        id: order.id,
        amount: order.amount,
        currency: order.currency,
        mode: gateway.mode,
        key_id: gateway.mode === 'live' ? (ctx.config.razorpay.keyId ?? null) : null,
        plan_name: plan.name,
        pages: plan.pages,
      };
    },
    { preHandler: requireUser },
  );

  serve(
    app,
    ENDPOINTS.order,
    async (request) => {
      const { id } = request.params as { id: string };
      assertOrderId(id);
      const order = await orderById(ctx.db, id);
      if (!order || order.userId !== request.user.id) throw notFound(ORDER_NOT_FOUND);
      return orderAnswer(order);
    },
    { preHandler: requireUser },
  );

  serve(
    app,
    ENDPOINTS.verifyPayment,
    async (request, _reply, body) => {
      const orderId = body.razorpay_order_id;
      const paymentId = body.razorpay_payment_id;
      assertOrderId(orderId);
      const order = await orderById(ctx.db, orderId);
      // Someone else's order looks exactly like a missing one.
      if (!order || order.userId !== request.user.id) {
        throw new HttpError(
          'NOT_FOUND',
          ORDER_NOT_FOUND,
          `verify_payment: order ${orderId} is not this user's`,
        );
      }
      if (order.mode !== mode) {
        throw new HttpError(
          'BAD_REQUEST',
          VERIFY_FAILED,
          `verify_payment: ${order.mode} order ${orderId} in ${mode} mode`,
        );
      }
      if (!checkPaymentSignature(orderId, paymentId, body.razorpay_signature, paymentSecret(ctx.config))) {
        throw new HttpError(
          'BAD_REQUEST',
          VERIFY_FAILED,
          `verify_payment: bad signature for order ${orderId}`,
        );
      }
      const paid = await ctx.db.transaction((tx) => markPaid(tx, orderId, paymentId, 'verify', ctx.now()));
      if (paid.credited) {
        request.log.info({ order: orderId, pages: order.pages }, 'payment verified, pages credited');
      } else {
        request.log.info({ order: orderId }, 'payment verified, order was already credited');
      }
      const user = await signedInUser(ctx.db, request.user.id);
      return {
        status: 'ok',
        order_id: orderId,
        page_left: user.pagesLeft,
        // (signedInUser's pages are already the office's)
        access_token: await tokenShowing(ctx, user, request.user.session),
      };
    },
    { preHandler: requireUser },
  );

  // Test mode stands in for Razorpay Checkout: it pays the user's own order and signs the answer
  // exactly as Razorpay would, so verify_payment runs the live checks unchanged.
  if (mode === 'test') {
    serve(
      app,
      ENDPOINTS.testPayment,
      async (request, _reply, { order_id }) => {
        assertOrderId(order_id);
        const order = await orderById(ctx.db, order_id);
        if (!order || order.userId !== request.user.id || order.mode !== 'test')
          throw notFound(ORDER_NOT_FOUND);
        if (order.status !== 'created') throw conflict('This order is already paid.');
        const paymentId = localId('pay_test_');
        return {
          razorpay_order_id: order.id,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(order.id, paymentId, paymentSecret(ctx.config)),
        };
      },
      { preHandler: requireUser },
    );
  }

  // The webhook's signature covers the exact bytes Razorpay sent, so this one route keeps the raw
  // body (an encapsulated scope: every other route still gets parsed JSON).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    serve(scope, ENDPOINTS.paymentWebhook, async (request) => {
      const secret = ctx.config.razorpay.webhookSecret;
      if (!secret) throw notFound('Payment webhooks are not configured (RAZORPAY_WEBHOOK_SECRET).');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = String(request.headers['x-razorpay-signature'] ?? '');
      if (!signature || !checkWebhookSignature(raw, signature, secret)) {
        throw new HttpError('BAD_REQUEST', 'Invalid webhook signature.', 'webhook: bad signature');
      }
      const event = parseEvent(raw);
      if (!event) throw badRequest('The webhook body is not a Razorpay event.');
      if (!event.orderId || !event.paymentId) return { status: 'ignored' };
      const eventId =
        String(request.headers['x-razorpay-event-id'] ?? '') || `${event.name}:${event.paymentId}`;
      const { orderId, paymentId } = event;

      const outcome = await ctx.db.transaction(async (tx) => {
        // Replays and retries stop here; the event row commits with the credit or not at all.
        const fresh = await tx
          .insert(paymentEvents)
          .values({ eventId, event: event.name, orderId, paymentId })
          .onConflictDoNothing()
          .returning({ eventId: paymentEvents.eventId });
        if (fresh.length === 0) return 'duplicate';
        const order = await orderById(tx, orderId);
        if (
          !order ||
          order.mode !== mode ||
          (event.amount !== undefined && event.amount !== order.amountPaise)
        ) {
          request.log.warn(
            { order: orderId, event: event.name },
            'webhook for an unknown or mismatched order',
          );
          return 'ignored';
        }
        const paid = await markPaid(tx, orderId, paymentId, 'webhook', ctx.now());
        return paid.credited ? 'credited' : 'already_paid';
      });
      request.log.info({ order: orderId, event: event.name, outcome }, 'payment webhook');
      return { status: outcome };
    });
  });
};

type PaymentEvent = { name: string; orderId?: string; paymentId?: string; amount?: number };

/** payment.captured and order.paid carry the payment (and order); other events are acknowledged. */
function parseEvent(raw: Buffer): PaymentEvent | undefined {
  let body: any;
  try {
    // the raw body skips the app's cleaning of parsed bodies: its values without control characters
    body = cleanValues(JSON.parse(raw.toString('utf8')));
  } catch {
    return undefined;
  }
  if (!body || typeof body.event !== 'string') return undefined;
  if (body.event !== 'payment.captured' && body.event !== 'order.paid') return { name: body.event };
  const payment = body.payload?.payment?.entity;
  const order = body.payload?.order?.entity;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const amount = body.event === 'order.paid' ? order?.amount_paid : payment?.amount;
  return {
    name: body.event,
    orderId: str(payment?.order_id) ?? str(order?.id),
    paymentId: str(payment?.id),
    amount: typeof amount === 'number' ? amount : undefined,
  };
}

export default payments;
