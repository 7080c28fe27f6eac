// Issue 31's "Done means" on the paths other than the statement screen's Send to Tally
// (tally-books-once-corpus.test.ts), for each statement of ../shared/corpus-real (its ground truth's
// rows, capped as there: BAHI_BOOKS_ONCE_ROWS): a Download XML imported by hand and then Send to
// Tally; the command line's file imported by hand and then the web, with what the company holds read
// through the bridge first; the office book after the screen sent part, then an overlapping
// statement filed into the book; two filtered views of the statement screen, the second with what the
// company holds read first (decision 037, round 3f). Each path ends with the accountant reclassifying some vouchers and
// the whole statement offered again. The emulator matches no REMOTEID (its default), so a voucher
// sent twice would be in its books twice: each path's company must hold each transaction once, its
// bank ledger must move as the statement (closing less opening when taken whole), and no
// reclassification may be lost. tally-books-once.test.ts walks the same paths on HDFC_classic_2018
// with the reader's rows and under the emulator's other rules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isBankCode } from '@bahi/core';
import type { StatementTransaction } from '@bahi/contract';
import {
  bankVoucherIds,
  buildMultiAccountBankVouchersXml,
  readHeldVouchers,
  startTallyEmulator,
  statementToBankAccounts,
  type RunningEmulator,
} from '@bahi/tally';
import { rowsToBankTransactions } from '../src/statements/shape.ts';
import { paise, realStatements, screenRows, truthTransactions, type Truth } from './helpers/corpus-real.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { needsRealCorpus } from './helpers/shared.ts';
import { officeAccount, pushExport } from './helpers/tally-push.ts';

const LEDGER = 'Bank A/c';
const ACCOUNT_NUMBER = '50100123456789';
/** Vouchers the accountant moves from Suspense to Bank Charges before the statement comes again. */
const RECLASSIFIED = 5;
const PATHS = {
  download: 'download',
  cli: 'command line',
  office: 'office book',
  filtered: 'filtered views',
} as const;
const companyOf = (name: string, path: keyof typeof PATHS) => `${name} (${PATHS[path]})`;
/** The parts a kept export of this many vouchers goes in (the server's part size). */
const partsOf = (vouchers: number) => Math.max(1, Math.ceil(vouchers / 500));

/**
 * A filter of the statement screen's table, as a search picks rows. Rows alike in all the identity
 * reads (day, amounts, printed balance) stay together: split, they would share an id, decision 037's
 * known price (2), and the second would be left out as sent.
 */
function pickedByFilter(r: StatementTransaction): boolean {
  let hash = 7;
  for (const c of `${r.Date}|${r.Withdrawal}|${r.Deposit}|${r.ClosingBalance}`)
    hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % 2 === 0;
}

describe('each statement of corpus-real into the books once, on every other path', needsRealCorpus, () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let tally: RunningEmulator;
  const all = needsRealCorpus.skip ? [] : realStatements();

  before(async () => {
    h = await startApp();
    const companies = all.flatMap((s) =>
      Object.keys(PATHS).map((p) => companyOf(s.name, p as keyof typeof PATHS)),
    );
    tally = await startTallyEmulator({ port: 0, companies });
  });
  after(async () => {
    await tally?.close();
    await h?.close();
  });

  test('the corpus has its statements', () => assert.ok(all.length >= 40, `${all.length} statements`));

  /** The accountant moves some of Bahi's vouchers from Suspense to Bank Charges in Tally. */
  function reclassify(company: string) {
    const moved = tally.emulator.book
      .company(company)!
      .vouchers.filter((v) => v.legs.some((l) => l.ledger === 'Suspense'))
      .slice(0, RECLASSIFIED);
    for (const v of moved) v.legs.find((l) => l.ledger === 'Suspense')!.ledger = 'Bank Charges';
    assert.ok(moved.length > 0, 'something to reclassify');
    return moved.length;
  }

  /** The company's books: each transaction once, the bank as the statement, the reclassified kept. */
  function assertBooksOnce(
    company: string,
    rows: StatementTransaction[],
    truth: Truth,
    whole: boolean,
    reclassified: number,
  ) {
    const books = tally.emulator.book.company(company)!;
    const expected = bankVoucherIds({
      bankLedger: LEDGER,
      transactions: rowsToBankTransactions(rows),
    }).flat();
    assert.equal(books.vouchers.length, expected.length, 'one voucher per movement');
    assert.deepEqual(new Set(books.vouchers.map((v) => v.remoteId)), new Set(expected), 'each once');
    const movement = truth.transactions
      .slice(0, rows.length)
      .reduce((sum, t) => sum + paise(t.deposit) - paise(t.withdrawal), 0);
    assert.equal(books.balances().get(LEDGER.toLowerCase()) ?? 0, -movement, 'the bank moves as printed');
    if (whole && truth.openingBalance !== null && truth.closingBalance !== null)
      assert.equal(
        movement,
        paise(truth.closingBalance) - paise(truth.openingBalance),
        'closing less opening',
      );
    const charged = books.vouchers.filter((v) => v.legs.some((l) => l.ledger === 'Bank Charges'));
    assert.equal(charged.length, reclassified, 'no reclassification lost');
  }

  /** What the company holds on the bank ledger over the rows' days, read as the screens read it. */
  async function held(company: string, rows: StatementTransaction[]) {
    const days = rowsToBankTransactions(rows)
      .map((t) => t.date)
      .sort();
    return readHeldVouchers({
      port: tally.port,
      company,
      bankLedger: LEDGER,
      from: days[0],
      to: days[days.length - 1],
    });
  }

  all.forEach(({ name, bank, truth }) => {
    describe(name, () => {
      const { whole, transactions } = needsRealCorpus.skip
        ? { whole: true, transactions: [] }
        : truthTransactions(truth);
      const rows = screenRows(transactions);
      const third = Math.ceil(rows.length / 3);
      const vouchersOf = (some: StatementTransaction[]) =>
        bankVoucherIds({ bankLedger: LEDGER, transactions: rowsToBankTransactions(some) }).flat().length;

      const user = async () => {
        // A user a path: one user's pushes an hour are limited, as they are in use.
        const { token } = await makeMember(h, 0);
        const send = (company: string, some: StatementTransaction[], extra: object = {}) =>
          call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
            token,
            json: { transactions: some, ledger_name: LEDGER, company_name: company, ...extra },
          });
        return { token, send };
      };

      test('Download XML imported by hand, then Send to Tally, then again after reclassifying', async () => {
        const company = companyOf(name, 'download');
        const { token, send } = await user();
        // Downloaded before the company was read (no company named): it may be imported anywhere.
        const first = rows.slice(0, 2 * third);
        const code = bank.toLowerCase();
        const download = await call(h.app, 'POST', `/api/${isBankCode(code) ? code : 'hdfc'}/download-xml`, {
          token,
          json: { acc: '1', transactions: first, ledger_name: LEDGER },
        });
        assert.equal(download.status, 200, String(download.body).slice(0, 300));
        const downloaded = Number(download.headers['x-bahi-vouchers']);
        assert.equal(downloaded, vouchersOf(first));
        const { outcome } = tally.emulator.importXml(
          String(download.body).replace(
            '<REQUESTDESC>',
            `<REQUESTDESC><STATICVARIABLES><SVCURRENTCOMPANY>${company}</SVCURRENTCOMPANY></STATICVARIABLES>`,
          ),
        );
        assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));

        // The whole statement from Send to Tally: what was downloaded stays out, the rest goes.
        const sent = await send(company, rows);
        if (rows.length > first.length) {
          assert.equal(sent.status, 200, JSON.stringify(sent.body).slice(0, 300));
          assert.equal(sent.body.already_downloaded, downloaded);
          assert.equal(sent.body.vouchers, vouchersOf(rows) - downloaded);
          await pushExport(h, token, tally.emulator, sent.body.xml_id, { parts: sent.body.parts });
        } else assert.equal(sent.status, 409);

        const reclassified = reclassify(company);
        assert.equal((await send(company, rows)).status, 409);
        const again = await call(h.app, 'POST', '/api/hdfc/download-xml', {
          token,
          json: { acc: '1', transactions: rows, ledger_name: LEDGER, company_name: company },
        });
        assert.equal(again.status, 409, 'a second download says they went');
        assertBooksOnce(company, rows, truth, whole, reclassified);
      });

      test('the command line imported by hand, then the web with what Tally holds read first', async () => {
        const company = companyOf(name, 'cli');
        const { token, send } = await user();
        // What `bahi xml --company C --with-masters` writes (cli/src/commands/xml.ts) for the first
        // two thirds of the statement; Bahi keeps no record of it.
        const first = transactions.slice(0, 2 * third);
        const accounts = statementToBankAccounts([{ number: null, transactions: first }], LEDGER, 'Bank');
        const cli = buildMultiAccountBankVouchersXml({
          accounts,
          company,
          withMasters: true,
          contraForCash: true,
        });
        const imported = tally.emulator.importXml(cli).outcome;
        assert.equal(imported.errors + imported.exceptions, 0, imported.lineErrors.join('; '));
        const byCli = tally.emulator.book.company(company)!.vouchers.length;

        const sent = await send(company, rows, { held: await held(company, rows) });
        if (rows.length > first.length) {
          assert.equal(sent.status, 200, JSON.stringify(sent.body).slice(0, 300));
          assert.equal(sent.body.already_in_tally, byCli);
          await pushExport(h, token, tally.emulator, sent.body.xml_id, { parts: sent.body.parts });
        } else assert.equal(sent.status, 409);

        const reclassified = reclassify(company);
        // Again with what Tally holds, and without: Bahi's record now answers for the web's part.
        assert.equal((await send(company, rows, { held: await held(company, rows) })).status, 409);
        assertBooksOnce(company, rows, truth, whole, reclassified);
      });

      test('the screen sends a third, the office book the rest, an overlapping statement filed after', async () => {
        const company = companyOf(name, 'office');
        const { token, send } = await user();
        const { office, client, account } = await officeAccount(h, token, {
          name,
          company,
          bank,
          number: ACCOUNT_NUMBER,
          ledger: LEDGER,
        });
        const screen = await send(company, rows.slice(0, third));
        assert.equal(screen.status, 200, JSON.stringify(screen.body).slice(0, 300));
        await pushExport(h, token, tally.emulator, screen.body.xml_id, { parts: screen.body.parts });

        const file = async (some: StatementTransaction[]) => {
          const filed = await office('POST', '/statements/file', {
            client_id: client.id,
            account_number: ACCOUNT_NUMBER,
            transactions: some,
          });
          assert.equal(filed.body.kind, 'filed', JSON.stringify(filed.body).slice(0, 300));
          return filed.body;
        };
        const push = async () => {
          const pushed = await office('POST', `/accounts/${account.id}/push`, {
            held: await held(company, rows),
          });
          assert.equal(pushed.status, 200, JSON.stringify(pushed.body).slice(0, 300));
          await pushExport(h, token, tally.emulator, pushed.body.xml_id, {
            parts: partsOf(pushed.body.vouchers),
          });
          return pushed.body;
        };
        // The first two thirds into the book: the screen's third is left out.
        const first = rows.slice(0, 2 * third);
        await file(first);
        const pushed = await push();
        assert.equal(pushed.already_sent, vouchersOf(rows.slice(0, third)));
        // The next statement overlaps the book by a third: only its new rows are added and pushed.
        if (rows.length > first.length) {
          const overlapping = await file(rows.slice(third));
          assert.equal(overlapping.added, rows.length - first.length);
          await push();
        }
        const book = (await office('GET', `/accounts/${account.id}/book`)).body;
        assert.equal(book.account.unpushed, 0);

        const reclassified = reclassify(company);
        const nothing = await office('POST', `/accounts/${account.id}/push`, {});
        assert.equal(nothing.status, 400);
        assert.match(nothing.body.detail, /gone to Tally already/);
        assert.equal((await send(company, rows)).status, 409);
        assertBooksOnce(company, rows, truth, whole, reclassified);
      });

      test('Send to Tally of a filtered view, then of the rest with what Tally holds read first', async () => {
        const company = companyOf(name, 'filtered');
        const { token, send } = await user();
        // A filter, then its complement (as two searches split the table): a row of the second may
        // share its day, side and amount with one the first sent, which Tally now holds.
        const shown = rows.filter(pickedByFilter);
        const rest = rows.filter((r) => !pickedByFilter(r));
        if (shown.length > 0) {
          const first = await send(company, shown);
          assert.equal(first.status, 200, JSON.stringify(first.body).slice(0, 300));
          await pushExport(h, token, tally.emulator, first.body.xml_id, { parts: first.body.parts });
        }
        if (rest.length > 0) {
          const second = await send(company, rest, { held: await held(company, rows) });
          assert.equal(second.status, 200, JSON.stringify(second.body).slice(0, 300));
          assert.equal(second.body.already_in_tally, 0, "only Bahi's own vouchers are in Tally");
          assert.equal(second.body.vouchers, vouchersOf(rest));
          await pushExport(h, token, tally.emulator, second.body.xml_id, { parts: second.body.parts });
        }
        assert.equal((await send(company, rows, { held: await held(company, rows) })).status, 409);
        const reclassified = reclassify(company);
        assert.equal((await send(company, rows)).status, 409);
        assertBooksOnce(company, rows, truth, whole, reclassified);
      });
    });
  });
});
