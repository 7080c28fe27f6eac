import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  buildManualVouchersXml,
  buildTaxInvoicesXml,
  el,
  importXml,
  leaf,
  mastersExportRequest,
  postToTally,
  pushToTally,
  startTallyEmulator,
  TallyError,
  type RunningEmulator,
} from '../src/index.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ["Sharma & Sons' Pvt", 'Other Co'] });
});
after(() => tally.close());

const tx = (over: Partial<{ date: string; withdrawal: number; deposit: number; ledger: string }> = {}) => ({
  date: '2025-07-01',
  description: 'NEFT',
  withdrawal: 0,
  deposit: 10000,
  ...over,
});

test('a good file with masters imports over HTTP in UTF-16LE, into the named company', async () => {
  tally.emulator.reset();
  const xml = buildBankVouchersXml({
    bankLedger: 'HDFC & Co A/c',
    company: "Sharma & Sons' Pvt",
    withMasters: true,
    transactions: [tx(), tx({ withdrawal: 500, deposit: 0 })],
  });
  const r = await pushToTally(xml, { port: tally.port });
  assert.equal(r.ok, true, r.problems.join());
  assert.equal(r.created, 4);
  const [sharma, other] = tally.emulator.imported().companies;
  assert.equal(sharma.vouchers.length, 2);
  assert.equal(other.vouchers.length, 0);
  assert.ok(sharma.ledgers.some((l) => l.name === 'HDFC & Co A/c' && l.parent === 'Bank Accounts'));
});

test('pushing the same masters again: Tally says they exist (create-only), and by default the voucher is entered again', async () => {
  tally.emulator.reset();
  const xml = buildBankVouchersXml({ bankLedger: 'B', withMasters: true, transactions: [tx()] });
  await pushToTally(xml, { port: tally.port });
  const again = await pushToTally(xml, { port: tally.port });
  assert.equal(again.ok, true);
  // The two masters are sent create-only: Tally says they exist and keeps them as they are.
  assert.deepEqual(again.alreadyExisting, ['B', 'Suspense']);
  // No REMOTEID matching is assumed (RemoteIdRule 'ignored'): the copy is a second voucher, which is
  // why Bahi keeps its own record of what was sent and never sends it twice (issue 31).
  assert.equal(again.created, 1);
  assert.equal(tally.emulator.imported().companies[0].vouchers.length, 2);
});

test('every voucher is create-only; where REMOTEIDs are matched, a second push is refused and alters nothing', async () => {
  const strict = await startTallyEmulator({ companies: ["Sharma & Sons' Pvt"], remoteIds: 'alter' });
  try {
    const input = {
      bankLedger: 'HDFC A/c',
      company: "Sharma & Sons' Pvt",
      transactions: [
        tx({ ledger: 'Cash' }),
        tx({ ledger: 'Cash', withdrawal: 500, deposit: 0 }),
        // Two rows alike in every field are still two transactions (their order tells them apart).
        tx({ ledger: 'Cash', withdrawal: 500, deposit: 0 }),
      ],
    };
    const xml = buildBankVouchersXml({ ...input, withMasters: true });
    assert.equal((xml.match(/<VOUCHER REMOTEID="[^"]+" VCHTYPE="[^"]+" ACTION="Create"/g) ?? []).length, 3);
    const first = await pushToTally(xml, { port: strict.port });
    assert.equal(first.ok, true, first.problems.join());
    const books = () => strict.emulator.imported().companies[0].vouchers;
    const before = books().map((v) => ({ id: v.id, remoteId: v.remoteId, narration: v.narration }));
    assert.equal(new Set(before.map((v) => v.remoteId)).size, 3);
    // The accountant reclassifies one in Tally; a second push must not undo it.
    strict.emulator.book.company("Sharma & Sons' Pvt")!.vouchers[0].legs[0].ledger = 'Bank Charges';
    const again = await pushToTally(xml, { port: strict.port });
    assert.equal(again.ok, false);
    assert.equal(again.errors, 3);
    assert.equal(again.created + again.altered, 0);
    assert.deepEqual(
      books().map((v) => ({ id: v.id, remoteId: v.remoteId, narration: v.narration })),
      before,
    );
    assert.equal(books()[0].legs[0].ledger, 'Bank Charges');
  } finally {
    await strict.close();
  }
});

test('an unknown ledger is refused with Tally’s words, counted as an exception; the rest still imports', async () => {
  tally.emulator.reset();
  const xml = buildBankVouchersXml({
    bankLedger: 'Cash',
    transactions: [tx({ ledger: 'Nobody & Co' }), tx({ ledger: 'Profit & Loss A/c' })],
  });
  const r = await pushToTally(xml, { port: tally.port });
  assert.equal(r.ok, false);
  assert.deepEqual(r.lineErrors, ["Ledger 'Nobody & Co' does not exist!"]);
  assert.deepEqual(r.named, ['Nobody & Co']);
  assert.equal(r.created, 1);
  // TallyPrime counts a voucher naming a missing master as an EXCEPTION, not an ERROR.
  assert.equal(r.errors, 0);
  assert.equal(r.exceptions, 1);
});

function hand(date: string, amounts: [string, string][], company?: string): string {
  const voucher = el('VOUCHER', { VCHTYPE: 'Journal', ACTION: 'Create' }, [
    leaf('DATE', date),
    leaf('VOUCHERTYPENAME', 'Journal'),
    ...amounts.map(([ledger, amount]) =>
      el('ALLLEDGERENTRIES.LIST', {}, [
        leaf('LEDGERNAME', ledger),
        leaf('ISDEEMEDPOSITIVE', amount.startsWith('-') ? 'Yes' : 'No'),
        leaf('AMOUNT', amount),
      ]),
    ),
  ]);
  return importXml({ report: 'Vouchers', company, objects: [voucher] });
}

test('bad dates, unbalanced vouchers and a wrong company are refused', async () => {
  tally.emulator.reset();
  const pair: [string, string][] = [
    ['Cash', '-10.00'],
    ['Profit & Loss A/c', '10.00'],
  ];
  const badDate = await pushToTally(hand('20250231', pair), { port: tally.port });
  assert.deepEqual(badDate.lineErrors, ["Invalid Date '20250231'!"]);
  const noDate = await pushToTally(hand('', pair), { port: tally.port });
  assert.deepEqual(noDate.lineErrors, ['Voucher date is missing.']);
  const unbalanced = await pushToTally(
    hand('20250701', [
      ['Cash', '-10.00'],
      ['Profit & Loss A/c', '9.00'],
    ]),
    { port: tally.port },
  );
  assert.equal(unbalanced.ok, false);
  assert.match(
    unbalanced.lineErrors[0],
    /^Voucher totals do not match! Dr: 10.00 Dr {2}Cr: 9.00 Cr {2}Diff: 1.00 Dr$/,
  );
  const wrong = await pushToTally(hand('20250701', pair, 'Nope Ltd'), { port: tally.port });
  assert.deepEqual(wrong.lineErrors, ["Could not set 'SVCurrentCompany' to 'Nope Ltd'"]);
  assert.equal(tally.emulator.imported().companies[0].vouchers.length, 0);
  const good = await pushToTally(hand('20250701', pair, 'other co'), { port: tally.port });
  assert.equal(good.ok, true, 'company names are case-insensitive, as in Tally');
});

test('unknown voucher types and stock items are refused', async () => {
  tally.emulator.reset();
  const r = await pushToTally(
    buildManualVouchersXml({
      rows: [
        {
          date: '2025-06-01',
          voucherType: 'Receipt',
          ledgerName: 'Cash',
          partyName: 'Profit & Loss A/c',
          netAmount: 5,
        },
      ],
    }).replaceAll('Receipt', 'Reciept'),
    { port: tally.port },
  );
  assert.deepEqual(r.lineErrors, ["Voucher Type 'Reciept' does not exist!"]);
});

test('UTF-8 requests get UTF-8 answers; junk gets Tally’s unknown-request answer', async () => {
  const body = Buffer.from(
    buildBankVouchersXml({ bankLedger: 'Cash', transactions: [tx({ ledger: 'Profit & Loss A/c' })] }),
    'utf8',
  );
  const answer = await new Promise<{ type: string; text: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: tally.port, method: 'POST', headers: { 'Content-Type': 'text/xml' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            type: String(res.headers['content-type']),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  assert.match(answer.type, /utf-8/);
  assert.match(answer.text, /<CREATED>1<\/CREATED>/);
  const junk = await postToTally('<hello', { port: tally.port });
  assert.match(junk, /Unknown Request, cannot be processed/);
});

test('GET / says the server is running and shows the imports as JSON', async () => {
  const html = await (await fetch(`${tally.url}/`)).text();
  assert.match(html, /TallyPrime Server is Running/);
  const json = (await (await fetch(`${tally.url}/?format=json`)).json()) as { companies: { name: string }[] };
  assert.deepEqual(
    json.companies.map((c) => c.name),
    ["Sharma & Sons' Pvt", 'Other Co'],
  );
});

test('the client explains a refused connection and a timeout', async () => {
  const closed = await startTallyEmulator();
  const port = closed.port;
  await closed.close();
  await assert.rejects(
    pushToTally('<x/>', { host: 'localhost', port }),
    (e: unknown) => e instanceof TallyError && e.code === 'refused' && /127\.0\.0\.1/.test(e.userMessage),
  );
  const { createServer } = await import('node:net');
  const silent = createServer(() => {}).listen(0, '127.0.0.1');
  await new Promise((r) => silent.once('listening', r));
  const silentPort = (silent.address() as { port: number }).port;
  await assert.rejects(
    pushToTally('<x/>', { port: silentPort, timeoutMs: 200 }),
    (e: unknown) => e instanceof TallyError && e.code === 'timeout',
  );
  silent.close();
});

test('masters are create-only: an existing CGST ledger, stock item and OD bank ledger stay as the user keeps them', async () => {
  tally.emulator.reset();
  const seed = importXml({
    report: 'All Masters',
    company: "Sharma & Sons' Pvt",
    objects: [
      el('LEDGER', { NAME: 'CGST' }, [
        leaf('PARENT', 'Duties & Taxes'),
        leaf('TAXTYPE', 'GST'),
        // The word a TallyPrime 4.1 company keeps (3.0+ writes CGST, TallyConnector #27).
        leaf('GSTDUTYHEAD', 'CGST'),
        leaf('ISBILLWISEON', 'Yes'),
      ]),
      el('LEDGER', { NAME: 'HDFC OD' }, [leaf('PARENT', 'Bank OD A/c')]),
      el('UNIT', { NAME: 'Box' }, [leaf('NAME', 'Box')]),
      el('STOCKITEM', { NAME: 'Widget' }, [leaf('PARENT', 'Hardware'), leaf('BASEUNITS', 'Box')]),
    ],
  });
  assert.equal((await pushToTally(seed, { port: tally.port })).ok, true);
  const invoices = buildTaxInvoicesXml({
    company: "Sharma & Sons' Pvt",
    withMasters: true,
    companyState: 'Maharashtra',
    forceState: 'Maharashtra',
    vouchers: [
      {
        Reference: 'INV-1',
        Date: '2025-07-01',
        Items: [{ 'Item Name': 'Widget', Quantity: 2, 'Selling Price': 100, GST: 18 }],
      },
    ],
  });
  const r = await pushToTally(invoices, { port: tally.port });
  assert.equal(r.ok, true, r.problems.join());
  assert.ok(r.alreadyExisting.includes('CGST'));
  assert.ok(r.alreadyExisting.includes('Widget'));
  assert.equal(r.errors, 0);
  const bank = buildBankVouchersXml({
    company: "Sharma & Sons' Pvt",
    bankLedger: 'HDFC OD',
    withMasters: true,
    transactions: [tx()],
  });
  const b = await pushToTally(bank, { port: tally.port });
  assert.equal(b.ok, true, b.problems.join());
  assert.deepEqual(b.alreadyExisting, ['HDFC OD']);
  const company = tally.emulator.book.company("Sharma & Sons' Pvt")!;
  assert.deepEqual(company.ledgers.get('cgst'), {
    name: 'CGST',
    parent: 'Duties & Taxes',
    gstDutyHead: 'CGST',
    billWise: 'Yes',
  });
  assert.equal(company.ledgers.get('hdfc od')?.parent, 'Bank OD A/c');
  assert.deepEqual(company.stockItems.get('widget'), { name: 'Widget', unit: 'Box', parent: 'Hardware' });
  assert.equal(company.vouchers.length, 2);
});

test('the emulator answers a create of an existing master with "already exists" and does not alter it', async () => {
  tally.emulator.reset();
  const xml = importXml({
    report: 'All Masters',
    objects: [el('LEDGER', { NAME: 'Cash', ACTION: 'Create' }, [leaf('PARENT', 'Sundry Debtors')])],
  });
  const answer = await postToTally(xml, { port: tally.port });
  assert.match(answer, /<LINEERROR>Ledger &apos;Cash&apos; already exists!<\/LINEERROR>/);
  assert.equal(tally.emulator.book.company()!.ledgers.get('cash')?.parent, 'Cash-in-Hand');
});

test('out of period: a voucher dated before the books begin is refused, one after the year is kept', async () => {
  const books = await startTallyEmulator({ companies: [{ name: 'FY Co', booksFrom: '2025-04-01' }] });
  try {
    const xml = buildBankVouchersXml({
      bankLedger: 'Cash',
      transactions: [
        tx({ date: '2025-03-31', ledger: 'Profit & Loss A/c' }),
        tx({ date: '2025-04-01', ledger: 'Profit & Loss A/c' }),
        tx({ date: '2027-01-15', ledger: 'Profit & Loss A/c' }),
      ],
    });
    const r = await pushToTally(xml, { port: books.port });
    assert.equal(r.created, 2);
    assert.equal(r.errors, 1);
    assert.match(r.lineErrors[0], /2025-03-31 is before the Books Beginning From date 2025-04-01/);
    assert.deepEqual(
      books.emulator.imported().companies[0].vouchers.map((v) => v.date),
      ['2025-04-01', '2027-01-15'],
    );
  } finally {
    await books.close();
  }
});

test('ledger balances follow the postings', async () => {
  tally.emulator.reset();
  const transactions = [
    tx({ date: '2025-07-01', withdrawal: 150000, deposit: 0, ledger: 'Profit & Loss A/c' }),
    tx({ date: '2025-07-02', withdrawal: 0, deposit: 99999, ledger: 'Profit & Loss A/c' }),
    tx({ date: '2025-07-03', withdrawal: 0, deposit: 1, ledger: 'Profit & Loss A/c' }),
  ];
  const xml = buildBankVouchersXml({
    company: "Sharma & Sons' Pvt",
    bankLedger: 'HDFC',
    transactions,
    withMasters: true,
  });
  await pushToTally(xml, { port: tally.port });
  const once = tally.emulator.imported().companies[0].balances;
  // Bank: debit (negative) for deposits, credit for withdrawals: 1,500.00 out, 1,000.00 in.
  assert.equal(once.HDFC, -(99999 + 1) + 150000);
  assert.equal(once['Profit & Loss A/c'], -once.HDFC);
  // The ledger collection serves the closing balance when asked for it, as Tally's FETCH does.
  const answer = tally.emulator.exportXml(
    mastersExportRequest('Ledger', "Sharma & Sons' Pvt").replace(
      'Name, Parent',
      'Name, Parent, ClosingBalance',
    ),
  );
  assert.match(
    answer ?? '',
    /<LEDGER NAME="HDFC">\s*<PARENT TYPE="String">Bank Accounts<\/PARENT>\s*<CLOSINGBALANCE TYPE="Amount">500.00<\/CLOSINGBALANCE>/,
  );
});

test('a leg whose ISDEEMEDPOSITIVE contradicts its amount is refused (our rule, decision 037)', () => {
  tally.emulator.reset();
  const good = buildBankVouchersXml({
    company: "Sharma & Sons' Pvt",
    bankLedger: 'Cash',
    transactions: [tx({ ledger: 'Cash' })],
  });
  assert.equal(tally.emulator.importXml(good).outcome.created, 1);
  const bad = good.replace(
    '<ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>',
    '<ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE>',
  );
  assert.notEqual(bad, good);
  const { outcome } = tally.emulator.importXml(bad);
  assert.equal(outcome.errors, 1);
  assert.match(outcome.lineErrors[0], /marked both debit and credit/);
});
