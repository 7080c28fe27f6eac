// Invoices, round two (issue 12): services by their SAC, stock items created with their GST details,
// units that keep a quantity's decimals, Round Off as invoice rounding, and nothing declared that the
// company (as read from Tally) already has.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTaxInvoicesXml, readImportXml, TallyEmulator, type TaxInvoicesInput } from '../src/index.ts';

const base: TaxInvoicesInput = {
  withMasters: true,
  company: 'Bahi Demo Company',
  companyState: 'Delhi',
  forceState: 'Delhi',
  partyLedger: 'Verma & Sons',
  vouchers: [
    {
      Reference: 'S-1',
      Date: '2025-10-01',
      Items: [
        {
          'Item Name': 'Consulting',
          Quantity: 1.25,
          'Selling Price': 2000,
          GST: 18,
          Total: 2950,
          HSN: '998311',
        },
        { 'Item Name': 'Cement', Quantity: 3, 'Selling Price': 350.1, GST: 28, HSN: '2523' },
        { 'Item Name': 'Tuition', Quantity: 1, 'Selling Price': 500, GST: 0, Type: 'Services' },
      ],
    },
  ],
};

test('a SAC (99xxxx) or Type Services is a service on the line and on the stock item; an HSN is goods', () => {
  const xml = buildTaxInvoicesXml(base);
  const lines = [
    ...xml.matchAll(/<STOCKITEMNAME>([^<]+)<\/STOCKITEMNAME>[\s\S]*?<GSTOVRDNTYPEOFSUPPLY>(\w+)</g),
  ];
  assert.deepEqual(
    lines.map((m) => [m[1], m[2]]),
    [
      ['Consulting', 'Services'],
      ['Cement', 'Goods'],
      ['Tuition', 'Services'],
    ],
  );
  assert.match(xml, /<STOCKITEM NAME="Consulting"[\s\S]*?<GSTTYPEOFSUPPLY>Services<[\s\S]*?<HSNCODE>998311</);
  assert.match(xml, /<STOCKITEM NAME="Tuition"[\s\S]*?<TAXABILITY>Nil Rated</);
});

test('the unit keeps the decimal places the quantities need; Round Off is set up as invoice rounding', () => {
  const xml = buildTaxInvoicesXml(base);
  assert.match(xml, /<UNIT NAME="Nos" ACTION="Create">[\s\S]*?<DECIMALPLACES>2<\/DECIMALPLACES>/);
  assert.match(xml, /<BILLEDQTY>1.25 Nos<\/BILLEDQTY>/);
  assert.match(
    xml,
    /<LEDGER NAME="Round Off" ACTION="Create">[\s\S]*?<PARENT>Indirect Expenses<\/PARENT>[\s\S]*?<VATDEALERNATURE>Invoice Rounding<\/VATDEALERNATURE>\s*<ROUNDINGMETHOD>Normal Rounding<\/ROUNDINGMETHOD>\s*<ROUNDINGLIMIT>1</,
  );
});

test('the stock item GST rate is written in the company release’s duty-head words', () => {
  const prime2 = buildTaxInvoicesXml({ ...base, tallyVersion: 'TallyPrime 2.1' });
  assert.match(prime2, /<GSTRATEDUTYHEAD>Central Tax<\/GSTRATEDUTYHEAD>/);
  assert.doesNotMatch(prime2, /<GSTRATEDUTYHEAD>CGST</);
  assert.match(buildTaxInvoicesXml(base), /<GSTRATEDUTYHEAD>SGST\/UTGST<\/GSTRATEDUTYHEAD>/);
});

test('TallyPrime 3.0+: HSN in HSNDETAILS.LIST and the registration the invoice is issued under; 2.x neither', () => {
  const withGstin = { ...base, companyGstin: '09aaacg1234f1z5' };
  const prime4 = buildTaxInvoicesXml({ ...withGstin, tallyVersion: 'TallyPrime 4.1' });
  assert.match(
    prime4,
    /<STOCKITEM NAME="Consulting"[\s\S]*?<HSNDETAILS.LIST>\s*<APPLICABLEFROM>\d{8}<\/APPLICABLEFROM>\s*<HSNCODE>998311<\/HSNCODE>\s*<SRCOFHSNDETAILS>Specify Details Here<\/SRCOFHSNDETAILS>/,
  );
  assert.match(prime4, /<SRCOFGSTDETAILS>Specify Details Here<\/SRCOFGSTDETAILS>/);
  assert.match(
    prime4,
    /<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="09AAACG1234F1Z5">[^<]+ Registration<\/GSTREGISTRATION>/,
  );
  const named = buildTaxInvoicesXml({ ...withGstin, gstRegistration: 'Lucknow Branch' });
  assert.match(named, />Lucknow Branch<\/GSTREGISTRATION>/);
  const prime2 = buildTaxInvoicesXml({ ...withGstin, tallyVersion: 'TallyPrime 2.1' });
  assert.doesNotMatch(prime2, /HSNDETAILS|SRCOFGSTDETAILS|<GSTREGISTRATION /);
  assert.match(prime2, /<HSNCODE>998311<\/HSNCODE>/, 'still in GSTDETAILS for 2.x');
  // Without the company's GSTIN no registration is named.
  assert.doesNotMatch(buildTaxInvoicesXml(base), /<GSTREGISTRATION /);
});

test('masters the company already has are not declared at all; the rest still are', () => {
  const xml = buildTaxInvoicesXml({
    ...base,
    existingLedgers: ['verma & sons', 'SALES A/C', 'CGST'],
    existingStockItems: ['cement'],
    existingUnits: ['Nos'],
  });
  const names = readImportXml(xml).objects.flatMap((o) =>
    o.kind === 'LEDGER' || o.kind === 'STOCKITEM' || o.kind === 'UNIT' ? [`${o.kind} ${o.name}`] : [],
  );
  assert.deepEqual(names.sort(), [
    'LEDGER Round Off',
    'LEDGER SGST',
    'STOCKITEM Consulting',
    'STOCKITEM Tuition',
  ]);
});

test('the invoices with their masters import into a new company with no error or exception', () => {
  const { outcome } = new TallyEmulator().importXml(buildTaxInvoicesXml(base));
  assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
  assert.equal(outcome.created, 1 + 5 + 1 + 3); // voucher, 5 ledgers (party, sales, CGST, SGST, Round Off), unit, 3 items
});
