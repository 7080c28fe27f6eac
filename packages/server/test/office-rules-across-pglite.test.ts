// Rules across clients (issue 35): a client's rules copied to another (the same rule once), the
// office's rule set made from a client's rules and taken by another, which then files by them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';

let h: Harness;
let token: string;
before(async () => {
  h = await startApp();
  token = await (await member(h)).token();
});
after(() => h?.close());

const office = (method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown, as = token) =>
  call(h.app, method, `/api/office${url}`, { token: as, json });
const rulesOf = async (clientId: string) =>
  (
    (await office('GET', `/clients/${clientId}`)).body.rules as {
      ledger: string;
      words: string[];
      tax_split: unknown;
    }[]
  ).map((r) => [r.words.join(' '), r.ledger, r.tax_split]);

test("a client's rules copied to another, once; the office's set taken by a third, which files by it", async () => {
  const a = (await office('POST', '/clients', { name: 'Source Co', state_code: '27' })).body;
  const b = (await office('POST', '/clients', { name: 'Target Co', state_code: '27' })).body;
  const c = (await office('POST', '/clients', { name: 'Third Co', state_code: '29' })).body;
  const gst = { kind: 'gst', ratePercent: 18, interstate: false };
  await office('POST', `/clients/${a.id}/rules`, { words: ['chrg'], ledger: 'Bank Charges', tax_split: gst });
  await office('POST', `/clients/${a.id}/rules`, {
    words: ['rent'],
    direction: 'withdrawal',
    ledger: 'Office Rent',
  });
  // the target already has the rent rule (words in another case): kept once
  await office('POST', `/clients/${b.id}/rules`, {
    words: ['RENT'],
    direction: 'withdrawal',
    ledger: 'office rent',
  });

  const copied = await office('POST', `/clients/${b.id}/rules/copy`, { from_client_id: a.id });
  assert.equal(copied.status, 200, JSON.stringify(copied.body));
  assert.deepEqual(copied.body, { copied: 1, same: 1, over_limit: 0 });
  assert.deepEqual(await rulesOf(b.id), [
    ['RENT', 'office rent', null],
    ['chrg', 'Bank Charges', gst],
  ]);
  // again: nothing new
  assert.deepEqual((await office('POST', `/clients/${b.id}/rules/copy`, { from_client_id: a.id })).body, {
    copied: 0,
    same: 2,
    over_limit: 0,
  });

  // the office's set, from the source client's rules
  const set = await office('PUT', '/rule-set', { from_client_id: a.id });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.deepEqual(
    set.body.rules.map((r: { ledger: string }) => r.ledger),
    ['Bank Charges', 'Office Rent'],
  );
  assert.deepEqual((await office('GET', '/rule-set')).body, set.body);
  const taken = await office('POST', `/clients/${c.id}/rules/take-office-set`);
  assert.deepEqual(taken.body, { copied: 2, same: 0, over_limit: 0 });

  // the third client's statement files by the rules it took, split included
  const account = (
    await office('POST', `/clients/${c.id}/accounts`, {
      bank: 'SBI',
      account_number: '38200777',
      tally_ledger: 'SBI',
    })
  ).body.account;
  await office('POST', '/statements/file', {
    client_id: c.id,
    account_number: '38200777',
    transactions: [
      {
        Date: '05-07-2025',
        Description: 'SMS CHRG',
        Withdrawal: '59.00',
        Deposit: '',
        ClosingBalance: '941.00',
      },
    ],
  });
  const [row] = (await office('GET', `/accounts/${account.id}/book`)).body.rows;
  assert.equal(row.LedgerName, 'Bank Charges');
  assert.deepEqual(row.TaxSplit, gst);

  // copying from oneself, or from another user's client: refused
  assert.equal((await office('POST', `/clients/${a.id}/rules/copy`, { from_client_id: a.id })).status, 400);
  const stranger = await (await member(h)).token();
  assert.equal(
    (await office('POST', `/clients/${a.id}/rules/copy`, { from_client_id: b.id }, stranger)).status,
    404,
  );
  assert.equal((await office('PUT', '/rule-set', { from_client_id: a.id }, stranger)).status, 404);
  assert.deepEqual((await office('GET', '/rule-set', undefined, stranger)).body, { rules: [] });
});
