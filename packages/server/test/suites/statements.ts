import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { TallyEmulator } from '@bahi/tally';
import { extractions, pageLedger } from '../../src/db/schema.ts';
import { call, startApp, upload as uploadTo } from '../helpers/harness.ts';
import { makeMember, pagesOf } from '../helpers/queue.ts';
import { corpusFile, corpusJson, needsCorpus } from '../helpers/shared.ts';
import { EXPORT_ROWS } from '../helpers/statement-rows.ts';

const PROTECTED = 'HDFC/HDFC_protected.pdf';
/** The truth of PROTECTED (its password, rows, account), read by the tests that need it. */
const protectedTruth = () => corpusJson('HDFC/HDFC_protected.truth.json');

/**
 * API tests of issue 5's statement and Tally calls with files of the shared corpus, run on PGlite
 * and on PostgreSQL (`databaseUrl` undefined means PGlite in memory): page spends, history, free
 * repeats, stored exports and ledger memory all go through the database.
 */
export function statementsSuite(label: string, databaseUrl: () => string | undefined) {
  describe(`statement API on ${label}`, () => {
    let h: Awaited<ReturnType<typeof startApp>>;
    before(async () => {
      h = await startApp({ databaseUrl: databaseUrl() });
    });
    after(async () => {
      await h?.close();
    });

    const member = (pages: number) => makeMember(h, pages);

    const upload = (url: string, opts: Parameters<typeof uploadTo>[2]) => uploadTo(h.app, url, opts);

    test(
      'check-password: every bank code, case-insensitive; unknown bank 404; needs a token',
      needsCorpus,
      async () => {
        const u = await member(5);
        const locked = await upload('/api/HDFC/check-password', {
          token: u.token,
          bytes: corpusFile(PROTECTED),
          name: 'a.pdf',
        });
        assert.equal(locked.status, 200);
        assert.deepEqual(locked.body, { password_required: true });
        const open = await upload('/api/hdfc/check-password', {
          token: u.token,
          bytes: corpusFile('HDFC/HDFC_short.pdf'),
          name: 'b.pdf',
        });
        assert.deepEqual(open.body, { password_required: false });
        const bankOfIndia = await upload('/api/BankOfIndia/check-password', {
          token: u.token,
          bytes: corpusFile('HDFC/HDFC_short.pdf'),
          name: 'b.pdf',
        });
        assert.equal(bankOfIndia.status, 200);
        const unknown = await upload('/api/nobank/check-password', {
          token: u.token,
          bytes: corpusFile(PROTECTED),
          name: 'a.pdf',
        });
        assert.equal(unknown.status, 404);
        assert.equal(unknown.body.detail, 'Unknown bank.');
        const anonymous = await upload('/api/hdfc/check-password', {
          bytes: corpusFile(PROTECTED),
          name: 'a.pdf',
        });
        assert.equal(anonymous.status, 401);
      },
    );

    test(
      'check-password judges the content as extraction does: unsupported files are 422 in the same words',
      needsCorpus,
      async () => {
        const u = await member(5);
        const garbage = Buffer.from([0, 1, 2, 3, 255, 254, 0, 7, 9, 200, 13, 0, 1]);
        const cases = [
          { bytes: garbage, name: 'x.pdf' },
          { bytes: garbage, name: 'statement' },
          // Plain text named .pdf: a text report by content, but not what its name claims.
          { bytes: corpusFile('bad/not_a_pdf.pdf'), name: 'not_a_pdf.pdf' },
        ];
        for (const c of cases) {
          const check = await upload('/api/sbi/check-password', { token: u.token, ...c });
          assert.equal(check.status, 422, `${c.name}: ${JSON.stringify(check.body)}`);
          assert.equal(check.body.code, 'UNSUPPORTED');
          const extract = await upload('/api/sbi/extract-statement', { token: u.token, ...c });
          assert.deepEqual(check.body, extract.body, `${c.name}: the same answer as extraction`);
        }
        assert.match(
          (await upload('/api/sbi/check-password', { token: u.token, bytes: garbage, name: 'g.bin' })).body
            .detail,
          /not supported/,
        );
        // A text report, an image and a workbook need no password.
        const rpt = await upload('/api/sbi/check-password', {
          token: u.token,
          bytes: corpusFile('bad/not_a_pdf.pdf'),
          name: 'statement.rpt',
        });
        assert.deepEqual(rpt.body, { password_required: false });
        assert.equal(await pagesOf(h, u.id), 5, 'nothing spent');
      },
    );

    test(
      'extract: password required, wrong password, then right; pages spent; history kept',
      needsCorpus,
      async () => {
        const truth = protectedTruth();
        const u = await member(10);
        const bytes = corpusFile(PROTECTED);
        const none = await upload('/api/hdfc/extract-statement', { token: u.token, bytes, name: 'p.pdf' });
        assert.equal(none.status, 400);
        assert.equal(none.body.code, 'PASSWORD_REQUIRED');
        const wrong = await upload('/api/hdfc/extract-statement?password=nope', {
          token: u.token,
          bytes,
          name: 'p.pdf',
        });
        assert.equal(wrong.status, 400);
        assert.deepEqual(wrong.body, {
          detail: 'Incorrect password.',
          code: 'WRONG_PASSWORD',
          next: 'Check the password (banks often use part of your name and your date of birth) and try again.',
          // issue 17: the reason in plain words and the next step
          reason: {
            code: 'WRONG_PASSWORD',
            message: 'Incorrect password.',
            next: 'Check the password (banks often use part of your name and your date of birth) and try again.',
          },
        });
        assert.equal(await pagesOf(h, u.id), 10, 'failures cost nothing');

        const ok = await upload(`/api/HDFC/extract-statement?password=${truth.password}`, {
          token: u.token,
          bytes,
          name: 'HDFC_protected.pdf',
        });
        assert.equal(ok.status, 200, JSON.stringify(ok.body));
        const a = ok.body;
        assert.equal(a.transactions.length, truth.transactions.length);
        const t0 = truth.transactions[0];
        const [y, m, d] = t0.date.split('-');
        assert.equal(a.transactions[0].Date, `${d}-${m}-${y}`);
        assert.equal(a.transactions[0].Description, t0.description);
        assert.equal(a.transactions[0].LedgerName, '');
        assert.equal(a.reconciliation.ok, true);
        assert.equal(a.reconciliation.breaks.length, 0);
        assert.equal(a.statement_info.account_number, truth.account.number);
        assert.equal(a.statement_info.ifsc, truth.account.ifsc);
        assert.equal(a.bank_detected.code, 'HDFC');
        assert.equal(a.bank_detected.corrected, false);
        assert.deepEqual(a.fallback_accounts, {});
        assert.match(a.xml_preview, /<ENVELOPE>/);
        assert.equal(a.pages, truth.pages);
        assert.equal(a.page_left, 10 - truth.pages);
        assert.equal(await pagesOf(h, u.id), 10 - truth.pages);
        assert.equal(decodeJwt(a.access_token).page_left, 10 - truth.pages);
        // The password never reaches the log.
        assert.ok(!h.logs.some((l) => l.includes(String(truth.password))));

        const history = await h.database.db.select().from(extractions).where(eq(extractions.userId, u.id));
        assert.equal(history.length, 1);
        assert.equal(history[0].fileName, 'HDFC_protected.pdf');
        assert.equal(history[0].bank, 'HDFC');
        assert.equal(history[0].rows, truth.transactions.length);

        // The same file again (password as a form field this time) within 24 hours is free ...
        const again = await upload('/api/hdfc/extract-statement', {
          token: u.token,
          bytes,
          name: 'again.pdf',
          fields: { password: String(truth.password) },
        });
        assert.equal(again.status, 200);
        assert.equal(again.body.pages, 0);
        assert.equal(await pagesOf(h, u.id), 10 - truth.pages);
        // ... and costs again a day later.
        h.clock.advance(25 * 3600 * 1000);
        const later = await upload(`/api/hdfc/extract-statement?password=${truth.password}`, {
          token: u.token,
          bytes,
          name: 'p.pdf',
        });
        assert.equal(later.body.pages, truth.pages);
        assert.equal(await pagesOf(h, u.id), 10 - 2 * truth.pages);
      },
    );

    test('extract: the wrong bank chosen is detected and reported', needsCorpus, async () => {
      const u = await member(10);
      const r = await upload('/api/hdfc/extract-statement', {
        token: u.token,
        bytes: corpusFile('SBI/SBI_short.pdf'),
        name: 'SBI_short.pdf',
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.bank_detected.code, 'SBI');
      assert.equal(r.body.bank_detected.requested, 'HDFC');
      assert.equal(r.body.bank_detected.corrected, true);
      assert.equal(r.body.statement_info.bank, 'SBI');
    });

    test(
      'extract: unsupported and empty files, too large (413), not enough pages (402)',
      needsCorpus,
      async () => {
        const truth = protectedTruth();
        const u = await member(10);
        const text = await upload('/api/sbi/extract-statement', {
          token: u.token,
          bytes: Buffer.from([0, 1, 2, 3, 255, 254, 0, 7, 9, 200, 13, 0, 1]),
          name: 'x.pdf',
        });
        assert.equal(text.status, 422, JSON.stringify(text.body));
        assert.ok(text.body.code === 'UNSUPPORTED' || text.body.code === 'UNREADABLE');
        const notPdf = await upload('/api/sbi/extract-statement', {
          token: u.token,
          bytes: corpusFile('bad/not_a_pdf.pdf'),
          name: 'not_a_pdf.pdf',
        });
        assert.ok(notPdf.status >= 400 && notPdf.status < 500, String(notPdf.status));
        assert.equal(typeof notPdf.body.detail, 'string');
        const empty = await upload('/api/sbi/extract-statement', {
          token: u.token,
          bytes: Buffer.alloc(0),
          name: 'e.pdf',
        });
        assert.equal(empty.status, 400);
        const big = await upload('/api/sbi/extract-statement', {
          token: u.token,
          bytes: Buffer.alloc(25 * 1024 * 1024 + 10, 65),
          name: 'big.pdf',
        });
        assert.equal(big.status, 413);
        assert.equal(await pagesOf(h, u.id), 10);

        const broke = await member(0);
        const r0 = await upload('/api/hdfc/extract-statement', {
          token: broke.token,
          bytes: corpusFile('HDFC/HDFC_short.pdf'),
          name: 's.pdf',
        });
        assert.equal(r0.status, 402);
        assert.equal(r0.body.detail, 'Not enough pages: this needs at least 1 page and you have 0 left.');
        // One page left, a three-page statement: refused after reading, nothing spent, nothing recorded.
        const short = await member(1);
        const r1 = await upload(`/api/hdfc/extract-statement?password=${truth.password}`, {
          token: short.token,
          bytes: corpusFile(PROTECTED),
          name: 'p.pdf',
        });
        assert.equal(r1.status, 402);
        assert.equal(
          r1.body.detail,
          `Not enough pages: this needs ${truth.pages} pages and you have 1 left.`,
        );
        assert.equal(await pagesOf(h, short.id), 1);
        const rows = await h.database.db.select().from(extractions).where(eq(extractions.userId, short.id));
        assert.equal(rows.length, 0);
        const spent = await h.database.db
          .select()
          .from(pageLedger)
          .where(and(eq(pageLedger.userId, short.id), eq(pageLedger.kind, 'spend')));
        assert.equal(spent.length, 0);
      },
    );

    const rows = [
      ...EXPORT_ROWS,
      { Date: 'not a date', Description: 'hidden row', Withdrawal: '5.00', Deposit: '', ClosingBalance: '' },
    ];

    test('download-xml: BOB and per-bank names, default ledgers, sanitised names; imports cleanly', async () => {
      const u = await member(0);
      const bob = await call(h.app, 'POST', '/api/bob/download-xml', {
        token: u.token,
        json: { acc: '12110100421184', transactions: rows, new_ledger_group: 'Indirect Expenses' },
      });
      assert.equal(bob.status, 200);
      assert.equal(
        bob.headers['content-disposition'],
        'attachment; filename="bob_statement_12110100421184.xml"',
      );
      assert.match(String(bob.body), /BOB A\/c 12110100421184/);
      const outcome = new TallyEmulator().importXml(String(bob.body)).outcome;
      assert.equal(outcome.errors, 0);
      assert.equal(outcome.lineErrors.length, 0);
      assert.ok(outcome.created >= 2);

      const hdfc = await call(h.app, 'POST', '/api/HDFC/download-xml', {
        token: u.token,
        json: {
          acc: '501"; x=../../etc',
          transactions: rows,
          ledger_name: 'HDFC Current',
          new_ledger_group: 'Indirect Expenses',
        },
      });
      assert.equal(hdfc.status, 200);
      assert.match(
        String(hdfc.headers['content-disposition']),
        /^attachment; filename="statement_[A-Za-z0-9._-]+\.xml"$/,
      );
      assert.match(String(hdfc.body), /HDFC Current/);
      const empty = await call(h.app, 'POST', '/api/bob/download-xml', {
        token: u.token,
        json: { acc: '1', transactions: [] },
      });
      assert.equal(empty.status, 400);
      assert.equal(empty.body.detail, 'No transactions to download.');
      const anonymous = await call(h.app, 'POST', '/api/bob/download-xml', {
        json: { acc: '1', transactions: rows },
      });
      assert.equal(anonymous.status, 401);
    });

    test('tally: generate-xml, send-to-tally; another user cannot reach the stored XML', async () => {
      const u = await member(0);
      const other = await member(0);
      const gen = await call(
        h.app,
        'POST',
        '/api/tally/generate-xml?ledger_name=HDFC%20A%2Fc%2042&new_ledger_group=Indirect%20Expenses',
        {
          token: u.token,
          json: rows,
        },
      );
      assert.equal(gen.status, 200);
      assert.equal(gen.headers['content-disposition'], 'attachment; filename="tally_export_HDFC_A_c_42.xml"');
      const noLedger = await call(h.app, 'POST', '/api/tally/generate-xml', { token: u.token, json: rows });
      assert.equal(noLedger.status, 400);

      // The rows were just downloaded for that ledger: sending them is refused as nothing new
      // (issue 31), unless asked for knowingly.
      const twice = await call(h.app, 'POST', '/api/tally/send-to-tally', {
        token: u.token,
        json: {
          transactions: rows,
          ledger_name: 'HDFC A/c 42',
          company_name: 'Bahi Demo Company',
          new_ledger_group: 'Indirect Expenses',
        },
      });
      assert.equal(twice.status, 409);
      assert.match(twice.body.detail, /already downloaded/);
      const sent = await call(h.app, 'POST', '/api/tally/send-to-tally', {
        token: u.token,
        json: {
          transactions: rows,
          ledger_name: 'HDFC A/c 42',
          company_name: 'Bahi Demo Company',
          include_sent: true,
          new_ledger_group: 'Indirect Expenses',
        },
      });
      assert.equal(sent.status, 200);
      assert.equal(sent.body.ok, true);
      assert.equal(sent.body.vouchers, 2);
      assert.match(sent.body.xml, /<SVCURRENTCOMPANY>Bahi Demo Company<\/SVCURRENTCOMPANY>/);
      const outcome = new TallyEmulator().importXml(sent.body.xml).outcome;
      assert.equal(outcome.errors, 0);

      const mine = await call(h.app, 'GET', `/api/tally/exports/${sent.body.xml_id}`, { token: u.token });
      assert.equal(mine.status, 200);
      assert.equal(mine.body.xml, sent.body.xml);
      const theirs = await call(h.app, 'GET', `/api/tally/exports/${sent.body.xml_id}`, {
        token: other.token,
      });
      assert.equal(theirs.status, 404);
      const report = await call(h.app, 'POST', `/api/tally/exports/${sent.body.xml_id}/response`, {
        token: other.token,
        json: { ok: true },
      });
      assert.equal(report.status, 404);
      const mineReport = await call(h.app, 'POST', `/api/tally/exports/${sent.body.xml_id}/response`, {
        token: u.token,
        json: { ok: true, status: 'success', tally_response: { created: 2 } },
      });
      assert.equal(mineReport.status, 200);

      const missing = await call(h.app, 'POST', '/api/tally/send-to-tally', {
        token: u.token,
        json: { transactions: rows, ledger_name: 'X', company_name: ' ' },
      });
      assert.equal(missing.status, 422);
      assert.match(missing.body.detail, /Please enter a company name\./);
    });

    test('ledger memory: suggests by UPI ID, payee and keyword with the reason; per user', async () => {
      const u = await member(0);
      const other = await member(0);
      const saved = await call(h.app, 'POST', '/api/ledger-memory', {
        token: u.token,
        json: {
          assignments: [
            { description: 'UPI-RAVI KUMAR-ravi@okaxis-RENT APR', ledger: 'Rent' },
            { description: 'NEFT-N123456-ACME TRADERS-INVOICE 42', ledger: 'Acme Traders' },
            { description: 'ELECTRICITY BILL 889', ledger: 'Power' },
            { description: 'whatever', ledger: '  ' },
          ],
        },
      });
      assert.equal(saved.status, 200);
      const descriptions = [
        'UPI-R K-ravi@okaxis-RENT MAY',
        'NEFT-N999-ACME TRADERS-INVOICE 77',
        'BILLDESK ELECTRICITY 1234',
        'SOMETHING ELSE ENTIRELY',
      ];
      const s = await call(h.app, 'POST', '/api/ledger-memory/suggest', {
        token: u.token,
        json: { descriptions },
      });
      assert.equal(s.status, 200);
      const by = new Map(s.body.suggestions.map((x: any) => [x.index, x]));
      assert.equal((by.get(0) as any).ledger, 'Rent');
      assert.match((by.get(0) as any).reason, /UPI ID ravi@okaxis/);
      assert.equal((by.get(1) as any).ledger, 'Acme Traders');
      assert.match((by.get(1) as any).reason, /payee/);
      assert.equal((by.get(2) as any).ledger, 'Power');
      assert.equal(by.has(3), false);
      const theirs = await call(h.app, 'POST', '/api/ledger-memory/suggest', {
        token: other.token,
        json: { descriptions },
      });
      assert.deepEqual(theirs.body.suggestions, []);

      // Forgetting clears only the caller's memory.
      await call(h.app, 'POST', '/api/ledger-memory', {
        token: other.token,
        json: { assignments: [{ description: 'ELECTRICITY BILL 1', ledger: 'Their Power' }] },
      });
      assert.equal((await call(h.app, 'DELETE', '/api/ledger-memory', { token: u.token })).status, 200);
      const mineAfter = await call(h.app, 'POST', '/api/ledger-memory/suggest', {
        token: u.token,
        json: { descriptions },
      });
      assert.deepEqual(mineAfter.body.suggestions, []);
      const theirsAfter = await call(h.app, 'POST', '/api/ledger-memory/suggest', {
        token: other.token,
        json: { descriptions },
      });
      assert.equal(theirsAfter.body.suggestions[0]?.ledger, 'Their Power');
    });
  });
}
