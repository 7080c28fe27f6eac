// Issue 31's "Done means", for each statement of ../shared/corpus-real (its ground truth's rows, so
// what is tested is the Tally path and not the reader): sent to the emulator from the statement
// screen's Send to Tally, then a filtered view, then an overlapping statement, then the whole again
// after the accountant reclassified some vouchers. The emulator assumes no REMOTEID matching (its
// default): a voucher sent twice would be in its books twice. Each statement's books must hold each
// transaction once, the bank ledger must move as the statement does (its closing less its opening
// when the statement is taken whole) and no reclassification may be lost. tally-books-once.test.ts
// walks the other paths on one statement, tally-books-once-paths-corpus.test.ts on each.
// BAHI_BOOKS_ONCE_ROWS caps the rows taken from each statement (0: all; default 250, to keep the
// run within a couple of minutes on a shared two-core machine).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bankVoucherIds, startTallyEmulator, type RunningEmulator } from '@bahi/tally';
import type { StatementTransaction } from '@bahi/contract';
import { rowsToBankTransactions } from '../src/statements/shape.ts';
import { paise, realStatements, screenRows, truthTransactions } from './helpers/corpus-real.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { needsRealCorpus } from './helpers/shared.ts';
import { pushExport } from './helpers/tally-push.ts';

const LEDGER = 'Bank A/c';
/** Vouchers the accountant moves from Suspense to Bank Charges before the last send. */
const RECLASSIFIED = 5;

describe(
  "each statement of corpus-real into the books once, on the statement screen's paths",
  needsRealCorpus,
  () => {
    let h: Awaited<ReturnType<typeof startApp>>;
    let tally: RunningEmulator;
    const all = needsRealCorpus.skip ? [] : realStatements();

    before(async () => {
      h = await startApp();
      tally = await startTallyEmulator({ port: 0, companies: all.map((s) => s.name) });
    });
    after(async () => {
      await tally?.close();
      await h?.close();
    });

    test('the corpus has its statements', () => assert.ok(all.length >= 40, `${all.length} statements`));

    all.forEach(({ name, truth }) => {
      test(name, async () => {
        // A user a statement: one user's pushes an hour are limited, as they are in use.
        const { token } = await makeMember(h, 0);
        const { whole, transactions } = truthTransactions(truth);
        const rows = screenRows(transactions);
        const send = (transactions: StatementTransaction[]) =>
          call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
            token,
            json: { transactions, ledger_name: LEDGER, company_name: name },
          });
        const push = async (answer: Awaited<ReturnType<typeof send>>) => {
          assert.equal(answer.status, 200, JSON.stringify(answer.body).slice(0, 300));
          await pushExport(h, token, tally.emulator, answer.body.xml_id, { parts: answer.body.parts });
        };
        // The first two thirds, then a filtered view of them (all sent: 409), then a statement that
        // overlaps them by a third.
        const third = Math.ceil(rows.length / 3);
        const first = rows.slice(0, 2 * third);
        await push(await send(first));
        const withdrawals = first.filter((r) => r.Withdrawal);
        const filtered = await send(withdrawals.length ? withdrawals : first.filter((r) => r.Deposit));
        assert.equal(filtered.status, 409, JSON.stringify(filtered.body).slice(0, 300));
        if (rows.length > first.length) {
          const overlapping = await send(rows.slice(third));
          assert.equal(overlapping.body.already_sent, first.length - third);
          await push(overlapping);
        }
        // The accountant reclassifies some vouchers in Tally; the whole statement again sends nothing.
        const company = tally.emulator.book.company(name)!;
        const moved = company.vouchers
          .filter((v) => v.legs.some((l) => l.ledger === 'Suspense'))
          .slice(0, RECLASSIFIED);
        for (const v of moved) v.legs.find((l) => l.ledger === 'Suspense')!.ledger = 'Bank Charges';
        assert.equal((await send(rows)).status, 409);

        const expected = bankVoucherIds({
          bankLedger: LEDGER,
          transactions: rowsToBankTransactions(rows),
        }).flat();
        assert.equal(company.vouchers.length, expected.length, 'one voucher per movement');
        assert.deepEqual(new Set(company.vouchers.map((v) => v.remoteId)), new Set(expected), 'each once');
        const movement = truth.transactions
          .slice(0, rows.length)
          .reduce((sum, t) => sum + paise(t.deposit) - paise(t.withdrawal), 0);
        assert.equal(
          company.balances().get(LEDGER.toLowerCase()) ?? 0,
          -movement,
          'the bank moves as printed',
        );
        if (whole && truth.openingBalance !== null && truth.closingBalance !== null)
          assert.equal(
            movement,
            paise(truth.closingBalance) - paise(truth.openingBalance),
            'closing less opening',
          );
        const charged = company.vouchers.filter((v) => v.legs.some((l) => l.ledger === 'Bank Charges'));
        assert.equal(charged.length, moved.length, 'no reclassification lost');
      });
    });
  },
);
