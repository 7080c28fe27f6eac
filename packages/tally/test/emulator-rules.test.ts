// The emulator's rules issue 31 asked for (docs/decisions/037, their sources in emulator/book.ts):
// unknown GSTDUTYHEAD words dropped while the ledger is still counted created, and Bahi reading the
// duty heads back after a push (through the bridge); allocation amounts that differ from their leg
// refused; dates after the company's period refused; an invoice-mode voucher without stock items an
// exception on a company that keeps inventory.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  buildBankVouchersXml,
  buildTaxInvoicesXml,
  checkDutyHeadsBack,
  declaredDutyHeads,
  dutyHeadProblems,
  startBridge,
  startTallyEmulator,
  TallyEmulator,
  type RunningEmulator,
} from '../src/index.ts';

const invoices = [
  {
    Reference: 'INV-7',
    Date: '2025-08-01',
    Items: [{ 'Item Name': 'Rice', Quantity: 2, 'Selling Price': 500, GST: 5, HSN: '1006' }],
  },
];
const invoiceXml = (tallyVersion: string) =>
  buildTaxInvoicesXml({
    vouchers: invoices,
    company: 'Heads & Co',
    companyState: 'Uttar Pradesh',
    withMasters: true,
    tallyVersion,
  });

describe('GST duty heads', () => {
  let tally: RunningEmulator;
  let bridge: Awaited<ReturnType<typeof startBridge>>;
  before(async () => {
    // A TallyPrime 4.1 company: it takes CGST / SGST/UTGST / IGST, not the words of 2.x.
    tally = await startTallyEmulator({ companies: [{ name: 'Heads & Co', state: 'Uttar Pradesh' }] });
    bridge = await startBridge({ port: 0, origins: ['http://localhost:8080'], tallyPort: tally.port });
  });
  after(async () => {
    await bridge.close();
    await tally.close();
  });

  test('a word the release does not take is dropped, the ledger still counted created; read back, it is caught', async () => {
    tally.emulator.reset();
    // Written for TallyPrime 2.1 (Central Tax, State Tax), sent to a 4.1 company.
    const xml = invoiceXml('TallyPrime 2.1');
    assert.deepEqual(
      declaredDutyHeads(xml).map((d) => [d.ledger, d.head]),
      [
        ['CGST', 'Central Tax'],
        ['SGST', 'State Tax'],
      ],
    );
    const { outcome } = tally.emulator.importXml(xml);
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    const company = tally.emulator.book.company('Heads & Co')!;
    assert.ok(company.ledgers.has('cgst'), 'created');
    assert.equal(company.ledgers.get('cgst')?.gstDutyHead, undefined, 'the word dropped');
    // Counted: every object sent is accounted for, so the counters alone say success.
    assert.ok(outcome.created >= 2);
    const problems = await checkDutyHeadsBack(xml, { port: tally.port });
    assert.equal(problems.length, 2);
    assert.match(
      problems[0],
      /Tally kept the ledger 'CGST' without its GST duty head \(sent 'Central Tax'\)/,
    );
  });

  test('the words of its release are kept, and nothing is reported', async () => {
    tally.emulator.reset();
    const xml = invoiceXml('TallyPrime 4.1');
    tally.emulator.importXml(xml);
    assert.equal(tally.emulator.book.company('Heads & Co')!.ledgers.get('cgst')?.gstDutyHead, 'CGST');
    assert.deepEqual(await checkDutyHeadsBack(xml, { port: tally.port }), []);
    // A file declaring no duty head asks Tally nothing.
    const requests = tally.emulator.imported().requests;
    const bank = buildBankVouchersXml({
      bankLedger: 'B',
      company: 'Heads & Co',
      transactions: [{ date: '2025-08-01', description: 'x', withdrawal: 100, deposit: 0 }],
    });
    assert.deepEqual(await checkDutyHeadsBack(bank, { port: tally.port }), []);
    assert.equal(tally.emulator.imported().requests, requests);
  });

  test('through the bridge: the push answers success with a warning naming the ledgers', async () => {
    tally.emulator.reset();
    const res = await fetch(`${bridge.url}/push`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:8080' },
      body: JSON.stringify({ phone: '9999999999', local_ip: '127.0.0.1', xml: invoiceXml('Tally.ERP 9') }),
    });
    const answer = (await res.json()) as { status: string; warnings?: string[] };
    assert.equal(answer.status, 'success');
    assert.equal(answer.warnings?.length, 2);
    assert.match(answer.warnings![1], /'SGST' without its GST duty head \(sent 'State Tax'\)/);
  });

  test('a ledger the company had keeps its own head; one Tally lacks is not this check’s', () => {
    assert.deepEqual(
      dutyHeadProblems(
        [
          { ledger: 'CGST', head: 'CGST' },
          { ledger: 'IGST', head: 'IGST' },
        ],
        [{ name: 'cgst', gstDutyHead: 'Central Tax' }],
      ),
      [],
    );
  });
});

const MASTERS = `<TALLYMESSAGE><LEDGER NAME="B" ACTION="Create"><PARENT>Bank Accounts</PARENT></LEDGER></TALLYMESSAGE>
<TALLYMESSAGE><LEDGER NAME="Rent" ACTION="Create"><PARENT>Indirect Expenses</PARENT></LEDGER></TALLYMESSAGE>`;

/** One voucher of the emulator's own making: a Payment from B to Rent of 100.00. */
function payment(
  date: string,
  opts: { bankAllocation?: string; view?: string; type?: string; masters?: boolean } = {},
) {
  const alloc =
    opts.bankAllocation === undefined
      ? ''
      : `<BANKALLOCATIONS.LIST><DATE>${date}</DATE><TRANSACTIONTYPE>Others</TRANSACTIONTYPE><AMOUNT>${opts.bankAllocation}</AMOUNT></BANKALLOCATIONS.LIST>`;
  const type = opts.type ?? 'Payment';
  return `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>Rules Co</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC><REQUESTDATA>
${opts.masters === false ? '' : MASTERS}
<TALLYMESSAGE><VOUCHER VCHTYPE="${type}" ACTION="Create"><DATE>${date}</DATE><VOUCHERTYPENAME>${type}</VOUCHERTYPENAME>${opts.view ? `<PERSISTEDVIEW>${opts.view}</PERSISTEDVIEW>` : ''}
<ALLLEDGERENTRIES.LIST><LEDGERNAME>Rent</LEDGERNAME><ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE><AMOUNT>-100.00</AMOUNT></ALLLEDGERENTRIES.LIST>
<ALLLEDGERENTRIES.LIST><LEDGERNAME>B</LEDGERNAME><ISDEEMEDPOSITIVE>No</ISDEEMEDPOSITIVE><AMOUNT>100.00</AMOUNT>${alloc}</ALLLEDGERENTRIES.LIST>
</VOUCHER></TALLYMESSAGE></REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
}

describe('vouchers', () => {
  test('a bank allocation that differs from its leg is refused; the leg’s own amount is taken', () => {
    const tally = new TallyEmulator(['Rules Co']);
    const wrong = tally.importXml(payment('20250801', { bankAllocation: '90.00' })).outcome;
    assert.equal(wrong.errors, 1);
    assert.deepEqual(wrong.lineErrors, ["Bank allocations of 'B' (90.00) do not match its amount (100.00)!"]);
    const right = tally.importXml(payment('20250801', { bankAllocation: '100.00', masters: false })).outcome;
    assert.equal(right.errors, 0, right.lineErrors.join('; '));
    assert.equal(tally.book.company('Rules Co')!.vouchers.length, 1);
  });

  test("Bahi's bank vouchers carry allocations equal to their legs", () => {
    const tally = new TallyEmulator(['Rules Co']);
    const xml = buildBankVouchersXml({
      bankLedger: 'B',
      company: 'Rules Co',
      withMasters: true,
      transactions: [
        { date: '2025-08-01', description: 'NEFT/AXISN12345678901/ACME', withdrawal: 0, deposit: 12345 },
        {
          date: '2025-08-02',
          description: 'CHQ PAID 000123',
          withdrawal: 5000,
          deposit: 0,
          reference: '000123',
        },
        { date: '2025-08-03', description: 'REV', withdrawal: -100, deposit: 0 },
      ],
    });
    const { outcome } = tally.importXml(xml);
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    assert.equal(tally.book.company('Rules Co')!.vouchers.length, 3);
  });

  test("a voucher after the company's period is refused; its last day is taken", () => {
    const tally = new TallyEmulator([{ name: 'Rules Co', booksFrom: '2025-04-01', periodTo: '2026-03-31' }]);
    const after = tally.importXml(payment('20260401')).outcome;
    assert.equal(after.errors, 1);
    assert.deepEqual(after.lineErrors, [
      "Voucher date 2026-04-01 is after the end of the company's period 2026-03-31!",
    ]);
    assert.equal(tally.importXml(payment('20260331', { masters: false })).outcome.errors, 0);
    // Without a period's end (the default), a later date is kept: TallyPrime's books run on.
    const open = new TallyEmulator([{ name: 'Rules Co', booksFrom: '2025-04-01' }]);
    assert.equal(open.importXml(payment('20270401')).outcome.errors, 0);
  });

  test('invoice mode without stock items: an exception where the company keeps inventory, not elsewhere', () => {
    const keeps = new TallyEmulator([{ name: 'Rules Co', inventory: true }]);
    const bare = keeps.importXml(payment('20250801', { view: 'Invoice Voucher View' })).outcome;
    assert.equal(bare.exceptions, 1);
    assert.equal(bare.errors, 0);
    assert.deepEqual(bare.lineErrors, ['Payment voucher in Invoice mode has no stock items!']);
    // In accounting mode it is taken; on a company without inventory, invoice mode is taken too.
    assert.equal(
      keeps.importXml(payment('20250801', { view: 'Accounting Voucher View' })).outcome.exceptions,
      0,
    );
    const books = new TallyEmulator(['Rules Co']);
    assert.equal(
      books.importXml(payment('20250801', { view: 'Invoice Voucher View' })).outcome.exceptions,
      0,
    );
  });

  test("Bahi's invoices carry their stock items: taken on a company that keeps inventory", () => {
    const keeps = new TallyEmulator([{ name: 'Heads & Co', state: 'Uttar Pradesh', inventory: true }]);
    const { outcome } = keeps.importXml(invoiceXml('TallyPrime 4.1'));
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    assert.equal(keeps.book.company('Heads & Co')!.vouchers.length, 1);
  });
});
