import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, type PublicConfigAnswer } from '@bahi/contract';
import { serve } from '../endpoints.ts';
import { VERSION } from '../version.ts';

/** GET /api/config: what the web app needs to know about this server. Public, so nothing secret. */
const config: FastifyPluginAsync = async (app) => {
  const { config } = app.bahi;
  const answer: PublicConfigAnswer = {
    google_client_id: config.googleClientId ?? null,
    payments_mode: config.payments,
    razorpay_key_id: config.payments === 'live' ? (config.razorpay.keyId ?? null) : null,
    version: VERSION,
  };
  serve(app, ENDPOINTS.config, async () => answer);
};
export default config;
