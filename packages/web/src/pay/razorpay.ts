import type { CreateOrderAnswer, VerifyPaymentRequest } from '@bahi/contract';

// Razorpay Checkout, loaded only when a live order is placed (the CSP allows this one script
// when live keys are set).
export const CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';

type RazorpayInstance = { open(): void; on(event: string, cb: (r: unknown) => void): void };
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;
declare global {
  interface Window {
    Razorpay?: RazorpayCtor;
  }
}

let loading: Promise<boolean> | null = null;

/** Loads checkout.js once; false when it cannot be loaded (offline, blocked). A failure can be retried. */
export function loadCheckout(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SRC;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      loading = null;
      resolve(false);
    };
    document.body.appendChild(script);
  });
  return loading;
}

type CheckoutOutcome =
  { kind: 'paid'; response: VerifyPaymentRequest } | { kind: 'failed' } | { kind: 'dismissed' };

/** Opens Checkout for the order; resolves when the user pays, the payment fails, or they close it. */
export function openCheckout(
  order: CreateOrderAnswer,
  prefill: { name?: string; email?: string; contact?: string | null },
): Promise<CheckoutOutcome> {
  const Razorpay = window.Razorpay;
  if (!Razorpay || !order.key_id) return Promise.resolve({ kind: 'failed' });
  return new Promise((resolve) => {
    const rzp = new Razorpay({
      key: order.key_id,
      // Currency and amount come from the order answer (spec section 9).
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      name: 'Bahi',
      description: `${order.plan_name} (${order.pages} pages)`,
      prefill: { name: prefill.name, email: prefill.email, contact: prefill.contact ?? undefined },
      handler: (response: VerifyPaymentRequest) => resolve({ kind: 'paid', response }),
      modal: { ondismiss: () => resolve({ kind: 'dismissed' }) },
    });
    rzp.on('payment.failed', () => resolve({ kind: 'failed' }));
    rzp.open();
  });
}
