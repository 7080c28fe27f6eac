import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * What the server process and its reader processes may hold resident together, in MB, unless
 * BAHI_MEMORY_MB says otherwise (issue 18: under 1 GB with ten bombs uploaded at once). The pool
 * sizes itself from it and its watchdog holds to it (decision 027). The embedded database (PGlite)
 * lives in the server's process (128 MB of WebAssembly memory, and its work on big books): it gets another gigabyte, or a 500-page
 * statement (a reader at ~430 MB) would no longer fit beside it.
 */
export const DEFAULT_MEMORY_MB = { postgres: 1024, pglite: 2048 };

/**
 * Node flags the server's process runs with: `bahi serve` and `bahi worker` restart themselves
 * with them (cli/src/node-flags.ts), the benchmarks start their server with them. Issue 19: V8
 * sizes the young generation from the heap limit (4 GB here), and the server's start (1,200
 * modules, schemas compiled) grows it to 128 MB that stay resident, empty, for good: at rest the
 * server held 310 MB, 38 MB of it live objects. At 8 MB a semi-space the young generation stays
 * at 16 MB at most: with PGlite's 128 MB of WebAssembly memory in the same process the server
 * rested at ~290 MB (16 MB: ~310, and ~350 after 100 reads), ~215 MB with SERVER_ENV below
 * (docs/decisions/081-start-fast-stay-small.md).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];

/**
 * With the embedded database the server's process runs PGlite's WebAssembly with V8's baseline
 * compiler only (`--liftoff-only`), at every memory budget. Issue 38: shortly after every start
 * V8's optimizing compiler takes one of PGlite's functions (index 2272, 105 KB of body) to
 * Turboshaft, and that one compile holds ~600 MB of compiler memory for 3-5 s (its first
 * optimization phase, whichever runs first: no flag shrinks it): `bahi serve` peaked at ~750 MB
 * and anything sampled in those seconds (three reads just after the start) saw ~600 MB. Without it
 * the start peaks at ~250 MB. What it costs (decision 081, 2026-11-29): the routes' CPU within
 * 0-40 % (a book of 8,000 rows +15 %), filings faster (no 3.5 s compile to pay), the process's
 * CPU the same. Until 2026-11-29 it was taken only under a budget of 1536 MB. PostgreSQL
 * (DATABASE_URL) runs outside the process: never taken.
 */
export function serverNodeFlags(config: { databaseUrl: string | undefined }): string[] {
  return [...SERVER_NODE_FLAGS, ...(config.databaseUrl ? [] : ['--liftoff-only'])];
}

/**
 * Environment the server's process runs with, set the same way as SERVER_NODE_FLAGS (glibc reads
 * it once, as the process starts); a variable already set is kept as set. Issue 19: glibc raises
 * its trim threshold to twice the largest block it has mapped and freed (up to 64 MB), so memory
 * freed in the arenas of the threads that compile PGlite's WebAssembly and serve libuv was never
 * given back: ~95 MB of a server at rest. A fixed threshold (glibc's own default, 128 KB) gives it
 * back: at rest 296-316 -> 211-221 MB, and no growth over 100 reads. Readers inherit it; it did
 * not slow them (docs/decisions/081-start-fast-stay-small.md). Other C libraries ignore it.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = {
  GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072',
};

/** Every environment variable the server reads: the README's configuration table is written from this. */
export const ENV_VARS: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port of the API and web app.' },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Address to listen on.' },
  {
    name: 'BAHI_DATA_DIR',
    default: './data',
    meaning: 'Data directory: embedded database (PGlite) and the generated JWT secret.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset: embedded PGlite)',
    meaning: 'PostgreSQL connection URL; when set, PostgreSQL is used instead of PGlite.',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated once, kept in BAHI_DATA_DIR/jwt-secret)',
    meaning:
      'Secret signing access tokens and hashing one-time codes; at least 32 characters. Set the same value on every server process.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset: codes are written to the server log)',
    meaning: 'Mail server for one-time codes, e.g. smtps://user:pass@smtp.example.com:465.',
  },
  { name: 'MAIL_FROM', default: 'Bahi <no-reply@bahi.local>', meaning: 'Sender of the code mails.' },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: '(unset: Google sign-in off)',
    meaning: 'OAuth client id for Google sign-in; ID tokens must be issued for it.',
  },
  { name: 'RAZORPAY_KEY_ID', default: '(unset)', meaning: 'Razorpay key id for live checkout.' },
  {
    name: 'RAZORPAY_KEY_SECRET',
    default: '(unset)',
    meaning: 'Razorpay key secret (verifies payment signatures).',
  },
  { name: 'RAZORPAY_WEBHOOK_SECRET', default: '(unset)', meaning: 'Razorpay webhook secret.' },
  {
    name: 'BAHI_PAYMENTS',
    default: "'live' when both Razorpay keys are set, else 'off'",
    meaning:
      "'live' uses Razorpay and needs both keys. 'test' turns on the local test checkout that credits pages without payment (a warning at start and a banner in the web app): for trials only. 'off' (the default without keys) refuses purchases.",
  },
  {
    name: 'BAHI_ADMIN_EMAILS',
    default: '(empty)',
    meaning: 'Comma-separated e-mails that become admins once the address is verified (at sign-in).',
  },
  { name: 'BAHI_SIGNUP_PAGES', default: '10', meaning: 'Pages granted to every new account.' },
  {
    name: 'BAHI_SIGNUPS_PER_HOUR',
    default: '20',
    meaning: 'Sign-ups, and code mails, one address may ask for in an hour.',
  },
  {
    name: 'BAHI_LOGINS_PER_15_MIN',
    default: '30',
    meaning: 'Sign-in attempts one address may make in 15 minutes.',
  },
  {
    name: 'BAHI_TRUST_PROXY',
    default: '(unset: off)',
    meaning:
      "Set behind a load balancer or reverse proxy so per-address limits count clients, not the proxy: 'true' (trust every hop), a hop count (e.g. 1), or a comma-separated list of proxy addresses or CIDR ranges.",
  },
  {
    name: 'BAHI_PUBLIC_URL',
    default: '(unset)',
    meaning:
      'The address users open, e.g. https://bahi.example.com. When it is https, every answer carries Strict-Transport-Security (browsers then refuse plain http for a year). Serve it behind TLS.',
  },
  {
    name: 'BAHI_MEMORY_MB',
    default: `${DEFAULT_MEMORY_MB.postgres} with DATABASE_URL, else ${DEFAULT_MEMORY_MB.pglite}`,
    meaning:
      'Memory the server and its statement readers may hold together, in MB: the number of readers is sized from it, and a reader whose file pushes past it is stopped. The embedded database (PGlite) holds ~600 MB inside the server, hence the higher default without DATABASE_URL.',
  },
  {
    name: 'BAHI_READER_NICE',
    default: '10',
    meaning:
      "How much lower than the server's the OS priority of its statement readers is (a nice increment, 0-19; 0: the same): the API answers first while large statements are read, and readers still take every idle core.",
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent.' },
];

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientId: string | undefined;
  razorpay: { keyId: string | undefined; keySecret: string | undefined; webhookSecret: string | undefined };
  /** 'off': purchases are refused (no keys and no explicit BAHI_PAYMENTS=test). */
  payments: 'test' | 'live' | 'off';
  adminEmails: string[];
  signupPages: number;
  /** sign-ups and code mails per address per hour */
  signupsPerHour: number;
  /** sign-in attempts per address per 15 minutes */
  loginsPer15Min: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Fastify's trustProxy: false (the socket address counts), true, a hop count, or proxy addresses. */
  trustProxy: boolean | number | string[];
  /** BAHI_PUBLIC_URL without a trailing slash; https turns HSTS on. */
  publicUrl: string | undefined;
  /** BAHI_MEMORY_MB: what the server and its statement readers may hold together */
  memoryMb: number;
  /** BAHI_READER_NICE: the readers' nice increment over the server's (issue 38) */
  readerNice: number;
};

const blankIsUnset = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(blankIsUnset, z.string().trim().optional());

/** One proxy address as Fastify's trustProxy (proxy-addr) takes it: an IP, IP/prefix, or a preset. */
function isProxyAddress(item: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) return true;
  const [ip, prefix, ...rest] = item.split('/');
  if (rest.length) return false;
  const v4 = isIPv4(ip);
  const v6 = isIPv6(ip);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  const max = v4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= max;
}

const TrustProxy = z.preprocess(
  blankIsUnset,
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): boolean | number | string[] => {
      if (v === undefined || v.toLowerCase() === 'false') return false;
      if (v.toLowerCase() === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const items = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = items.filter((i) => !isProxyAddress(i));
      if (items.length === 0 || bad.length) {
        ctx.addIssue({
          code: 'custom',
          message: `must be 'true', a hop count, or comma-separated proxy addresses (not ${JSON.stringify(bad.join(',') || v)})`,
        });
        return z.NEVER;
      }
      return items;
    }),
);

const EnvSchema = z.object({
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(blankIsUnset, z.string().default('0.0.0.0')),
  BAHI_DATA_DIR: z.preprocess(blankIsUnset, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(blankIsUnset, z.string().min(32, 'must have at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(blankIsUnset, z.string().default('Bahi <no-reply@bahi.local>')),
  GOOGLE_CLIENT_ID: optionalString,
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  BAHI_PAYMENTS: z.preprocess(blankIsUnset, z.enum(['test', 'live', 'off']).optional()),
  BAHI_ADMIN_EMAILS: z.preprocess(blankIsUnset, z.string().default('')),
  BAHI_SIGNUP_PAGES: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).default(10)),
  BAHI_SIGNUPS_PER_HOUR: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(10_000).default(20)),
  BAHI_LOGINS_PER_15_MIN: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(10_000).default(30)),
  BAHI_TRUST_PROXY: TrustProxy,
  BAHI_PUBLIC_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(
        /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/,
        'must be an http:// or https:// address, e.g. https://bahi.example.com',
      )
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  BAHI_MEMORY_MB: z.preprocess(blankIsUnset, z.coerce.number().int().min(512).optional()),
  BAHI_READER_NICE: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(19).default(10)),
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

/** A configuration problem, with a message meant for the operator. */
export class ConfigError extends Error {}

/**
 * Reads and checks the environment. Throws ConfigError listing every bad variable.
 * Creates the data directory and, when JWT_SECRET is absent, a secret kept there.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The free test checkout is never a fallback: only an explicit BAHI_PAYMENTS=test turns it on.
  const payments = e.BAHI_PAYMENTS ?? (e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET ? 'live' : 'off');
  if (payments === 'live' && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  BAHI_PAYMENTS: live payments need RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    );
  }
  const dataDir = path.resolve(e.BAHI_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? keptSecret(path.join(dataDir, 'jwt-secret'), 48),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    googleClientId: e.GOOGLE_CLIENT_ID,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    },
    payments,
    adminEmails: e.BAHI_ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    signupPages: e.BAHI_SIGNUP_PAGES,
    signupsPerHour: e.BAHI_SIGNUPS_PER_HOUR,
    loginsPer15Min: e.BAHI_LOGINS_PER_15_MIN,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.BAHI_TRUST_PROXY,
    publicUrl: e.BAHI_PUBLIC_URL,
    memoryMb: e.BAHI_MEMORY_MB ?? DEFAULT_MEMORY_MB[e.DATABASE_URL ? 'postgres' : 'pglite'],
    readerNice: e.BAHI_READER_NICE,
  };
}

/**
 * A secret kept in `file` (readable by this user only): the one written there before, or a new one
 * of `bytes` random bytes written now, so a bare `npm start` needs no set-up. Several processes
 * must be given the secret instead.
 */
export function keptSecret(file: string, bytes: number): string {
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(bytes).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
