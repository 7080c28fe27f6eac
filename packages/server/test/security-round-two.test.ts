// Issue 33, security round two: the probe's cases as tests on the real app, the real queue and the
// real reader processes (PGlite in memory). Each fails on the code before the round.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { overlappingZip } from '../../statements/scripts/bombs.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { officeJobs } from '../src/db/schema.ts';
import { startQueue, type StatementQueue } from '../src/queue/index.ts';
import { startApp } from './helpers/harness.ts';
import { dropFiles, makeMember, silentLog } from './helpers/queue.ts';

describe('security round two on PGlite', () => {
  let database: Database;
  let queue: StatementQueue;
  let h: Awaited<ReturnType<typeof startApp>>;

  before(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    queue = await startQueue(database, silentLog, {
      settings: { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, superviseIntervalSeconds: 1 },
    });
    h = await startApp({ database, deps: { queue } });
  });
  after(async () => {
    await h?.close(false);
    await queue?.stop(5_000);
    await database?.close();
  });

  test('the probe’s 31 KB zip of twelve overlapping 25 MB entries is refused quickly, nothing kept', async () => {
    const m = await makeMember(h, 10);
    const zip = overlappingZip(12, 25 * 1024 * 1024);
    assert.ok(zip.length < 40 * 1024);
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    const res = await dropFiles(h, m.token, null, [{ name: 'march.zip', bytes: zip }]);
    const ms = performance.now() - started;
    assert.equal(res.status, 400, res.raw);
    assert.match(res.body.detail, /overlap one another/);
    // a reader's start and a directory check; it was 49 s of a frozen API
    assert.ok(ms < 5_000, `${Math.round(ms)} ms`);
    // nothing was inflated in this process (it was 300 MB)
    assert.ok(process.memoryUsage.rss() - rssBefore < 100 * 1024 * 1024);
    const rows = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, m.id));
    assert.equal(rows.length, 0);
  });
});
