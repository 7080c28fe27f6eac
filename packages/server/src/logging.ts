import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

// Request bodies are never logged (Fastify does not log them; nothing here adds them), and the
// logged URL drops its query string, which can carry a statement password.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  // @fastify/multipart logs its busboy options, request headers included, at trace level.
  '*.headers.authorization',
  '*.headers.cookie',
  'res.headers["set-cookie"]',
  'body',
  'req.body',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.otp',
  '*.token',
  '*.access_token',
];

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
