// A client's month report (issue 35, decision 055), matched to the paisa by figures this test
// computes on its own from the rows it files (plain sums, not core's monthReport), after a push of
// the month that Tally (the emulator) answered.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { formatIndian } from '@bahi/core';
import {
  countImportObjects,
  parseTallyResponse,
  startTallyEmulator,
  type RunningEmulator,
} from '@bahi/tally';
import { call, startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';

let h: Harness;
let token: string;
let tally: RunningEmulator;
before(async () => {
  h = await startApp();
  token = await (await member(h)).token();
  tally = await startTallyEmulator({ companies: ['Report Traders'] });
});
after(async () => {
  await tally?.close();
  await h?.close();
});

const office = (method: 'GET' | 'POST' | 'PUT', url: string, json?: unknown) =>
  call(h.app, method, `/api/office${url}`, { token, json });

type Spec = { date: string; text: string; out: number; in: number; ledger?: string };
const fmt = (p: number) => (p ? formatIndian(p) : '');

/** Statement rows with their printed balances from an opening balance. */
function statement(opening: number, specs: Spec[]) {
  let balance = opening;
  return specs.map((s) => {
    balance += s.in - s.out;
    return {
      Date: s.date.split('-').reverse().join('-'),
      Description: s.text,
      Withdrawal: fmt(s.out),
      Deposit: fmt(s.in),
      ClosingBalance: formatIndian(balance),
    };
  });
}

const HDFC: Spec[] = [
  { date: '2025-06-28', text: 'NEFT CR ACME JUN', out: 0, in: 2_500_000, ledger: 'Acme Ltd' },
  { date: '2025-07-02', text: 'NEFT CR ACME JUL', out: 0, in: 5_000_000, ledger: 'Acme Ltd' },
  { date: '2025-07-05', text: 'CHRG: AMC QTR', out: 59_000, in: 0, ledger: 'Bank Charges' },
  { date: '2025-07-09', text: 'UPI-UNKNOWN PAYEE', out: 123_456, in: 0 },
  {
    date: '2025-07-15',
    text: 'NEFT DR RAVI CONSTRUCTION',
    out: 1_209_876,
    in: 0,
    ledger: 'Ravi Construction',
  },
  { date: '2025-07-31', text: 'INT.PD JUL25', out: 0, in: 90_000, ledger: 'Interest Received' },
  { date: '2025-08-01', text: 'NEFT CR ACME AUG', out: 0, in: 700_000, ledger: 'Acme Ltd' },
];
const SBI: Spec[] = [
  { date: '2025-07-03', text: 'RENT JUL', out: 3_000_000, in: 0, ledger: 'Office Rent' },
  { date: '2025-07-20', text: 'CASH DEP BRANCH', out: 0, in: 1_000_000 },
];
const OPEN_HDFC = 10_000_000;
const OPEN_SBI = 4_000_000;
const SPLITS: Record<string, unknown> = {
  'CHRG: AMC QTR': { kind: 'gst', ratePercent: 18, interstate: false },
  'NEFT DR RAVI CONSTRUCTION': { kind: 'tds', ratePercent: 2, section: '194C' },
  'INT.PD JUL25': { kind: 'tds', ratePercent: 10, section: '194A' },
};

test("July's report matches the rows to the paisa: accounts, ledgers, Suspense, GST and TDS, the push Tally took", async () => {
  const client = (await office('POST', '/clients', { name: 'Report Traders', state_code: '27' })).body;
  const accounts: Record<string, { id: string }> = {};
  for (const [bank, number, specs, opening] of [
    ['HDFC', '50100111', HDFC, OPEN_HDFC],
    ['SBI', '38200222', SBI, OPEN_SBI],
  ] as const) {
    accounts[bank] = (
      await office('POST', `/clients/${client.id}/accounts`, {
        bank,
        account_number: number,
        tally_ledger: bank,
      })
    ).body.account;
    const all = statement(opening, [...specs]);
    // HDFC's first statement stops on the 10th and the next starts on the 14th: days no statement covers
    const parts =
      bank === 'HDFC'
        ? [
            { transactions: all.slice(0, 4), period_from: '28-06-2025', period_to: '10-07-2025' },
            { transactions: all.slice(4), period_from: '14-07-2025', period_to: '31-08-2025' },
          ]
        : [{ transactions: all }];
    for (const part of parts) {
      const filed = await office('POST', '/statements/file', {
        client_id: client.id,
        account_number: number,
        ...part,
      });
      assert.equal(filed.status, 200, JSON.stringify(filed.body));
    }
    const rows = (await office('GET', `/accounts/${accounts[bank].id}/book`)).body.rows as {
      id: string;
      Description: string;
    }[];
    const ledgerOf = new Map(specs.map((s) => [s.text, s.ledger ?? '']));
    await office('PUT', `/accounts/${accounts[bank].id}/ledgers`, {
      rows: rows
        .filter((r) => ledgerOf.get(r.Description))
        .map((r) => ({ id: r.id, ledger: ledgerOf.get(r.Description) })),
    });
    const splits = rows.filter((r) => SPLITS[r.Description]);
    if (splits.length)
      await office('PUT', `/accounts/${accounts[bank].id}/splits`, {
        rows: splits.map((r) => ({ id: r.id, tax_split: SPLITS[r.Description] })),
      });
  }
  // Push HDFC's July; the emulator takes it and the bridge reports the answer.
  const push = await office('POST', `/accounts/${accounts.HDFC.id}/push`, {
    month: '2025-07',
    new_ledger_group: 'Indirect Expenses',
  });
  assert.equal(push.status, 200, JSON.stringify(push.body));
  // before Tally answers, the month's push is listed, none of it in Tally yet ("No answer")
  const waiting = (await office('GET', `/clients/${client.id}/report?month=2025-07`)).body;
  assert.deepEqual(
    waiting.pushes.map((p: { rows: number; in_tally: number; state: string }) => [
      p.rows,
      p.in_tally,
      p.state,
    ]),
    [[5, 0, 'not_done']],
  );
  const { xml } = tally.emulator.importXml(push.body.xml);
  const result = parseTallyResponse(xml, countImportObjects(push.body.xml));
  assert.ok(result.ok, result.problems.join('; '));
  await call(h.app, 'POST', `/api/tally/exports/${push.body.xml_id}/response`, {
    token,
    json: { ok: true, status: 'success', tally_response: result },
  });

  const report = await office('GET', `/clients/${client.id}/report?month=2025-07`);
  assert.equal(report.status, 200, JSON.stringify(report.body));
  const r = report.body;

  // --- the same figures, computed here from the specs alone ---
  const july = (specs: readonly Spec[]) => specs.filter((s) => s.date.startsWith('2025-07'));
  const sum = (xs: readonly Spec[], k: 'in' | 'out') => xs.reduce((t, s) => t + s[k], 0);
  const before = (specs: readonly Spec[], opening: number) =>
    opening +
    sum(
      specs.filter((s) => s.date < '2025-07'),
      'in',
    ) -
    sum(
      specs.filter((s) => s.date < '2025-07'),
      'out',
    );
  for (const [label, specs, opening] of [
    ['HDFC 50100111', HDFC, OPEN_HDFC],
    ['SBI 38200222', SBI, OPEN_SBI],
  ] as const) {
    const a = r.accounts.find((x: { label: string }) => x.label === label);
    const o = before(specs, opening);
    const m = july(specs);
    assert.deepEqual(
      [a.opening, a.inflow, a.outflow, a.closing, a.rows],
      [
        formatIndian(o),
        fmt(sum(m, 'in')),
        fmt(sum(m, 'out')),
        formatIndian(o + sum(m, 'in') - sum(m, 'out')),
        m.length,
      ],
      label,
    );
  }
  const byLedger = new Map<string, { in: number; out: number }>();
  for (const s of [...july(HDFC), ...july(SBI)]) {
    const name = s.ledger ?? 'Suspense';
    const e = byLedger.get(name) ?? { in: 0, out: 0 };
    e.in += s.in;
    e.out += s.out;
    byLedger.set(name, e);
  }
  assert.deepEqual(
    r.ledgers.map((l: { ledger: string; inflow: string; outflow: string }) => [
      l.ledger,
      l.inflow,
      l.outflow,
    ]),
    [...byLedger.entries()]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([name, e]) => [name, formatIndian(e.in), formatIndian(e.out)]),
  );
  assert.deepEqual(
    r.suspense.map((s: { description: string }) => s.description),
    ['UPI-UNKNOWN PAYEE', 'CASH DEP BRANCH'],
  );
  // GST: ₹590.00 = 500 + 45 + 45. TDS: 2% of the bill paid ₹12,098.76 is ₹246.91; 10% of the interest
  // credited ₹900.00 net is ₹100.00.
  assert.deepEqual(
    r.taxes.map((t: { ledger: string; debit: string; credit: string }) => [t.ledger, t.debit, t.credit]),
    [
      ['Input CGST', '45.00', ''],
      ['Input SGST', '45.00', ''],
      ['TDS Payable', '', '246.91'],
      ['TDS Receivable', '100.00', ''],
    ],
  );
  // the push of July's HDFC rows, all in Tally by its answer; SBI's rows not pushed
  assert.equal(r.pushes.length, 1);
  assert.deepEqual(
    [r.pushes[0].account, r.pushes[0].rows, r.pushes[0].vouchers, r.pushes[0].in_tally, r.pushes[0].state],
    ['HDFC 50100111', 5, 5, 5, 'done'],
  );
  // what is missing: HDFC's 11th-13th; SBI filed without a period says nothing
  assert.deepEqual(r.accounts[0].uncovered, [{ from: '11-07-2025', to: '13-07-2025' }]);
  assert.deepEqual(r.accounts[0].gaps, []);
  // the emulator's bank ledger moved as the statement did in July, to the paisa
  const hdfcInTally = -(tally.emulator.imported().companies[0].balances.HDFC ?? 0);
  assert.equal(hdfcInTally, sum(july(HDFC), 'in') - sum(july(HDFC), 'out'));

  // the workbook: one sheet per part
  const xlsx = await h.app.inject({
    method: 'GET',
    url: `/api/office/clients/${client.id}/report.xlsx?month=2025-07`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(xlsx.statusCode, 200);
  assert.match(String(xlsx.headers['content-disposition']), /Report_Traders_2025-07_report\.xlsx/);
  const text = xlsx.rawPayload.toString('latin1');
  for (const sheet of ['Accounts', 'By ledger', 'On Suspense', 'GST and TDS', 'Pushes', 'Missing statements'])
    assert.ok(text.includes(`name="${sheet}"`), sheet);
  assert.ok(text.includes('Input CGST'));

  // a bad month, another user's client: refused
  assert.equal((await office('GET', `/clients/${client.id}/report?month=2025-7`)).status, 422);
  const stranger = await (await member(h)).token();
  const theirs = await call(h.app, 'GET', `/api/office/clients/${client.id}/report?month=2025-07`, {
    token: stranger,
  });
  assert.equal(theirs.status, 404);
});
