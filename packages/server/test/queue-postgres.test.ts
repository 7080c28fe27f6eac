// The statement queue on a real PostgreSQL 15 with separate worker processes (issue 13): a worker
// killed with kill -9 mid-file loses nothing, and two `bahi worker` processes share the queue
// without reading any file twice. Skipped, visibly, when ../shared/corpus is absent (see
// helpers/shared.ts) or when no cluster can start and BAHI_TEST_POSTGRES is not 'required'.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/index.ts';
import { officeJobs, officeUploads, pageLedger } from '../src/db/schema.ts';
import { startQueue, uploadsDirOf, type StatementQueue } from '../src/queue/index.ts';
import { TEST_SECRET, call, startApp } from './helpers/harness.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import { dropFiles, makeMember, silentLog, waitFor } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

const CLI = path.resolve(import.meta.dirname, '../../cli/bin/bahi.js');
const HOLDING_WORKER = path.resolve(import.meta.dirname, 'helpers/queue-worker.ts');

/** The queue's timers for these tests (heartbeat at pg-boss's minimum), the same in every process. */
const QUEUE_ENV = {
  BAHI_QUEUE_HEARTBEAT_SECONDS: '10',
  BAHI_QUEUE_SUPERVISE_SECONDS: '2',
  BAHI_QUEUE_POLL_SECONDS: '0.5',
  BAHI_QUEUE_RETRY_DELAY_SECONDS: '0',
};

type Worker = { child: ChildProcess; out: string[]; err: string[]; exited: Promise<number | null> };

function spawnWorker(script: string, args: string[], databaseUrl: string, dataDir: string): Worker {
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      ...process.env,
      ...QUEUE_ENV,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_SECRET,
      BAHI_DATA_DIR: dataDir,
      BAHI_QUEUE_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const w: Worker = {
    child,
    out: [],
    err: [],
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  // whole lines only: a pipe's chunk may end inside a line (a log line read half would be lost)
  const lines = (into: string[]) => {
    let rest = '';
    return (d: Buffer) => {
      const parts = (rest + String(d)).split('\n');
      rest = parts.pop()!;
      into.push(...parts.filter(Boolean));
    };
  };
  child.stdout!.on('data', lines(w.out));
  child.stderr!.on('data', lines(w.err));
  return w;
}

/** The job ids a worker's log says it read. */
function readBy(w: Worker): string[] {
  return w.err
    .map((l) => {
      try {
        return JSON.parse(l) as { msg?: string; job?: string };
      } catch {
        return {};
      }
    })
    .filter((l) => l.msg === 'dropped file read' && l.job)
    .map((l) => l.job!);
}

const SUITE = 'statement queue on PostgreSQL';
// Both tests drop statements of the corpus: without it the suite is skipped before a cluster starts.
if (needsCorpus.skip) test(SUITE, needsCorpus, () => {});
const cluster = needsCorpus.skip ? null : await postgresOrSkip(SUITE);
if (cluster) {
  describe('statement queue on PostgreSQL 15 with worker processes', () => {
    let database: Database;
    let queue: StatementQueue;
    let h: Awaited<ReturnType<typeof startApp>>;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-queue-'));
    const workers: Worker[] = [];

    before(async () => {
      database = await openDatabase({ databaseUrl: cluster.databaseUrl, pgliteDir: '' });
      // The server's side only: it stores and queues; the worker processes read.
      queue = await startQueue(database, silentLog, {
        workers: false,
        env: { ...QUEUE_ENV },
        // the worker processes read what this server keeps: the same data directory
        uploadsDir: uploadsDirOf(dataDir),
      });
      h = await startApp({ database, deps: { queue } });
    });
    after(async () => {
      for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
      await h?.close(false);
      await queue?.stop(2_000);
      await database?.close();
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('a worker killed with kill -9 mid-file loses nothing: the file is read when a worker comes back', async () => {
      const u = await makeMember(h, 50);
      const holding = spawnWorker(HOLDING_WORKER, [], cluster.databaseUrl, dataDir);
      workers.push(holding);
      await waitFor(async () => (holding.out.includes('ready') ? true : undefined), 120_000);
      const drop = await dropFiles(h, u.token, null, [
        { name: 'HDFC_short.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
      ]);
      assert.equal(drop.status, 202);
      const id: string = drop.body.jobs[0].id;
      await waitFor(async () => (holding.out.includes(`holding ${id}`) ? true : undefined), 60_000);
      holding.child.kill('SIGKILL');
      await holding.exited;

      const [mid] = await database.db.select().from(officeJobs).where(eq(officeJobs.id, id));
      assert.equal(mid.state, 'reading');
      const kept = await database.db.select().from(officeUploads).where(eq(officeUploads.jobId, id));
      assert.equal(kept.length, 1, 'the accepted upload is still kept');

      const back = spawnWorker(CLI, ['worker'], cluster.databaseUrl, dataDir);
      workers.push(back);
      const done = await waitFor(async () => {
        const r = await call(h.app, 'GET', `/api/office/jobs/${id}`, { token: u.token });
        return r.body.state === 'read' ? r.body : undefined;
      }, 120_000);
      assert.equal(done.attempts, 2, 'the killed attempt and the one that read it');
      assert.equal(done.reconciled, true);
      // (the worker logs the read after its commit: the state can be seen before the line)
      await waitFor(async () => (readBy(back).length > 0 ? true : undefined), 30_000).catch(() => {});
      assert.deepEqual(readBy(back), [id]);
      const spends = await database.db
        .select()
        .from(pageLedger)
        .where(and(eq(pageLedger.userId, u.id), eq(pageLedger.kind, 'spend')));
      assert.equal(spends.length, 1);
      assert.equal(spends[0].pages, -done.pages_charged);
      const gone = await database.db.select().from(officeUploads).where(eq(officeUploads.jobId, id));
      assert.equal(gone.length, 0, 'the bytes are deleted once the file is read');
      back.child.kill('SIGTERM');
      assert.equal(await back.exited, 0, 'SIGTERM: the worker finishes and exits cleanly');
    });

    test('two `bahi worker` processes share the queue and never read a file twice', async () => {
      const u = await makeMember(h, 500);
      const pair = [0, 1].map(() => spawnWorker(CLI, ['worker'], cluster.databaseUrl, dataDir));
      workers.push(...pair);
      for (const w of pair)
        await waitFor(
          async () => (w.err.some((l) => l.includes('worker started')) ? true : undefined),
          120_000,
        ).catch((e) => {
          console.log(w.err.join('\n'), w.out.join('\n'), w.child.exitCode);
          throw e;
        });
      const names = [
        'HDFC/HDFC_short.pdf',
        'ICICI/ICICI_short.pdf',
        'HDFC/HDFC_multi.pdf',
        'ICICI/ICICI_multi.pdf',
        'AXIS/AXIS_short.pdf',
        'SBI/SBI_short.pdf',
        'PNB/PNB_short.pdf',
        'BOB/BOB_short.pdf',
        'KOTAK/KOTAK_short.pdf',
        'CANARA/CANARA_short.pdf',
      ];
      const drop = await dropFiles(
        h,
        u.token,
        null,
        names.map((n) => ({ name: path.basename(n), bytes: corpusFile(n) })),
      );
      assert.equal(drop.status, 202, JSON.stringify(drop.body));
      const ids: string[] = drop.body.jobs.map((j: { id: string }) => j.id);
      const rows = await waitFor(async () => {
        const r = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, u.id));
        return r.every((j) => j.state === 'read' || j.state === 'failed') ? r : undefined;
      }, 180_000);
      assert.ok(
        rows.every((r) => r.attempts === 1),
        'every file was started once',
      );
      // (each worker logs a read after its commit: wait for the lines of the reads the rows show)
      const readCount = rows.filter((r) => r.state === 'read').length;
      await waitFor(async () => (pair.flatMap(readBy).length >= readCount ? true : undefined), 30_000).catch(
        () => {},
      );
      const [a, b] = pair.map(readBy);
      assert.deepEqual(
        [...a, ...b].sort(),
        rows
          .filter((r) => r.state === 'read')
          .map((r) => r.id)
          .sort(),
      );
      assert.equal(new Set([...a, ...b]).size, a.length + b.length, 'no file read by both');
      assert.ok(a.length > 0 && b.length > 0, `both workers took files (${a.length} and ${b.length})`);
      assert.equal(ids.length, names.length);
      const spends = await database.db
        .select()
        .from(pageLedger)
        .where(and(eq(pageLedger.userId, u.id), eq(pageLedger.kind, 'spend')));
      assert.equal(spends.length, rows.filter((r) => r.pagesCharged > 0).length, 'one spend per file read');
      for (const w of pair) w.child.kill('SIGTERM');
      for (const w of pair) assert.equal(await w.exited, 0);
    });
  });
}
