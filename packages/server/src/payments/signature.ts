import { createHmac, timingSafeEqual } from 'node:crypto';

// Razorpay's two signatures, checked in constant time. Razorpay's own validate* helpers compare
// with ===; the result is the same, the timing is not.

export const hmacHex = (data: string | Buffer, secret: string) =>
  createHmac('sha256', secret).update(data).digest('hex');

/** What Checkout returns as razorpay_signature: HMAC-SHA256 of `order_id|payment_id`, hex. */
export const paymentSignature = (orderId: string, paymentId: string, secret: string) =>
  hmacHex(`${orderId}|${paymentId}`, secret);

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkPaymentSignature(
  orderId: string,
  paymentId: string,
  signature: string,
  secret: string,
): boolean {
  return sameHex(paymentSignature(orderId, paymentId, secret), signature);
}

/** X-Razorpay-Signature: HMAC-SHA256 of the raw request body with the webhook secret, hex. */
export function checkWebhookSignature(rawBody: Buffer, signature: string, secret: string): boolean {
  return sameHex(hmacHex(rawBody, secret), signature);
}
