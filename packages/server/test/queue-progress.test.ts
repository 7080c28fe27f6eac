// Page progress while a dropped file is read (issue 13): the reader pool tells the caller the
// file's page count and each page a reader starts, and the queue writes it to the file's row
// (throttled), which the jobs API answers as pages_done of pages_total.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { closePool, extractStatement } from '@bahi/statements';
import { openDatabase, type Database } from '../src/db/index.ts';
import { officeJobs, users } from '../src/db/schema.ts';
import { markFailed, progressWriter, startReading, storeDrop } from '../src/queue/store.ts';
import { UploadFiles } from '../src/queue/upload-files.ts';
import { tempUploadsDir } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

type Progress = { pagesRead: number; pages: number };

describe('page progress', () => {
  after(() => closePool());

  test('the reader reports the page count, then every page it starts, in order', needsCorpus, async () => {
    // KOTAK_multi.pdf has 8 pages: long enough for the pool to share it between two readers.
    const seen: Progress[] = [];
    const extraction = await extractStatement(corpusFile('KOTAK/KOTAK_multi.pdf'), {
      fileName: 'KOTAK_multi.pdf',
      onProgress: (p) => seen.push(p),
    });
    assert.equal(extraction.pages, 8);
    assert.deepEqual(seen[0], { pagesRead: 0, pages: 8 });
    assert.ok(
      seen.every((p) => p.pages === 8),
      JSON.stringify(seen),
    );
    for (let i = 1; i < seen.length; i++)
      assert.ok(seen[i].pagesRead >= seen[i - 1].pagesRead, JSON.stringify(seen));
    // Every page is started once: the last report is the eighth page (seven read before it).
    assert.deepEqual(seen.at(-1), { pagesRead: 7, pages: 8 });
    assert.deepEqual([...new Set(seen.map((p) => p.pagesRead))], [0, 1, 2, 3, 4, 5, 6, 7]);

    // A workbook has no PDF pages to start: only its count (one sheet).
    const sheets: Progress[] = [];
    await extractStatement(corpusFile('HDFC/HDFC_export.xlsx'), {
      fileName: 'HDFC_export.xlsx',
      onProgress: (p) => sheets.push(p),
    });
    assert.deepEqual(sheets, [{ pagesRead: 0, pages: 1 }]);
  });

  describe('on the file row', () => {
    let database: Database;
    let userId: string;
    before(async () => {
      database = await openDatabase({ pgliteDir: 'memory://' });
      const [u] = await database.db
        .insert(users)
        .values({
          name: 'Progress Office',
          email: `progress.${randomUUID().slice(0, 8)}@example.com`,
          phone: '7000000001',
          emailVerified: true,
          pagesLeft: 10,
          tokensValidAfter: new Date(0),
        })
        .returning();
      userId = u.id;
    });
    after(() => database?.close());

    const uploads = new UploadFiles(tempUploadsDir());
    const rowOf = async (id: string) =>
      (await database.db.select().from(officeJobs).where(eq(officeJobs.id, id)))[0];

    test('written at most once a second, only while the file is read; a retry starts again', async () => {
      const db = database.db;
      const [job] = await storeDrop(db, uploads, userId, null, randomUUID(), [
        { fileName: 'long.pdf', bytes: new Uint8Array([1, 2, 3]) },
      ]);
      assert.ok(await startReading(db, job.id));
      let clock = 1_000_000;
      const write = progressWriter(db, job.id, { everyMs: 1000, now: () => clock });

      await write({ pagesRead: 0, pages: 40 });
      assert.deepEqual([(await rowOf(job.id)).pagesDone, (await rowOf(job.id)).pagesTotal], [0, 40]);
      // Within the second: not written.
      clock += 400;
      assert.equal(write({ pagesRead: 3, pages: 40 }), undefined);
      assert.equal((await rowOf(job.id)).pagesDone, 0);
      clock += 700;
      await write({ pagesRead: 9, pages: 40 });
      assert.equal((await rowOf(job.id)).pagesDone, 9);

      // A retry of the file (a worker died) starts its pages again.
      assert.ok(await startReading(db, job.id));
      const retried = await rowOf(job.id);
      assert.deepEqual([retried.pagesDone, retried.pagesTotal, retried.attempts], [0, null, 2]);

      // Once the file has ended, a late report changes nothing.
      await markFailed(db, uploads, job.id, 'TEST', 'stopped by the test');
      clock += 5_000;
      await write({ pagesRead: 30, pages: 40 });
      const ended = await rowOf(job.id);
      assert.deepEqual([ended.state, ended.pagesDone, ended.pagesTotal], ['failed', 0, null]);
    });
  });
});
