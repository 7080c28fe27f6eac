// GST and TDS split set on a book's rows (issue 35, decision 055): kept with the row, shown by the
// book, carried into the push's vouchers leg by leg, each voucher still the bank's movement.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readImportXml, voucherBalance } from '@bahi/tally';
import { splitTaxLedgersOf } from '../src/tally/company.ts';
import { call, startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';

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

test('a charge with GST and interest less TDS: set on the rows, shown, pushed with every leg', async () => {
  const client = (await post('/clients', { name: 'Split Traders', state_code: '27' })).body;
  const account = (
    await post(`/clients/${client.id}/accounts`, {
      bank: 'HDFC',
      account_number: '50100777',
      tally_ledger: 'HDFC',
    })
  ).body.account;
  await post('/statements/file', {
    client_id: client.id,
    account_number: '50100777',
    transactions: [
      {
        Date: '05-07-2025',
        Description: 'CHRG: AMC QTR',
        Withdrawal: '590.00',
        Deposit: '',
        ClosingBalance: '99,410.00',
      },
      {
        Date: '31-07-2025',
        Description: 'INT.PD JUL25',
        Withdrawal: '',
        Deposit: '900.00',
        ClosingBalance: '1,00,310.00',
      },
    ],
  });
  let rows = (await get(`/accounts/${account.id}/book`)).body.rows;
  const [charge, interest] = rows;
  await put(`/accounts/${account.id}/ledgers`, {
    rows: [
      { id: charge.id, ledger: 'Bank Charges' },
      { id: interest.id, ledger: 'Interest Received' },
    ],
  });
  // a bad rate is a clear refusal, and nothing is set
  const bad = await put(`/accounts/${account.id}/splits`, {
    rows: [{ id: charge.id, tax_split: { kind: 'gst', ratePercent: 180, interstate: false } }],
  });
  assert.equal(bad.status, 422, JSON.stringify(bad.body));
  assert.match(bad.body.detail, /below 100/);
  const ok = await put(`/accounts/${account.id}/splits`, {
    rows: [
      { id: charge.id, tax_split: { kind: 'gst', ratePercent: 18, interstate: false } },
      { id: interest.id, tax_split: { kind: 'tds', ratePercent: 10, section: '194A' } },
    ],
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.updated, 2);
  rows = (await get(`/accounts/${account.id}/book`)).body.rows;
  assert.deepEqual(rows[0].TaxSplit, { kind: 'gst', ratePercent: 18, interstate: false });
  assert.deepEqual(rows[1].TaxSplit, { kind: 'tds', ratePercent: 10, section: '194A' });

  const push = await post(`/accounts/${account.id}/push`, {
    ledger_groups: { 'Bank Charges': 'Indirect Expenses', 'Interest Received': 'Indirect Incomes' },
  });
  assert.equal(push.status, 200, JSON.stringify(push.body));
  const groups = Object.fromEntries(
    push.body.masters.map((m: { name: string; group: string }) => [m.name, m.group]),
  );
  assert.equal(groups['Input CGST'], 'Duties & Taxes');
  assert.equal(groups['TDS Receivable'], 'Current Assets');
  const vouchers = readImportXml(push.body.xml).objects.flatMap((o) => (o.kind === 'VOUCHER' ? [o] : []));
  assert.deepEqual(
    vouchers.map((v) => v.legs.map((l) => [l.ledger, l.amount])),
    [
      [
        ['Bank Charges', -50000],
        ['Input CGST', -4500],
        ['Input SGST', -4500],
        ['HDFC', 59000],
      ],
      [
        ['Interest Received', 100000],
        ['TDS Receivable', -10000],
        ['HDFC', -90000],
      ],
    ],
  );
  for (const v of vouchers) assert.equal(voucherBalance(v), 0);
});

test('a rule carries its split: rows it picks when filed and rows already in the book take it', async () => {
  const client = (await post('/clients', { name: 'Rule Split Co', state_code: '27' })).body;
  const account = (
    await post(`/clients/${client.id}/accounts`, {
      bank: 'SBI',
      account_number: '3820001',
      tally_ledger: 'SBI',
    })
  ).body.account;
  const file = (day: string, balance: string) =>
    post('/statements/file', {
      client_id: client.id,
      account_number: '3820001',
      transactions: [
        {
          Date: `${day}-07-2025`,
          Description: 'SMS CHRG QTR',
          Withdrawal: '17.70',
          Deposit: '',
          ClosingBalance: balance,
        },
      ],
    });
  await file('01', '982.30');
  const rule = await post(`/clients/${client.id}/rules`, {
    words: ['CHRG'],
    direction: 'withdrawal',
    ledger: 'Bank Charges',
    tax_split: { kind: 'gst', ratePercent: 18, interstate: true },
    apply_to_book: true,
  });
  assert.equal(rule.status, 200, JSON.stringify(rule.body));
  assert.deepEqual(rule.body.rule.tax_split, { kind: 'gst', ratePercent: 18, interstate: true });
  assert.equal(rule.body.applied, 1);
  await file('02', '964.60');
  const rows = (await get(`/accounts/${account.id}/book`)).body.rows;
  assert.equal(rows.length, 2);
  for (const r of rows) {
    assert.equal(r.LedgerName, 'Bank Charges');
    assert.deepEqual(r.TaxSplit, { kind: 'gst', ratePercent: 18, interstate: true });
  }
});

test("the split's tax ledgers are the company's own where one fits, else core's defaults", () => {
  const company = (ledgers: { name: string; gstDutyHead?: string }[]) =>
    ({ company: { name: 'C', version: 'TallyPrime 4.1' }, ledgers }) as unknown as Parameters<
      typeof splitTaxLedgersOf
    >[0];
  assert.deepEqual(
    splitTaxLedgersOf(
      company([
        { name: 'Output CGST', gstDutyHead: 'CGST' },
        { name: 'Input CGST 9%', gstDutyHead: 'CGST' },
        { name: 'SGST', gstDutyHead: 'State Tax' },
        { name: 'IGST Input A', gstDutyHead: 'IGST' },
        { name: 'IGST Input B', gstDutyHead: 'IGST' },
        { name: 'TDS Receivable FY 25-26' },
        { name: 'TDS Payable 194C' },
        { name: 'TDS Payable 194J' },
      ]),
    ),
    // two Input IGST ledgers and two TDS Payable ones: none guessed
    { cgst: 'Input CGST 9%', sgst: 'SGST', tdsReceivable: 'TDS Receivable FY 25-26' },
  );
  assert.deepEqual(splitTaxLedgersOf(undefined), {});
});
