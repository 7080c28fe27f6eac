// Signed amounts end to end (issue 31): a reversal printed as a negative withdrawal is money in (a
// Receipt), a negative deposit money out (a Payment), and the bank ledger in the books ends where
// the statement does. The real HDFC statements of ../shared/corpus-real print `-1.00` reversals.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  buildMultiAccountBankVouchersXml,
  pushToTally,
  readImportXml,
  startTallyEmulator,
  statementToBankAccounts,
  type RunningEmulator,
} from '../src/index.ts';
import { checkImportFile, shared } from './helpers.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['Signs & Co'] });
});
after(() => tally?.close());

const bankLeg = (v: ReturnType<typeof readImportXml>['objects'][number]) =>
  v.kind === 'VOUCHER' ? v.legs.find((l) => l.ledger === 'HDFC') : undefined;

test('a negative withdrawal is a Receipt with the bank debited; a negative deposit a Payment', () => {
  const xml = buildBankVouchersXml({
    bankLedger: 'HDFC',
    transactions: [
      { date: '2025-07-01', description: 'POS REV', withdrawal: -100, deposit: 0, balance: 1100 },
      { date: '2025-07-02', description: 'NEFT RETURN', withdrawal: 0, deposit: -2500, balance: -1400 },
      { date: '2025-07-03', description: 'SALARY', withdrawal: 0, deposit: 5000, balance: 3600 },
    ],
  });
  const vouchers = readImportXml(xml).objects.filter((o) => o.kind === 'VOUCHER');
  assert.deepEqual(
    vouchers.map((v) => [v.kind === 'VOUCHER' ? v.type : '', bankLeg(v)?.amount]),
    [
      ['Receipt', -100],
      ['Payment', 2500],
      ['Receipt', -5000],
    ],
  );
  assert.deepEqual(checkImportFile(xml, ['HDFC', 'Suspense']).problems, []);
});

const { dir: REAL, options: needsReal } = shared('corpus-real');
// Loaded by name so the tally package keeps no build-time dependency on the statements package.
const STATEMENTS = '@bahi/statements';

for (const name of ['HDFC_classic_2018', 'HDFC_classic_2019e']) {
  test(
    `${name}: every reversal is a Receipt and the bank ledger ends at the statement's closing`,
    needsReal,
    async () => {
      const statements = (await import(STATEMENTS)) as {
        extractStatement(b: Uint8Array, o: { fileName?: string }): Promise<{ result: { accounts: never[] } }>;
        closePool(): Promise<void>;
      };
      const truth = JSON.parse(readFileSync(join(REAL, 'HDFC', `${name}.truth.json`), 'utf8')) as {
        openingBalance: number;
        closingBalance: number;
      };
      try {
        const { result } = await statements.extractStatement(
          readFileSync(join(REAL, 'HDFC', `${name}.pdf`)),
          {
            fileName: `${name}.pdf`,
          },
        );
        // What `bahi xml --ledger HDFC --with-masters` does.
        const accounts = statementToBankAccounts(result.accounts, 'HDFC', 'HDFC Bank');
        const reversals = accounts[0].transactions.filter((t) => t.withdrawal < 0);
        assert.equal(reversals.length, 2, 'the statement prints two negative withdrawals');
        const xml = buildMultiAccountBankVouchersXml({ accounts, company: 'Signs & Co', withMasters: true });
        const vouchers = readImportXml(xml).objects.flatMap((o) => (o.kind === 'VOUCHER' ? [o] : []));
        for (const r of reversals) {
          // The same day often has the payment being reversed, under the same narration.
          const same = vouchers.filter(
            (o) => o.narration.startsWith(r.description) && o.date === r.date.replaceAll('-', ''),
          );
          const back = same.filter((o) => o.legs.find((l) => l.ledger === 'HDFC')?.amount === r.withdrawal);
          assert.deepEqual(
            back.map((o) => o.type),
            ['Receipt'],
            `${r.description}: the bank is debited by a Receipt`,
          );
        }

        tally.emulator.reset();
        const answer = await pushToTally(xml, { port: tally.port });
        assert.equal(answer.ok, true, answer.problems.join('; '));
        const company = tally.emulator.book.company('Signs & Co');
        const movement = Math.round((truth.closingBalance - truth.openingBalance) * 100);
        // Tally's sign: a debit (money into the bank) is negative.
        assert.equal(company?.balances().get('hdfc'), -movement);
      } finally {
        await statements.closePool();
      }
    },
  );
}
