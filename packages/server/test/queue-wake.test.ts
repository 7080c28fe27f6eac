// A drop through the server starts at once on an idle queue, not at its readers' next poll
// (decision 052 round nineteen): send() wakes an idle reader of this process, so the poll only
// bounds jobs sent by other processes and retries. Here the poll is 30 s: a file that waits for
// it fails the test.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
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
