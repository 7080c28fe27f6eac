// Statements per minute through the office queue (issue 13) with one and with two `bahi worker`
// processes on one PostgreSQL 15: the same drop of real corpus statements each time, the clock
// running from the moment the jobs are queued (workers already up and polling) to the last file
// read. Run: npm run bench:queue -w @bahi/server  (needs /usr/lib/postgresql/15/bin).
//   BENCH_FILES=40 (statements per run)  BENCH_WORKERS=1,2  BAHI_QUEUE_CONCURRENCY (per worker, default 2)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../src/db/index.ts';
import { officeJobs, users } from '../src/db/schema.ts';
import { startQueue, uploadsDirOf } from '../src/queue/index.ts';
import { storeDrop } from '../src/queue/store.ts';
import { startPostgres } from '../test/helpers/postgres.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const CLI = path.resolve(import.meta.dirname, '../../cli/bin/bahi.js');
const FILES = Number(process.env.BENCH_FILES ?? 40);
const WORKERS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const QUEUE_ENV = { BAHI_QUEUE_POLL_SECONDS: '0.5', BAHI_QUEUE_SUPERVISE_SECONDS: '5' };

/** Every unprotected statement of the corpus (PDFs and workbooks), cycled to FILES. */
function statements(): { fileName: string; bytes: Buffer }[] {
  const all: { fileName: string; bytes: Buffer }[] = [];
  for (const bank of readdirSync(CORPUS).sort()) {
    let names: string[];
    try {
      names = readdirSync(path.join(CORPUS, bank));
    } catch {
      continue;
    }
    for (const n of names.sort())
      if (/\.(pdf|xlsx)$/.test(n) && !/protected|scanned|bad/.test(n) && !['bad', 'billing'].includes(bank))
        all.push({ fileName: n, bytes: readFileSync(path.join(CORPUS, bank, n)) });
  }
  return Array.from({ length: FILES }, (_, i) => all[i % all.length]);
}

function worker(databaseUrl: string, dataDir: string): { child: ChildProcess; started: Promise<void> } {
  const child = spawn(process.execPath, [CLI, 'worker'], {
    env: { ...process.env, ...QUEUE_ENV, DATABASE_URL: databaseUrl, BAHI_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const started = new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d) => String(d).includes('worker started') && resolve());
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return { child, started };
}

const cluster = await startPostgres();
if (typeof cluster === 'string') {
  console.log(`skipped: ${cluster}`);
  process.exit(0);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-qbench-'));
const database = await openDatabase({ databaseUrl: cluster.databaseUrl, pgliteDir: '' });
const log = { info() {}, warn() {}, error() {} };
const queue = await startQueue(database, log, {
  workers: false,
  env: QUEUE_ENV,
  uploadsDir: uploadsDirOf(dataDir),
});
const files = statements().map((f) => ({ ...f, sha256: createHash('sha256').update(f.bytes).digest('hex') }));
console.log(
  `${files.length} statements per run, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}`,
);

try {
  for (const count of WORKERS) {
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'Bench',
        email: `bench.${Date.now()}@example.com`,
        emailVerified: true,
        pagesLeft: 1_000_000,
      })
      .returning();
    const procs = Array.from({ length: count }, () => worker(cluster.databaseUrl, dataDir));
    await Promise.all(procs.map((p) => p.started));
    const rows = await storeDrop(database.db, queue.uploads, user.id, null, crypto.randomUUID(), files);
    const ids = rows.map((r) => r.id);
    const t0 = performance.now();
    await queue.send(ids);
    for (;;) {
      const left = await database.db
        .select({ state: officeJobs.state })
        .from(officeJobs)
        .where(inArray(officeJobs.id, ids));
      if (left.every((r) => r.state !== 'queued' && r.state !== 'reading')) break;
      await sleep(100);
    }
    const s = (performance.now() - t0) / 1000;
    const done = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, user.id));
    const read = done.filter((r) => r.state === 'read').length;
    console.log(
      `${count} worker process${count === 1 ? '' : 'es'}: ${read}/${files.length} read in ${s.toFixed(1)} s = ${((files.length / s) * 60).toFixed(0)} statements/min (load ${os.loadavg()[0].toFixed(1)})`,
    );
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((r) => p.child.once('exit', r))));
  }
} finally {
  await queue.stop(2_000);
  await database.close();
  await cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
