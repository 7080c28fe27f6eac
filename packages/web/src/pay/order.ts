import type { CreateOrderRequest, PlanOffer } from '@bahi/contract';

/** The fixed user_order text Place Order sends (spec section 7: a fixed placeholder). */
export const USER_ORDER = 'Plan purchase';

/** Place Order's payload: the discounted price × 100, rounded (paise), the pages, user_order. */
export function orderPayload(plan: Pick<PlanOffer, 'price' | 'pages'>): CreateOrderRequest {
  return { amount: Math.round(plan.price * 100), pages: plan.pages, user_order: USER_ORDER };
}

/** Spec section 8. */
export const PAYMENT_OK = '✅ Payment successful';
export const PAYMENT_FAILED = '❌ Payment failed';
export const CHECKOUT_LOAD_FAILED = 'The payment checkout failed to load. Are you online?';
