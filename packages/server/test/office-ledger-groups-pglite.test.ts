// The group chosen for a client's new ledger at a push is kept (issue 34 round four, migration 0023):
// the next push of the same client that needs the ledger takes it without asking, another new
// ledger is asked with the last group offered first, and another client is asked as before.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { call, startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';

const fmt = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

/** Four January rows, all to one payee. */
function rows(payee: string) {
  let bal = 1_000_000;
  return Array.from({ length: 4 }, (_, i) => {
    bal -= 10_000 + i;
    return {
      Date: `${String(i + 2).padStart(2, '0')}-01-2026`,
      Description: `NEFT-${payee}-${i}`,
      Withdrawal: fmt(10_000 + i),
      Deposit: '',
      ClosingBalance: fmt(bal),
    };
  });
}

let h: Harness;
let token: string;
before(async () => {
  h = await startApp();
  token = await (await member(h)).token();
});
after(() => h?.close());

const get = (url: string) => call(h.app, 'GET', `/api/office${url}`, { token });
const post = (url: string, json: unknown) => call(h.app, 'POST', `/api/office${url}`, { token, json });
const put = (url: string, json: unknown) => call(h.app, 'PUT', `/api/office${url}`, { token, json });

/** An account of the client with its rows filed, every row's ledger set to `ledger`. */
async function bookWith(clientId: string, number: string, ledger: string): Promise<string> {
  const account = (
    await post(`/clients/${clientId}/accounts`, {
      bank: 'HDFC',
      account_number: number,
      tally_ledger: `HDFC ${number}`,
    })
  ).body.account;
  await post('/statements/file', { client_id: clientId, account_number: number, transactions: rows(ledger) });
  const book = (await get(`/accounts/${account.id}/book`)).body.rows as { id: string }[];
  assert.equal(book.length, 4);
  const set = await put(`/accounts/${account.id}/ledgers`, { rows: book.map((r) => ({ id: r.id, ledger })) });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  return account.id;
}

test("a client's new ledger is asked its group once; the next book takes it, another ledger is offered it first", async () => {
  const client = (await post('/clients', { name: 'Group Memory Traders', state_code: '27' })).body;
  const first = await bookWith(client.id, '50100111', 'Sharma Estates');
  const asked = await post(`/accounts/${first}/push`, {});
  assert.equal(asked.status, 422);
  assert.deepEqual(asked.body.new_ledgers, ['Sharma Estates']);
  assert.equal(asked.body.last_group, undefined, 'nothing chosen yet for this client');
  const pushed = await post(`/accounts/${first}/push`, {
    ledger_groups: { 'Sharma Estates': 'Sundry Creditors' },
  });
  assert.equal(pushed.status, 200, JSON.stringify(pushed.body));

  // The second book of the same client needs the same ledger (in other letters): not asked again.
  const second = await bookWith(client.id, '50100222', 'SHARMA ESTATES');
  const again = await post(`/accounts/${second}/push`, {});
  assert.equal(again.status, 200, JSON.stringify(again.body));
  const master = (again.body.masters as { name: string; group: string; needs_group: boolean }[]).find(
    (m) => m.name.toLowerCase() === 'sharma estates',
  );
  assert.deepEqual([master?.group, master?.needs_group], ['Sundry Creditors', false]);

  // Another new ledger is asked, with the group chosen last offered first.
  const third = await bookWith(client.id, '50100333', 'Gupta Transport');
  const other = await post(`/accounts/${third}/push`, {});
  assert.equal(other.status, 422);
  assert.deepEqual(other.body.new_ledgers, ['Gupta Transport']);
  assert.equal(other.body.last_group, 'Sundry Creditors');

  // Another client's push of the same ledger name is asked as before: the memory is the client's.
  const stranger = (await post('/clients', { name: 'Other Traders', state_code: '27' })).body;
  const theirs = await bookWith(stranger.id, '50100444', 'Sharma Estates');
  const asks = await post(`/accounts/${theirs}/push`, {});
  assert.equal(asks.status, 422);
  assert.equal(asks.body.last_group, undefined);
});
