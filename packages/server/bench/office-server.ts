// The server of the office load bench (bench/office-load-bench.ts), as a process of its own: the
// app with its statement queue on PGlite (a temporary directory, as `npm start` keeps it) or, with
// BENCH_DB=postgres, a throwaway PostgreSQL 15; BENCH_USERS members with pages, each with a client
// and a bank account (for the book route); with BENCH_FILING=1 that client also holds the accounts
// the dropped files print, so drops are filed into books (bench/office-files.ts). It tells the driver the port and the members over IPC,
// then serves until the driver disconnects. Not for any other use.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configurePool } from '@bahi/statements';
import { DEFAULT_MEMORY_MB } from '../src/config.ts';
import { openDatabase } from '../src/db/index.ts';
import { PGliteThread } from '../src/db/pglite-thread.ts';
import { startQueue, uploadsDirOf } from '../src/queue/index.ts';
import { startApp } from '../test/helpers/harness.ts';
import { startPostgres } from '../test/helpers/postgres.ts';
import { makeClient, makeMember, silentLog } from '../test/helpers/queue.ts';
import { officeAccountNumbers } from './office-files.ts';

export interface OfficeSlices {
  slices: number[];
  /**
   * each queue read's end (its transaction, from begun to ended), ms of wall time, and the parts of
   * that time by statement (PGlite only)
   */
  readEnds: { holds: number[]; parts: Record<string, number[]> };
}
export interface OfficeReady {
  port: number;
  users: { token: string; accountId: string }[];
}

const postgres = process.env.BENCH_DB === 'postgres';
configurePool({ memoryBudgetMb: DEFAULT_MEMORY_MB[postgres ? 'postgres' : 'pglite'] });
const cluster = postgres ? await startPostgres() : null;
if (typeof cluster === 'string') throw new Error(cluster);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-office-bench-'));
const database = await openDatabase(
  cluster ? { databaseUrl: cluster.databaseUrl, pgliteDir: '' } : { pgliteDir: path.join(dir, 'pglite') },
);
const readEnds = watchReadEnds();
// The queue's poll is the default (2 s; BAHI_QUEUE_POLL_SECONDS to change it): a drop wakes an idle
// reader of this process at once (queue/boss.ts wake), so a shorter poll only adds fetches of an
// empty queue (it was 0.5 s until decision 052 round nineteen: ~6 fetches a second, 2.4 ms each).
const queue = await startQueue(database, silentLog, {
  env: process.env,
  uploadsDir: uploadsDirOf(dir),
});
// warn: the bench measures answers, not the log (kept in memory by the harness)
const h = await startApp({
  database,
  env: { LOG_LEVEL: 'warn' },
  deps: { queue, timeouts: { idleMs: 10 * 60_000 } },
});
const users: OfficeReady['users'] = [];
const filing = process.env.BENCH_FILING === '1' ? officeAccountNumbers() : [];
for (let i = 0; i < Number(process.env.BENCH_USERS ?? 20); i++) {
  const m = await makeMember(h, 1_000_000);
  const client = await makeClient(h, m.id, [`50100${String(100000 + i)}`, ...filing]);
  users.push({ token: m.token, accountId: client.accountIds[0]! });
}
await h.app.listen({ host: '127.0.0.1', port: 0 });
const address = h.app.server.address();
process.send?.({
  port: typeof address === 'object' && address ? address.port : 0,
  users,
} satisfies OfficeReady);
// The server thread's own CPU between two turns of a 1 ms timer (as bench-server.ts watchSlices):
// the slices of work that hold every request, from the ready message until the driver asks.
const slices: number[] = [];
let last = process.threadCpuUsage();
const sliceTimer = setInterval(() => {
  const d = process.threadCpuUsage(last);
  last = process.threadCpuUsage();
  slices.push((d.user + d.system) / 1000);
}, 1);
process.on('message', (m: { slices?: boolean }) => {
  if (!m.slices) return;
  clearInterval(sliceTimer);
  process.send?.({ slices, readEnds } satisfies OfficeSlices);
});
process.on('disconnect', () => {
  void h
    .close(false)
    .then(() => queue.stop(5_000))
    .then(() => database.close())
    .then(() => cluster?.stop())
    .finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
});

/**
 * How long each queue read's end (queue/read.ts: the transaction that takes the spend's advisory
 * lock) held the embedded database, from its begin answered to its end answered: every other
 * query waits for it. With it, where that time went: each statement's round trip (by its first
 * words) and the server's own time between them ('between'). PGlite's own handle (inline) by its
 * transaction's callback; its thread's by the messages (below).
 */
function watchReadEnds(): OfficeSlices['readEnds'] {
  const out: OfficeSlices['readEnds'] = { holds: [], parts: {} };
  const pglite = database.pglite;
  if (!pglite) return out;
  type Fn = (tx: { query: (...a: unknown[]) => Promise<unknown> }) => Promise<unknown>;
  const transaction = (pglite.transaction as (fn: Fn) => Promise<unknown>).bind(pglite);
  const label = (q: string) =>
    (
      /^\s*(with \w+ as \(\s*\w+( from| into)? "?\w+|select pg_advisory|select "\w+"?|select|insert into "?\w+|update "?\w+|delete from "?\w+|savepoint|release)/i.exec(
        q,
      )?.[1] ?? q.slice(0, 20)
    ).replace(/\s+/g, ' ');
  if (pglite instanceof PGliteThread) return watchThreadReadEnds(pglite, out, label);
  (pglite as { transaction: unknown }).transaction = async (fn: Fn) => {
    let begun = 0;
    let readEnd = false;
    let last = 0;
    const parts: [string, number][] = [];
    try {
      return await transaction((tx) => {
        begun = last = performance.now();
        const query = tx.query.bind(tx);
        tx.query = async (...a: unknown[]) => {
          const q = String(a[0]);
          if (q.includes('pg_advisory_xact_lock')) readEnd = true;
          const sent = performance.now();
          parts.push(['between', sent - last]);
          try {
            return await query(...a);
          } finally {
            last = performance.now();
            parts.push([label(q), last - sent]);
          }
        };
        return fn(tx);
      });
    } finally {
      if (readEnd) {
        const end = performance.now();
        out.holds.push(end - begun);
        parts.push(['between', end - last]);
        for (const [k, ms] of parts) (out.parts[k] ??= []).push(ms);
      }
    }
  };
  return out;
}

/**
 * On PGlite's thread, the same from the messages between the threads: a transaction holds the
 * database from its begin's answer to its end's answer, whether its first statements were sent
 * before the begin answered (round eighteen) or after. A statement's part is from when it was sent,
 * or the answer before it came, to its own answer; 'between', the database's thread waiting for
 * the server's next message inside the transaction.
 */
function watchThreadReadEnds(
  thread: object,
  out: OfficeSlices['readEnds'],
  label: (q: string) => string,
): OfficeSlices['readEnds'] {
  type Ask = { op: string; tx?: number; sql?: string };
  const t = thread as { send: (ask: Ask) => Promise<unknown> };
  const send = t.send.bind(t);
  const open = new Map<
    number,
    { begun: number; last: number; readEnd: boolean; parts: [string, number][] }
  >();
  t.send = (ask) => {
    const sent = performance.now();
    const p = send(ask);
    p.then(
      (value) => {
        const at = performance.now();
        if (ask.op === 'begin') {
          open.set(ask.tx ?? (value as number), { begun: at, last: at, readEnd: false, parts: [] });
          return;
        }
        const tx = ask.tx === undefined ? undefined : open.get(ask.tx);
        if (!tx) return;
        // (the end's part is a 'between': the server's last turn and the commit, as inline)
        if (ask.op === 'end') tx.parts.push(['between', at - tx.last]);
        else
          tx.parts.push(
            ['between', Math.max(0, sent - tx.last)],
            [label(ask.sql ?? ''), at - Math.max(sent, tx.last)],
          );
        tx.last = at;
        if (ask.sql?.includes('pg_advisory_xact_lock')) tx.readEnd = true;
        if (ask.op !== 'end') return;
        open.delete(ask.tx!);
        if (!tx.readEnd) return;
        out.holds.push(at - tx.begun);
        for (const [k, ms] of tx.parts) (out.parts[k] ??= []).push(ms);
      },
      () => {},
    );
    return p;
  };
  return out;
}
