import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_SRC, loadCheckout, openCheckout } from './razorpay.ts';

const order = {
  id: 'order_ABC',
  amount: 119000,
  currency: 'INR',
  mode: 'live' as const,
  key_id: 'rzp_live_key',
  plan_name: 'Basic Plan',
  pages: 2500,
};

afterEach(() => {
  delete window.Razorpay;
  vi.restoreAllMocks();
});

describe('Razorpay Checkout', () => {
  it('loads checkout.js on demand and reports a failed load, which can be retried', async () => {
    const added: HTMLScriptElement[] = [];
    vi.spyOn(document.body, 'appendChild').mockImplementation((node) => {
      added.push(node as HTMLScriptElement);
      return node;
    });
    const first = loadCheckout();
    expect(added).toHaveLength(1);
    expect(added[0].src).toBe(CHECKOUT_SRC);
    added[0].onerror?.(new Event('error'));
    expect(await first).toBe(false);

    const second = loadCheckout();
    expect(added).toHaveLength(2);
    window.Razorpay = class {
      open() {}
      on() {}
    };
    added[1].onload?.(new Event('load'));
    expect(await second).toBe(true);
    expect(await loadCheckout()).toBe(true);
    expect(added).toHaveLength(2);
  });

  it('opens Checkout with the amount and currency of the order answer and returns the signed payment', async () => {
    let options: any;
    window.Razorpay = class {
      constructor(o: Record<string, unknown>) {
        options = o;
      }
      open() {
        options.handler({
          razorpay_order_id: 'order_ABC',
          razorpay_payment_id: 'pay_1',
          razorpay_signature: 'sig',
        });
      }
      on() {}
    };
    const outcome = await openCheckout(order, {
      name: 'Asha',
      email: 'a@example.com',
      contact: '9876543210',
    });
    expect(options).toMatchObject({
      key: 'rzp_live_key',
      amount: 119000,
      currency: 'INR',
      order_id: 'order_ABC',
    });
    expect(options.prefill).toEqual({ name: 'Asha', email: 'a@example.com', contact: '9876543210' });
    expect(outcome).toEqual({
      kind: 'paid',
      response: { razorpay_order_id: 'order_ABC', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' },
    });
  });

  it('reports a failed payment and a closed checkout', async () => {
    window.Razorpay = class {
      handlers: Record<string, (r: unknown) => void> = {};
      open() {
        this.handlers['payment.failed']?.({ error: { description: 'declined' } });
      }
      on(event: string, cb: (r: unknown) => void) {
        this.handlers[event] = cb;
      }
    };
    expect(await openCheckout(order, {})).toEqual({ kind: 'failed' });
    window.Razorpay = class {
      options: any;
      constructor(o: Record<string, unknown>) {
        this.options = o;
      }
      open() {
        this.options.modal.ondismiss();
      }
      on() {}
    };
    expect(await openCheckout(order, {})).toEqual({ kind: 'dismissed' });
  });
});
