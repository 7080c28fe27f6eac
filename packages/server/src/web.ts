import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The Content-Security-Policy of every HTML answer: our own origin only, plus Razorpay's checkout
 * when payments are live and Google Identity Services when a client id is set.
 */
function contentSecurityPolicy(config: Config): string {
  const razorpay = config.payments === 'live' && config.razorpay.keyId;
  const google = Boolean(config.googleClientId);
  const script = ["'self'"];
  const frame: string[] = [];
  // 'bahi bridge' (the office Tally connector) listens on this machine; Send to Tally calls it.
  // Loopback only: nothing else on plain http is reachable.
  const connect = ["'self'", 'http://127.0.0.1:*', 'http://localhost:*'];
  const style = ["'self'", "'unsafe-inline'"];
  const img = ["'self'", 'data:', 'blob:'];
  if (razorpay) {
    // The hosts Razorpay's own CSP allowlist names for Checkout (razorpay/razorpay-magento,
    // etc/csp_whitelist.xml): checkout.js and its risk script, the payment frame, its API calls,
    // its telemetry, and its images (bank and wallet logos).
    script.push('https://checkout.razorpay.com', 'https://cdn.razorpay.com');
    frame.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    connect.push(
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://lumberjack-metrics.razorpay.com',
    );
    img.push('https://cdn.razorpay.com');
  }
  if (google) {
    script.push('https://accounts.google.com/gsi/client');
    frame.push('https://accounts.google.com/gsi/');
    connect.push('https://accounts.google.com/gsi/');
    style.push('https://accounts.google.com/gsi/style');
  }
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    `style-src ${style.join(' ')}`,
    `img-src ${img.join(' ')}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self' blob:",
    `frame-src ${frame.length ? frame.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Serves the built web app, when there is one, with index.html for every non-API path. */
export async function registerWeb(app: FastifyInstance, config: Config, distDir: string) {
  const csp = contentSecurityPolicy(config);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', csp);
      reply.header('X-Frame-Options', 'DENY');
    }
    return payload;
  });
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ detail: `Not found: ${req.method} ${url}`, code: 'NOT_FOUND' });
  });
}
