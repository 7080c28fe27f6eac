import { and, eq } from 'drizzle-orm';
import { findPlan } from '@bahi/core';
import { grantPages } from '../credits.ts';
import type { DbOrTx } from '../db/index.ts';
import { paymentOrders } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

export type PaymentOrder = typeof paymentOrders.$inferSelect;

export const planName = (planId: string) => findPlan(planId)?.name ?? planId;

/** The ledger reference of a purchase: the plan's name (shown in History) and the order id. */
export const purchaseRef = (order: Pick<PaymentOrder, 'planId' | 'id'>) =>
  `${planName(order.planId)} · ${order.id}`;

/** Razorpay's order ids (order_ and 14 letters or digits) and ours (order_test_…). */
export const ORDER_ID = /^order_[A-Za-z0-9_]{1,64}$/;

export const BAD_ORDER_ID = 'This is not a payment order id.';

/** 400 for an id that cannot name an order: it never reaches the database (nor, in SQL, the log). */
export function assertOrderId(id: string): void {
  if (!ORDER_ID.test(id)) throw badRequest(BAD_ORDER_ID);
}

/** The order, or undefined when there is none; an id of another shape is never sent to the database. */
export async function orderById(db: DbOrTx, id: string): Promise<PaymentOrder | undefined> {
  if (!ORDER_ID.test(id)) return undefined;
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return row;
}

export type PaidResult = { credited: true; pagesLeft: number; order: PaymentOrder } | { credited: false };

/**
 * Marks the order paid and credits its pages, once. The conditional update is the gate: whichever
 * of verify_payment and the webhook gets there first flips status from 'created'; a concurrent
 * second one waits for the row lock, finds 'paid' and credits nothing. Run it inside a transaction
 * so the flip and the credit commit together (and, for webhooks, the event row with them).
 */
export async function markPaid(
  tx: DbOrTx,
  orderId: string,
  paymentId: string,
  via: 'verify' | 'webhook',
  now: Date,
): Promise<PaidResult> {
  const [order] = await tx
    .update(paymentOrders)
    .set({ status: 'paid', paymentId, paidVia: via, paidAt: now })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, 'created')))
    .returning();
  if (!order) return { credited: false };
  const pagesLeft = await grantPages(tx, order.userId, order.pages, 'purchase', purchaseRef(order));
  return { credited: true, pagesLeft, order };
}
