import type { FastifyPluginAsync } from 'fastify';
import { VERSION } from '../version.ts';

/** GET /api/config: what the web app needs to know about this server. Public, so nothing secret. */
export type PublicConfig = {
  /** Google sign-in is offered only when set. */
  google_client_id: string | null;
  /** 'test': the web app shows a banner that no real payment is taken; 'off': purchases are refused. */
  payments_mode: 'test' | 'live' | 'off';
  /** Razorpay's key id is public by design (Checkout runs in the browser with it); null in test mode. */
  razorpay_key_id: string | null;
  version: string;
};

const config: FastifyPluginAsync = async (app) => {
  const { config } = app.bahi;
  const answer: PublicConfig = {
    google_client_id: config.googleClientId ?? null,
    payments_mode: config.payments,
    razorpay_key_id: config.payments === 'live' ? (config.razorpay.keyId ?? null) : null,
    version: VERSION,
  };
  app.get('/config', async () => answer);
};
export default config;
