// Signed amounts on every server path (issue 31): a reversal printed as a negative withdrawal
// (`-1.00` on HDFC's classic statements of ../shared/corpus-real) is money in, on Download XML, on
// Send to Tally and in the office book's push; in the emulator's books the bank ledger then ends
// at the statement's closing balance.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startTallyEmulator, type RunningEmulator } from '@bahi/tally';
import { closePool, extractStatement } from '@bahi/statements';
import type { StatementTransaction } from '@bahi/contract';
import { toRow } from '../src/statements/shape.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { needsRealCorpus as needsReal, REAL_CORPUS as REAL } from './helpers/shared.ts';

const COMPANY = 'Reversals & Co';
const LEDGER = 'HDFC Bank A/c';

let h: Awaited<ReturnType<typeof startApp>>;
let tally: RunningEmulator;
const statements = new Map<string, { rows: StatementTransaction[]; movement: number }>();

before(async () => {
  h = await startApp();
  tally = await startTallyEmulator({ port: 0, companies: [COMPANY] });
  if (needsReal.skip) return;
  for (const name of ['HDFC_classic_2018', 'HDFC_classic_2019e']) {
    const { result } = await extractStatement(readFileSync(join(REAL, 'HDFC', `${name}.pdf`)), {
      fileName: `${name}.pdf`,
    });
    const truth = JSON.parse(readFileSync(join(REAL, 'HDFC', `${name}.truth.json`), 'utf8'));
    statements.set(name, {
      rows: result.accounts[0].transactions.map(toRow),
      movement: Math.round((truth.closingBalance - truth.openingBalance) * 100),
    });
  }
});
after(async () => {
  await closePool();
  await tally?.close();
  await h?.close();
});

/** The bank ledger's balance in the emulator's books after importing `xml` alone (Tally's sign: Dr < 0). */
function bankBalanceAfter(xml: string): number | undefined {
  tally.emulator.reset();
  const { outcome } = tally.emulator.importXml(xml);
  assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
  return tally.emulator.book.company(COMPANY)?.balances().get(LEDGER.toLowerCase());
}

for (const name of ['HDFC_classic_2018', 'HDFC_classic_2019e']) {
  test(`${name}: Download XML and Send to Tally end at the statement's closing`, needsReal, async () => {
    const { rows, movement } = statements.get(name)!;
    assert.ok(rows.filter((r) => r.Withdrawal.startsWith('-')).length >= 2, 'the rows show -1.00 reversals');
    const { token } = await makeMember(h, 0);
    const download = await call(h.app, 'POST', '/api/hdfc/download-xml', {
      token,
      json: { acc: '1', transactions: rows, ledger_name: LEDGER, company_name: COMPANY },
    });
    assert.equal(download.status, 200, String(download.body).slice(0, 300));
    assert.equal(bankBalanceAfter(String(download.body)), -movement);

    const { token: other } = await makeMember(h, 0);
    const sent = await call(h.app, 'POST', '/api/tally/send-to-tally', {
      token: other,
      json: { transactions: rows, ledger_name: LEDGER, company_name: COMPANY },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body).slice(0, 300));
    assert.equal(bankBalanceAfter(sent.body.xml), -movement);
  });

  test(
    `${name}: the office book keeps the sign, has no balance gap, and its push ends at the closing`,
    needsReal,
    async () => {
      const { rows, movement } = statements.get(name)!;
      const { token } = await makeMember(h, 0);
      const office = (method: 'GET' | 'POST', url: string, json?: unknown) =>
        call(h.app, method, `/api/office${url}`, { token, json });
      const client = (await office('POST', '/clients', { name: `Client ${name}`, state_code: '27' })).body;
      const account = await office('POST', `/clients/${client.id}/accounts`, {
        bank: 'HDFC',
        account_number: '50100123456789',
        tally_ledger: LEDGER,
      });
      assert.equal(account.status, 200, JSON.stringify(account.body));
      const filed = await office('POST', '/statements/file', {
        client_id: client.id,
        file_name: `${name}.pdf`,
        bank: 'HDFC',
        account_number: '50100123456789',
        transactions: rows,
      });
      assert.equal(filed.body.kind, 'filed', JSON.stringify(filed.body));
      const id = account.body.account.id;
      const book = (await office('GET', `/accounts/${id}/book`)).body;
      assert.deepEqual(book.gaps, [], 'a reversal taken as a withdrawal would break the balance chain');
      const push = await office('POST', `/accounts/${id}/push`, {});
      assert.equal(push.status, 200, JSON.stringify(push.body).slice(0, 300));
      // a push of more than one part (500 vouchers) is kept in parts, its file fetched whole by id
      const xml: string =
        push.body.xml ||
        (await call(h.app, 'GET', `/api/tally/exports/${push.body.xml_id}`, { token })).body.xml;
      assert.equal(bankBalanceAfter(xml), -movement);
    },
  );
}
