import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { readImportXml, startTallyEmulator, type RunningEmulator } from '@bahi/tally';
import { saveStatementResult, type StatementDetail } from '../src/statements/results.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { officeAccount, pushExport } from './helpers/tally-push.ts';

// Issue 12, the statement side: Download XML and Send to Tally declare only the ledgers the known
// company lacks (one rule for both), and when the rows name a statement kept on the server, each bank
// allocation carries the reference and value date the statement printed, read from the stored rows
// (never from the browser). An invoice to a party ledger the company keeps with a GSTIN carries it.

const UPDATE = process.env.BAHI_UPDATE_GOLDEN === '1';
const GOLDEN = new URL('./golden/tally-statement-download.xml', import.meta.url);
const COMPANY = 'Sharma & Sons (2025-26)';
const BANK_LEDGER = 'HDFC Bank A/c 50100012345678';
/** The groups of the row ledgers the company may lack (issue 31: never Suspense A/c unless asked). */
const GROUPS = { Rent: 'Indirect Expenses', 'Jai Hind Textiles': 'Sundry Debtors' };

let h: Awaited<ReturnType<typeof startApp>>;
let tally: RunningEmulator;

before(async () => {
  h = await startApp();
  tally = await startTallyEmulator({
    port: 0,
    companies: [{ name: COMPANY, state: 'Uttar Pradesh', gstin: '09AAACS1234K1Z2', booksFrom: '2025-04-01' }],
  });
});
after(async () => {
  await tally?.close();
  await h?.close();
});

const member = (role: 'user' | 'admin' = 'user') => makeMember(h, 0, { role });

// Rows as the statement shows them, and what the engine read beside them (reference, value date).
const ROWS = [
  { Date: '03-06-2025', Description: 'CHQ PAID/SUNRISE CONSTRUCTIONS', Withdrawal: '45,000.00', Deposit: '' },
  { Date: '05-06-2025', Description: 'NEFT/IN/JAI HIND TEXTILES', Withdrawal: '', Deposit: '1,25,000.00' },
  {
    Date: '06-06-2025',
    Description: 'RTGS/IN/KKBKR2024072819451055/SUNRISE',
    Withdrawal: '',
    Deposit: '25,00,000.00',
  },
  {
    Date: '08-06-2025',
    Description: 'UPI/DR/415424818181/BHARAT PETROLEUM',
    Withdrawal: '2,500.00',
    Deposit: '',
  },
  { Date: '09-06-2025', Description: 'CHQ BOOK ISSUE CHGS', Withdrawal: '118.00', Deposit: '' },
].map((r, i) => ({
  ...r,
  ClosingBalance: '',
  LedgerName: i === 0 ? 'Rent' : i === 1 ? 'Jai Hind Textiles' : '',
}));
const SOURCES = [
  { reference: '495548', valueDate: '2025-06-04' },
  { reference: 'BKIDH25153476069', valueDate: '2025-06-05' },
  { reference: '000000000000', valueDate: null },
  { reference: null, valueDate: null },
  { reference: '0', valueDate: '2025-06-10' },
];

const DETAIL = {
  statement_info: {
    bank: 'HDFC',
    account_number: '50100012345678',
    period_from: '01-06-2025',
    period_to: '30-06-2025',
  },
} as unknown as StatementDetail;

async function storedStatement(userId: string): Promise<string> {
  const { id } = await saveStatementResult(h.database.db, {
    userId,
    requestedBank: 'HDFC',
    fileName: 'june.pdf',
    format: 'pdf',
    detail: DETAIL,
    rows: ROWS,
    sources: SOURCES,
    now: h.clock.now(),
  });
  return id;
}

/** The company as the bridge would read it: it keeps the bank ledger, Rent, and a registered party. */
async function keepCompany(token: string) {
  const kept = await call(h.app, 'PUT', '/api/tally/company', {
    token,
    json: {
      company: { name: COMPANY, state: 'Uttar Pradesh', gstin: '09AAACS1234K1Z2', version: 'TallyPrime 4.1' },
      ledgers: [
        { name: BANK_LEDGER, parent: 'Bank Accounts' },
        { name: 'Rent', parent: 'Indirect Expenses' },
        {
          name: 'Kumar Stores',
          parent: 'Sundry Debtors',
          gstin: '10ABCPK1234M1Z9',
          state: 'Bihar',
          registrationType: 'Composition',
        },
        { name: 'Walk-in Buyer', parent: 'Sundry Debtors' },
      ],
    },
  });
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
}

const declaredLedgers = (xml: string) =>
  readImportXml(xml).objects.flatMap((o) => (o.kind === 'LEDGER' ? [o.name] : []));

test('GET /tally/company answers 200 with null before any company is read', async () => {
  const { token } = await member();
  const got = await call(h.app, 'GET', '/api/tally/company', { token });
  assert.equal(got.status, 200);
  assert.equal(got.body, null);
});

test('golden: Download XML from a stored statement declares only what the company lacks, with the printed references and value dates', async () => {
  const { token, id: userId } = await member();
  const statementId = await storedStatement(userId);
  await keepCompany(token);
  const res = await call(h.app, 'POST', '/api/hdfc/download-xml', {
    token,
    json: {
      acc: '50100012345678',
      transactions: ROWS,
      ledger_name: BANK_LEDGER,
      ledger_groups: GROUPS,
      company_name: COMPANY,
      statement_id: statementId,
    },
  });
  assert.equal(res.status, 200, String(res.body).slice(0, 300));
  const xml = String(res.body);
  if (UPDATE || !existsSync(GOLDEN)) {
    if (!UPDATE) assert.fail(`${GOLDEN.pathname} is missing; run with BAHI_UPDATE_GOLDEN=1 to create it`);
    writeFileSync(GOLDEN, xml);
  }
  assert.equal(xml, readFileSync(GOLDEN, 'utf8'));
  // The bank ledger and Rent are the company's: only the others are declared.
  assert.deepEqual(declaredLedgers(xml), ['Jai Hind Textiles', 'Suspense']);
  const vouchers = readImportXml(xml).objects.filter((o) => o.kind === 'VOUCHER');
  const banks = vouchers.map((v) => v.legs.find((l) => l.ledger === BANK_LEDGER)?.bank);
  assert.deepEqual(
    banks.map((b) => [b?.transactionType, b?.instrumentNumber, b?.instrumentDate, b?.bankersDate]),
    [
      // no banker's date: the lines are the accountant's to reconcile (issue 31)
      ['Cheque', '495548', '20250604', ''],
      ['e-Fund Transfer', 'BKIDH25153476069', '20250605', ''],
      // the all-zero reference is junk: the UTR comes from the narration
      ['e-Fund Transfer', 'KKBKR2024072819451055', '20250606', ''],
      ['Others', '415424818181', '20250608', ''],
      // a charge with a junk reference '0': no instrument number, the value date still kept
      ['Others', '', '20250610', ''],
    ],
  );

  // The same rows again: every voucher was in the file just downloaded, so nothing new (issue 31).
  const again = await call(h.app, 'POST', '/api/hdfc/download-xml', {
    token,
    json: {
      acc: '50100012345678',
      transactions: ROWS,
      ledger_name: BANK_LEDGER,
      ledger_groups: GROUPS,
      company_name: COMPANY,
      statement_id: statementId,
    },
  });
  assert.equal(again.status, 409);
  assert.match(
    again.body.detail,
    /all 5 voucher\(s\) went to Tally before \(Left out 5 already downloaded\.\)/,
  );
  // Asked for again: without a company named, every ledger is declared (create-only), and without the
  // statement the instrument number and date come from the narration and the posting date alone.
  const plain = await call(h.app, 'POST', '/api/hdfc/download-xml', {
    token,
    json: {
      acc: '50100012345678',
      transactions: ROWS,
      ledger_name: BANK_LEDGER,
      ledger_groups: GROUPS,
      include_sent: true,
    },
  });
  assert.equal(plain.headers['x-bahi-already-downloaded'], '0');
  assert.deepEqual(declaredLedgers(String(plain.body)), [
    BANK_LEDGER,
    'Rent',
    'Jai Hind Textiles',
    'Suspense',
  ]);
  const first = readImportXml(String(plain.body)).objects.find((o) => o.kind === 'VOUCHER');
  assert.equal(first?.legs.find((l) => l.ledger === BANK_LEDGER)?.bank?.instrumentDate, '20250603');
});

test('the browser cannot set what the statement printed: a row it changed gets no reference, and a rows save keeps them', async () => {
  const { token, id: userId } = await member();
  const statementId = await storedStatement(userId);
  // The first row's amount changed in the browser: it is not the stored row, so nothing printed is taken.
  const changed = [{ ...ROWS[0], Withdrawal: '46,000.00' }, ROWS[1]];
  const res = await call(h.app, 'POST', '/api/hdfc/download-xml', {
    token,
    json: {
      acc: '1',
      transactions: changed,
      ledger_name: BANK_LEDGER,
      ledger_groups: GROUPS,
      statement_id: statementId,
    },
  });
  const vouchers = readImportXml(String(res.body)).objects.filter((o) => o.kind === 'VOUCHER');
  const numbers = vouchers.map((v) => v.legs.find((l) => l.ledger === BANK_LEDGER)?.bank?.instrumentNumber);
  assert.deepEqual(numbers, ['', 'BKIDH25153476069']);

  // Another user's statement is not found.
  const stranger = await member();
  const theirs = await call(h.app, 'POST', '/api/hdfc/download-xml', {
    token: stranger.token,
    json: {
      acc: '1',
      transactions: ROWS,
      ledger_name: BANK_LEDGER,
      ledger_groups: GROUPS,
      statement_id: statementId,
    },
  });
  assert.equal(theirs.status, 404);

  // PUT rows with a made-up reference: the stored reference stays, the made-up one is dropped.
  const page = await call(h.app, 'GET', `/api/statements/${statementId}/rows`, { token });
  assert.equal(page.status, 200);
  assert.deepEqual(page.body.rows[0].slice(5), ['495548', '04-06-2025']);
  const sent = page.body.rows.map((r: string[], i: number) =>
    i === 3 ? [...r.slice(0, 5), 'FAKE-UTR-1', '01-01-2025'] : r.slice(0, 5),
  );
  const saved = await call(h.app, 'PUT', `/api/statements/${statementId}/rows`, {
    token,
    json: { revision: page.body.revision, rows: sent, ledgers: page.body.ledgers },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const after = await call(h.app, 'GET', `/api/statements/${statementId}/rows`, { token });
  assert.deepEqual(after.body.rows[0].slice(5), ['495548', '04-06-2025']);
  assert.deepEqual(after.body.rows[3].slice(5), []);
});

test('send-to-tally from a stored statement, through the emulator: lines with their instrument numbers and dates, unreconciled, nothing existing changed, nothing sent twice', async () => {
  const { token, id: userId } = await member();
  const statementId = await storedStatement(userId);
  await keepCompany(token);
  tally.emulator.reset();
  // The company's own bank ledger, under Bank OD A/c in Tally, and Rent.
  const seed = tally.emulator.importXml(
    `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>All Masters</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${COMPANY.replace('&', '&amp;')}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC><REQUESTDATA><TALLYMESSAGE><LEDGER NAME="${BANK_LEDGER}"><PARENT>Bank OD A/c</PARENT></LEDGER></TALLYMESSAGE><TALLYMESSAGE><LEDGER NAME="Rent"><PARENT>Indirect Expenses</PARENT></LEDGER></TALLYMESSAGE></REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`,
  );
  assert.equal(seed.outcome.errors, 0);
  const send = () =>
    call(h.app, 'POST', '/api/tally/send-to-tally', {
      token,
      json: {
        transactions: ROWS,
        ledger_name: BANK_LEDGER,
        ledger_groups: GROUPS,
        company_name: COMPANY,
        statement_id: statementId,
      },
    });
  const sent = await send();
  assert.equal(sent.status, 200, JSON.stringify(sent.body).slice(0, 300));
  assert.equal(sent.body.parts, 1);
  const [answer] = await pushExport(h, token, tally.emulator, sent.body.xml_id);
  assert.equal(answer.ok, true, answer.problems.join('; '));
  assert.equal(answer.created, 5 + 2);
  // The second time Bahi's record says Tally took every voucher: nothing is sent (issue 31).
  const again = await send();
  assert.equal(again.status, 409);
  assert.match(again.body.detail, /Left out 5 already sent to Tally/);
  const books = tally.emulator.imported().companies[0];
  assert.equal(books.vouchers.length, ROWS.length);
  const bankLegs = books.vouchers.map((v) => v.legs.find((l) => l.ledger === BANK_LEDGER));
  assert.deepEqual(
    bankLegs.map((l) => [l?.transactionType, l?.instrumentNumber, l?.instrumentDate, l?.bankersDate]),
    [
      // No banker's date: reconciliation stays the accountant's (issue 31).
      ['Cheque', '495548', '2025-06-04', undefined],
      ['e-Fund Transfer', 'BKIDH25153476069', '2025-06-05', undefined],
      ['e-Fund Transfer', 'KKBKR2024072819451055', '2025-06-06', undefined],
      ['Others', '415424818181', '2025-06-08', undefined],
      ['Others', undefined, '2025-06-10', undefined],
    ],
  );
  assert.equal(books.ledgers.find((l) => l.name === BANK_LEDGER)?.parent, 'Bank OD A/c');
});

test('filed from the statement screen into the office book, each row keeps the reference the statement printed; the push carries it', async () => {
  const { token, id: userId } = await member();
  const statementId = await storedStatement(userId);
  tally.emulator.reset();
  const { office, client, account } = await officeAccount(h, token, {
    name: 'Sharma',
    company: COMPANY,
    bank: 'HDFC',
    number: '50100012345678',
    ledger: BANK_LEDGER,
  });
  const filed = await office('POST', '/statements/file', {
    client_id: client.id,
    account_number: '50100012345678',
    // The browser's rows say which rows; the references come from the stored statement.
    transactions: ROWS.map(({ LedgerName: _ledger, ...r }) => r),
    statement_id: statementId,
  });
  assert.equal(filed.status, 200, JSON.stringify(filed.body));
  const book = (await office('GET', `/accounts/${account.id}/book`)).body;
  assert.deepEqual(
    book.rows.map((r: { reference: string }) => r.reference),
    ['495548', 'BKIDH25153476069', '000000000000', '', '0'],
  );
  const push = await office('POST', `/accounts/${account.id}/push`, {});
  assert.equal(push.status, 200, JSON.stringify(push.body).slice(0, 300));
  await pushExport(h, token, tally.emulator, push.body.xml_id);
  const legs = tally.emulator
    .imported()
    .companies[0].vouchers.map((v) => v.legs.find((l) => l.ledger === BANK_LEDGER));
  assert.deepEqual(
    legs.slice(0, 2).map((l) => l?.instrumentNumber),
    ['495548', 'BKIDH25153476069'],
  );
  // Another user's statement is not a source of references.
  const other = await member();
  const theirs = await officeAccount(h, other.token, {
    name: 'Other',
    company: COMPANY,
    bank: 'HDFC',
    number: '50100012345678',
    ledger: BANK_LEDGER,
  });
  const refused = await theirs.office('POST', '/statements/file', {
    client_id: theirs.client.id,
    account_number: '50100012345678',
    transactions: ROWS.map(({ LedgerName: _ledger, ...r }) => r),
    statement_id: statementId,
  });
  assert.equal(refused.status, 404, JSON.stringify(refused.body));
  assert.match(refused.body.detail, /No such statement/);
});

test('an invoice to a party ledger the company keeps with a GSTIN carries its GSTIN, state and registration; another party is unregistered', async () => {
  const { token } = await member('admin');
  await keepCompany(token);
  const vouchers = [
    {
      Reference: 'K/1',
      Date: '2025-10-02',
      Items: [{ 'Item Name': 'Steel Almirah', Quantity: 1, 'Selling Price': 10000, GST: 18, Total: 11800 }],
    },
  ];
  const invoice = async (party: string) => {
    const res = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token,
      json: { vouchers_data: { vouchers }, party_ledger: party, company_name: COMPANY },
    });
    assert.equal(res.status, 200, String(res.body).slice(0, 300));
    const [v] = readImportXml(String(res.body)).objects.filter((o) => o.kind === 'VOUCHER');
    assert.ok(v && v.kind === 'VOUCHER');
    return { v, xml: String(res.body) };
  };
  const known = await invoice('Kumar Stores');
  assert.equal(known.v.partyGstin, '10ABCPK1234M1Z9');
  assert.equal(known.v.placeOfSupply, 'Bihar');
  assert.equal(known.v.registrationType, 'Composition');
  // Bihar is not the company's Uttar Pradesh: IGST, and the known party is not declared again.
  assert.match(known.xml, /<LEDGERNAME>IGST<\/LEDGERNAME>/);
  assert.ok(!declaredLedgers(known.xml).includes('Kumar Stores'));

  const walkIn = await invoice('Walk-in Buyer');
  assert.equal(walkIn.v.partyGstin, '');
  assert.equal(walkIn.v.registrationType, 'Unregistered/Consumer');
  assert.equal(walkIn.v.placeOfSupply, 'Uttar Pradesh');
});

test('invoices under a voucher type of their own keep the numbers issued in the books (issue 31)', async () => {
  const { token } = await member('admin');
  await keepCompany(token);
  const vouchers = ['K/41', 'K/42'].map((Reference) => ({
    Reference,
    Date: '2025-10-02',
    Items: [{ 'Item Name': 'Steel Almirah', Quantity: 1, 'Selling Price': 10000, GST: 18, Total: 11800 }],
  }));
  const invoices = async (voucherType?: string) => {
    const res = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token,
      json: {
        vouchers_data: { vouchers },
        // A party the company lacks: declared with the invoices, so the emulator reset takes them.
        party_ledger: 'Sharma Traders',
        company_name: COMPANY,
        ...(voucherType ? { voucher_type: voucherType } : {}),
      },
    });
    assert.equal(res.status, 200, String(res.body).slice(0, 300));
    tally.emulator.reset();
    const { outcome } = tally.emulator.importXml(String(res.body));
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    return tally.emulator.imported().companies[0].vouchers.map((v) => v.number);
  };
  // Under the predefined Sales, numbered automatically, the numbers are Tally's own.
  assert.deepEqual(await invoices(), ['1', '2']);
  assert.deepEqual(await invoices('Bahi Sales'), ['K/41', 'K/42']);
});
