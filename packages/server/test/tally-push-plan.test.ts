// Before a push, say what will happen (issue 31): the rows without a ledger (and the ledgers
// remembered for them), the masters the push creates and under which group; a new ledger is never
// put under Suspense A/c unless asked: an export that would is refused until a group is chosen.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readImportXml, TALLY_PREDEFINED_GROUPS } from '@bahi/tally';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

const COMPANY = 'Plan & Co';
const LEDGER = 'SBI Current A/c';
const rows = [
  {
    Date: '01-05-2025',
    Description: 'UPI/DR/1111/RAVI KUMAR/ravi@okaxis',
    Withdrawal: '12,000.00',
    Deposit: '',
    ClosingBalance: '',
  },
  {
    Date: '02-05-2025',
    Description: 'NEFT/IN/ACME TRADERS',
    Withdrawal: '',
    Deposit: '50,000.00',
    ClosingBalance: '',
    LedgerName: 'Acme Traders',
  },
  {
    Date: '03-05-2025',
    Description: 'ATM WDL/CASH 500',
    Withdrawal: '5,000.00',
    Deposit: '',
    ClosingBalance: '',
  },
  {
    Date: '04-05-2025',
    Description: 'UPI/DR/2222/RAVI KUMAR/ravi@okaxis',
    Withdrawal: '12,000.00',
    Deposit: '',
    ClosingBalance: '',
  },
  {
    Date: '05-05-2025',
    Description: 'ELECTRICITY BILL',
    Withdrawal: '2,345.00',
    Deposit: '',
    ClosingBalance: '',
    LedgerName: 'Power',
  },
];

describe('the plan of a push', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    await h?.close();
  });
  const post = (token: string, url: string, json: unknown) =>
    call(h.app, 'POST', `/api${url}`, { token, json });

  test('says the rows without a ledger, the remembered ledgers for them, and the masters with their groups', async () => {
    const { token } = await makeMember(h, 0);
    // Ravi's UPI ID was given Rent before.
    const remembered = await post(token, '/ledger-memory', {
      assignments: [{ description: 'UPI/DR/0999/RAVI KUMAR/ravi@okaxis', ledger: 'Rent' }],
    });
    assert.equal(remembered.status, 200, JSON.stringify(remembered.body));
    const plan = await post(token, '/tally/push-plan', {
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
    });
    assert.equal(plan.status, 200, JSON.stringify(plan.body));
    assert.equal(plan.body.vouchers, 5);
    // The ATM row goes to Cash as a Contra: it is not "without a ledger".
    assert.equal(plan.body.without_ledger, 2);
    assert.deepEqual(plan.body.without_ledger_rows, [0, 3]);
    assert.deepEqual(
      plan.body.suggestions.map((s: { index: number; ledger: string }) => [s.index, s.ledger]),
      [
        [0, 'Rent'],
        [3, 'Rent'],
      ],
    );
    assert.deepEqual(plan.body.masters, [
      { name: LEDGER, group: 'Bank Accounts', kind: 'bank', needs_group: false },
      { name: 'Suspense', group: 'Suspense A/c', kind: 'suspense', needs_group: false },
      { name: 'Acme Traders', group: 'Suspense A/c', kind: 'ledger', needs_group: true },
      { name: 'Power', group: 'Suspense A/c', kind: 'ledger', needs_group: true },
    ]);
    // No company read: TallyPrime's predefined groups to choose from.
    assert.deepEqual(plan.body.groups, [...TALLY_PREDEFINED_GROUPS]);

    // With groups chosen, nothing needs one; the plan keeps nothing.
    const chosen = await post(token, '/tally/push-plan', {
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
      ledger_groups: { 'acme traders': 'Sundry Debtors' },
      new_ledger_group: 'Indirect Expenses',
    });
    assert.deepEqual(
      chosen.body.masters.map((m: { name: string; group: string; needs_group: boolean }) => [
        m.name,
        m.group,
        m.needs_group,
      ]),
      [
        [LEDGER, 'Bank Accounts', false],
        ['Suspense', 'Suspense A/c', false],
        ['Acme Traders', 'Sundry Debtors', false],
        ['Power', 'Indirect Expenses', false],
      ],
    );
    assert.equal((await call(h.app, 'GET', '/api/tally/pushes', { token })).body.total, 0);
  });

  test('a company read: only what it lacks, its groups offered; an export creating an ungrouped ledger is refused', async () => {
    const { token } = await makeMember(h, 0);
    const kept = await call(h.app, 'PUT', '/api/tally/company', {
      token,
      json: {
        company: { name: COMPANY },
        ledgers: [
          { name: LEDGER, parent: 'Bank Accounts' },
          { name: 'Power', parent: 'Indirect Expenses' },
        ],
        groups: [
          { name: 'Indirect Expenses', parent: '' },
          { name: 'Sundry Debtors', parent: 'Current Assets' },
          { name: 'Trade Receivables', parent: 'Sundry Debtors' },
        ],
      },
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    const plan = await post(token, '/tally/push-plan', {
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
    });
    assert.deepEqual(
      plan.body.masters.map((m: { name: string }) => m.name),
      ['Suspense', 'Acme Traders'],
    );
    assert.deepEqual(plan.body.groups, ['Indirect Expenses', 'Sundry Debtors', 'Trade Receivables']);

    // Send to Tally and Download XML from a screen that chose no group for Acme Traders are refused
    // until one is chosen.
    const refused = await post(token, '/tally/send-to-tally?xml=none', {
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
      ledger_groups: {},
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.new_ledgers, ['Acme Traders']);
    assert.match(refused.body.detail, /Choose the group of the new ledger\(s\) Acme Traders/);
    const download = await post(token, '/sbi/download-xml', {
      acc: '1',
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
      ledger_groups: {},
    });
    assert.equal(download.status, 422);
    // Nothing was recorded by the refusals: the file chosen now holds every voucher.
    const sent = await post(token, '/tally/send-to-tally', {
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
      ledger_groups: { 'Acme Traders': 'Trade Receivables' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.vouchers, 5);
    const masters = readImportXml(sent.body.xml).objects.flatMap((o) =>
      o.kind === 'LEDGER' ? [[o.name, o.parent]] : [],
    );
    assert.deepEqual(masters, [
      ['Suspense', 'Suspense A/c'],
      ['Acme Traders', 'Trade Receivables'],
    ]);
    // Suspense A/c only when asked for.
    const asked = await post(token, '/tally/push-plan', {
      transactions: rows,
      ledger_name: LEDGER,
      company_name: COMPANY,
      include_sent: true,
      new_ledger_group: 'Suspense A/c',
    });
    assert.deepEqual(
      asked.body.masters.find((m: { name: string }) => m.name === 'Acme Traders'),
      { name: 'Acme Traders', group: 'Suspense A/c', kind: 'ledger', needs_group: false },
    );
  });

  test("a call in the specification's shape, which has no word for groups, keeps its contract", async () => {
    const { token } = await makeMember(h, 1);
    // POST /tally/generate-xml?ledger_name= with the rows: the XML, its new ledgers under Suspense A/c
    const gen = await call(
      h.app,
      'POST',
      `/api/tally/generate-xml?ledger_name=${encodeURIComponent(LEDGER)}`,
      {
        token,
        json: rows,
      },
    );
    assert.equal(gen.status, 200, JSON.stringify(gen.body));
    const masters = readImportXml(String(gen.body)).objects.flatMap((o) =>
      o.kind === 'LEDGER' ? [[o.name, o.parent]] : [],
    );
    assert.deepEqual(
      masters.filter(([name]) => name === 'Acme Traders' || name === 'Power'),
      [
        ['Acme Traders', 'Suspense A/c'],
        ['Power', 'Suspense A/c'],
      ],
    );
  });
});

describe("TallyPrime's bank-statement file", () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    await h?.close();
  });

  test('the statement as MT940: balances that chain, a file to download; a filtered view is refused', async () => {
    const { token } = await makeMember(h, 0);
    const statement = [
      {
        Date: '01-05-2025',
        Description: 'NEFT/IN/ACME',
        Withdrawal: '',
        Deposit: '50,000.00',
        ClosingBalance: '1,50,000.00',
      },
      {
        Date: '02-05-2025',
        Description: 'CHQ PAID 000123',
        Withdrawal: '12,000.00',
        Deposit: '',
        ClosingBalance: '1,38,000.00',
      },
      {
        Date: '03-05-2025',
        Description: 'REV CHQ 000123',
        Withdrawal: '-12,000.00',
        Deposit: '',
        ClosingBalance: '1,50,000.00',
      },
    ];
    const file = await call(h.app, 'POST', '/api/tally/bank-statement-file', {
      token,
      json: { acc: '000405001234', transactions: statement },
    });
    assert.equal(file.status, 200, String(file.body).slice(0, 300));
    assert.equal(file.headers['content-disposition'], 'attachment; filename="statement_000405001234.sta"');
    const sta = String(file.body);
    assert.match(
      sta,
      /^:20:BAHI250501250503\r\n:25:000405001234\r\n:28C:1\/1\r\n:60F:C250501INR100000,00\r\n/,
    );
    assert.match(sta, /:61:250503C12000,00/);
    assert.match(sta, /:62F:C250503INR150000,00\r\n$/);
    // A filtered view breaks the chain: refused with the reason.
    const filtered = await call(h.app, 'POST', '/api/tally/bank-statement-file', {
      token,
      json: { acc: '000405001234', transactions: [statement[0], statement[2]] },
    });
    assert.equal(filtered.status, 422);
    assert.match(filtered.body.detail, /do not chain on 2025-05-03/);
    // Nothing was recorded as sent: the same rows still go to Tally.
    const plan = await post(token, '/tally/push-plan', {
      transactions: statement,
      ledger_name: 'B',
      company_name: 'X',
    });
    assert.equal(plan.body.vouchers, 3);
  });
  const post = (token: string, url: string, json: unknown) =>
    call(h.app, 'POST', `/api${url}`, { token, json });
});
