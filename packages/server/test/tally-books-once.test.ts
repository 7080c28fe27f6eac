// Each transaction into the books once, whatever path it takes (issue 31). A real statement of
// ../shared/corpus-real (HDFC_classic_2018: 476 rows, two -1.00 reversals) goes to the emulator by
// every path: whole, then a filtered view, then an overlapping statement; Download XML then Send to
// Tally; a push with the bridge stopped, then sent again; the office book and the statement screen
// one after the other; the command line then the web. The emulator assumes no REMOTEID matching
// (its default), so a voucher sent twice would be in its books twice: each test counts them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  bankVoucherIds,
  buildMultiAccountBankVouchersXml,
  readHeldVouchers,
  startTallyEmulator,
  statementToBankAccounts,
  type RunningEmulator,
} from '@bahi/tally';
import { closePool, extractStatement, type StatementResult } from '@bahi/statements';
import type { StatementTransaction } from '@bahi/contract';
import { rowsToBankTransactions, toRow } from '../src/statements/shape.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { needsRealCorpus, REAL_CORPUS } from './helpers/shared.ts';
import { pushExport, reportUnreachable } from './helpers/tally-push.ts';

const COMPANY = 'Once & Co';
const LEDGER = 'HDFC Bank A/c';
const NAME = 'HDFC_classic_2018';

describe('each transaction once on every path', needsRealCorpus, () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let tally: RunningEmulator;
  let result: StatementResult;
  let rows: StatementTransaction[];
  let movement: number;

  before(async () => {
    h = await startApp();
    tally = await startTallyEmulator({ port: 0, companies: [COMPANY] });
    ({ result } = await extractStatement(readFileSync(join(REAL_CORPUS, 'HDFC', `${NAME}.pdf`)), {
      fileName: `${NAME}.pdf`,
    }));
    rows = result.accounts[0].transactions.map(toRow);
    const truth = JSON.parse(readFileSync(join(REAL_CORPUS, 'HDFC', `${NAME}.truth.json`), 'utf8'));
    movement = Math.round((truth.closingBalance - truth.openingBalance) * 100);
  });
  after(async () => {
    await closePool();
    await tally?.close();
    await h?.close();
  });

  /** The emulator's books: each voucher id once, the count, and the bank ledger at the statement's closing. */
  function assertBooksOnce() {
    const company = tally.emulator.book.company(COMPANY)!;
    const expected = bankVoucherIds({
      bankLedger: LEDGER,
      transactions: rowsToBankTransactions(rows),
    }).flat();
    assert.equal(company.vouchers.length, expected.length, 'one voucher per movement');
    assert.deepEqual(
      new Set(company.vouchers.map((v) => v.remoteId)),
      new Set(expected),
      'each transaction once',
    );
    assert.equal(
      company.balances().get(LEDGER.toLowerCase()),
      -movement,
      'the bank ledger closes as the statement',
    );
    // Cash from an ATM is a Contra against Cash on every path.
    const atm = company.vouchers.filter((v) => v.narration.startsWith('ATW-'));
    assert.ok(atm.length > 0);
    for (const v of atm) {
      assert.equal(v.type, 'Contra', v.narration);
      assert.ok(v.legs.some((l) => l.ledger === 'Cash'));
    }
  }

  const send = (token: string, transactions: StatementTransaction[], extra: object = {}) =>
    call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
      token,
      json: { transactions, ledger_name: LEDGER, company_name: COMPANY, ...extra },
    });
  const partsOf = (vouchers: number) => Math.ceil(vouchers / 500);

  test('whole, then a filtered view, then an overlapping statement', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const first = rows.slice(0, 300);
    const sent = await send(token, first);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.already_sent, 0);
    await pushExport(h, token, tally.emulator, sent.body.xml_id, { parts: sent.body.parts });

    // The same statement filtered to its withdrawals: every one went already.
    const filtered = await send(
      token,
      first.filter((r) => r.Withdrawal),
    );
    assert.equal(filtered.status, 409);
    assert.match(filtered.body.detail, /already sent to Tally/);

    // The next statement overlaps the first by 100 rows: only the new ones go, and it says so.
    const overlapping = await send(token, rows.slice(200));
    assert.equal(overlapping.status, 200, JSON.stringify(overlapping.body));
    assert.equal(overlapping.body.already_sent, 100);
    assert.equal(overlapping.body.vouchers, rows.length - 300);
    await pushExport(h, token, tally.emulator, overlapping.body.xml_id, { parts: overlapping.body.parts });
    assertBooksOnce();

    // The accountant reclassifies 50 vouchers in Tally; sending the whole statement again loses none.
    const books = tally.emulator.book.company(COMPANY)!;
    const payments = books.vouchers.filter((v) => v.type === 'Payment').slice(0, 50);
    for (const v of payments) v.legs.find((l) => l.ledger === 'Suspense')!.ledger = 'Bank Charges';
    const whole = await send(token, rows);
    assert.equal(whole.status, 409);
    assert.equal(books.vouchers.filter((v) => v.legs.some((l) => l.ledger === 'Bank Charges')).length, 50);
    assertBooksOnce();
  });

  test('Download XML, imported by hand, then Send to Tally: nothing sent twice unless asked', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    // Downloaded before the company was read (no company named): it may be imported anywhere.
    const download = await call(h.app, 'POST', '/api/hdfc/download-xml', {
      token,
      json: { acc: '1', transactions: rows, ledger_name: LEDGER },
    });
    assert.equal(download.status, 200);
    assert.equal(download.headers['x-bahi-vouchers'], String(rows.length));
    const { outcome } = tally.emulator.importXml(
      String(download.body).replace(
        '<REQUESTDESC>',
        `<REQUESTDESC><STATICVARIABLES><SVCURRENTCOMPANY>${COMPANY.replace('&', '&amp;')}</SVCURRENTCOMPANY></STATICVARIABLES>`,
      ),
    );
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    const sent = await send(token, rows);
    assert.equal(sent.status, 409);
    assert.match(sent.body.detail, new RegExp(`Left out ${rows.length} already downloaded`));
    // A second download says the same.
    const again = await call(h.app, 'POST', '/api/hdfc/download-xml', {
      token,
      json: { acc: '1', transactions: rows.slice(0, 10), ledger_name: LEDGER, company_name: COMPANY },
    });
    assert.equal(again.status, 409);
    assertBooksOnce();
    // Asked for (the file was lost, never imported): all of them.
    const asked = await send(token, rows, { include_sent: true });
    assert.equal(asked.body.vouchers, rows.length);
  });

  test('a push with the bridge stopped marks nothing; sending again completes it', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const sent = await send(token, rows);
    assert.equal(sent.status, 200);
    for (let part = 0; part < sent.body.parts; part++)
      await reportUnreachable(h, token, sent.body.xml_id, part);
    const again = await send(token, rows);
    assert.equal(again.status, 200);
    assert.equal(again.body.already_sent, 0);
    assert.equal(again.body.vouchers, sent.body.vouchers);
    await pushExport(h, token, tally.emulator, again.body.xml_id, { parts: partsOf(again.body.vouchers) });
    assertBooksOnce();
    assert.equal((await send(token, rows)).status, 409);
  });

  test('the office book then the statement screen, and the screen then the book', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const office = (method: 'GET' | 'POST', url: string, json?: unknown) =>
      call(h.app, method, `/api/office${url}`, { token, json });
    const client = (
      await office('POST', '/clients', { name: 'Once', state_code: '27', tally_company: COMPANY })
    ).body;
    const account = (
      await office('POST', `/clients/${client.id}/accounts`, {
        bank: 'HDFC',
        account_number: '50100123456789',
        tally_ledger: LEDGER,
      })
    ).body.account;
    // The screen sends the later rows first.
    const screen = await send(token, rows.slice(400));
    await pushExport(h, token, tally.emulator, screen.body.xml_id);
    const filed = await office('POST', '/statements/file', {
      client_id: client.id,
      account_number: '50100123456789',
      transactions: rows,
    });
    assert.equal(filed.body.kind, 'filed');
    const push = await office('POST', `/accounts/${account.id}/push`, {});
    assert.equal(push.status, 200, JSON.stringify(push.body));
    assert.equal(push.body.already_sent, rows.length - 400);
    assert.equal(push.body.rows, 400);
    // Not pushed until Tally answers.
    assert.equal(
      (await office('GET', `/accounts/${account.id}/book`)).body.account.pushed,
      rows.length - 400,
    );
    await pushExport(h, token, tally.emulator, push.body.xml_id);
    const book = (await office('GET', `/accounts/${account.id}/book`)).body;
    assert.equal(book.account.unpushed, 0);
    // And the screen afterwards: everything is in already.
    assert.equal((await send(token, rows.slice(0, 50))).status, 409);
    assertBooksOnce();
  });

  test('the command line then the web: the same ids, and where Tally matches them nothing is entered or altered twice', async () => {
    const strict = await startTallyEmulator({ port: 0, companies: [COMPANY], remoteIds: 'alter' });
    try {
      const accounts = statementToBankAccounts(result.accounts, LEDGER, 'HDFC Bank');
      const cli = buildMultiAccountBankVouchersXml({ accounts, company: COMPANY, withMasters: true });
      const { outcome } = strict.emulator.importXml(cli);
      assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
      const { token } = await makeMember(h, 0);
      const sent = await send(token, rows);
      const answers = await pushExport(h, token, strict.emulator, sent.body.xml_id, {
        parts: sent.body.parts,
      });
      assert.equal(
        answers.reduce((n, a) => n + a.created + a.altered, 0),
        0,
        'every voucher refused as existing',
      );
      const company = strict.emulator.book.company(COMPANY)!;
      assert.equal(company.vouchers.length, accounts[0].transactions.length);
      assert.equal(company.balances().get(LEDGER.toLowerCase()), -movement);
    } finally {
      await strict.close();
    }
  });

  test('what the company has is never sent: a Tally whose Create alters masters changes none of them', async () => {
    const alters = await startTallyEmulator({ port: 0, companies: [COMPANY], mastersOnCreate: 'alter' });
    try {
      // The company keeps the bank account under Bank OD A/c (a cash-credit account).
      const seed = alters.emulator.importXml(
        `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>Once &amp; Co</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC><REQUESTDATA><TALLYMESSAGE><LEDGER NAME="${LEDGER}"><PARENT>Bank OD A/c</PARENT></LEDGER></TALLYMESSAGE></REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`,
      );
      assert.equal(seed.outcome.created, 1);
      const { token } = await makeMember(h, 0);
      const kept = await call(h.app, 'PUT', '/api/tally/company', {
        token,
        json: { company: { name: COMPANY }, ledgers: [{ name: LEDGER, parent: 'Bank OD A/c' }] },
      });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      const parent = () => alters.emulator.book.company(COMPANY)!.ledgers.get(LEDGER.toLowerCase())?.parent;
      // The statement screen sends half, the office book the rest.
      const sent = await send(token, rows.slice(0, 200));
      await pushExport(h, token, alters.emulator, sent.body.xml_id);
      assert.equal(parent(), 'Bank OD A/c');
      const office = (method: 'GET' | 'POST', url: string, json?: unknown) =>
        call(h.app, method, `/api/office${url}`, { token, json });
      const client = (
        await office('POST', '/clients', { name: 'OD', state_code: '27', tally_company: COMPANY })
      ).body;
      const account = (
        await office('POST', `/clients/${client.id}/accounts`, {
          bank: 'HDFC',
          account_number: '50100123456789',
          tally_ledger: LEDGER,
        })
      ).body.account;
      await office('POST', '/statements/file', {
        client_id: client.id,
        account_number: '50100123456789',
        transactions: rows,
      });
      const push = await office('POST', `/accounts/${account.id}/push`, {});
      assert.ok(!push.body.xml.includes(`<LEDGER NAME="${LEDGER}"`), 'the bank ledger is not declared');
      await pushExport(h, token, alters.emulator, push.body.xml_id);
      assert.equal(parent(), 'Bank OD A/c');
      assert.equal(
        alters.emulator.book.company(COMPANY)!.vouchers.length,
        rowsToBankTransactions(rows).length,
      );
    } finally {
      await alters.close();
    }
  });

  test('the command line then the web, Tally matching nothing: what the company holds is read first and not sent', async () => {
    tally.emulator.reset();
    // `bahi xml` made a file of the first 300 rows, imported by hand: Bahi has no record of it.
    const accounts = statementToBankAccounts(result.accounts, LEDGER, 'HDFC Bank');
    const cli = buildMultiAccountBankVouchersXml({
      accounts: [{ ...accounts[0], transactions: accounts[0].transactions.slice(0, 300) }],
      company: COMPANY,
      withMasters: true,
      contraForCash: true, // as `bahi xml` does by default
    });
    assert.equal(tally.emulator.importXml(cli).outcome.errors, 0);
    // The web asks the bridge what the company holds on the ledger in the rows' period.
    const dates = rowsToBankTransactions(rows)
      .map((t) => t.date)
      .sort();
    const held = await readHeldVouchers({
      port: tally.port,
      company: COMPANY,
      bankLedger: LEDGER,
      from: dates[0],
      to: dates[dates.length - 1],
    });
    const { token } = await makeMember(h, 0);
    const sent = await send(token, rows, { held });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const cliVouchers = bankVoucherIds({
      bankLedger: LEDGER,
      transactions: rowsToBankTransactions(rows.slice(0, 300)),
    }).flat();
    assert.equal(sent.body.already_in_tally, cliVouchers.length);
    await pushExport(h, token, tally.emulator, sent.body.xml_id, { parts: sent.body.parts });
    assertBooksOnce();
    // Bahi now knows: sending again leaves everything out without asking Tally.
    const again = await send(token, rows);
    assert.equal(again.status, 409);
  });

  test('the office book after a hand-imported file: what the company holds is not pushed again', async () => {
    tally.emulator.reset();
    const accounts = statementToBankAccounts(result.accounts, LEDGER, 'HDFC Bank');
    const first = accounts[0].transactions.slice(0, 100);
    const cli = buildMultiAccountBankVouchersXml({
      accounts: [{ ...accounts[0], transactions: first }],
      company: COMPANY,
      withMasters: true,
      contraForCash: true,
    });
    assert.equal(tally.emulator.importXml(cli).outcome.errors, 0);
    const { token } = await makeMember(h, 0);
    const office = (method: 'GET' | 'POST', url: string, json?: unknown) =>
      call(h.app, method, `/api/office${url}`, { token, json });
    const client = (
      await office('POST', '/clients', { name: 'Held', state_code: '27', tally_company: COMPANY })
    ).body;
    const account = (
      await office('POST', `/clients/${client.id}/accounts`, {
        bank: 'HDFC',
        account_number: '50100123456789',
        tally_ledger: LEDGER,
      })
    ).body.account;
    await office('POST', '/statements/file', {
      client_id: client.id,
      account_number: '50100123456789',
      transactions: rows,
    });
    const dates = rowsToBankTransactions(rows)
      .map((t) => t.date)
      .sort();
    const held = await readHeldVouchers({
      port: tally.port,
      company: COMPANY,
      bankLedger: LEDGER,
      from: dates[0],
      to: dates[dates.length - 1],
    });
    const push = await office('POST', `/accounts/${account.id}/push`, { held });
    assert.equal(push.status, 200, JSON.stringify(push.body).slice(0, 300));
    assert.equal(push.body.already_sent, 100);
    await pushExport(h, token, tally.emulator, push.body.xml_id);
    assertBooksOnce();
    assert.equal((await office('GET', `/accounts/${account.id}/book`)).body.account.unpushed, 0);
  });
});
