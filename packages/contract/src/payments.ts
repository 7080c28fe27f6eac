import { z } from 'zod';

// Plans and payments (spec sections 7 and 9), paths under /api/payment.

/** 'off': the server refuses purchases (no payment provider configured). */
export const PaymentMode = z.enum(['test', 'live', 'off']);
export type PaymentMode = z.infer<typeof PaymentMode>;
/** The mode an order was made in. */
export const OrderMode = z.enum(['test', 'live']);

/** One plan card, exactly as the server prices it (the client never computes a price it sends). */
export const PlanOffer = z.object({
  id: z.string(),
  name: z.string(),
  pages: z.number().int(),
  /** Whole rupees before the discount. */
  baseAmount: z.number().int(),
  /** Percent. */
  discount: z.number(),
  /** Whole rupees actually paid. */
  price: z.number().int(),
  /** `price` × 100: what create_order's `amount` must be. */
  price_paise: z.number().int(),
  /** N of 'Save N%!'; 0 when there is no saving. */
  save_percent: z.number(),
});
export type PlanOffer = z.infer<typeof PlanOffer>;

/** GET /payment/plans */
export const PlansAnswer = z.object({
  plans: z.array(PlanOffer),
  mode: PaymentMode,
});
export type PlansAnswer = z.infer<typeof PlansAnswer>;

/** POST /payment/create_order: amount in paise (price × 100, rounded), pages, user_order. */
export const CreateOrderRequest = z.object({
  amount: z.number().int('amount must be whole paise').positive(),
  pages: z.number().int().positive(),
  user_order: z.string().max(200).default(''),
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/** The spec's order answer (id, amount, currency) plus what the checkout needs. */
export const CreateOrderAnswer = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  mode: OrderMode,
  /** Razorpay key id for Checkout (live mode only). */
  key_id: z.string().nullable(),
  plan_name: z.string(),
  pages: z.number().int(),
});
export type CreateOrderAnswer = z.infer<typeof CreateOrderAnswer>;

/** POST /payment/verify_payment: Checkout's handler answer. */
export const VerifyPaymentRequest = z.object({
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type VerifyPaymentRequest = z.infer<typeof VerifyPaymentRequest>;

/** 200 with a fresh token carrying the new page_left. */
export const VerifyPaymentAnswer = z.object({
  status: z.literal('ok'),
  order_id: z.string(),
  page_left: z.number().int(),
  access_token: z.string(),
});
export type VerifyPaymentAnswer = z.infer<typeof VerifyPaymentAnswer>;

/** GET /payment/order/:id (the signed-in user's own orders only). */
export const OrderAnswer = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  pages: z.number().int(),
  plan_name: z.string(),
  status: z.enum(['created', 'paid']),
  mode: OrderMode,
});
export type OrderAnswer = z.infer<typeof OrderAnswer>;

/** POST /payment/test/complete (test mode only): what Checkout would hand back, signed by us. */
export const TestCompleteRequest = z.object({ order_id: z.string().min(1).max(100) });
export type TestCompleteRequest = z.infer<typeof TestCompleteRequest>;
