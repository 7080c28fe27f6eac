// Issue 33, security round two: the probe's cases as tests on the real app, the real queue and the
// real reader processes (PGlite in memory). Each fails on the code before the round.
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import v8, { GCProfiler } from 'node:v8';
import vm from 'node:vm';
import { inflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MAX_BOOK_ROWS } from '@bahi/contract';
import { extractStatementInProcess, zipEntries } from '@bahi/statements';
import { joinParts, keptVouchersAt } from '@bahi/tally';
import { overlappingZip } from '../../statements/scripts/bombs.ts';
import { weakPasswordReason } from '../src/auth/password-policy.ts';
import { errorFields, type Database } from '../src/db/index.ts';
import { officeJobs, officeUploads, users } from '../src/db/schema.ts';
import { ABANDONED_DROP_DAYS, ABANDONED_REASON, jobFailure, type StatementQueue } from '../src/queue/boss.ts';
import { configureWorkLimits } from '../src/statements/work-limits.ts';
import { EXPORT_QUOTA } from '../src/tally/export-quota.ts';
import { vacuumPglite } from '../src/db/vacuum.ts';
import { call, startApp, upload } from './helpers/harness.ts';
import {
  dropFiles,
  makeClient,
  makeMember,
  pagesOf,
  startQueuedApp,
  stopQueuedApp,
  waitFor,
  type QueuedApp,
} from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';
import { zipOf } from './helpers/zip.ts';

/** Dropped files waiting for their password, last changed at `times`, with their bytes. */
async function waitingFiles(db: Database['db'], userId: string, times: Date[]) {
  const rows = await db
    .insert(officeJobs)
    .values(
      times.map((at, i) => ({
        userId,
        clientId: null,
        dropId: randomUUID(),
        fileName: `locked${i}.pdf`,
        sha256: randomUUID().replaceAll('-', '').padEnd(64, '0'),
        size: 10,
        state: 'needs_password' as const,
        reasonCode: 'PASSWORD_REQUIRED',
        updatedAt: at,
      })),
    )
    .returning();
  for (const r of rows)
    await db.insert(officeUploads).values({ jobId: r.id, bytes: Buffer.from('%PDF-1.4 x') });
  return rows;
}

/** Drops one file and waits for its job to end (read or failed); the job as the API shows it. */
async function dropAndWait(
  h: QueuedApp['h'],
  token: string,
  clientId: string | null,
  file: { name: string; bytes: Buffer },
) {
  const drop = await dropFiles(h, token, clientId, [file]);
  assert.equal(drop.status, 202, drop.raw);
  const id = drop.body.jobs[0].id;
  return waitFor(async () => {
    const r = await call(h.app, 'GET', `/api/office/jobs/${id}`, { token });
    return ['read', 'failed'].includes(r.body.state) ? r.body : undefined;
  }, 60_000);
}

/** Runs `fn` with some of the work limits changed, and puts them back however it ends. */
async function withLimits(next: Parameters<typeof configureWorkLimits>[0], fn: () => Promise<void>) {
  const before = configureWorkLimits(next);
  try {
    await fn();
  } finally {
    configureWorkLimits(before);
  }
}

/** `n` unpushed rows straight into an account's book (as if filed), narrations of `chars` characters. */
async function fillBook(db: Database['db'], userId: string, accountId: string, n: number, chars = 40) {
  await db.execute(sql`
    insert into book_rows (user_id, account_id, position, date, description, withdrawal, deposit, balance, statement_id, ledger)
    select ${userId}, ${accountId}, g, to_char('2024-01-01'::date + (g / 40), 'YYYY-MM-DD'), repeat('N', ${chars}) || g,
           case when g % 2 = 0 then 10000 else 0 end, case when g % 2 = 1 then 10000 else 0 end, null,
           ${randomUUID()}, 'Suspense'
    from generate_series(0, ${n - 1}) g`);
}

// A full collection on demand (the tests run without --expose-gc).
v8.setFlagsFromString('--expose_gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * The live heap's growth over now, taken after a forced full collection each time a statement that
 * writes (insert, update) reaches the embedded database: deterministic where the collections V8 runs
 * by itself are not. A file is built to be stored, so it is live when its statement goes. Each
 * collection costs tens of ms, so this is for one measured request only.
 */
function liveHeapAtEachStatement(database: Database): { stop: () => { samples: number; peak: number } } {
  const pg = database.pglite as unknown as Record<string, (...args: any[]) => any>;
  gc();
  const base = process.memoryUsage().heapUsed;
  let samples = 0;
  let peak = 0;
  const sample = () => {
    gc();
    samples++;
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  };
  const writes = (text: string) => /^\s*(?:insert|update)\s/i.test(text);
  // inline PGlite: every statement passes execProtocolStream (a Parse message: 'P', length, name,
  // text); on its own thread, the handle's send
  const name = typeof pg.send === 'function' ? 'send' : 'execProtocolStream';
  const own = Object.prototype.hasOwnProperty.call(pg, name);
  const original = pg[name]!;
  pg[name] = function (this: unknown, message: any, ...rest: any[]) {
    let statement = false;
    if (name === 'send') statement = message?.op === 'query' && writes(String(message.sql));
    else if (message?.[0] === 0x50) {
      const head = Buffer.from(message.buffer, message.byteOffset, Math.min(message.byteLength, 200));
      statement = writes(head.toString('latin1', head.indexOf(0, 5) + 1));
    }
    if (statement) sample();
    return original.call(this, message, ...rest);
  };
  return {
    stop: () => {
      if (own) pg[name] = original;
      else delete pg[name];
      return { samples, peak };
    },
  };
}

/**
 * A statement workbook whose narrations hold `_x0000_` and `_x0007_` in its shared strings, as the
 * probe's file did: the XLSX reader turns them into a NUL and a BEL.
 */
async function nulWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Statement');
  ws.addRow(['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance']);
  let balance = 100_000;
  for (let i = 1; i <= 8; i++) {
    const w = i % 2 ? 1000 + i : 0;
    const d = i % 2 ? 0 : 500 + i;
    balance = balance - w + d;
    ws.addRow([
      `0${i}/04/2025`,
      `UPI-NULMARK/SECRETPAYEE${i}/X-BELMARK`,
      w ? w.toFixed(2) : '',
      d ? d.toFixed(2) : '',
      balance.toFixed(2),
    ]);
  }
  const x = Buffer.from(await wb.xlsx.writeBuffer());
  const files = (zipEntries(x) ?? []).map((e) => {
    const at = e.localHeaderOffset;
    const start = at + 30 + x.readUInt16LE(at + 26) + x.readUInt16LE(at + 28);
    const raw = x.subarray(start, start + e.compressedSize);
    const text = (e.method === 8 ? inflateRawSync(raw) : raw).toString('utf8');
    return {
      name: e.name,
      bytes: Buffer.from(text.replaceAll('NULMARK', '_x0000_').replaceAll('BELMARK', '_x0007_')),
    };
  });
  return zipOf(files);
}

describe('security round two on PGlite', () => {
  let app: QueuedApp;
  let database: Database;
  let queue: StatementQueue;
  let h: QueuedApp['h'];
  before(async () => void ({ database, queue, h } = app = await startQueuedApp()));
  after(() => stopQueuedApp(app));
  const jobCount = async (userId: string) =>
    (await database.db.select().from(officeJobs).where(eq(officeJobs.userId, userId))).length;

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
    // a reader's start and a directory check; it was 49 s of a frozen API. The bound tells the two
    // apart and no more: it is wall time, and beside other test files at a load of 12 the refusal
    // has taken 9.5 s (its speed is a bench's question, not this test's)
    assert.ok(ms < 20_000, `${Math.round(ms)} ms`);
    // nothing was inflated in this process (it was 300 MB; the queue's own start-up work beside
    // the request has measured over 100 MB of resident growth once in CI, so the bound is 200)
    const grew = process.memoryUsage.rss() - rssBefore;
    assert.ok(grew < 200 * 1024 * 1024, `${Math.round(grew / 2 ** 20)} MB`);
    assert.equal(await jobCount(m.id), 0);
  });

  test('a book holds at most MAX_BOOK_ROWS rows: the statement that would pass it is refused, nothing kept', async () => {
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, ['50100012345678']);
    const account = c.accountIds[0];
    await fillBook(database.db, m.id, account, MAX_BOOK_ROWS - 5);
    const transactions = Array.from({ length: 10 }, (_, i) => ({
      Date: `${String(i + 1).padStart(2, '0')}-03-2030`,
      Description: `NEFT ${i}`,
      Withdrawal: '100.00',
      Deposit: '',
      ClosingBalance: '',
    }));
    const res = await call(h.app, 'POST', '/api/office/statements/file', {
      token: m.token,
      json: { client_id: c.id, account_id: account, file_name: 'march.pdf', transactions },
    });
    assert.equal(res.status, 413, res.raw);
    assert.equal(res.body.code, 'BOOK_FULL');
    assert.match(res.body.detail, /would hold 50,005 rows; one book holds at most 50,000/);
    const counted = await database.db.execute(
      sql`select count(*)::int as n from book_rows where account_id = ${account}`,
    );
    const [{ n }] = (counted as unknown as { rows: { n: number }[] }).rows;
    assert.equal(n, MAX_BOOK_ROWS - 5);
  });

  test('the book is served a page at a time; the summaries still cover every row', async () => {
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, ['50100099998888']);
    await fillBook(database.db, m.id, c.accountIds[0], 1200);
    const url = `/api/office/accounts/${c.accountIds[0]}/book`;
    const page = await call(h.app, 'GET', `${url}?rows_from=1000&rows_limit=50`, { token: m.token });
    assert.equal(page.status, 200, page.raw);
    assert.equal(page.body.rows.length, 50);
    assert.equal(page.body.rows_total, 1200);
    assert.equal(page.body.rows_from, 1000);
    assert.match(page.body.rows[0].Description, /N+1000$/);
    assert.equal(
      page.body.months.reduce((n: number, mo: { rows: number }) => n + mo.rows, 0),
      1200,
    );
    const all = await call(h.app, 'GET', url, { token: m.token });
    assert.equal(all.body.rows.length, 1200);
    assert.equal((await call(h.app, 'GET', `${url}?rows_limit=100000`, { token: m.token })).status, 422);
    // The screen's view is filtered by the server, so the screen asks a page of it, never every row
    // (by construction: the old answer paged the whole book whatever the view).
    const view = await call(h.app, 'GET', `${url}?words=N11&only=deposits&rows_from=40&rows_limit=20`, {
      token: m.token,
    });
    assert.equal(view.status, 200, view.raw);
    // narrations N…11, N…110-119, N…1100-1199 that are deposits (odd): 1 + 5 + 50
    assert.equal(view.body.rows_total, 56);
    assert.equal(view.body.rows.length, 16);
    for (const r of view.body.rows) {
      assert.match(r.Description, /N11\d*$/);
      assert.notEqual(r.Deposit, '');
    }
    assert.equal(view.body.months[0].rows, 1200);
    assert.deepEqual(
      [view.body.months[0].unpushed_from, view.body.months[0].unpushed_to],
      ['2024-01-01', '2024-01-30'],
    );
    assert.equal(view.body.suggested_rows, 0);
    const none = await call(h.app, 'GET', `${url}?min=200`, { token: m.token });
    assert.deepEqual([none.body.rows_total, none.body.rows.length], [0, 0]);
  });

  test('a push too large to keep is refused before its XML is built, with words', async () => {
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, ['50100077776666']);
    // 20,000 rows of 2,000-character narrations: about 70 MB of XML, over the 48 MB a push keeps
    await fillBook(database.db, m.id, c.accountIds[0], 20_000, 2_000);
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    const res = await call(h.app, 'POST', `/api/office/accounts/${c.accountIds[0]}/push`, {
      token: m.token,
      json: {},
    });
    const ms = performance.now() - started;
    assert.equal(res.status, 400, res.raw);
    assert.match(
      res.body.detail,
      /This push would be about \d+ MB of XML; one push holds at most 48 MB\. Push one month at a time\./,
    );
    // the rows were never loaded (40 MB of narrations) nor their XML built
    assert.ok(ms < 3_000, `${Math.round(ms)} ms`);
    assert.ok(process.memoryUsage().heapUsed - heap < 30 * 1024 * 1024);
    // a month of it fits
    const month = await call(h.app, 'POST', `/api/office/accounts/${c.accountIds[0]}/push`, {
      token: m.token,
      json: { month: '2024-01' },
    });
    assert.equal(month.status, 200, month.raw.slice(0, 300));
    assert.equal(month.body.rows, 31 * 40);
  });

  test('a push is built and kept a part at a time: its file is never one string in the server', async (t) => {
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, ['50100033332222']);
    // 12,000 rows of 1,500-character narrations: about 30 MB of XML, within the 48 MB a push keeps
    const n = 12_000;
    await fillBook(database.db, m.id, c.accountIds[0], n, 1_500);
    // What the push held live, measured where it cannot be missed: a full collection forced as each
    // statement reaches the database (the old push stored its whole file in one; the new one each part
    // in its own), so every figure is the live heap at that point, not whatever a collection V8 chose
    // to run happened to find (that measure was +37 MB here and +54 MB once in CI against the old
    // push's +64 MB).
    const live = liveHeapAtEachStatement(database);
    const res = await call(h.app, 'POST', `/api/office/accounts/${c.accountIds[0]}/push`, {
      token: m.token,
      json: {},
    });
    const { samples, peak } = live.stop();
    t.diagnostic(
      `live heap at each of ${samples} writing statements during the push: at most +${(peak / 2 ** 20).toFixed(1)} MB`,
    );
    assert.equal(res.status, 200, res.raw.slice(0, 300));
    assert.equal(res.body.vouchers, n);
    // the answer carries no file of more than one part: the screen fetches it by id
    assert.equal(res.body.xml, '');
    const id = res.body.xml_id;
    const kept = (await database.db.execute(sql`
      select e.parts, octet_length(e.xml) as whole,
        (select count(*)::int from tally_export_parts p where p.export_id = e.id) as rows,
        (select max(octet_length(p.xml))::int from tally_export_parts p where p.export_id = e.id) as largest,
        (select sum(octet_length(p.xml))::int from tally_export_parts p where p.export_id = e.id) as total,
        array_length(e.voucher_ids, 1) as ids
      from tally_exports e where e.id = ${id}`)) as unknown as {
      rows: { parts: number; whole: number; rows: number; largest: number; total: number; ids: number }[];
    };
    const row = kept.rows[0];
    t.diagnostic(
      `${row.rows} parts, ${(row.total / 2 ** 20).toFixed(1)} MB in all, the largest ${(row.largest / 2 ** 20).toFixed(2)} MB`,
    );
    // 24 parts of 500 vouchers, each about 1.5 MB, and no whole file kept beside them
    assert.deepEqual([row.parts, row.rows, row.whole, row.ids], [24, 24, 0, n]);
    assert.ok(row.total > 25 * 2 ** 20, `${row.total} bytes in all`);
    assert.ok(row.largest < 2 * 2 ** 20, `the largest part is ${row.largest} bytes`);
    // The heap held the book's rows (18 MB of narrations) and a part, never the whole file: +36 MB
    // (35.8 and 36.3 in two runs at load 14-21); the old push (4d90c13^, with this same measure),
    // which built the file whole and stored it in one statement: +61.9 MB.
    assert.ok(peak < 48 * 2 ** 20, `the live heap grew ${(peak / 2 ** 20).toFixed(0)} MB`);
    assert.ok(samples >= 24, `${samples} writing statements sampled`);
    // The bridge's part is the part kept, read alone; the whole is the parts joined.
    const part = await call(h.app, 'GET', `/api/tally/exports/${id}?part=23`, { token: m.token });
    assert.equal(part.status, 200);
    assert.deepEqual(
      [part.body.part, part.body.parts, part.body.vouchers, part.body.total_vouchers],
      [23, 24, 500, n],
    );
    const [stored] = (
      (await database.db.execute(
        sql`select xml from tally_export_parts where export_id = ${id} and part = 23`,
      )) as unknown as { rows: { xml: string }[] }
    ).rows;
    assert.equal(part.body.xml, stored.xml);
    assert.equal(
      (await call(h.app, 'GET', `/api/tally/exports/${id}?part=24`, { token: m.token })).status,
      404,
    );
    const whole = await call(h.app, 'GET', `/api/tally/exports/${id}`, { token: m.token });
    assert.equal(whole.status, 200);
    // Download streams the parts as it reads them (no length known before the last part; the old
    // route joined them into one string first): the file is the parts joined, the JSON the same.
    assert.equal(whole.headers['content-length'], undefined);
    assert.equal(whole.headers['transfer-encoding'], 'chunked');
    const storedParts = (
      (await database.db.execute(
        sql`select xml from tally_export_parts where export_id = ${id} order by part`,
      )) as unknown as { rows: { xml: string }[] }
    ).rows.map((r) => r.xml);
    assert.equal(storedParts.length, 24);
    assert.ok(whole.body.xml === joinParts(storedParts), 'the downloaded file is the parts joined');
    assert.equal(whole.raw, JSON.stringify({ ...whole.body, xml: joinParts(storedParts) }));
    assert.deepEqual(Object.keys(whole.body), [
      'id',
      'ledger_name',
      'company_name',
      'vouchers',
      'xml',
      'tally_response',
      'created_at',
    ]);
    // one envelope round every part's vouchers (each part is a complete import of its own)
    assert.equal((whole.body.xml.match(/<ENVELOPE>/g) ?? []).length, 1);
    assert.equal((whole.body.xml.match(/<VOUCHER /g) ?? []).length, n);
    // the quota counts a push's parts (a push of 30 MB is 30 MB of the user's 64 MB)
    const quota = (await database.db.execute(sql`
      select coalesce(sum(octet_length(e.xml) + coalesce((select sum(octet_length(p.xml)) from tally_export_parts p
        where p.export_id = e.id), 0)), 0)::int as bytes from tally_exports e where e.user_id = ${m.id}`)) as unknown as {
      rows: { bytes: number }[];
    };
    assert.equal(quota.rows[0].bytes, row.total);
    // Send again reads the parts one at a time (each part's vouchers, then each part's subset): with
    // nothing in Tally yet, the new push is every voucher, the parts joined, as the whole file gave.
    const again = await call(h.app, 'POST', `/api/tally/pushes/${id}/again`, { token: m.token, json: {} });
    assert.equal(again.status, 200, again.raw.slice(0, 300));
    assert.equal(again.body.vouchers, n);
    const sent = await call(h.app, 'GET', `/api/tally/exports/${again.body.xml_id}`, { token: m.token });
    assert.ok(sent.body.xml === joinParts(storedParts), 'send again is the whole push');

    // A page of the push's vouchers (its detail) is read from the part that holds it: 20 vouchers
    // from index 1,510 are part 3's; the same as the whole file gives.
    const page = async () =>
      call(h.app, 'GET', `/api/tally/pushes/${id}?offset=1510&limit=20`, { token: m.token });
    const before = await page();
    assert.equal(before.status, 200, before.raw.slice(0, 300));
    assert.equal(before.body.matching, n);
    const range = Array.from({ length: 20 }, (_, i) => 1510 + i);
    const expected = keptVouchersAt(joinParts(storedParts), 'Bank 2222', range, 500);
    assert.deepEqual(
      before.body.voucher_list.map((v: { remote_id: string; part: number }) => [v.remote_id, v.part]),
      expected.map((v) => [v.remoteId, 3]),
    );
    // The whole push's answer: every voucher recorded as sent, the parts read one at a time (issue
    // 33: they were joined, 31.8 MB, and parsed whole). (Its book rows went to the send again's push.)
    globalThis.gc?.();
    const answerBase = process.memoryUsage().heapUsed;
    const answerGcs = new GCProfiler();
    answerGcs.start();
    const answered = await call(h.app, 'POST', `/api/tally/exports/${id}/response`, {
      token: m.token,
      json: {
        ok: true,
        status: 'success',
        tally_response: { ok: true, created: n, altered: 0, errors: 0, problems: [], raw: '' },
      },
    });
    const answerFull = (answerGcs.stop()?.statistics ?? []).filter((g) => g.gcType === 'MarkSweepCompact');
    const answerPeak = Math.max(
      0,
      ...answerFull.map((g) => g.afterGC.heapStatistics.usedHeapSize - answerBase),
    );
    t.diagnostic(
      `live heap after each of ${answerFull.length} full collections during the whole answer: at most +${(answerPeak / 2 ** 20).toFixed(0)} MB`,
    );
    assert.equal(answered.status, 200, answered.raw.slice(0, 300));
    // a part (~1.3 MB) and its vouchers at a time: +3 MB here; joined and parsed whole, +32 MB
    assert.ok(answerPeak < 16 * 2 ** 20, `the live heap grew ${(answerPeak / 2 ** 20).toFixed(0)} MB`);
    const recorded = (await database.db.execute(sql`
      select count(*)::int as sent from tally_sent_vouchers where export_id = ${id} and how = 'sent'`)) as unknown as {
      rows: { sent: number }[];
    };
    assert.equal(recorded.rows[0].sent, n);
    // Every part but the page's emptied: the page reads part 3 alone, so it answers the same (the
    // old detail joined every part first and found no voucher 1,510 in what was left).
    await database.db.execute(
      sql`update tally_export_parts set xml = '' where export_id = ${id} and part <> 3`,
    );
    const after = await page();
    assert.equal(after.status, 200, after.raw.slice(0, 300));
    assert.deepEqual(
      after.body.voucher_list.map((v: { remote_id: string }) => v.remote_id),
      expected.map((v) => v.remoteId),
    );
    assert.ok(after.body.voucher_list.every((v: { state: string }) => v.state === 'in_tally'));
  });

  test('a masters file is parsed in a reader: 8 MB of masters leave the API free, a tag flood is refused', async () => {
    const m = await makeMember(h, 10);
    const master = (i: number) =>
      `<TALLYMESSAGE xmlns:UDF="TallyUDF"><LEDGER NAME="Party ${i}" RESERVEDNAME=""><PARENT>Sundry Debtors</PARENT>` +
      `<OPENINGBALANCE>0</OPENINGBALANCE><LANGUAGENAME.LIST><NAME.LIST TYPE="String"><NAME>Party ${i}</NAME>` +
      `</NAME.LIST></LANGUAGENAME.LIST></LEDGER></TALLYMESSAGE>`;
    // 8 MB, 31,502 ledgers: 3.2 s of parsing on one thread of this machine
    const chunks = [
      '<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDATA>',
    ];
    for (let i = 0, size = 0; size < 8 * 1024 * 1024; i++) {
      chunks.push(master(i));
      size += chunks[chunks.length - 1].length;
    }
    chunks.push('</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>');
    const big = Buffer.from(chunks.join(''));
    // The longest this thread went without running a 10 ms timer (a histogram of the loop's delay
    // records nothing while the loop is held the whole time).
    let last = performance.now();
    let worstMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstMs = Math.max(worstMs, now - last);
      last = now;
    }, 10);
    const res = await upload(h.app, '/api/tally/company/file', {
      token: m.token,
      bytes: big,
      name: 'Master.xml',
      fields: { company_name: 'Big Co' },
    });
    clearInterval(ticker);
    worstMs = Math.max(worstMs, performance.now() - last);
    // Read or refused, but never on this thread: it stalled 9.6 s before.
    assert.ok([200, 413, 422].includes(res.status), res.raw.slice(0, 300));
    // Saving 31,502 ledgers and answering them takes a few hundred ms here; the parse took 3.2 s.
    assert.ok(worstMs < 1_500, `event loop held ${Math.round(worstMs)} ms`);

    const flood = Buffer.from(`<ENVELOPE>${'<a/>'.repeat(2_100_000)}</ENVELOPE>`);
    const started = performance.now();
    const refused = await upload(h.app, '/api/tally/company/file', {
      token: m.token,
      bytes: flood,
      name: 'Master.xml',
    });
    assert.equal(refused.status, 413, refused.raw.slice(0, 300));
    assert.match(refused.body.detail, /larger than any company’s export/);
    assert.ok(performance.now() - started < 5_000);
    // not a masters export: its words, as before
    const bad = await upload(h.app, '/api/tally/company/file', {
      token: m.token,
      bytes: Buffer.from('not xml'),
      name: 'x.xml',
    });
    assert.equal(bad.status, 422);
    assert.match(bad.body.detail, /not an XML export from TallyPrime/);
  });

  test('a NUL in a cell or a field reaches no log, no table and no 500', async () => {
    const m = await makeMember(h, 50);
    const xlsx = await nulWorkbook();
    const logsFrom = h.logs.length;
    // one statement, on the single-statement route
    const one = await upload(h.app, '/api/hdfc/extract-statement', {
      token: m.token,
      bytes: xlsx,
      name: 'apr\u0000.xlsx',
    });
    assert.equal(one.status, 200, one.raw.slice(0, 300));
    assert.doesNotMatch(one.raw, /\\u000[07]/);
    assert.match(one.raw, /UPI-\/SECRETPAYEE1\/X-/);
    // the same dropped on the queue, its name with a NUL too
    const c = await makeClient(h, m.id);
    const done = await dropAndWait(h, m.token, c.id, { name: 'apr\u0000il.xlsx', bytes: xlsx });
    assert.equal(done.state, 'read', JSON.stringify(done));
    assert.equal(done.file_name, 'april.xlsx');
    // a NUL in a JSON body and in a query
    const client = await call(h.app, 'POST', '/api/office/clients', {
      token: m.token,
      json: { name: 'Sharma\u0000 Traders', state_code: '09' },
    });
    assert.equal(client.status, 200, client.raw);
    assert.equal(client.body.name, 'Sharma Traders');
    const q = await call(h.app, 'GET', `/api/tally/company?name=${encodeURIComponent('a\u0000b')}`, {
      token: m.token,
    });
    assert.ok(q.status < 500, q.raw);
    // nothing of it in the log, and no error
    const lines = h.logs.slice(logsFrom).join('');
    assert.doesNotMatch(lines, /SECRETPAYEE/);
    assert.doesNotMatch(lines, /"level":50/);
    // nor in the queue's job table beyond the row id
    const kept = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where data::text like '%SECRETPAYEE%'`,
    );
    assert.equal((kept as unknown as { rows: { n: number }[] }).rows[0].n, 0);
  });

  test('dropped files count against the hourly read limit: past it the drop is refused, nothing kept', async () => {
    const m = await makeMember(h, 10);
    await withLimits({ extract: { max: 5, windowSeconds: 3600 } }, async () => {
      const junk = (i: number) => ({ name: `junk${i}.txt`, bytes: Buffer.from(`not a statement ${i}`) });
      const first = await dropFiles(h, m.token, null, [0, 1, 2].map(junk));
      assert.equal(first.status, 202, first.raw);
      const second = await dropFiles(h, m.token, null, [3, 4, 5].map(junk));
      assert.equal(second.status, 429, second.raw);
      assert.match(second.body.detail, /Too many attempts\. Please try again in \d+ seconds\./);
      assert.equal(await jobCount(m.id), 3);
    });
  });

  test('the queue is fair across users: one user’s 200 files delay another’s one file by about one read', async () => {
    const a = await makeMember(h, 10);
    const b = await makeMember(h, 10);
    const junk = (who: string, i: number) => ({
      name: `${who}${i}.txt`,
      bytes: Buffer.from(`not a statement ${who} ${i}`),
    });
    // two drops of 100 (the most one drop holds)
    for (const from of [0, 100]) {
      const many = await dropFiles(
        h,
        a.token,
        null,
        Array.from({ length: 100 }, (_, i) => junk('a', from + i)),
      );
      assert.equal(many.status, 202, many.raw);
    }
    const one = await dropFiles(h, b.token, null, [junk('b', 0)]);
    assert.equal(one.status, 202, one.raw);
    const bJob = await waitFor(async () => {
      const [row] = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, b.id));
      return row.finishedAt ? row : undefined;
    }, 120_000);
    // a's files that ended while b's file was queued (from its row's creation to its end): what
    // delayed it. Files of a's that ended before b's drop was even committed are not counted (the
    // drop itself takes a while on a loaded machine, and junk files are read in milliseconds: 4-16
    // of them ended before b's row existed here at load 15-17, on this code and the one before).
    const during = await database.db
      .select({ id: officeJobs.id })
      .from(officeJobs)
      .where(
        sql`${officeJobs.userId} = ${a.id} and ${officeJobs.finishedAt} >= ${bJob.createdAt.toISOString()}
          and ${officeJobs.finishedAt} < ${bJob.finishedAt!.toISOString()}`,
      );
    // a's files the queue had already taken (two readers) and at most one more; before issue 33 b's
    // file waited for all of a's (with 30 files: it ended 31st of 31)
    assert.ok(during.length <= 3, `${during.length} of a's 200 files ended while b's one waited`);
    // the rest of a's files are not read: their rows end, and the queue skips them
    await database.db
      .update(officeJobs)
      .set({ state: 'failed', finishedAt: new Date() })
      .where(sql`${officeJobs.userId} = ${a.id} and ${officeJobs.state} = 'queued'`);
  });

  test('a password tried on dropped files counts each file as a password check', async () => {
    const m = await makeMember(h, 10);
    const rows = await waitingFiles(database.db, m.id, [new Date(), new Date(), new Date(), new Date()]);
    await withLimits({ checkPassword: { max: 3, windowSeconds: 3600 } }, async () => {
      const res = await call(h.app, 'POST', '/api/office/jobs/password', {
        token: m.token,
        json: { client_id: null, password: 'guess-1' },
      });
      // four decryptions asked for, three allowed in the hour: refused before any is tried
      assert.equal(res.status, 429, res.raw);
      const still = await database.db.select().from(officeJobs).where(eq(officeJobs.userId, m.id));
      assert.deepEqual(
        still.map((r) => [r.state, r.attempts]),
        rows.map(() => ['needs_password', 0]),
      );
    });
  });

  test('a push is kept within the user’s export quota: the oldest export makes room', async () => {
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, ['50100055554444']);
    await fillBook(database.db, m.id, c.accountIds[0], 20);
    await database.db.execute(sql`
      insert into tally_exports (user_id, ledger_name, company_name, vouchers, xml, created_at)
      select ${m.id}, 'Old', '', 1, '<ENVELOPE/>', now() - (g || ' minutes')::interval
      from generate_series(1, ${EXPORT_QUOTA.count}) g`);
    const res = await call(h.app, 'POST', `/api/office/accounts/${c.accountIds[0]}/push`, {
      token: m.token,
      json: {},
    });
    assert.equal(res.status, 200, res.raw.slice(0, 300));
    const counted = await database.db.execute(
      sql`select count(*)::int as n from tally_exports where user_id = ${m.id}`,
    );
    assert.equal((counted as unknown as { rows: { n: number }[] }).rows[0].n, EXPORT_QUOTA.count);
  });

  test('a dropped file left waiting for its password is removed after a week', async () => {
    const m = await makeMember(h, 10);
    const old = new Date(Date.now() - (ABANDONED_DROP_DAYS + 1) * 24 * 3600_000);
    const rows = await waitingFiles(database.db, m.id, [old, new Date()]);
    await queue.recover();
    const [gone, kept] = await Promise.all(
      rows.map((r) => database.db.select().from(officeJobs).where(eq(officeJobs.id, r.id))),
    );
    assert.equal(gone[0].state, 'failed');
    assert.equal(gone[0].reason, ABANDONED_REASON);
    assert.equal(kept[0].state, 'needs_password');
    const bytes = await database.db
      .select({ id: officeUploads.jobId })
      .from(officeUploads)
      .where(sql`${officeUploads.jobId} in (${rows[0].id}, ${rows[1].id})`);
    assert.deepEqual(
      bytes.map((b) => b.id),
      [rows[1].id],
    );
  });

  test('the megabytes a user drops in an hour are bounded', async () => {
    const m = await makeMember(h, 10);
    await withLimits({ dropMegabytes: { max: 3, windowSeconds: 3600 } }, async () => {
      const file = (i: number) => ({ name: `big${i}.txt`, bytes: Buffer.alloc(1024 * 1024 + 1, 65 + i) });
      assert.equal((await dropFiles(h, m.token, null, [file(0)])).status, 202);
      const over = await dropFiles(h, m.token, null, [file(1)]);
      assert.equal(over.status, 429, over.raw);
      assert.equal(await jobCount(m.id), 1);
    });
  });

  test('the megabytes of dropped files a user keeps unread are bounded', needsCorpus, async () => {
    // Files waiting for their password are kept a week: what waits on disk for one user is capped
    // whatever the hours bring (by construction: the old drop kept every file within the hourly limits).
    const m = await makeMember(h, 10);
    const locked = corpusFile('HDFC/HDFC_protected.pdf');
    await withLimits({ keptDropMegabytes: 1 }, async () => {
      const first = await dropFiles(h, m.token, null, [{ name: 'HDFC_protected.pdf', bytes: locked }]);
      assert.equal(first.status, 202, first.raw);
      await waitFor(async () => {
        const r = await call(h.app, 'GET', `/api/office/jobs/${first.body.jobs[0].id}`, { token: m.token });
        return r.body.state === 'needs_password' ? true : undefined;
      }, 60_000);
      const big = {
        name: 'big.pdf',
        bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024)]),
      };
      const over = await dropFiles(h, m.token, null, [big]);
      assert.equal(over.status, 413, over.raw);
      assert.match(over.body.detail, /not read yet already hold 1 MB; at most 1 MB can wait/);
      assert.equal(await jobCount(m.id), 1);
      assert.equal(readdirSync(path.join(queue.uploads.dir, m.id)).length, 1, 'nothing of it kept');
    });
  });

  test('the embedded database is vacuumed: deleted uploads leave room for the next ones', async () => {
    const m = await makeMember(h, 10);
    const size = async () => {
      const r = await database.db.execute(sql`select pg_total_relation_size('office_uploads')::bigint as n`);
      return Number((r as unknown as { rows: { n: string }[] }).rows[0].n);
    };
    const cycle = async () => {
      const rows = await waitingFiles(database.db, m.id, [new Date(), new Date(), new Date()]);
      for (const r of rows)
        await database.db
          .update(officeUploads)
          .set({ bytes: randomBytes(2 * 1024 * 1024) })
          .where(eq(officeUploads.jobId, r.id));
      await database.db.delete(officeJobs).where(eq(officeJobs.userId, m.id));
      await vacuumPglite(database);
    };
    await cycle();
    const first = await size();
    for (let i = 0; i < 4; i++) await cycle();
    // without the vacuum every cycle's 6 MB stays (about 30 MB after five)
    assert.ok((await size()) - first < 8 * 1024 * 1024, `${first} -> ${await size()}`);
  });

  test('pushes and sends to Tally are counted by the hour like reads', async () => {
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, ['50100033332222']);
    await fillBook(database.db, m.id, c.accountIds[0], 80);
    await withLimits({ push: { max: 1, windowSeconds: 3600 } }, async () => {
      const push = (month: string) =>
        call(h.app, 'POST', `/api/office/accounts/${c.accountIds[0]}/push`, {
          token: m.token,
          json: { month },
        });
      const first = await push('2024-01');
      assert.equal(first.status, 200, first.raw);
      const second = await push('2024-01');
      assert.equal(second.status, 429, second.raw);
      assert.match(second.body.detail, /Too many attempts/);
      // Tally refused the first push: sending it again builds a new file, and counts as a push too.
      await call(h.app, 'POST', `/api/tally/exports/${first.body.xml_id}/response`, {
        token: m.token,
        json: { ok: false, status: 'error', detail: 'Tally refused the import' },
      });
      const again = await call(h.app, 'POST', `/api/tally/pushes/${first.body.xml_id}/again`, {
        token: m.token,
        json: {},
      });
      assert.equal(again.status, 429, again.raw);
      // Send to Tally builds its XML the same way: the same count
      const sent = await call(h.app, 'POST', '/api/tally/send-to-tally', {
        token: m.token,
        json: {
          transactions: [
            { Date: '01-04-2025', Description: 'NEFT', Withdrawal: '10.00', Deposit: '', ClosingBalance: '' },
          ],
          ledger_name: 'HDFC A/c',
          company_name: 'Co',
        },
      });
      assert.equal(sent.status, 429, sent.raw);
    });
  });

  test('the Download XML calls are counted by the hour like reads', async () => {
    // Issue 33: each builds its file in the server from a body of up to 10 MB, and none was counted.
    const m = await makeMember(h, 10);
    const rows = [
      { Date: '01-04-2025', Description: 'NEFT', Withdrawal: '10.00', Deposit: '', ClosingBalance: '' },
    ];
    await withLimits({ xmlDownload: { max: 1, windowSeconds: 3600 } }, async () => {
      const perBank = () =>
        call(h.app, 'POST', '/api/hdfc/download-xml', {
          token: m.token,
          json: { acc: '1', transactions: rows, include_sent: true },
        });
      assert.equal((await perBank()).status, 200);
      const second = await perBank();
      assert.equal(second.status, 429, second.raw);
      assert.match(second.body.detail, /Too many attempts/);
      const generic = await call(h.app, 'POST', '/api/tally/generate-xml?ledger_name=HDFC', {
        token: m.token,
        json: rows,
      });
      assert.equal(generic.status, 429, generic.raw);
      const vouchers = await call(h.app, 'POST', '/api/voucher-importer/generate-xml', {
        token: m.token,
        json: { rows: [] },
      });
      assert.equal(vouchers.status, 429, vouchers.raw);
    });
  });

  const overFull =
    'a dropped statement that would pass the book’s limit fails with the words, nothing charged';
  test(overFull, needsCorpus, async () => {
    const pdf = corpusFile('HDFC/HDFC_short.pdf');
    const number = (await extractStatementInProcess(pdf)).result.accounts[0].number;
    assert.ok(number);
    const m = await makeMember(h, 10);
    const c = await makeClient(h, m.id, [number]);
    await fillBook(database.db, m.id, c.accountIds[0], MAX_BOOK_ROWS - 1);
    const done = await dropAndWait(h, m.token, c.id, { name: 'HDFC_short.pdf', bytes: pdf });
    assert.equal(done.state, 'failed', JSON.stringify(done));
    assert.equal(done.reason_code, 'BOOK_FULL');
    assert.match(done.reason, /one book holds at most 50,000/);
    assert.equal(done.pages_charged, 0);
    assert.equal(await pagesOf(h, m.id), 10);
  });
});

test('a database error is logged and kept by its code alone, never its message or stack', () => {
  const pg = Object.assign(new Error('invalid input syntax for type uuid: "SECRETPAYEE"'), { code: '22P02' });
  assert.deepEqual(errorFields(pg), { name: 'Error', code: '22P02' });
  const wrapped = Object.assign(new Error('Failed query: insert ...\nparams: SECRETPAYEE'), { cause: pg });
  const kept = jobFailure(wrapped);
  assert.equal(kept.message, 'read stopped: Error 22P02');
  assert.doesNotMatch(`${kept.message} ${kept.stack}`, /SECRETPAYEE|insert/);
  // a socket's code keeps its words (they hold no data)
  const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  assert.match(errorFields(down).message ?? '', /ECONNREFUSED/);
});

test('thirty well-known weak passwords are all refused; passwords people make up are not', () => {
  const weak = [
    '12345678',
    '123456789',
    'password',
    'password1',
    'Password@123',
    'qwerty123',
    'qwertyuiop',
    'iloveyou',
    '11111111',
    'abc12345',
    'abcd1234',
    '1q2w3e4r',
    '1qaz2wsx',
    'sunshine',
    'princess',
    'football',
    'welcome1',
    'admin123',
    'India@123',
    'P@ssw0rd',
    'letmein1',
    'trustno1',
    'asdfghjkl',
    // the five that passed the probe, and one more of their kind
    'qwerty12',
    'Abcd@1234',
    'q1w2e3r4',
    '12qwaszx',
    'a1b2c3d4',
    'mypassword',
    'Test@123',
  ];
  assert.equal(weak.length, 30);
  assert.deepEqual(
    weak.filter((p) => !weakPasswordReason(p)),
    [],
  );
  for (const p of ['Ledger-Kapoor-7391', 'mango tree 42 river', 'Tally2Bahi!x9', 'rskq8mz4', 'Meera@Gupta77'])
    assert.equal(weakPasswordReason(p), undefined, p);
});

describe('the per-account sign-in delay holds against guesses sent together', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    // a generous per-address limit: only the per-account delay is under test
    h = await startApp({ deps: { limits: { login: { max: 1000, windowSeconds: 900 } } } });
  });
  after(() => h?.close());

  test('120 wrong passwords at once: only the free tries and one more are checked', async () => {
    const m = await makeMember(h, 0);
    const email = m.user.email;
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        call(h.app, 'POST', '/api/auth/sign/token', {
          form: { username: email, password: `guess-${i}-Xy9!` },
        }),
      ),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    const waited = answers.filter((a) => a.status === 429).length;
    assert.equal(checked + waited, 120, JSON.stringify(answers.map((a) => a.status)));
    // ten free, and the eleventh that starts the delay (62 of 120 were checked before)
    assert.ok(checked <= 11, `${checked} checked`);
  });
});

test('an address Fastify cannot decode is answered in the app’s words, not Fastify’s', async () => {
  const h = await startApp();
  try {
    for (const url of ['/api/%', '/api/office/accounts/%zz/book', '/%c0']) {
      const r = await h.app.inject({ method: 'GET', url });
      assert.equal(r.statusCode, 400, url);
      assert.deepEqual(r.json(), {
        detail: 'The address of this request is not valid.',
        code: 'BAD_REQUEST',
      });
      assert.doesNotMatch(r.body, /FST_|valid url component/);
      assert.equal(r.headers['cache-control'], 'no-store');
    }
  } finally {
    await h.close();
  }
});

test('Google linking an unverified sign-up leaves none of the stranger’s name or phone', async () => {
  const email = `owner.${randomUUID().slice(0, 8)}@gmail.com`;
  const h = await startApp({
    deps: { google: async () => ({ sub: randomUUID(), email, emailVerified: true, name: 'Asha Owner' }) },
  });
  try {
    const phone = String(9_100_000_000 + Math.floor(Math.random() * 1e6));
    const signUp = await call(h.app, 'POST', '/api/auth/signUp', {
      json: { name: 'Stranger Person', email, phone, password: 'stranger-Pw-8841!' },
    });
    assert.equal(signUp.status, 200, signUp.raw);
    const g = await call(h.app, 'POST', '/api/auth/google', { json: { token: 'any' } });
    assert.equal(g.status, 200, g.raw);
    const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
    assert.equal(row.name, 'Asha Owner');
    assert.equal(row.phone, null);
    assert.equal(row.passwordHash, null);
  } finally {
    await h.close();
  }
});
