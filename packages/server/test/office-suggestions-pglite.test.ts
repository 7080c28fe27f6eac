// The office book offers the ledgers the client's memory gives rows without one, and its push can
// take them all at once, each new ledger under a group of its own (issue 31).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { call, startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';

type Row = { Date: string; Description: string; Withdrawal: string; Deposit: string; ClosingBalance: string };
type BookRow = Row & {
  id: string;
  LedgerName: string;
  ledger_source: string | null;
  suggested_ledger?: string | null;
  suggested_reason?: string;
};

const fmt = (p: number) => (p / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });

/** Twelve January rows: kirana payments, rent by NEFT, and receipts from one customer. */
function january(): Row[] {
  let bal = 5_000_000;
  return Array.from({ length: 12 }, (_, i) => {
    const kind = i % 3;
    const paise = 10_000 + i * 517;
    const out = kind !== 2;
    bal += out ? -paise : paise;
    return {
      Date: `${String(i + 2).padStart(2, '0')}-01-2026`,
      Description:
        kind === 0
          ? `UPI-KIRANA STORE-kirana${i}@okaxis-PAY`
          : kind === 1
            ? `NEFT-SHARMA ESTATES-RENT ${i}`
            : `NEFT-ACME CORP-INV ${i}`,
      Withdrawal: out ? fmt(paise) : '',
      Deposit: out ? '' : fmt(paise),
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

test('rows without a ledger are offered what the memory learnt since; the push takes them all, a group each', async () => {
  const client = (await post('/clients', { name: 'Suggest Traders', state_code: '27' })).body;
  const account = (
    await post(`/clients/${client.id}/accounts`, {
      bank: 'HDFC',
      account_number: '50100999',
      tally_ledger: 'HDFC',
    })
  ).body.account;
  await post('/statements/file', {
    client_id: client.id,
    account_number: '50100999',
    transactions: january(),
  });
  let rows: BookRow[] = (await get(`/accounts/${account.id}/book`)).body.rows;
  const kirana = rows.filter((r) => r.Description.startsWith('UPI-KIRANA'));
  const rent = rows.filter((r) => r.Description.includes('SHARMA ESTATES'));
  // Nothing known when filed: no ledger, nothing suggested.
  assert.ok(rows.every((r) => r.LedgerName === '' && !r.suggested_ledger));

  // The accountant gives one kirana row and one rent row their ledgers: the memory learns the payees.
  await put(`/accounts/${account.id}/ledgers`, {
    rows: [
      { id: kirana[0].id, ledger: 'Purchases' },
      { id: rent[0].id, ledger: 'Office Rent' },
    ],
  });
  rows = (await get(`/accounts/${account.id}/book`)).body.rows;
  const offered = (r: BookRow) => [r.LedgerName, r.suggested_ledger ?? null];
  for (const r of rows.filter((x) => x.Description.startsWith('UPI-KIRANA')).slice(1))
    assert.deepEqual(offered(r), ['', 'Purchases']);
  for (const r of rows.filter((x) => x.Description.includes('SHARMA')).slice(1))
    assert.deepEqual(offered(r), ['', 'Office Rent']);
  assert.match(rows.find((r) => r.suggested_ledger === 'Purchases')!.suggested_reason!, /Purchases/);
  // The customer's receipts: nothing remembered, nothing offered; the rows set by hand are not offered anything.
  for (const r of rows.filter((x) => x.Description.includes('ACME')))
    assert.deepEqual(offered(r), ['', null]);
  assert.equal(rows.find((r) => r.id === kirana[0].id)!.suggested_ledger ?? null, null);

  // "Use all suggestions": both new ledgers need a group, each its own.
  const ungrouped = await post(`/accounts/${account.id}/push`, { use_suggestions: true });
  assert.equal(ungrouped.status, 422);
  assert.deepEqual([...ungrouped.body.new_ledgers].sort(), ['Office Rent', 'Purchases']);
  const push = await post(`/accounts/${account.id}/push`, {
    use_suggestions: true,
    ledger_groups: { Purchases: 'Purchase Accounts', 'Office Rent': 'Indirect Expenses' },
  });
  assert.equal(push.status, 200, JSON.stringify(push.body));
  const groupOf = Object.fromEntries(
    push.body.masters.map((m: { name: string; group: string }) => [m.name, m.group]),
  );
  assert.equal(groupOf.Purchases, 'Purchase Accounts');
  assert.equal(groupOf['Office Rent'], 'Indirect Expenses');
  // Every kirana and rent voucher goes to its ledger; the receipts stay on Suspense.
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(push.body.xml);
  const vouchers = [parsed.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE]
    .flat()
    .flatMap((m: Record<string, unknown>) => (m.VOUCHER ? [m.VOUCHER as Record<string, unknown>] : []));
  const party = (v: Record<string, unknown>) => String(v.PARTYLEDGERNAME);
  const count = (name: string) => vouchers.filter((v) => party(v) === name).length;
  assert.equal(count('Purchases'), kirana.length);
  assert.equal(count('Office Rent'), rent.length);
  assert.equal(count('Suspense'), rows.filter((x) => x.Description.includes('ACME')).length);
  // The book shows the ledgers the push took, from the memory, with nothing more to suggest.
  rows = (await get(`/accounts/${account.id}/book`)).body.rows;
  for (const r of rows.filter((x) => x.Description.startsWith('UPI-KIRANA')).slice(1)) {
    assert.equal(r.LedgerName, 'Purchases');
    assert.equal(r.ledger_source, 'memory');
    assert.equal(r.suggested_ledger ?? null, null);
  }
});
