import { randomBytes } from 'node:crypto';
import Razorpay from 'razorpay';
import type { Config } from '../config.ts';
import { HttpError, unavailable } from '../errors.ts';

/** Creates payment orders: Razorpay's API in live mode, locally in test mode. */
export type Gateway = {
  mode: 'test' | 'live';
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<{
    id: string;
    amount: number;
    currency: string;
  }>;
};

const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-like id: prefix and 14 random letters and digits (order_test_…, pay_test_…). */
export function localId(prefix: string): string {
  const bytes = randomBytes(14);
  return prefix + Array.from(bytes, (b) => ALPHANUM[b % ALPHANUM.length]).join('');
}

export const testGateway: Gateway = {
  mode: 'test',
  async createOrder({ amountPaise }) {
    return { id: localId('order_test_'), amount: amountPaise, currency: 'INR' };
  },
};

/** The official SDK; `hostUrl` only for tests (a local stand-in for api.razorpay.com). */
export function liveGateway(keyId: string, keySecret: string, hostUrl?: string): Gateway {
  const rzp = new Razorpay({ key_id: keyId, key_secret: keySecret });
  if (hostUrl)
    (rzp as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = hostUrl;
  return {
    mode: 'live',
    async createOrder({ amountPaise, receipt, notes }) {
      let order;
      try {
        order = await rzp.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
      } catch (err) {
        // The SDK throws { statusCode, error } objects, not Errors.
        throw new HttpError(
          'UPSTREAM',
          'The payment service could not create the order. Please try again in a minute.',
          `razorpay orders.create failed: ${JSON.stringify(err)}`,
        );
      }
      return { id: order.id, amount: Number(order.amount), currency: order.currency };
    },
  };
}

/** Tests put a gateway here for their app's config (live mode without the network). */
export const gatewayOverrides = new WeakMap<Config, Gateway>();

const cache = new WeakMap<Config, Gateway>();

/** What a purchase is told when the server has no payment provider (BAHI_PAYMENTS off). */
export const PAYMENTS_OFF =
  'Purchases are not available on this server: no payment provider is configured. Please contact the administrator.';

export function gatewayFor(config: Config): Gateway {
  const override = gatewayOverrides.get(config);
  if (override) return override;
  if (config.payments === 'off') throw unavailable(PAYMENTS_OFF);
  if (config.payments === 'test') return testGateway;
  let gateway = cache.get(config);
  if (!gateway) {
    // loadConfig refuses live mode without both keys.
    gateway = liveGateway(config.razorpay.keyId as string, config.razorpay.keySecret as string);
    cache.set(config, gateway);
  }
  return gateway;
}
