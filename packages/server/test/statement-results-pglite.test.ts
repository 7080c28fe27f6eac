import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { StatementTransaction } from '@bahi/contract';
import {
  loadStatementResult,
  loadStatementTransactions,
  saveStatementResult,
  type StatementDetail,
} from '../src/statements/results.ts';
import { call, startApp, upload } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

// Issue 19: a read statement lives on the server. Extraction stores it and answers its id; the
// result screen loads it by id (meta, then rows in pages or at once, gzipped when large); ledger
// choices and fixes are saved there; nobody but its owner sees or changes it. PGlite in memory.

describe('statements kept on the server (PGlite)', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    await h?.close();
  });

  const member = (pages = 50) => makeMember(h, pages);

  const get = (url: string, token: string) => call(h.app, 'GET', url, { token });

  /** A statement of `n` generated rows stored directly (the module H6/H8 call), as a read would. */
  async function stored(userId: string, n: number) {
    const rows: StatementTransaction[] = Array.from({ length: n }, (_, i) => ({
      Date: `${String(1 + (i % 28)).padStart(2, '0')}-${String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0')}-2025`,
      Description: `UPI/DR/${500000 + i}/PAYEE ${i % 97}/okaxis/bill ${i}`,
      Withdrawal: i % 2 ? '1,234.50' : '',
      Deposit: i % 2 ? '' : '2,000.00',
      ClosingBalance: '1,00,000.00',
      LedgerName: '',
    }));
    const detail: StatementDetail = {
      statement_info: {
        bank: 'HDFC',
        bank_label: 'HDFC Bank',
        account_number: '50100012345678',
        holder: null,
        ifsc: null,
        account_type: null,
        period_from: '01-01-2025',
        period_to: '28-12-2025',
        opening_balance: '1,00,000.00',
        closing_balance: '1,00,000.00',
        transactions: n,
      },
      bank_detected: { code: 'HDFC', label: 'HDFC Bank', requested: 'HDFC', corrected: false, reason: '' },
      reconciliation: {
        ok: true,
        message: 'ok',
        opening_balance: '',
        closing_balance: '',
        total_deposits: '',
        total_withdrawals: '',
        opening_source: 'none',
        checked_balances: 0,
        breaks: [],
        notes: [],
        printed_closing: '',
        ocr_flags: [],
      },
      reasons: [],
      issues: [],
      layout_used: null,
      xml_preview: '',
      fallback_accounts: {},
    };
    const { id } = await saveStatementResult(h.database.db, {
      userId,
      requestedBank: 'hdfc',
      fileName: 'year.xlsx',
      format: 'xlsx',
      detail,
      rows,
      now: h.clock.now(),
    });
    return { id, rows };
  }

  test(
    'extraction stores the statement and answers its id; the result loads by id as it was answered',
    needsCorpus,
    async () => {
      const u = await member();
      const read = await upload(h.app, '/api/hdfc/extract-statement', {
        token: u.token,
        bytes: corpusFile('HDFC/HDFC_short.pdf'),
        name: 'short.pdf',
      });
      assert.equal(read.status, 200, JSON.stringify(read.body));
      const id = read.body.statement_id as string;
      assert.match(id, /^[0-9a-f-]{36}$/);

      const meta = await get(`/api/statements/${id}`, u.token);
      assert.equal(meta.status, 200);
      for (const key of [
        'statement_info',
        'reconciliation',
        'bank_detected',
        'reasons',
        'issues',
        'xml_preview',
      ])
        assert.deepEqual(meta.body[key], read.body[key], key);
      assert.equal(meta.body.row_count, read.body.transactions.length);
      assert.equal(meta.body.file_name, 'short.pdf');
      assert.equal(meta.body.requested_bank, 'HDFC');
      assert.equal(meta.body.revision, 1);
      assert.equal(meta.body.edited, false);
      assert.equal(meta.body.rows, undefined, 'the meta carries no rows');

      const rows = await get(`/api/statements/${id}/rows`, u.token);
      assert.equal(rows.status, 200);
      assert.equal(rows.body.total, read.body.transactions.length);
      const asAnswered = rows.body.rows.map((r: string[], i: number) => ({
        Date: r[0],
        Description: r[1],
        Withdrawal: r[2],
        Deposit: r[3],
        ClosingBalance: r[4],
        LedgerName: rows.body.ledgers[i],
      }));
      assert.deepEqual(asAnswered, read.body.transactions);

      // The history's extraction row is the same id: the History page links to it.
      const history = await get('/api/account/history?page=1&page_size=5', u.token);
      if (history.status === 200) assert.equal(history.body.extractions[0]?.id, id);
      const list = await get('/api/statements', u.token);
      assert.equal(list.body.total, 1);
      assert.equal(list.body.statements[0].id, id);
      assert.equal(list.body.statements[0].period_from, read.body.statement_info.period_from);
    },
  );

  test('20,000 rows: stored once, loaded whole (gzipped when asked) or in pages', async () => {
    const u = await member();
    const { id, rows } = await stored(u.id, 20_000);
    const whole = await h.app.inject({
      method: 'GET',
      url: `/api/statements/${id}/rows`,
      headers: { authorization: `Bearer ${u.token}`, 'accept-encoding': 'gzip, deflate' },
    });
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-encoding'], 'gzip');
    const raw = gunzipSync(whole.rawPayload);
    assert.ok(whole.rawPayload.length < raw.length / 3, `gzip ${whole.rawPayload.length} of ${raw.length}`);
    const body = JSON.parse(raw.toString('utf8'));
    assert.equal(body.total, 20_000);
    assert.equal(body.rows.length, 20_000);
    assert.deepEqual(body.rows[19_999], [
      rows[19_999].Date,
      rows[19_999].Description,
      rows[19_999].Withdrawal,
      rows[19_999].Deposit,
      rows[19_999].ClosingBalance,
    ]);

    const page = await get(`/api/statements/${id}/rows?offset=5000&limit=3000`, u.token);
    assert.equal(page.status, 200);
    assert.equal(page.body.offset, 5000);
    assert.equal(page.body.total, 20_000);
    assert.equal(page.body.rows.length, 3000);
    assert.equal(page.body.ledgers.length, 3000);
    assert.equal(page.body.rows[0][1], rows[5000].Description);
    const tail = await get(`/api/statements/${id}/rows?offset=19990&limit=100`, u.token);
    assert.equal(tail.body.rows.length, 10);
    const past = await get(`/api/statements/${id}/rows?offset=30000&limit=10`, u.token);
    assert.equal(past.body.rows.length, 0);
    assert.equal((await get(`/api/statements/${id}/rows?limit=0`, u.token)).status, 422);
    assert.equal((await get(`/api/statements/${id}/rows?limit=50001`, u.token)).status, 422);
  });

  test('ledger choices are saved (one row, and one change for thousands of rows) and suggested later', async () => {
    const u = await member();
    const { id } = await stored(u.id, 20_000);
    const one = await call(h.app, 'POST', `/api/statements/${id}/ledgers`, {
      token: u.token,
      json: { revision: 1, changes: [{ rows: [3], ledger: 'Electricity' }] },
    });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.saved, 1);
    // Apply to filtered: every even row without a ledger, in one change.
    const even = Array.from({ length: 10_000 }, (_, i) => i * 2);
    const many = await call(h.app, 'POST', `/api/statements/${id}/ledgers`, {
      token: u.token,
      json: { revision: 1, changes: [{ rows: even, ledger: 'Sales' }] },
    });
    assert.equal(many.status, 200);
    assert.equal(many.body.saved, 10_000);
    const all = await loadStatementTransactions(h.database.db, u.id, id);
    assert.equal(all?.[3].LedgerName, 'Electricity');
    assert.equal(all?.[4].LedgerName, 'Sales');
    assert.equal(all?.[5].LedgerName, '');
    assert.equal(all?.filter((r) => r.LedgerName === 'Sales').length, 10_000);
    // Clearing a ledger is a change too.
    await call(h.app, 'POST', `/api/statements/${id}/ledgers`, {
      token: u.token,
      json: { revision: 1, changes: [{ rows: [3], ledger: '' }] },
    });
    assert.equal((await loadStatementTransactions(h.database.db, u.id, id))?.[3].LedgerName, '');
    // Remembered: a new narration with the same payee gets 'Sales' suggested.
    const suggest = await call(h.app, 'POST', '/api/ledger-memory/suggest', {
      token: u.token,
      json: { descriptions: ['UPI/DR/999/PAYEE 2/okaxis/new'] },
    });
    assert.equal(suggest.body.suggestions[0]?.ledger, 'Sales');
    // Refused: an index past the end (400); no changes, a ledger too long (422, the request's shape).
    const past = await call(h.app, 'POST', `/api/statements/${id}/ledgers`, {
      token: u.token,
      json: { revision: 1, changes: [{ rows: [20_000], ledger: 'X' }] },
    });
    assert.equal(past.status, 400);
    for (const json of [
      { revision: 1, changes: [] },
      { revision: 1, changes: [{ rows: [1], ledger: 'x'.repeat(201) }] },
    ]) {
      const bad = await call(h.app, 'POST', `/api/statements/${id}/ledgers`, { token: u.token, json });
      assert.equal(bad.status, 422, JSON.stringify(json).slice(0, 80));
    }
  });

  test('a GST/TDS split given to rows on the statement table is kept, loaded with the rows, and follows a fix (issue 35)', async () => {
    const u = await member();
    const { id } = await stored(u.id, 6);
    const splits = (json: Record<string, unknown>, token = u.token) =>
      call(h.app, 'POST', `/api/statements/${id}/splits`, { token, json: { revision: 1, ...json } });
    const gst = { kind: 'gst', ratePercent: 18, interstate: false };
    // Rows 1 and 3 are withdrawals of 1,234.50: a charge with GST; row 0 a deposit less TDS.
    const set = await splits({ rows: [1, 3], split: gst });
    assert.equal(set.status, 200, set.raw);
    assert.equal(set.body.saved, 2);
    assert.equal(
      (await splits({ rows: [0], split: { kind: 'tds', ratePercent: 10, section: '194A' } })).body.saved,
      1,
    );
    // The same split again is no change (jsonb keeps its own key order).
    assert.equal(
      (await splits({ rows: [1], split: { interstate: false, ratePercent: 18, kind: 'gst' } })).body.saved,
      0,
    );
    const page = await get(`/api/statements/${id}/rows`, u.token);
    assert.deepEqual(page.body.splits, [
      { kind: 'tds', ratePercent: 10, section: '194A' },
      gst,
      null,
      gst,
      null,
      null,
    ]);
    const all = await loadStatementTransactions(h.database.db, u.id, id);
    assert.deepEqual(all?.[1].TaxSplit, gst);
    assert.equal(all?.[2].TaxSplit, undefined);
    // Cleared with null; a split of another user's statement is 404, a stale revision 409, past the end 400.
    assert.equal((await splits({ rows: [3], split: null })).body.saved, 1);
    const stranger = await member();
    assert.equal((await splits({ rows: [1], split: gst }, stranger.token)).status, 404);
    assert.equal((await splits({ rows: [1], split: gst, revision: 2 })).status, 409);
    assert.equal((await splits({ rows: [6], split: gst })).status, 400);
    // A rate that cannot be is the request's shape (422).
    assert.equal(
      (await splits({ rows: [1], split: { kind: 'gst', ratePercent: 100, interstate: false } })).status,
      422,
    );
    // Rows fixed: the splits the screen sends follow them; none sent, none kept.
    const stored6 = page.body.rows.map((r: string[]) => r.slice(0, 5));
    const put = await call(h.app, 'PUT', `/api/statements/${id}/rows`, {
      token: u.token,
      json: {
        revision: 1,
        rows: stored6.slice(1),
        ledgers: stored6.slice(1).map(() => ''),
        splits: [gst, null, null, null, null],
      },
    });
    assert.equal(put.status, 200, put.raw);
    assert.deepEqual((await get(`/api/statements/${id}/rows`, u.token)).body.splits, [
      gst,
      null,
      null,
      null,
      null,
    ]);
    await call(h.app, 'PUT', `/api/statements/${id}/rows`, {
      token: u.token,
      json: { revision: 2, rows: stored6.slice(1), ledgers: stored6.slice(1).map(() => '') },
    });
    assert.equal((await get(`/api/statements/${id}/rows`, u.token)).body.splits, null);
  });

  test('fixed rows replace the stored ones from the revision seen; a stale ledger save or fix is refused (409)', async () => {
    const u = await member();
    const { id, rows } = await stored(u.id, 5);
    const fixed = rows
      .slice(0, 4)
      .map((r) => [r.Date, r.Description, r.Withdrawal, r.Deposit, r.ClosingBalance]);
    fixed[0][2] = '99.00';
    const put = await call(h.app, 'PUT', `/api/statements/${id}/rows`, {
      token: u.token,
      json: { revision: 1, rows: fixed, ledgers: ['Rent', '', '', ''] },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.revision, 2);
    const meta = await get(`/api/statements/${id}`, u.token);
    assert.equal(meta.body.revision, 2);
    assert.equal(meta.body.edited, true);
    assert.equal(meta.body.row_count, 4);
    const back = await get(`/api/statements/${id}/rows`, u.token);
    assert.equal(back.body.rows[0][2], '99.00');
    assert.deepEqual(back.body.ledgers, ['Rent', '', '', '']);
    // A tab that still shows revision 1 (5 rows) must not write ledgers onto moved rows.
    const stale = await call(h.app, 'POST', `/api/statements/${id}/ledgers`, {
      token: u.token,
      json: { revision: 1, changes: [{ rows: [4], ledger: 'X' }] },
    });
    assert.equal(stale.status, 409);
    const staleRows = await call(h.app, 'PUT', `/api/statements/${id}/rows`, {
      token: u.token,
      json: { revision: 1, rows: fixed, ledgers: ['', '', '', ''] },
    });
    assert.equal(staleRows.status, 409);
    assert.equal((await get(`/api/statements/${id}/rows`, u.token)).body.ledgers[0], 'Rent');
    const mismatch = await call(h.app, 'PUT', `/api/statements/${id}/rows`, {
      token: u.token,
      json: { revision: 2, rows: fixed, ledgers: [''] },
    });
    assert.equal(mismatch.status, 422);
    // Accepting a read that does not reconcile is kept too.
    const accept = await call(h.app, 'PUT', `/api/statements/${id}/accepted`, {
      token: u.token,
      json: { accepted: true },
    });
    assert.equal(accept.status, 200);
    assert.equal((await loadStatementResult(h.database.db, u.id, id))?.accepted, true);
  });

  test("a user never sees, lists or changes another user's statement (404 as for no statement)", async () => {
    const owner = await member();
    const other = await member();
    const { id } = await stored(owner.id, 10);
    for (const url of [`/api/statements/${id}`, `/api/statements/${id}/rows`]) {
      const r = await get(url, other.token);
      assert.equal(r.status, 404, url);
      assert.doesNotMatch(r.raw, /PAYEE/);
    }
    const ledgers = await call(h.app, 'POST', `/api/statements/${id}/ledgers`, {
      token: other.token,
      json: { revision: 1, changes: [{ rows: [0], ledger: 'Theft' }] },
    });
    assert.equal(ledgers.status, 404);
    const rows = await call(h.app, 'PUT', `/api/statements/${id}/rows`, {
      token: other.token,
      json: { revision: 1, rows: [], ledgers: [] },
    });
    assert.equal(rows.status, 404);
    const accept = await call(h.app, 'PUT', `/api/statements/${id}/accepted`, {
      token: other.token,
      json: { accepted: true },
    });
    assert.equal(accept.status, 404);
    assert.equal((await get('/api/statements', other.token)).body.total, 0);
    // Untouched for the owner.
    const mine = await loadStatementTransactions(h.database.db, owner.id, id);
    assert.equal(mine?.length, 10);
    assert.ok(mine?.every((r) => r.LedgerName === ''));
    assert.equal((await loadStatementResult(h.database.db, owner.id, id))?.accepted, false);
    // Not signed in: 401; not an id: 404.
    assert.equal((await call(h.app, 'GET', `/api/statements/${id}`)).status, 401);
    assert.equal((await get('/api/statements/not-an-id', owner.token)).status, 404);
    assert.equal((await get(`/api/statements/${randomUUID()}/rows`, owner.token)).status, 404);
  });
});
