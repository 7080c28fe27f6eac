// A drop through the server starts at once on an idle queue, not at its readers' next poll
// (decision 052 rounds nineteen and twenty): send() wakes an idle reader of this process, so the
// poll only bounds jobs sent by other processes and retries. Here the poll is 30 s: a file that
// waits for it fails the test. A drop's files are queued in the transaction that records them.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/index.ts';
import { officeJobs } from '../src/db/schema.ts';
import { startQueue, type StatementQueue } from '../src/queue/index.ts';
import { startApp } from './helpers/harness.ts';
import { dropFiles, makeMember, silentLog, tempUploadsDir, waitFor } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

let database: Database;
let queue: StatementQueue;
let h: Awaited<ReturnType<typeof startApp>>;
before(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  queue = await startQueue(database, silentLog, {
    settings: { pollingIntervalSeconds: 30, retryDelaySeconds: 0, superviseIntervalSeconds: 1 },
    uploadsDir: tempUploadsDir(),
  });
  h = await startApp({ database, deps: { queue } });
});
after(async () => {
  await h.close(false);
  await queue.stop(5_000);
  await database.close();
  rmSync(queue.uploads.dir, { recursive: true, force: true });
});

test(
  'a file dropped on an idle queue is taken at once, not at the readers’ next poll',
  needsCorpus,
  async () => {
    // The readers' first fetches found nothing: they sleep their 30 s poll now.
    await sleep(1_000);
    const u = await makeMember(h, 100);
    const started = Date.now();
    const drop = await dropFiles(h, u.token, null, [
      { name: 'a.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
    ]);
    assert.equal(drop.status, 202, JSON.stringify(drop.body));
    const jobId = (drop.body as { jobs: { id: string }[] }).jobs[0]!.id;
    await waitFor(
      async () => {
        const [row] = await database.db
          .select({ state: officeJobs.state })
          .from(officeJobs)
          .where(eq(officeJobs.id, jobId));
        return row && row.state !== 'queued' ? true : undefined;
      },
      10_000,
      20,
    );
    assert.ok(Date.now() - started < 10_000);
  },
);

test(
  'files sent while every reader is busy are taken as soon as one ends its job, not at its next poll',
  needsCorpus,
  async () => {
    const u = await makeMember(h, 100);
    const started = Date.now();
    // three files, two readers: the third is sent while both are busy, and nobody is woken for it
    const drop = await dropFiles(
      h,
      u.token,
      null,
      ['a', 'b', 'c'].map((n) => ({ name: `${n}.pdf`, bytes: corpusFile('HDFC/HDFC_short.pdf') })),
    );
    assert.equal(drop.status, 202, JSON.stringify(drop.body));
    const ids = (drop.body as { jobs: { id: string }[] }).jobs.map((j) => j.id);
    await waitFor(
      async () => {
        const rows = await database.db
          .select({ state: officeJobs.state })
          .from(officeJobs)
          .where(inArray(officeJobs.id, ids));
        return rows.every((r) => r.state !== 'queued' && r.state !== 'reading') ? true : undefined;
      },
      20_000,
      50,
    );
    assert.ok(Date.now() - started < 20_000);
  },
);

test('a drop’s files and their queue jobs are stored together: a job that cannot be queued stores no file', async () => {
  const u = await makeMember(h, 100);
  const insert = queue.boss.insert.bind(queue.boss);
  queue.boss.insert = (async () => {
    throw new Error('the queue refused the jobs');
  }) as typeof queue.boss.insert;
  let drop;
  try {
    drop = await dropFiles(h, u.token, null, [{ name: 'a.txt', bytes: Buffer.from('not a statement') }]);
  } finally {
    queue.boss.insert = insert;
  }
  // before round twenty the rows were committed first and the drop answered 202 with no job queued
  assert.notEqual(drop.status, 202, JSON.stringify(drop.body));
  const rows = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, u.id));
  assert.deepEqual(rows, []);
});
