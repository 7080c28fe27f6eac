// The Create Vouchers screen's file (issue 31): the masters the company lacks are declared (a Sales
// ledger under Sales Accounts, its party under Sundry Debtors, a tax ledger under Duties & Taxes with
// its duty head), a Receipt/Payment through the company's bank ledger carries its bank allocation,
// and Sales/Purchase take GST. Imported into the emulator: everything is taken.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTallyEmulator, pushToTally, type RunningEmulator } from '@bahi/tally';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

const URL = '/api/voucher-importer/generate-xml';
const COMPANY = 'Manual & Co';

describe('manual vouchers with masters, bank allocations and GST', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let token: string;
  let tally: RunningEmulator;

  before(async () => {
    h = await startApp();
    token = (await makeMember(h, 0)).token;
    tally = await startTallyEmulator({ companies: [COMPANY] });
  });
  after(async () => {
    await tally?.close();
    await h?.close();
  });

  const rows = [
    {
      date: '2025-04-01',
      voucherType: 'Receipt',
      ledgerName: 'ICICI Current',
      partyName: 'Asha Traders',
      description: 'NEFT from Asha',
      netAmount: 1180,
      instrumentNumber: 'ICICN12345678901',
    },
    {
      date: '2025-04-02',
      voucherType: 'Sales',
      ledgerName: 'Sales A/c',
      partyName: 'Asha Traders',
      netAmount: 1000,
      gstRate: 18,
      partyGstin: '27AAPFU0939F1ZV',
    },
    {
      date: '2025-04-03',
      voucherType: 'Payment',
      ledgerName: 'Cash',
      partyName: 'Office Rent',
      netAmount: 500,
    },
  ];

  test('in the specification shape: what has a group is declared, a ledger with none is not', async () => {
    // The company read through the bridge: it has the bank ledger, under Bank Accounts.
    const kept = await call(h.app, 'PUT', '/api/tally/company', {
      token,
      json: {
        company: { name: COMPANY, state: 'Maharashtra', version: 'TallyPrime 4.1' },
        // under a group of its own beneath Bank Accounts: still a bank ledger
        ledgers: [{ name: 'ICICI Current', parent: 'Current Accounts' }],
        groups: [{ name: 'Current Accounts', parent: 'Bank Accounts' }],
      },
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    const r = await call(h.app, 'POST', URL, { json: { rows, company_name: COMPANY }, token });
    assert.equal(r.status, 200, r.body);
    const xml = r.body as string;
    const declared = [...xml.matchAll(/<LEDGER NAME="([^"]*)"/g)].map((m) => m[1]).sort();
    // the bank ledger the company has, Cash and the ungrouped Office Rent are not declared
    assert.deepEqual(declared, ['Asha Traders', 'CGST', 'SGST', 'Sales A/c']);
    assert.match(
      xml,
      /<BANKALLOCATIONS\.LIST>[\s\S]*?<TRANSFERMODE>NEFT<\/TRANSFERMODE>[\s\S]*?<INSTRUMENTNUMBER>ICICN12345678901<\/INSTRUMENTNUMBER>/,
    );
    assert.match(xml, /<PARTYGSTIN>27AAPFU0939F1ZV<\/PARTYGSTIN>/);
    // Groups named: one missing is refused with the ledgers to group.
    const refused = await call(h.app, 'POST', URL, {
      json: { rows, company_name: COMPANY, ledger_groups: { 'Asha Traders': 'Sundry Debtors' } },
      token,
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.new_ledgers, ['Office Rent']);
    // and the groups to choose from: the company's as read (the screen offers them).
    assert.deepEqual(refused.body.groups, ['Current Accounts']);
    const grouped = await call(h.app, 'POST', URL, {
      json: { rows, company_name: COMPANY, ledger_groups: { 'Office Rent': 'Indirect Expenses' } },
      token,
    });
    assert.equal(grouped.status, 200);
    // Into a company holding the bank ledger: every voucher and master is taken.
    await pushToTally(
      `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${COMPANY.replace('&', '&amp;')}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC><REQUESTDATA><TALLYMESSAGE><LEDGER NAME="ICICI Current" ACTION="Create"><NAME.LIST><NAME>ICICI Current</NAME></NAME.LIST><PARENT>Bank Accounts</PARENT></LEDGER></TALLYMESSAGE></REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`,
      { port: tally.port },
    );
    const answer = await pushToTally(grouped.body as string, { port: tally.port });
    assert.equal(answer.ok, true, answer.problems.join('; '));
    const book = tally.emulator.book.company(COMPANY)!;
    assert.equal(book.vouchers.length, 3);
    assert.equal(book.ledgers.get('office rent')?.parent, 'Indirect Expenses');
    assert.equal(book.balances().get('cgst'), 9000);
  });

  test("a row's HSN/SAC reaches the sales ledger's entry; a wrong one is named by its row (422)", async () => {
    const sale = { ...rows[1], hsn: '8471 30' };
    const r = await call(h.app, 'POST', URL, {
      json: { rows: [sale], company_state: 'Maharashtra' },
      token,
    });
    assert.equal(r.status, 200, r.body);
    assert.match(
      r.body as string,
      /<LEDGERNAME>Sales A\/c<\/LEDGERNAME>[\s\S]*?<GSTHSNNAME>847130<\/GSTHSNNAME>\s*<GSTOVRDNTAXABILITY>Taxable<\/GSTOVRDNTAXABILITY>\s*<GSTOVRDNTYPEOFSUPPLY>Goods<\/GSTOVRDNTYPEOFSUPPLY>/,
    );
    const wrong = await call(h.app, 'POST', URL, {
      json: { rows: [rows[0], { ...sale, hsn: '84713' }], company_state: 'Maharashtra' },
      token,
    });
    assert.equal(wrong.status, 422);
    assert.deepEqual(wrong.body.problems, [
      { row: 2, problems: ["HSN/SAC '84713' is not 4, 6 or 8 digits."] },
    ]);
  });

  test("GST without the company's state is refused", async () => {
    const r = await call(h.app, 'POST', URL, { json: { rows: [rows[1]] }, token });
    assert.equal(r.status, 422);
    assert.match(r.body.detail, /state/);
  });
});
