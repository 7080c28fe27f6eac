// The office drop on the embedded database (issue 13): pg-boss on the app's own PGlite instance,
// workers in this process. Real statements of the shared corpus go through the real reader.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/index.ts';
import { officeJobs, officeUploads, pageLedger } from '../src/db/schema.ts';
import { GAVE_UP_REASON, StatementQueue, UploadFiles, queueSettings } from '../src/queue/index.ts';
import { call, startApp, upload } from './helpers/harness.ts';
import { zipOf } from './helpers/zip.ts';
import { extractStatementInProcess } from '@bahi/statements';
import { accountStatements } from '../src/office/tables.ts';
import { statementResults } from '../src/statements/tables.ts';
import {
  dropFiles,
  makeClient,
  makeMember,
  pagesOf,
  silentLog,
  startQueuedApp,
  stopQueuedApp,
  tempUploadsDir,
  waitFor,
  type QueuedApp,
} from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

describe('office drop on PGlite', () => {
  let app: QueuedApp;
  let h: QueuedApp['h'];
  before(async () => void ({ h } = app = await startQueuedApp()));
  after(() => stopQueuedApp(app));

  test(
    'a drop of several files (one in a .zip, one protected): each read once, the password asked once, pages charged once per file',
    needsCorpus,
    async () => {
      const u = await makeMember(h, 100);
      // The client keeps the HDFC account; the ICICI statement names an account it does not have yet.
      const hdfcNumber = (await extractStatementInProcess(corpusFile('HDFC/HDFC_short.pdf'))).result
        .accounts[0].number;
      assert.ok(hdfcNumber);
      const client = await makeClient(h, u.id, [hdfcNumber]);
      const clientId = client.id;
      const protectedPdf = corpusFile('HDFC/HDFC_protected.pdf');
      const zip = zipOf([
        { name: 'icici/ICICI_short.pdf', bytes: corpusFile('ICICI/ICICI_short.pdf') },
        { name: '__MACOSX/._ICICI_short.pdf', bytes: Buffer.from('mac junk') },
      ]);
      const drop = await dropFiles(h, u.token, clientId, [
        { name: 'HDFC_short.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
        { name: 'statements.zip', bytes: zip },
        { name: 'HDFC_protected.pdf', bytes: protectedPdf },
        { name: 'notes.txt', bytes: Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]) },
      ]);
      assert.equal(drop.status, 202, JSON.stringify(drop.body));
      const names = drop.body.jobs.map((j: { file_name: string }) => j.file_name).sort();
      assert.deepEqual(names, [
        'HDFC_protected.pdf',
        'HDFC_short.pdf',
        'notes.txt',
        'statements.zip/ICICI_short.pdf',
      ]);
      assert.ok(drop.body.jobs.every((j: { state: string }) => j.state === 'queued'));

      // Live progress is the rows: poll as the screen does until nothing is queued or reading.
      const list = await waitFor(async () => {
        const r = await call(h.app, 'GET', `/api/office/jobs?client_id=${clientId}`, { token: u.token });
        const c = r.body.counts;
        return c.queued === 0 && c.reading === 0 ? r.body : undefined;
      }, 60_000);
      const byName = Object.fromEntries(list.jobs.map((j: { file_name: string }) => [j.file_name, j]));
      assert.equal(byName['HDFC_short.pdf'].state, 'read', JSON.stringify(list.jobs));
      assert.equal(byName['HDFC_short.pdf'].reconciled, true);
      assert.ok(byName['HDFC_short.pdf'].rows > 0);
      assert.match(byName['HDFC_short.pdf'].period_from, /^\d\d-\d\d-\d{4}$/);
      assert.equal(byName['statements.zip/ICICI_short.pdf'].state, 'read');
      // Each read statement is kept by the statement store and filed by its account number.
      assert.equal(byName['HDFC_short.pdf'].account_id, client.accountIds[0]);
      assert.equal(byName['statements.zip/ICICI_short.pdf'].account_id, null, 'a new account: kept unfiled');
      const kept = await h.database.db
        .select()
        .from(statementResults)
        .where(eq(statementResults.id, byName['HDFC_short.pdf'].statement_id));
      assert.equal(kept[0].rowCount, byName['HDFC_short.pdf'].rows);
      const filed = await h.database.db
        .select()
        .from(accountStatements)
        .where(eq(accountStatements.accountId, client.accountIds[0]));
      assert.equal(filed.length, 1);
      assert.equal(byName['HDFC_protected.pdf'].state, 'needs_password');
      assert.equal(byName['notes.txt'].state, 'failed');
      assert.equal(byName['notes.txt'].reason_code, 'UNSUPPORTED');
      assert.equal(list.counts.needs_password, 1);

      // A wrong password leaves it waiting; the right one, typed once, reads it.
      const wrong = await call(h.app, 'POST', '/api/office/jobs/password', {
        token: u.token,
        json: { client_id: clientId, password: 'not-it' },
      });
      assert.equal(wrong.status, 200, JSON.stringify(wrong.body));
      assert.equal(wrong.body.tried, 1);
      assert.equal(wrong.body.opened, 0);
      assert.equal(wrong.body.jobs[0].state, 'needs_password');
      assert.equal(wrong.body.jobs[0].reason_code, 'WRONG_PASSWORD');
      const right = await call(h.app, 'POST', '/api/office/jobs/password', {
        token: u.token,
        json: { client_id: clientId, password: '122659308' },
      });
      assert.equal(right.body.opened, 1);
      assert.equal(right.body.jobs[0].state, 'read');

      // Pages: one spend per file read, each the file's page count; failures cost nothing.
      const jobs = await h.database.db.select().from(officeJobs).where(eq(officeJobs.userId, u.id));
      const read = jobs.filter((j) => j.state === 'read');
      assert.equal(read.length, 3);
      const spent = read.reduce((n, j) => n + j.pagesCharged, 0);
      assert.ok(spent >= 3);
      assert.equal(await pagesOf(h, u.id), 100 - spent);
      const spends = await h.database.db
        .select()
        .from(pageLedger)
        .where(and(eq(pageLedger.userId, u.id), eq(pageLedger.kind, 'spend')));
      assert.equal(spends.length, 3);
      assert.ok(jobs.every((j) => j.attempts === (j.fileName === 'HDFC_protected.pdf' ? 3 : 1)));

      // The bytes are gone with every job that ended; only the waiting ones would keep theirs.
      const bytesLeft = await h.database.db.select({ id: officeUploads.jobId }).from(officeUploads);
      assert.equal(bytesLeft.filter((k) => jobs.some((j) => j.id === k.id)).length, 0);

      // The same file dropped again is read again but not charged again (the 24-hour rule).
      const again = await dropFiles(h, u.token, clientId, [
        { name: 'HDFC_short.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
      ]);
      const againId = again.body.jobs[0].id;
      const done = await waitFor(async () => {
        const r = await call(h.app, 'GET', `/api/office/jobs/${againId}`, { token: u.token });
        return r.body.state === 'read' ? r.body : undefined;
      }, 30_000);
      assert.equal(done.pages_charged, 0);
      assert.equal(await pagesOf(h, u.id), 100 - spent);
    },
  );

  test(
    'another user sees none of the jobs; the password call touches none of them',
    needsCorpus,
    async () => {
      const owner = await makeMember(h, 10);
      const other = await makeMember(h, 10);
      const clientId = (await makeClient(h, owner.id)).id;
      const drop = await dropFiles(h, owner.token, clientId, [
        { name: 'HDFC_protected.pdf', bytes: corpusFile('HDFC/HDFC_protected.pdf') },
      ]);
      const id = drop.body.jobs[0].id;
      await waitFor(async () => {
        const [row] = await h.database.db.select().from(officeJobs).where(eq(officeJobs.id, id));
        return row.state === 'needs_password' || undefined;
      }, 30_000);
      assert.equal((await call(h.app, 'GET', `/api/office/jobs/${id}`, { token: other.token })).status, 404);
      // Another office's client is no client of theirs (issue 35: 404, as on every client route).
      const theirs = await call(h.app, 'GET', `/api/office/jobs?client_id=${clientId}`, {
        token: other.token,
      });
      assert.equal(theirs.status, 404);
      assert.deepEqual((await call(h.app, 'GET', '/api/office/jobs', { token: other.token })).body.jobs, []);
      const tried = await call(h.app, 'POST', '/api/office/jobs/password', {
        token: other.token,
        json: { client_id: clientId, password: '122659308' },
      });
      assert.equal(tried.status, 404);
      const inbox = await call(h.app, 'POST', '/api/office/jobs/password', {
        token: other.token,
        json: { client_id: null, password: '122659308' },
      });
      assert.equal(inbox.body.tried, 0);
      assert.equal((await call(h.app, 'GET', '/api/office/jobs', {})).status, 401);
      // Nor can they drop files on the owner's client.
      const foreign = await dropFiles(h, other.token, clientId, [
        { name: 'HDFC_short.pdf', bytes: corpusFile('HDFC/HDFC_short.pdf') },
      ]);
      assert.equal(foreign.status, 404);
    },
  );

  test(
    'the single-statement call keeps its synchronous answer while the queue reads a drop',
    needsCorpus,
    async () => {
      const u = await makeMember(h, 100);
      const pdf = corpusFile('ICICI/ICICI_multi.pdf');
      const drop = await dropFiles(h, u.token, null, [
        { name: 'a.pdf', bytes: corpusFile('HDFC/HDFC_multi.pdf') },
        { name: 'b.pdf', bytes: corpusFile('AXIS/AXIS_short.pdf') },
      ]);
      assert.equal(drop.status, 202);
      const answer = await upload(h.app, '/api/ICICI/extract-statement', {
        token: u.token,
        bytes: pdf,
        name: 'c.pdf',
      });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.ok(answer.body.transactions.length > 0, 'the rows come in the answer itself');
      await waitFor(async () => {
        const r = await call(h.app, 'GET', `/api/office/jobs?inbox=1&drop_id=${drop.body.drop_id}`, {
          token: u.token,
        });
        return r.body.counts.read === 2 ? true : undefined;
      }, 60_000);
    },
  );

  test('more than 100 files in one drop is refused, nothing stored', async () => {
    const u = await makeMember(h, 10);
    const files = Array.from({ length: 101 }, (_, i) => ({
      name: `f${i}.pdf`,
      bytes: Buffer.from(`%PDF-1.4 ${i}`),
    }));
    const r = await dropFiles(h, u.token, null, files);
    assert.equal(r.status, 413);
    const rows = await h.database.db.select().from(officeJobs).where(eq(officeJobs.userId, u.id));
    assert.equal(rows.length, 0);
  });
});

describe('queue faults on PGlite', () => {
  test(
    'a job that crashes its worker three times is failed with a reason; a hung job is ended by its time limit',
    needsCorpus,
    async () => {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      const h = await startApp({ database });
      const settings = queueSettings(
        {},
        {
          pollingIntervalSeconds: 0.5,
          retryDelaySeconds: 0,
          superviseIntervalSeconds: 1,
          expireInSeconds: 2,
        },
      );
      const queue = await StatementQueue.open(
        database,
        settings,
        silentLog,
        new UploadFiles(tempUploadsDir()),
      );
      try {
        const u = await makeMember(h, 10);
        const crashy = crypto.randomUUID();
        const hung = crypto.randomUUID();
        const seen: Record<string, number> = {};
        await queue.work({
          beforeRead: async (jobId, signal) => {
            seen[jobId] = (seen[jobId] ?? 0) + 1;
            const [row] = await database.db.select().from(officeJobs).where(eq(officeJobs.id, jobId));
            if (row.clientId === crashy) throw new Error('the reader died');
            // Hangs until the queue's time limit aborts it, as the reader pool ends a thread.
            if (row.clientId === hung)
              await new Promise((_, reject) =>
                signal?.addEventListener('abort', () => reject(new Error('aborted'))),
              );
          },
        });
        const { storeDrop } = await import('../src/queue/store.ts');
        const pdf = corpusFile('HDFC/HDFC_short.pdf');
        const [a] = await storeDrop(database.db, queue.uploads, u.id, crashy, crypto.randomUUID(), [
          { fileName: 'crash.pdf', bytes: pdf },
        ]);
        const [b] = await storeDrop(database.db, queue.uploads, u.id, hung, crypto.randomUUID(), [
          { fileName: 'hang.pdf', bytes: pdf },
        ]);
        await queue.send([a.id, b.id]);
        for (const id of [a.id, b.id]) {
          const row = await waitFor(async () => {
            const [r] = await database.db.select().from(officeJobs).where(eq(officeJobs.id, id));
            return r.state === 'failed' ? r : undefined;
          }, 60_000).catch(async (e) => {
            const [r] = await database.db.select().from(officeJobs).where(eq(officeJobs.id, id));
            const jobs = await database.pglite!.query(
              'select name, state, retry_count, output from pgboss.job',
            );
            console.log(JSON.stringify({ r: { ...r, result: null }, seen, jobs: jobs.rows }, null, 1));
            throw e;
          });
          assert.equal(row.reasonCode, 'READER_STOPPED');
          assert.equal(row.reason, GAVE_UP_REASON);
          assert.equal(seen[id], 3, 'the first attempt and two retries');
          assert.equal(row.attempts, 3);
        }
        const left = await database.db.select().from(officeUploads);
        assert.equal(left.length, 0, 'the bytes go with the failed jobs');
        assert.equal(await pagesOf(h, u.id), 10);
      } finally {
        await queue.stop(2_000);
        await h.close(false);
        await database.close();
      }
    },
  );
});
