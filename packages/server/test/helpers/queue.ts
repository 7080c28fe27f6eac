// Shared by the office-drop tests (issue 13): members with pages, multipart drops, polling.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { issueToken } from '../../src/auth/tokens.ts';
import type { Config } from '../../src/config.ts';
import { grantPages } from '../../src/credits.ts';
import { openDatabase, type Database, type Db } from '../../src/db/index.ts';
import { users } from '../../src/db/schema.ts';
import { normaliseAccountNumber } from '../../src/office/accounts.ts';
import { officeAccounts, officeClients } from '../../src/office/tables.ts';
import { startQueue, type QueueLog, type StatementQueue } from '../../src/queue/index.ts';
import { randomIp, startApp, type Call } from './harness.ts';

export const silentLog: QueueLog = { info() {}, warn() {}, error() {} };

type Harness = { app: FastifyInstance; config: Config; database: { db: Db }; clock?: { now(): Date } };

/**
 * A signed-up user with `pages` pages and a token. `grant` gives the pages through the page ledger,
 * as sign-up and payments do, for tests that read the ledger; otherwise they are set on the row.
 */
export async function makeMember(
  h: Harness,
  pages: number,
  opts: { role?: 'user' | 'admin'; grant?: boolean } = {},
) {
  const id = randomUUID().slice(0, 8);
  const [row] = await h.database.db
    .insert(users)
    .values({
      name: `Office ${id}`,
      email: `office.${id}@example.com`,
      phone: String(7_000_000_000 + Math.floor(Math.random() * 999_999_999)),
      emailVerified: true,
      role: opts.role ?? 'user',
      pagesLeft: opts.grant ? 0 : pages,
      // The test clock moves; tokens it issues must count as issued after this.
      tokensValidAfter: new Date(0),
    })
    .returning();
  if (opts.grant && pages > 0)
    await h.database.db.transaction((tx) => grantPages(tx, row.id, pages, 'grant', 'signup'));
  const user = { ...row, pagesLeft: pages };
  return {
    id: user.id,
    user,
    token: await issueToken(h.config.jwtSecret, user, h.clock?.now() ?? new Date()),
  };
}

export async function pagesOf(h: { database: { db: Db } }, id: string) {
  const [u] = await h.database.db.select().from(users).where(eq(users.id, id));
  return u.pagesLeft;
}

/** The multipart body the drop screen sends: every file as a `file` part, then client_id. */
export function dropBody(clientId: string | null, files: { name: string; bytes: Buffer }[]) {
  const boundary = `----bahi${randomUUID()}`;
  const parts: Buffer[] = [];
  if (clientId)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${clientId}\r\n`),
    );
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function dropFiles(
  h: { app: FastifyInstance },
  token: string,
  clientId: string | null,
  files: { name: string; bytes: Buffer }[],
): Promise<Call> {
  const { body, contentType } = dropBody(clientId, files);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/office/drops',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload: body,
    remoteAddress: randomIp(),
  });
  let parsed: unknown = res.body;
  try {
    parsed = res.json();
  } catch {
    // not JSON
  }
  return { status: res.statusCode, body: parsed, raw: res.body, headers: res.headers };
}

/** Polls `probe` until it returns something other than undefined, or fails after `ms`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, ms: number, everyMs = 200): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`waitFor: nothing after ${ms} ms`);
    await sleep(everyMs);
  }
}

/** An office client of `userId` (H8's table), with bank accounts by number. */
export async function makeClient(h: { database: { db: Db } }, userId: string, accounts: string[] = []) {
  const [client] = await h.database.db
    .insert(officeClients)
    .values({ userId, name: `Client ${randomUUID().slice(0, 6)}`, stateCode: '27' })
    .returning();
  const ids: string[] = [];
  for (const number of accounts) {
    const [a] = await h.database.db
      .insert(officeAccounts)
      .values({
        userId,
        clientId: client.id,
        bank: 'HDFC',
        accountNumber: number,
        accountDigits: normaliseAccountNumber(number).digits,
        tallyLedger: `Bank ${number.slice(-4)}`,
      })
      .returning();
    ids.push(a.id);
  }
  return { id: client.id, accountIds: ids };
}

export type QueuedApp = {
  database: Database;
  queue: StatementQueue;
  h: Awaited<ReturnType<typeof startApp>>;
};

/** The app on an in-memory PGlite with the queue's workers in this process, polling fast. */
export async function startQueuedApp(opts: { pgliteDir?: string } = {}): Promise<QueuedApp> {
  const database = await openDatabase({ pgliteDir: opts.pgliteDir ?? 'memory://' });
  const queue = await startQueue(database, silentLog, {
    settings: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, superviseIntervalSeconds: 1 },
    uploadsDir: tempUploadsDir(),
  });
  return { database, queue, h: await startApp({ database, deps: { queue } }) };
}

export async function stopQueuedApp(app: QueuedApp | undefined): Promise<void> {
  await app?.h.close(false);
  await app?.queue.stop(5_000);
  await app?.database.close();
  if (app) rmSync(app.queue.uploads.dir, { recursive: true, force: true });
}

/** A directory of its own for a test's dropped files (a shared one would be swept by another test's queue). */
export const tempUploadsDir = () => mkdtempSync(path.join(os.tmpdir(), 'bahi-uploads-'));
