// Issue 18 on the API: reads cost the user (hourly limits and at most a few at once, failed ones
// included), billing workbooks are read in the statement pool (a hostile one is refused in
// milliseconds and never stalls the API), and a user's kept Tally exports are bounded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { hugeSpinCountXlsx, manySheetsXlsx } from '../../statements/scripts/bombs.ts';
import { EXPORT_QUOTA, EXPORT_RETENTION_DAYS } from '../src/routes/tally.ts';
import { tallyExports } from '../src/statements/tables.ts';
import { DEFAULT_WORK_LIMITS, configureWorkLimits } from '../src/statements/work-limits.ts';
import { call, startApp, upload } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

const report = (n: number) => Buffer.from(`NOT A STATEMENT ${n}\n`.repeat(20));

describe('security: bounded work and storage', () => {
  let h: Harness;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    configureWorkLimits(DEFAULT_WORK_LIMITS);
    await h?.close();
  });

  test('extractions and password checks are limited per user per hour, failed ones included', async () => {
    configureWorkLimits({
      extract: { max: 2, windowSeconds: 3600 },
      checkPassword: { max: 2, windowSeconds: 3600 },
    });
    try {
      const u = await member(h);
      const other = await member(h);
      const ut = await u.token();
      const ot = await other.token();
      // Three uploads in a row to `url`, their statuses.
      const threeTo = async (url: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++)
          statuses.push((await upload(h.app, url, { token: ut, bytes: report(i), name: 's.txt' })).status);
        return statuses;
      };
      const statuses = await threeTo('/api/HDFC/extract-statement');
      assert.notEqual(statuses[0], 429, 'the first read runs (and fails: not a statement)');
      assert.equal(statuses[2], 429, `statuses ${statuses.join(',')}`);
      const checks = await threeTo('/api/HDFC/check-password');
      assert.equal(checks[2], 429, `statuses ${checks.join(',')}`);
      // Another user is not affected.
      const theirs = await upload(h.app, '/api/HDFC/extract-statement', {
        token: ot,
        bytes: report(9),
        name: 's.txt',
      });
      assert.notEqual(theirs.status, 429);
    } finally {
      configureWorkLimits(DEFAULT_WORK_LIMITS);
    }
  });

  test(
    'a user runs at most two reads at once; a third is refused with 429, not queued',
    needsCorpus,
    async () => {
      const u = await member(h, { pages: 50 });
      const ut = await u.token();
      // A photo: OCR keeps each read busy for seconds, so the three calls overlap.
      const photo = corpusFile('PNB/PNB_photo.png');
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          upload(h.app, '/api/PNB/extract-statement', { token: ut, bytes: photo, name: 'p.png' }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      assert.equal(statuses.filter((s) => s === 429).length, 1, `statuses ${statuses.join(',')}`);
    },
  );

  test('a workbook with a huge key-iteration count is refused at once, in the pool', async () => {
    const admin = await member(h, { role: 'admin' });
    const at = await admin.token();
    const bomb = await hugeSpinCountXlsx(2_000_000_000);
    const started = Date.now();
    const r = await upload(h.app, '/api/item-master/get-data', {
      token: at,
      bytes: bomb,
      name: 'items.xlsx',
      fields: { password: 'pw', amount_given: '1000' },
    });
    assert.equal(r.status, 413, JSON.stringify(r.body));
    assert.equal(r.body.code, 'TOO_LARGE');
    // Two billion key iterations would take many minutes: well under that means refused before any
    // derivation. (Not a tight bound: a reader process may be starting, on a loaded machine.)
    assert.ok(Date.now() - started < 30_000, `${Date.now() - started} ms`);
    const sheets = await upload(h.app, '/api/item-master/get-data', {
      token: at,
      bytes: manySheetsXlsx(5000),
      name: 'items.xlsx',
      fields: { amount_given: '1000' },
    });
    assert.equal(sheets.body.code, 'TOO_LARGE', JSON.stringify(sheets.body));
  });

  test('send-to-tally keeps each user within a quota, drops expired exports, and validates the response', async () => {
    const u = await member(h);
    let ut = await u.token();
    const rows = [
      {
        Date: '01-04-2025',
        Description: 'Opening',
        Withdrawal: '',
        Deposit: '100.00',
        ClosingBalance: '100.00',
      },
    ];
    const send = () =>
      call(h.app, 'POST', '/api/tally/send-to-tally', {
        token: ut,
        json: { transactions: rows, ledger_name: 'Bank', company_name: 'Co' },
      });
    const first = await send();
    assert.equal(first.status, 200, JSON.stringify(first.body));
    // A count quota: the oldest are dropped to make room.
    const db = h.database.db;
    const kept = async () =>
      (await db.select({ id: tallyExports.id }).from(tallyExports).where(eq(tallyExports.userId, u.id)))
        .length;
    const filler = Array.from({ length: EXPORT_QUOTA.count + 5 }, () => ({
      userId: u.id,
      ledgerName: 'Bank',
      companyName: 'Co',
      vouchers: 1,
      xml: '<ENVELOPE/>',
    }));
    await db.insert(tallyExports).values(filler);
    const next = await send();
    assert.equal(next.status, 200);
    assert.ok((await kept()) <= EXPORT_QUOTA.count, `${await kept()} kept`);
    // Retention: past it, an export is gone.
    h.clock.t += (EXPORT_RETENTION_DAYS + 1) * 24 * 3600 * 1000;
    ut = await u.token();
    const old = await call(h.app, 'GET', `/api/tally/exports/${next.body.xml_id}`, { token: ut });
    assert.equal(old.status, 404);
    const fresh = await send();
    assert.equal(fresh.status, 200);
    assert.equal(await kept(), 1, 'expired exports were deleted');
    // The response report: bounded, typed, unknown keys dropped.
    const bad = await call(h.app, 'POST', `/api/tally/exports/${fresh.body.xml_id}/response`, {
      token: ut,
      json: { ok: true, tally_response: { created: 'lots' } },
    });
    assert.equal(bad.status, 422);
    const big = await call(h.app, 'POST', `/api/tally/exports/${fresh.body.xml_id}/response`, {
      token: ut,
      json: {
        ok: true,
        tally_response: { created: 1, raw: 'x'.repeat(1_000_000), junk: 'y'.repeat(1_000_000) },
      },
    });
    assert.equal(big.status, 200);
    const stored = await call(h.app, 'GET', `/api/tally/exports/${fresh.body.xml_id}`, { token: ut });
    assert.ok(JSON.stringify(stored.body.tally_response).length < 70_000);
    assert.equal(stored.body.tally_response.junk, undefined);
  });
});
