import { randomInt, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.ts';
import { requireAdmin } from '../../src/auth/guards.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TEST_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

export class Clock {
  t = Date.now();
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-test-'));
  const config = loadConfig({ BAHI_DATA_DIR: dataDir, JWT_SECRET: TEST_SECRET, LOG_LEVEL: 'info', ...env });
  return config;
}

/** Collects every log line the app writes. */
export function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { lines, stream: stream as unknown as AppDeps['logStream'] };
}

export type Call = {
  status: number;
  /** the parsed JSON, or the text when the answer is not JSON */
  body: any;
  raw: string;
  headers: Record<string, unknown>;
};

function answerOf(res: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json(): any;
}): Call {
  let body: any = res.body;
  try {
    body = res.json();
  } catch {
    // not JSON
  }
  return { status: res.statusCode, body, raw: res.body, headers: res.headers };
}

export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { json?: unknown; form?: Record<string, string>; token?: string; ip?: string } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  let payload: string | undefined;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.json);
  }
  return answerOf(await app.inject({ method, url, headers, payload, remoteAddress: opts.ip ?? randomIp() }));
}

/** A multipart upload, as the web app sends it: the file, then any form fields. */
export async function upload(
  app: FastifyInstance,
  url: string,
  opts: { token?: string; bytes: Buffer; name: string; fields?: Record<string, string> },
): Promise<Call> {
  const boundary = `----bahi${randomUUID()}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    opts.bytes,
    Buffer.from('\r\n'),
  ];
  for (const [k, v] of Object.entries(opts.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return answerOf(
    await app.inject({
      method: 'POST',
      url,
      headers,
      payload: Buffer.concat(parts),
      remoteAddress: randomIp(),
    }),
  );
}

/** An app on its own database (PGlite in memory, or the given PostgreSQL), with a test-only admin route. */
export async function startApp(
  opts: {
    databaseUrl?: string;
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    database?: Database;
  } = {},
) {
  const config = testConfig(opts.env);
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: opts.databaseUrl, pgliteDir: 'memory://' }));
  const clock = new Clock();
  const logs = logCollector();
  const app = await buildApp(config, {
    db: database.db,
    dbKind: database.kind,
    now: clock.now,
    logStream: logs.stream,
    webDist: path.join(config.dataDir, 'no-web'),
    ...opts.deps,
  });
  app.get('/api/test/admin-only', { preHandler: requireAdmin }, async (req) => ({ id: req.user.id }));
  await app.ready();
  return {
    app,
    config,
    database,
    clock,
    logs: logs.lines,
    async close(closeDb = !opts.database) {
      await app.close();
      if (closeDb) await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
