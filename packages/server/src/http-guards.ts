// What the HTTP server does for every answer and every connection, whatever the route (issue 18):
// no caching of API answers, HSTS when the public address is https, and slow or piled-up
// connections cut off, so 300 trickling bodies cannot hold the server for minutes.
import type { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

export type ConnectionLimits = {
  /** A request body may start slowly for this long... */
  bodyGraceMs: number;
  /** ...then must have arrived at this average rate at least (measured while the server reads). */
  minBodyBytesPerSecond: number;
  /** Open connections one client address may hold at once (not enforced behind a trusted proxy). */
  maxConnectionsPerAddress: number;
};

/**
 * 4 KB/s after 10 s is 32 kbit/s, slower than any working mobile link: a real upload is never cut,
 * a trickle of a few bytes a second is cut within seconds. 128 connections from one address are
 * an office of 20 behind one router, each browser holding its 6.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  bodyGraceMs: 10_000,
  minBodyBytesPerSecond: 4096,
  maxConnectionsPerAddress: 128,
};

/** HSTS for a site served over https: a year, this host only (the operator decides about subdomains). */
export const HSTS = 'max-age=31536000';

const CHECK_EVERY_MS = 1000;

/** A request whose body is still arriving: when it started, and the socket's bytes at the start. */
type Pending = { req: IncomingMessage; socket: Socket; startedAt: number; bytesAtStart: number };

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Cache-Control, HSTS and the connection limits; call once, before the routes. */
export function registerHttpGuards(
  app: FastifyInstance,
  config: Config,
  limits: Partial<ConnectionLimits> = {},
): void {
  const { bodyGraceMs, minBodyBytesPerSecond, maxConnectionsPerAddress } = {
    ...CONNECTION_LIMITS,
    ...limits,
  };
  const hsts = config.publicUrl?.startsWith('https://');

  // API answers carry tokens and statement contents: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') reply.header('cache-control', 'no-store');
    if (hsts) reply.header('strict-transport-security', HSTS);
  });

  const server = app.server;

  // Connections per client address. Behind a trusted proxy every socket is the proxy's: no cap.
  if (config.trustProxy === false) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const count = (open.get(address) ?? 0) + 1;
      if (count > maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  // Slow bodies. Node's requestTimeout bounds the whole request; this cuts, within seconds, a body
  // that trickles in below the minimum rate. Time the server itself spends not reading (a hook
  // awaiting the database while the body waits in the buffer) is not held against the client.
  const pending = new Set<Pending>();
  server.on('request', (req: IncomingMessage) => {
    if (!hasBody(req)) return;
    pending.add({ req, socket: req.socket, startedAt: Date.now(), bytesAtStart: req.socket.bytesRead });
  });
  const timer = setInterval(() => {
    const now = Date.now();
    for (const p of pending) {
      if (p.req.complete || p.socket.destroyed) {
        pending.delete(p);
        continue;
      }
      if (p.req.readableLength > 0) {
        p.startedAt += CHECK_EVERY_MS; // the server is behind, not the client
        continue;
      }
      const late = now - p.startedAt - bodyGraceMs;
      if (late > 0 && p.socket.bytesRead - p.bytesAtStart < (minBodyBytesPerSecond * late) / 1000) {
        pending.delete(p);
        p.socket.destroy();
      }
    }
  }, CHECK_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
