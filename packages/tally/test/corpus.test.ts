// Done means: for every statement of the corpus, what `bahi xml` does (extract, one bank ledger
// per account, bank vouchers with masters) gives one voucher per transaction, every voucher
// balances, and the Tally emulator imports the file with zero errors.
// OCR statements (scanned PDFs, photos) are skipped here to keep the suite fast.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  buildMultiAccountBankVouchersXml,
  pushToTally,
  startTallyEmulator,
  statementToBankAccounts,
  type RunningEmulator,
} from '../src/index.ts';
import { checkImportFile, shared } from './helpers.ts';

const { dir: CORPUS, options: needsCorpus } = shared('corpus');
const present = !needsCorpus.skip;
test('the corpus is present', needsCorpus, () => {});
const manifest = (
  present ? JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) : { files: [] }
) as {
  files: { file: string; bank: string; format: string; password: string | null; transactions: number }[];
};
const FAST_FORMATS = new Set(['pdf', 'xlsx', 'rpt']);

interface StatementsModule {
  extractStatement(
    bytes: Uint8Array,
    o: { password?: string; bank?: string; fileName?: string },
  ): Promise<{
    result: { bank: string | null; accounts: Parameters<typeof statementToBankAccounts>[0] };
  }>;
  closePool(): Promise<void>;
}
// Loaded by name so the tally package keeps no build-time dependency on the statements package.
const STATEMENTS = '@bahi/statements';
let statements: StatementsModule;
let tally: RunningEmulator;

before(async () => {
  statements = (await import(STATEMENTS)) as StatementsModule;
  tally = await startTallyEmulator({ companies: ['Corpus & Co'] });
});
after(async () => {
  await statements?.closePool();
  await tally?.close();
});

for (const entry of manifest.files.filter((f) => FAST_FORMATS.has(f.format))) {
  test(`corpus ${entry.file}: one voucher per transaction, balanced, imported with zero errors`, async () => {
    const bytes = readFileSync(join(CORPUS, entry.file));
    const { result } = await statements.extractStatement(bytes, {
      password: entry.password ?? undefined,
      fileName: entry.file.split('/').pop(),
    });
    const accounts = statementToBankAccounts(result.accounts, undefined, `${entry.bank} Bank`);
    const xml = buildMultiAccountBankVouchersXml({ accounts, company: 'Corpus & Co', withMasters: true });
    const transactions = accounts.flatMap((a) => a.transactions);
    const expectedVouchers = transactions.reduce(
      (n, t) => n + (t.withdrawal ? 1 : 0) + (t.deposit ? 1 : 0),
      0,
    );
    assert.equal(transactions.length, entry.transactions, 'transactions parsed');
    assert.ok(
      transactions.every((t) => t.withdrawal > 0 !== t.deposit > 0),
      'each transaction is one withdrawal or one deposit',
    );

    const { problems, vouchers } = checkImportFile(xml);
    assert.deepEqual(problems, []);
    assert.equal(vouchers.length, expectedVouchers);

    const response = await pushToTally(xml, { port: tally.port });
    assert.equal(response.errors, 0, response.lineErrors.join('; '));
    assert.equal(response.ok, true, response.problems.join('; '));
  });
}
