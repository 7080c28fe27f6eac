import { ENDPOINTS, type CreateOrderRequest, type VerifyPaymentRequest } from '@bahi/contract';
import { call } from '../api/client.ts';

// The payment calls of spec section 7 (and our plans, order and test-checkout calls beside them).

export const getPlans = () => call(ENDPOINTS.plans);

export const createOrder = (body: CreateOrderRequest) => call(ENDPOINTS.createOrder, { json: body });

export const verifyPayment = (body: VerifyPaymentRequest) => call(ENDPOINTS.verifyPayment, { json: body });

export const getOrder = (id: string) => call(ENDPOINTS.order, { params: { id } });

/** Test mode only: the server pays the order and signs the answer as Razorpay Checkout would. */
export const completeTestPayment = (orderId: string) =>
  call(ENDPOINTS.testPayment, { json: { order_id: orderId } });
