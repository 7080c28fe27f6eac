import {
  CreateOrderAnswer,
  OrderAnswer,
  PlansAnswer,
  VerifyPaymentAnswer,
  VerifyPaymentRequest,
  type CreateOrderRequest,
} from '@bahi/contract';
import { api } from '../api/client.ts';

// The payment calls of spec section 7 (and our plans, order and test-checkout calls beside them).

export const getPlans = () => api('/payment/plans', {}, PlansAnswer);

export const createOrder = (body: CreateOrderRequest) =>
  api('/payment/create_order', { body: { json: body } }, CreateOrderAnswer);

export const verifyPayment = (body: VerifyPaymentRequest) =>
  api('/payment/verify_payment', { body: { json: body } }, VerifyPaymentAnswer);

export const getOrder = (id: string) => api(`/payment/order/${encodeURIComponent(id)}`, {}, OrderAnswer);

/** Test mode only: the server pays the order and signs the answer as Razorpay Checkout would. */
export const completeTestPayment = (orderId: string) =>
  api('/payment/test/complete', { body: { json: { order_id: orderId } } }, VerifyPaymentRequest);
