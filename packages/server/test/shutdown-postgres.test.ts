// Graceful shutdown (issue 37): SIGTERM to `bahi serve` while its queue reads dropped statements.
// The server stops taking work at once, lets the reads in hand finish within its grace period (or
// hands them back to the queue unstarted), and only then closes its readers and the database: no
// file is left half-read, none is lost, and the next `bahi serve` reads the rest, each file once.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/index.ts';
import { officeJobs, officeUploads, pageLedger } from '../src/db/schema.ts';
import { startQueue } from '../src/queue/index.ts';
import { call, startApp, testConfig } from './helpers/harness.ts';
import { postgresOrSkip } from './helpers/postgres.ts';
import { alive, freePort, httpDrop, QUEUE_ENV, spawnBahi, type Proc } from './helpers/processes.ts';
import { dropFiles, makeMember, silentLog, tempUploadsDir, waitFor } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

const FILES = [
  'HDFC/HDFC_multi.pdf',
  'ICICI/ICICI_multi.pdf',
  'HDFC/HDFC_short.pdf',
  'ICICI/ICICI_short.pdf',
  'AXIS/AXIS_short.pdf',
  'SBI/SBI_short.pdf',
  'KOTAK/KOTAK_short.pdf',
  'PNB/PNB_short.pdf',
];

const SUITE = 'SIGTERM during reads on PostgreSQL';
if (needsCorpus.skip) test(SUITE, needsCorpus, () => {});
const cluster = needsCorpus.skip ? null : await postgresOrSkip(SUITE);
if (cluster) {
  describe('SIGTERM to `bahi serve` while it reads dropped files', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-sigterm-'));
    const procs: Proc[] = [];
    after(async () => {
      for (const p of procs) if (alive(p)) p.child.kill('SIGKILL');
      await cluster.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('the reads in hand finish, nothing new starts, nothing is lost; the next server reads the rest once', async () => {
      const url = cluster.databaseUrl;
      const db = await openDatabase({ databaseUrl: url, pgliteDir: '' });
      try {
        const member = await makeMember({ app: undefined as never, config: testConfig(), database: db }, 500);
        const port = await freePort();
        const env = { DATABASE_URL: url, BAHI_DATA_DIR: dataDir, PORT: String(port) };
        const serve = () => {
          const p = spawnBahi(['serve'], env);
          procs.push(p);
          return p;
        };
        const rows = () => db.db.select().from(officeJobs).where(eq(officeJobs.userId, member.id));

        const first = serve();
        const base = `http://127.0.0.1:${port}`;
        await waitFor(
          async () => (first.lines.some((l) => l.includes('Bahi is running')) ? true : undefined),
          120_000,
        );
        const drop = await httpDrop(
          base,
          member.token,
          FILES.map((f) => ({ name: path.basename(f), bytes: corpusFile(f) })),
        );
        assert.equal(drop.status, 202, JSON.stringify(drop.body));

        // SIGTERM as soon as a file is being read.
        await waitFor(
          async () => ((await rows()).some((r) => r.state === 'reading') ? true : undefined),
          120_000,
          20,
        );
        const termAt = Date.now();
        first.child.kill('SIGTERM');
        // A request after SIGTERM is not taken (the listener is closed or answers 503).
        const code = await first.exited;
        const tookMs = Date.now() - termAt;
        assert.equal(code, 0, `exit code; last lines:\n${first.lines.slice(-20).join('\n')}`);
        assert.ok(tookMs < 35_000, `stopped within its grace period (${tookMs} ms)`);

        const afterStop = await rows();
        const cut = afterStop.filter((r) => r.state === 'reading');
        assert.deepEqual(
          cut.map((r) => r.fileName),
          [],
          `no file is left half-read: each read in hand finished, or went back to the queue unstarted; log:\n${first.lines.slice(-12).join('\n')}`,
        );
        assert.ok(
          afterStop.some((r) => r.state === 'read'),
          'the read in hand at SIGTERM finished',
        );
        const waiting = afterStop.filter((r) => r.state === 'queued');
        assert.ok(waiting.length > 0, 'nothing new was started after SIGTERM');
        const uploads = await db.db.select().from(officeUploads);
        assert.equal(uploads.length, waiting.length, 'the bytes of every waiting file are kept');

        // The next server reads the rest, each file once.
        const second = serve();
        const done = await waitFor(async () => {
          const r = await rows();
          return r.every((j) => j.state === 'read') ? r : undefined;
        }, 240_000);
        assert.equal(done.length, FILES.length);
        const spends = await db.db
          .select()
          .from(pageLedger)
          .where(and(eq(pageLedger.userId, member.id), eq(pageLedger.kind, 'spend')));
        assert.equal(spends.length, done.filter((j) => j.pagesCharged > 0).length, 'one spend per file');
        second.child.kill('SIGTERM');
        assert.equal(await second.exited, 0);
      } finally {
        await db.close();
      }
    });

    test('a read still running when the grace period ends goes back to the queue, and is read later', async () => {
      const database = await openDatabase({ databaseUrl: cluster.databaseUrl, pgliteDir: '' });
      const h = await startApp({ database });
      try {
        const member = await makeMember(h, 50);
        // A read that holds its file until its signal is aborted (as a long OCR read would).
        let aborted = false;
        // both queues of this process keep the dropped files in one directory, as one data directory
        const uploadsDir = tempUploadsDir();
        const stopping = await startQueue(database, silentLog, {
          workers: false,
          env: QUEUE_ENV,
          uploadsDir,
        });
        await stopping.work({
          beforeRead: (_id, signal) =>
            new Promise((_resolve, reject) => {
              signal?.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('read cancelled'));
              });
            }),
        });
        const h2 = await startApp({ database, deps: { queue: stopping } });
        const drop = await dropFiles(h2, member.token, null, [
          { name: 'HDFC_short.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
        ]);
        assert.equal(drop.status, 202);
        const id: string = drop.body.jobs[0].id;
        const state = async () =>
          (await call(h.app, 'GET', `/api/office/jobs/${id}`, { token: member.token })).body;
        await waitFor(async () => ((await state()).state === 'reading' ? true : undefined), 60_000);
        await h2.close(false);
        await stopping.stop(1_000);
        assert.ok(aborted, 'the read in hand was told to stop');
        const back = await state();
        assert.equal(back.state, 'queued', 'handed back: the screen says it waits');
        const kept = await database.db.select().from(officeUploads).where(eq(officeUploads.jobId, id));
        assert.equal(kept.length, 1, 'its bytes are kept');

        const next = await startQueue(database, silentLog, { env: QUEUE_ENV, uploadsDir });
        try {
          const done = await waitFor(async () => {
            const s = await state();
            return s.state === 'read' ? s : undefined;
          }, 120_000);
          assert.equal(done.reconciled, true);
        } finally {
          await next.stop(5_000);
        }
      } finally {
        await h.close(false);
        await database.close();
      }
    });
  });
}
