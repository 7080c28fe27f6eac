import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { DestinationStream } from 'pino';
import { ZodError } from 'zod';
import { BahiError, cleanText, cleanValues } from '@bahi/core';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { errorFields, isDatabaseDown, isDiskFull, stackFrames, type Db, type DbKind } from './db/index.ts';
import {
  BODY_LIMIT_BYTES,
  MAX_FORM_FIELDS,
  MAX_UPLOAD_FILES,
  UPLOAD_LIMIT_BYTES,
  tooLargeDetail,
} from './body-limits.ts';
import { registerHttpGuards, type ConnectionLimits } from './http-guards.ts';
import { CODE_OF_STATUS, DATABASE_DOWN, DISK_FULL, HttpError, nextStep, statusOf } from './errors.ts';
import { loggerOptions } from './logging.ts';
import { createMailer, type Mailer } from './mail.ts';
import { makeGoogleVerifier, type GoogleVerifier } from './auth/google.ts';
import { DEFAULT_LIMITS, type RateLimits } from './rate-limit.ts';
import { DEFAULT_WEB_DIST, registerWeb } from './web.ts';
import health from './routes/health.ts';
import publicConfig from './routes/config.ts';
import auth from './routes/auth.ts';
import account from './routes/account.ts';
import statements from './routes/statements.ts';
import tally from './routes/tally.ts';
import vouchers from './routes/vouchers.ts';
import payments from './routes/payments.ts';
import billing from './routes/billing.ts';
import rules from './routes/rules.ts';
import clients from './routes/clients.ts';
import team from './routes/team.ts';
import officeRules from './routes/office-rules.ts';
import reports from './routes/reports.ts';
import jobs from './routes/jobs.ts';
import type { StatementQueue } from './queue/boss.ts';

/** Request and connection time limits of the HTTP server (tests shorten them). */
export type HttpTimeouts = {
  /** The whole request, upload included, must arrive within this (Node's requestTimeout). */
  requestMs: number;
  /** The request headers must arrive within this (Node's headersTimeout). */
  headersMs: number;
  /**
   * A connection with no bytes moving for this long is closed. A request waiting on a long read
   * moves no bytes either, so this stays above the readers' longest job (5 min); trickling bodies
   * are cut by http-guards and headersMs, idle keep-alives by Node's keepAliveTimeout.
   */
  idleMs: number;
};

/** A 25 MB upload needs 2 minutes at about 1.7 Mbit/s; trickling bodies are cut there. */
export const HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 120_000, headersMs: 15_000, idleMs: 6 * 60_000 };

export type AppDeps = {
  timeouts?: Partial<HttpTimeouts & ConnectionLimits>;
  db: Db;
  dbKind: DbKind;
  /** Defaults to SMTP_URL, or the log without it. */
  mailer?: Mailer;
  /** Defaults to google-auth-library against GOOGLE_CLIENT_ID (none when unset). */
  google?: GoogleVerifier;
  limits?: Partial<RateLimits>;
  now?: () => Date;
  /** Where the built web app is; defaults to packages/web/dist. */
  webDist?: string;
  /** Log destination (tests capture it). */
  logStream?: DestinationStream;
  /** The statement queue (issue 13); without it the office drop answers 503. */
  queue?: StatementQueue;
  /**
   * The reader pool is shared with the queue and closed by the caller after the queue stops
   * (start.ts); without it app.close() closes the pool.
   */
  keepReaderPool?: boolean;
};

/** Fastify takes a hop count too, but its types do not say so: a count is 'trust the first n hops'. */
function trustProxyOption(value: Config['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** The answer to an address that cannot name anything (undecodable, or a control character in it). */
const BAD_ADDRESS = 'The address of this request is not valid.';

/** Every route an app serves ('POST /api/layouts/:id'), for the test that holds them to the contract. */
export const servedRoutes = new WeakMap<FastifyInstance, string[]>();

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const timeouts = { ...HTTP_TIMEOUTS, ...deps.timeouts };
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    // A path Fastify cannot decode ('/api/%') is answered like every refusal, { detail, code }, and
    // not with Fastify's own body, which echoed the path and named Fastify (issue 33).
    frameworkErrors: (err, _request, res) => {
      const bad = err.code === 'FST_ERR_BAD_URL';
      // (typed for the route's reply schema, which this handler has none of)
      const reply = res as unknown as FastifyReply;
      void reply
        .code(bad ? 400 : 500)
        .header('cache-control', 'no-store')
        .send(
          bad
            ? { detail: BAD_ADDRESS, code: 'BAD_REQUEST' }
            : { detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
        );
    },
  });
  const context: AppContext = {
    config,
    db: deps.db,
    dbKind: deps.dbKind,
    mailer: deps.mailer ?? createMailer(config, app.log),
    google: deps.google ?? (config.googleClientId ? makeGoogleVerifier(config.googleClientId) : undefined),
    limits: {
      ...DEFAULT_LIMITS,
      signup: { ...DEFAULT_LIMITS.signup, max: config.signupsPerHour },
      sendCode: { ...DEFAULT_LIMITS.sendCode, max: config.signupsPerHour },
      login: { ...DEFAULT_LIMITS.login, max: config.loginsPer15Min },
      // An address allowed more sign-ups than the code checks' default may verify each of them
      // (issue 34's browser tests sign up and verify every user from one address); the default
      // (20 sign-ups an hour, 30 checks a quarter) is unchanged, and wrong codes still meet the
      // per-address delays of auth/otp.ts.
      verifyCode: {
        ...DEFAULT_LIMITS.verifyCode,
        max: Math.max(DEFAULT_LIMITS.verifyCode.max, config.signupsPerHour),
      },
      ...deps.limits,
    },
    now: deps.now ?? (() => new Date()),
  };
  app.decorate('bahi', context);
  const served: string[] = [];
  servedRoutes.set(app, served);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') served.push(`${method} ${route.url}`);
  });
  app.server.headersTimeout = timeouts.headersMs;

  // Cache-Control: no-store on API answers, HSTS, slow bodies and connection pile-ups cut off.
  registerHttpGuards(app, config, timeouts);
  if (config.payments === 'test') {
    app.log.warn(
      '*** BAHI_PAYMENTS=test: the test checkout credits pages WITHOUT ANY PAYMENT. Never use this on a public server. ***',
    );
  } else if (config.payments === 'off') {
    app.log.warn(
      'payments are off (no Razorpay keys): purchases are refused. Set the keys, or BAHI_PAYMENTS=test for trials.',
    );
  }
  app.decorateRequest('user', null as never);
  // Values sent in a body or a query without control characters, before any route reads them: a
  // NUL is no PostgreSQL text, and such a value answered 500 with its row in the log (issue 33).
  app.addHook('preValidation', async (request) => {
    // A path naming a thing with a control character names nothing this server keeps; taken out, it
    // would name another. Refused as a bad address (a NUL in a name answered 500: issue 33).
    const params = request.params as Record<string, unknown> | undefined;
    if (params && typeof params === 'object')
      for (const v of Object.values(params))
        if (typeof v === 'string' && cleanText(v) !== v)
          throw new HttpError('BAD_REQUEST', BAD_ADDRESS, 'a control character in the address');
    if (request.body && typeof request.body === 'object') cleanValues(request.body);
    // The query's object is not a plain one (fast-querystring's), so its values are taken one by one.
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object')
      for (const k of Object.keys(query)) query[k] = cleanValues(query[k]);
  });

  // The one place failures become answers: { detail, code, next? } with the status of the code
  // (errors.ts). The user message is what the user sees; the log message only the log.
  app.setErrorHandler((err: FastifyError | BahiError | ZodError, request, reply) => {
    if (err instanceof BahiError) {
      const status = statusOf(err);
      if (status >= 500) request.log.error({ status, code: err.code }, err.logMessage);
      else if (err.logMessage !== err.userMessage)
        request.log.info({ status, code: err.code }, err.logMessage);
      const next = nextStep(err.code);
      const extra = err instanceof HttpError ? err.extra : {};
      return reply
        .code(status)
        .send({ detail: err.userMessage, code: err.code, ...(next ? { next } : {}), ...extra });
    }
    if (err instanceof ZodError) {
      const first = err.issues[0];
      const field = first.path.length ? `${first.path.join('.')}: ` : '';
      return reply.code(422).send({ detail: `${field}${first.message}`, code: 'INVALID' });
    }
    // A full disk (the data directory, or PostgreSQL's): the request's transaction failed whole, so
    // nothing of it was kept; a clear 507 instead of "something went wrong" (issue 37).
    if (isDiskFull(err)) {
      request.log.error({ err: errorFields(err) }, "request failed: the server's disk is full");
      return reply.code(507).send({ detail: DISK_FULL, code: 'DISK_FULL', next: nextStep('DISK_FULL') });
    }
    // PostgreSQL going away is not a fault of this request or of the code: a clear 503 the web
    // shows and a monitor counts, while the pool finds new connections for the next requests.
    if (isDatabaseDown(err)) {
      request.log.warn({ err: errorFields(err) }, 'request failed: the database is not reachable');
      return reply
        .code(503)
        .send({ detail: DATABASE_DOWN, code: 'UNAVAILABLE', next: nextStep('UNAVAILABLE') });
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      // Never the error itself: a driver error's message and stack carry the failed query and its
      // parameters, which for an upload are the file's bytes (issue 37).
      request.log.error({ err: { ...errorFields(err), stack: stackFrames(err) } }, 'request failed');
      return reply
        .code(status)
        .send({ detail: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    }
    const tooLarge = tooLargeDetail(err.code);
    if (tooLarge) return reply.code(413).send({ detail: tooLarge, code: 'TOO_LARGE' });
    return reply.code(status).send({ detail: err.message, code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST' });
  });

  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: MAX_UPLOAD_FILES, fields: MAX_FORM_FIELDS },
  });
  await registerWeb(app, config, deps.webDist ?? DEFAULT_WEB_DIST);

  // One line per area; each area is a plugin in ./routes.
  await app.register(health, { prefix: '/api' });
  await app.register(publicConfig, { prefix: '/api' });
  await app.register(auth, { prefix: '/api' });
  await app.register(account, { prefix: '/api' });
  await app.register(statements, { prefix: '/api', keepReaderPool: deps.keepReaderPool });
  await app.register(tally, { prefix: '/api' });
  await app.register(vouchers, { prefix: '/api' });
  await app.register(payments, { prefix: '/api' });
  await app.register(billing, { prefix: '/api' });
  await app.register(rules, { prefix: '/api' });
  await app.register(clients, { prefix: '/api' });
  await app.register(team, { prefix: '/api' });
  await app.register(reports, { prefix: '/api' });
  await app.register(officeRules, { prefix: '/api' });
  await app.register(jobs, { prefix: '/api', queue: deps.queue });

  return app;
}
