// Shared pieces of the security suites (security-*.test.ts): the route table as Fastify builds it,
// the explicit list of public routes, users with tokens, the bad tokens a guard must refuse, and the
// one error shape every refusal must have.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../../src/auth/tokens.ts';
import { randomIp, type startApp } from './harness.ts';
import { makeMember } from './queue.ts';

export { upload } from './harness.ts';

export type Harness = Awaited<ReturnType<typeof startApp>>;
export type Route = { method: string; url: string };

/**
 * Records every route of the next Fastify instances created in this process. Fastify publishes
 * 'fastify.initialization' before any plugin runs, so the onRoute hook sees every route buildApp
 * registers, including ones added after this suite was written.
 */
export function recordRoutes() {
  const routes: Route[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url ?? r.path });
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  return { routes, stop: () => diagnostics.unsubscribe('fastify.initialization', onInit) };
}

/**
 * The routes anyone may call without a token (DESIGN.md 'API': everything that reads or writes a
 * user's data or spends pages needs one). A new route that is not listed here must refuse a
 * request without a valid token, so a forgotten guard fails the route walk.
 */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  // What the web app needs before sign-in (Google client id, payment mode); nothing secret.
  'GET /api/config',
  'POST /api/auth/signUp',
  'POST /api/verification/send-otp',
  'POST /api/verification/verfiy-otp',
  'POST /api/auth/sign/token',
  'POST /api/auth/google',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // Razorpay calls it; its own HMAC signature over the raw body is the guard.
  'POST /api/payment/webhook',
  'GET /api/payment/plans',
  // The single-page app and its static files.
  'GET /*',
  'HEAD /*',
]);

/** Admin-only calls (DESIGN.md 'API': billing calls require role admin). */
export const ADMIN_ONLY = [
  /^\/api\/item-master\//,
  /^\/api\/itemssss\//,
  // (ours: the amounts workbook's total, issue 34 round four)
  /^\/api\/billing\//,
  /^\/api\/test\/admin-only$/,
];

export const keyOf = (r: Route) => `${r.method} ${r.url}`;
export const isPublic = (r: Route) => PUBLIC_ROUTES.has(keyOf(r));
export const isAdminOnly = (r: Route) => ADMIN_ONLY.some((re) => re.test(r.url));

/** The route table without duplicates and without HEAD twins of GET routes (they share a handler). */
export function uniqueRoutes(routes: readonly Route[]): Route[] {
  const seen = new Set<string>();
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return routes.filter((r) => {
    const k = keyOf(r);
    if (seen.has(k) || (r.method === 'HEAD' && gets.has(r.url) && !isPublic(r))) return false;
    seen.add(k);
    return true;
  });
}

/** A concrete URL for a route pattern: plausible values for each parameter. */
export function concreteUrl(url: string): string {
  return url
    .replace(/:bank\b/g, 'hdfc')
    .replace(/:name\b/g, 'default')
    .replace(/:[A-Za-z_]+/g, randomUUID())
    .replace(/\*$/, 'index.html');
}

export type Answer = { status: number; body: any; raw: string; headers: Record<string, unknown> };

/** Calls a route as a browser would, with an empty JSON object as the body of writes. */
export async function hit(
  app: FastifyInstance,
  route: Route,
  authorization?: string,
  url = concreteUrl(route.url),
  ip = randomIp(),
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
  if (write) headers['content-type'] = 'application/json';
  const res = await app.inject({
    method: route.method as 'GET',
    url,
    headers,
    payload: write ? '{}' : undefined,
    remoteAddress: ip,
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body, raw: res.body, headers: res.headers };
}

/** Every error answer: JSON `{ detail: string }`, no HTML, no stack trace. */
export function assertErrorShape(res: Answer, what: string) {
  assert.match(String(res.headers['content-type'] ?? ''), /^application\/json/, `${what}: JSON answer`);
  assert.equal(typeof res.body?.detail, 'string', `${what}: string detail in ${res.raw.slice(0, 200)}`);
  assert.ok(res.body.detail.length > 0, `${what}: empty detail`);
  assert.doesNotMatch(res.raw, /<html|<!doctype/i, `${what}: HTML in an error answer`);
  assert.doesNotMatch(res.raw, /\bat .+\.[cm]?[jt]s:\d+|"stack"/, `${what}: stack trace in an error answer`);
}

export function assertRefused(res: Answer, status: number, what: string, method = 'GET') {
  assert.equal(res.status, status, `${what}: expected ${status}, got ${res.status} ${res.raw.slice(0, 200)}`);
  // A HEAD answer has headers only.
  if (method !== 'HEAD') assertErrorShape(res, what);
}

/** A verified account with `pages` pages (granted through the ledger) and a fresh token. */
export async function member(h: Harness, opts: { role?: 'user' | 'admin'; pages?: number } = {}) {
  const { user } = await makeMember(h, opts.pages ?? 10, { role: opts.role, grant: true });
  return {
    ...user,
    /** A token issued now (by the test clock). */
    token: () => issueToken(h.config.jwtSecret, user, h.clock.now()),
  };
}

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** Authorization headers the guard must refuse for this account, each with its reason. */
export async function badCredentials(h: Harness, user: Awaited<ReturnType<typeof member>>) {
  const now = h.clock.now();
  const good = await issueToken(h.config.jwtSecret, user, now);
  const [, payload] = good.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const { SignJWT } = await import('jose');
  const hs512 = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .sign(new TextEncoder().encode(h.config.jwtSecret));
  const ghost = await issueToken(h.config.jwtSecret, { ...user, id: randomUUID() }, now);
  return [
    ['no Bearer scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['empty bearer', 'Bearer '],
    ['malformed token', 'Bearer not.a.token'],
    ['garbage token', `Bearer ${randomUUID()}`],
    [
      'token signed with another secret',
      `Bearer ${await issueToken('another-secret-' + randomUUID(), user, now)}`,
    ],
    ['alg none token', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['HS512 token (algorithm pinned to HS256)', `Bearer ${hs512}`],
    [
      'tampered payload',
      `Bearer ${good.split('.')[0]}.${b64({ ...claims, role: 'admin' })}.${good.split('.')[2]}`,
    ],
    [
      'expired token',
      `Bearer ${await issueToken(h.config.jwtSecret, user, new Date(now.getTime() - 8 * 24 * 3600 * 1000))}`,
    ],
    ['token of an account that does not exist', `Bearer ${ghost}`],
  ] as const;
}

/** A built web app stand-in, so the static routes and the SPA fallback are part of the walk. */
export function fakeWebDist(): string {
  const dir = path.join(os.tmpdir(), `bahi-sec-web-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body>Bahi</body></html>');
  return dir;
}
