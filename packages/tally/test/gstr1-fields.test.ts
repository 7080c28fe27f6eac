// Invoices as issued, field by field of GSTR-1 (issue 31): the golden invoice-company-masters is an
// invoice of a company read through the bridge, its items in their own units and with the HSN its
// masters keep. Each test reads one field GSTR-1 takes from the voucher (B2B table 4A, HSN summary
// table 12) where TallyPrime finds it. And the masters read back: a company's stock items through the
// bridge's collection (emulator) give the unit and HSN the invoice takes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import {
  buildTaxInvoicesXml,
  gstDutyHeadsFor,
  pushToTally,
  readMastersFile,
  readTallyMasters,
  startTallyEmulator,
  stockItemMaster,
  unitMaster,
  type RunningEmulator,
} from '../src/index.ts';
import { importXml } from '../src/envelope.ts';

const xml = readFileSync(new URL('./golden/invoice-company-masters.xml', import.meta.url), 'utf8');
const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
type Node = Record<string, unknown>;
const messages = [doc.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE].flat() as Node[];
const voucher = messages.find((m) => m.VOUCHER)!.VOUCHER as Node;
const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as Node[];
const lines = list(voucher['ALLINVENTORYENTRIES.LIST']);
const legs = list(voucher['LEDGERENTRIES.LIST']);
const amount = (name: string) => Number(legs.find((l) => l.LEDGERNAME === name)?.AMOUNT);

test('supplier: the registration the invoice is issued under (GSTIN)', () => {
  const reg = voucher.GSTREGISTRATION as Node;
  assert.equal(reg['@_TAXREGISTRATION'], '27AAPFU0939F1ZV');
  assert.equal(voucher.CMPGSTIN, '27AAPFU0939F1ZV');
});

test('recipient GSTIN and the invoice type (B2B: Regular)', () => {
  assert.equal(voucher.PARTYGSTIN, '27ABCDE1234F1Z5');
  assert.equal(voucher.GSTREGISTRATIONTYPE, 'Regular');
});

test('invoice number and date, as issued', () => {
  assert.equal(voucher.VOUCHERNUMBER, 'GC/2025/17');
  assert.equal(voucher.DATE, '20251002');
});

test('place of supply', () => {
  assert.equal(voucher.PLACEOFSUPPLY, 'Maharashtra');
});

test('invoice value: taxable values plus tax, on the party', () => {
  // 12.5 Kg x 120 + 3 Box x 450 + 100 = 2,950.00 taxable; 5% of 1,500 + 18% of 1,450 = 336.00 tax
  assert.equal(amount('Mehta Traders'), -3286);
});

test('taxable value and rate per line', () => {
  assert.deepEqual(
    lines.map((l) => [Number(l.AMOUNT), list(l['RATEDETAILS.LIST']).map((r) => Number(r.GSTRATE))]),
    [
      [1500, [2.5, 2.5, 0]],
      [1350, [9, 9, 0]],
      [100, [9, 9, 0]],
    ],
  );
});

test("central and state tax, to the company's own ledgers; no integrated tax within the state", () => {
  assert.equal(amount('Output CGST'), 168);
  assert.equal(amount('Output SGST'), 168);
  assert.ok(Number.isNaN(amount('IGST')));
});

test("HSN summary: each line's HSN from the company's masters, or the row's", () => {
  assert.deepEqual(
    lines.map((l) => l.GSTHSNNAME),
    ['10063020', '73181500', '998540'],
  );
});

test("HSN summary: UQC and quantity in each item's own unit", () => {
  assert.deepEqual(
    lines.map((l) => [l.BILLEDQTY, l.RATE]),
    [
      ['12.5 Kg', '120.00/Kg'],
      ['3 Box', '450.00/Box'],
      ['1 Nos', '100.00/Nos'],
    ],
  );
  // Only the new item and its unit are declared; the company's own items and units are not.
  const declared = messages.flatMap((m) =>
    Object.keys(m)
      .filter((k) => /^(UNIT|STOCKITEM)$/.test(k))
      .map((k) => (m[k] as Node)['@_NAME']),
  );
  assert.deepEqual(declared, ['Nos', 'Packing Charges']);
});

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['Gupta & Co'] });
});
after(() => tally.close());

test("the units and HSN an invoice takes come from the company's masters, read through the bridge", async () => {
  const heads = gstDutyHeadsFor('TallyPrime 4.1');
  const gst = (hsn: string) => ({
    hsn,
    taxability: 'Taxable' as const,
    typeOfSupply: 'Goods' as const,
    rate: 5,
    applicableFrom: '2025-04-01',
    heads,
    hsnDetails: true,
  });
  const masters = importXml({
    report: 'All Masters',
    company: 'Gupta & Co',
    objects: [
      unitMaster('Kg', 2),
      stockItemMaster({ name: 'Basmati Rice', unit: 'Kg', gst: gst('10063020') }),
    ],
  });
  assert.equal((await pushToTally(masters, { port: tally.port })).ok, true);
  const read = await readTallyMasters({ port: tally.port, company: 'Gupta & Co' });
  assert.deepEqual(
    read.stockItems.map(({ name, unit, hsn }) => ({ name, unit, hsn })),
    [{ name: 'Basmati Rice', unit: 'Kg', hsn: '10063020' }],
  );
  const invoice = buildTaxInvoicesXml({
    vouchers: [
      {
        Reference: 'GC/1',
        Date: '2025-10-02',
        Items: [{ 'Item Name': 'Basmati Rice', Quantity: 2, 'Selling Price': 100, GST: 5 }],
      },
    ],
    companyState: 'Maharashtra',
    company: 'Gupta & Co',
    withMasters: true,
    existingStockItems: read.stockItems.map((i) => i.name),
    existingUnits: read.units.map((u) => u.name),
    itemUnits: Object.fromEntries(read.stockItems.map((i) => [i.name, i.unit ?? ''])),
    hsnCodes: Object.fromEntries(read.stockItems.map((i) => [i.name, i.hsn ?? ''])),
  });
  assert.match(invoice, /<BILLEDQTY>2 Kg<\/BILLEDQTY>/);
  assert.match(invoice, /<GSTHSNNAME>10063020<\/GSTHSNNAME>/);
  const answer = await pushToTally(invoice, { port: tally.port });
  assert.equal(answer.ok, true, answer.problems.join('; '));
});

test('a masters file gives the HSN too: the latest of HSNDETAILS.LIST, else GSTDETAILS.LIST', () => {
  const file = `<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA>
    <TALLYMESSAGE><STOCKITEM NAME="Basmati Rice"><PARENT/><BASEUNITS>Kg</BASEUNITS>
      <HSNDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM><HSNCODE>1006</HSNCODE></HSNDETAILS.LIST>
      <HSNDETAILS.LIST><APPLICABLEFROM>20220401</APPLICABLEFROM><HSNCODE>10063020</HSNCODE></HSNDETAILS.LIST>
    </STOCKITEM></TALLYMESSAGE>
    <TALLYMESSAGE><STOCKITEM NAME="Steel Bolts"><PARENT/><BASEUNITS>Box</BASEUNITS>
      <GSTDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM><HSNCODE>73181500</HSNCODE></GSTDETAILS.LIST>
    </STOCKITEM></TALLYMESSAGE>
    <TALLYMESSAGE><STOCKITEM NAME="Loose Item"><PARENT/><BASEUNITS>Nos</BASEUNITS></STOCKITEM></TALLYMESSAGE>
  </REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
  assert.deepEqual(
    readMastersFile(file).stockItems.map(({ name, unit, hsn }) => ({ name, unit, hsn })),
    [
      { name: 'Basmati Rice', unit: 'Kg', hsn: '10063020' },
      { name: 'Steel Bolts', unit: 'Box', hsn: '73181500' },
      { name: 'Loose Item', unit: 'Nos', hsn: undefined },
    ],
  );
});
