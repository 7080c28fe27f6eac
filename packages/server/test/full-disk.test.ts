// A full disk (issue 37): the embedded database's directory on a small tmpfs filled to the last
// byte. A drop then answers 507 "the server's disk is full" (it was 500 "Something went wrong"),
// keeps nothing half-stored, writes none of the file's bytes to the log (the failed query's
// parameters were logged), loses nothing accepted before, still answers what it already has, and
// takes the same drop once there is room again.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/index.ts';
import { officeJobs, officeUploads } from '../src/db/schema.ts';
import { startQueue, uploadsDirOf, type StatementQueue } from '../src/queue/index.ts';
import { call, startApp } from './helpers/harness.ts';
import { dropFiles, makeMember, silentLog, waitFor } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';
import { smallDisk, type SmallDisk } from './helpers/small-disk.ts';

const disk = needsCorpus.skip ? needsCorpus.skip : await smallDisk(128);

describe('a full disk under the embedded database', { skip: typeof disk === 'string' ? disk : false }, () => {
  const d = disk as SmallDisk;
  let database: Database;
  let queue: StatementQueue;
  let h: Awaited<ReturnType<typeof startApp>>;

  before(async () => {
    database = await openDatabase({ pgliteDir: path.join(d.dir, 'pglite') });
    // the dropped files are kept on the same small disk
    queue = await startQueue(database, silentLog, {
      env: { BAHI_QUEUE_POLL_SECONDS: '0.5' },
      uploadsDir: uploadsDirOf(d.dir),
    });
    h = await startApp({ database, deps: { queue } });
  });
  after(async () => {
    await h?.close(false);
    await queue?.stop(2_000);
    await database?.close();
    await d.unmount();
  });

  test('a drop answers 507 and keeps nothing, logs no byte of it, and goes through once there is room', async () => {
    const u = await makeMember(h, 50);
    const first = await dropFiles(h, u.token, null, [
      { name: 'HDFC_short.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
    ]);
    assert.equal(first.status, 202);
    const firstId: string = first.body.jobs[0].id;
    await waitFor(async () => {
      const r = await call(h.app, 'GET', `/api/office/jobs/${firstId}`, { token: u.token });
      return r.body.state === 'read' ? true : undefined;
    }, 120_000);

    await d.fill();
    // A file whose bytes are easy to find in a log, in any of the forms a log could hold them.
    const marker = Buffer.concat([Buffer.from('%PDF-1.4\nBAHI-MARKER-'), randomBytes(3_000_000)]);
    const refused = await dropFiles(h, u.token, null, [{ name: 'big.pdf', bytes: marker }]);
    assert.equal(refused.status, 507, JSON.stringify(refused.body));
    assert.equal(refused.body.code, 'DISK_FULL');
    assert.match(refused.body.detail, /the server's disk is full/i);

    const rows = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, u.id));
    assert.deepEqual(
      rows.map((r) => r.id),
      [firstId],
      'nothing of the refused drop was kept, the accepted file is still there',
    );
    const log = h.logs.join('');
    assert.match(log, /disk is full/, 'the log says what happened');
    const slice = marker.subarray(40, 72);
    for (const form of [
      slice.toString('hex'),
      slice.toString('base64'),
      'BAHI-MARKER',
      [...slice.subarray(0, 8)].join(','),
    ])
      assert.ok(!log.includes(form), `the log holds none of the file's bytes (${form.slice(0, 16)}…)`);

    // What is already there is still answered.
    const jobs = await call(h.app, 'GET', '/api/office/jobs?inbox=1', { token: u.token });
    assert.equal(jobs.status, 200);
    assert.equal(jobs.body.jobs[0].state, 'read');

    await d.free();
    const again = await dropFiles(h, u.token, null, [
      { name: 'ICICI_short.pdf', bytes: corpusFile('ICICI/ICICI_short.pdf') },
    ]);
    assert.equal(again.status, 202, JSON.stringify(again.body));
    const id: string = again.body.jobs[0].id;
    await waitFor(async () => {
      const r = await call(h.app, 'GET', `/api/office/jobs/${id}`, { token: u.token });
      return r.body.state === 'read' ? true : undefined;
    }, 120_000);
    const left = await database.db.select().from(officeUploads);
    assert.equal(left.length, 0);
  });
});
