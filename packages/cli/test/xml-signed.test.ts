// `bahi xml` on the real HDFC statements that print `-1.00` reversals (issue 31): before, it refused
// them ("Transaction 279 has an invalid amount"); now each reversal is a Receipt and the file,
// imported into the emulator, leaves the bank ledger at the statement's closing.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Book } from '@bahi/tally';
import { bahi, ROOT } from './run.ts';

const REAL = path.resolve(ROOT, '../shared/corpus-real/HDFC');
const needsReal = existsSync(REAL) ? {} : { skip: '../shared/corpus-real is absent beside the repository' };

for (const name of ['HDFC_classic_2018', 'HDFC_classic_2019e']) {
  test(`bahi xml ${name}.pdf: written, and the bank ledger ends at the closing`, needsReal, async () => {
    const r = await bahi(
      'xml',
      path.join(REAL, `${name}.pdf`),
      '--ledger',
      'HDFC Bank A/c',
      '--company',
      'Cli Co',
      '--with-masters',
    );
    assert.equal(r.code, 0, r.stderr);
    const truth = JSON.parse(readFileSync(path.join(REAL, `${name}.truth.json`), 'utf8'));
    const book = new Book(['Cli Co']);
    const outcome = book.import(r.stdout);
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    const movement = Math.round((truth.closingBalance - truth.openingBalance) * 100);
    assert.equal(book.company('Cli Co')?.balances().get('hdfc bank a/c'), -movement);
    // Cash from an ATM is a Contra by default, as on the web and in the office book.
    const atm = book.company('Cli Co')!.vouchers.filter((v) => v.narration.startsWith('ATW-'));
    assert.ok(atm.length > 0 && atm.every((v) => v.type === 'Contra'));
    // --with-masters declares the bank under Bank Accounts and the suspense ledger under Suspense
    // A/c, nothing else there (Cash is Tally's own): no new ledger is filed under Suspense A/c by
    // default; the builder refuses one whose group nobody chose (issue 31, ledger-groups.test.ts).
    const masters = [...r.stdout.matchAll(/<LEDGER NAME="([^"]*)"[^>]*>[\s\S]*?<PARENT>([^<]*)<\/PARENT>/g)];
    assert.deepEqual(Object.fromEntries(masters.map((m) => [m[1], m[2]])), {
      'HDFC Bank A/c': 'Bank Accounts',
      Suspense: 'Suspense A/c',
    });
  });
}
