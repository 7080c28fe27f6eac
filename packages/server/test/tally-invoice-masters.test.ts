// Invoices from the company's masters (issue 31): the company's own GST ledgers, found by the duty
// head Tally keeps on them (read back with the masters), take the invoice's tax; nothing new is
// declared for them, and the books hold the tax where the accountant keeps it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  el,
  importXml,
  leaf,
  readImportXml,
  readTallyMasters,
  startTallyEmulator,
  type RunningEmulator,
} from '@bahi/tally';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { taxLedgersOf } from '../src/tally/company.ts';

const COMPANY = 'Ledgers & Co';

describe("invoices from the company's masters", () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let tally: RunningEmulator;
  before(async () => {
    h = await startApp();
    tally = await startTallyEmulator({ port: 0, companies: [{ name: COMPANY, state: 'Uttar Pradesh' }] });
  });
  after(async () => {
    await tally?.close();
    await h?.close();
  });

  test('the tax goes to the ledgers the company keeps for CGST and SGST, read with their duty heads', async () => {
    const tax = (name: string, head: string) =>
      el('LEDGER', { NAME: name }, [leaf('PARENT', 'Duties & Taxes'), leaf('GSTDUTYHEAD', head)]);
    const seeded = tally.emulator.importXml(
      importXml({
        report: 'All Masters',
        company: COMPANY,
        objects: [
          tax('Output CGST 2.5%', 'CGST'),
          tax('Input CGST', 'CGST'),
          tax('Output SGST 2.5%', 'SGST/UTGST'),
          tax('IGST Payable', 'IGST'),
          el('LEDGER', { NAME: 'Sales A/c' }, [leaf('PARENT', 'Sales Accounts')]),
        ],
      }),
    ).outcome;
    assert.equal(seeded.errors, 0, seeded.lineErrors.join('; '));
    // What the bridge reads (POST /company): the ledgers with the duty heads Tally kept.
    const masters = await readTallyMasters({ port: tally.port, company: COMPANY });
    const { token } = await makeMember(h, 0, { role: 'admin' });
    const kept = await call(h.app, 'PUT', '/api/tally/company', {
      token,
      json: { company: { name: COMPANY, state: 'Uttar Pradesh', version: 'TallyPrime 4.1' }, ...masters },
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    assert.deepEqual(taxLedgersOf(kept.body), {
      cgst: 'Output CGST 2.5%',
      sgst: 'Output SGST 2.5%',
      igst: 'IGST Payable',
    });
    const res = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token,
      json: {
        vouchers_data: {
          vouchers: [
            {
              Reference: 'K-1',
              Date: '2025-08-01',
              Items: [
                { 'Item Name': 'Rice', Quantity: 2, 'Selling Price': 500, GST: 5, HSN: '1006', Total: '' },
              ],
            },
          ],
        },
        company_name: COMPANY,
        party_ledger: 'Cash',
        sales_ledger: 'Sales A/c',
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 400));
    const xml = String(res.body);
    const read = readImportXml(xml);
    assert.deepEqual(
      read.objects.flatMap((o) => (o.kind === 'LEDGER' ? [o.name] : [])),
      [],
      "the company's tax ledgers (and Sales A/c, Cash) are not declared again; no round-off is needed",
    );
    const voucher = read.objects.find((o) => o.kind === 'VOUCHER');
    assert.ok(voucher?.kind === 'VOUCHER');
    const leg = (name: string) => voucher.legs.find((l) => l.ledger === name)?.amount;
    assert.equal(leg('Output CGST 2.5%'), 2500);
    assert.equal(leg('Output SGST 2.5%'), 2500);
    const { outcome } = tally.emulator.importXml(xml);
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    const balances = tally.emulator.book.company(COMPANY)!.balances();
    assert.equal(balances.get('output cgst 2.5%'), 2500);
    assert.equal(balances.get('cgst'), undefined, 'no CGST ledger of Bahi’s own');
  });

  test('the tax ledgers and the unit picked on the screen are taken; the company keeps them, so none is declared', async () => {
    const tax = (name: string, head: string) =>
      el('LEDGER', { NAME: name }, [leaf('PARENT', 'Duties & Taxes'), leaf('GSTDUTYHEAD', head)]);
    const seeded = tally.emulator.importXml(
      importXml({
        report: 'All Masters',
        company: COMPANY,
        objects: [
          tax('CGST 9%', 'CGST'),
          tax('SGST 9%', 'SGST/UTGST'),
          el('UNIT', { NAME: 'Kgs' }, [leaf('NAME', 'Kgs'), leaf('ISSIMPLEUNIT', 'Yes')]),
        ],
      }),
    ).outcome;
    assert.equal(seeded.errors, 0, seeded.lineErrors.join('; '));
    const masters = await readTallyMasters({ port: tally.port, company: COMPANY });
    const { token } = await makeMember(h, 0, { role: 'admin' });
    const kept = await call(h.app, 'PUT', '/api/tally/company', {
      token,
      json: { company: { name: COMPANY, state: 'Uttar Pradesh', version: 'TallyPrime 4.1' }, ...masters },
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    // Left to itself the route takes the Output ones (the first test); the user picked the 9% ones.
    const res = await call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
      token,
      json: {
        vouchers_data: {
          vouchers: [
            {
              Reference: 'K-2',
              Date: '2025-08-02',
              Items: [
                { 'Item Name': 'Wheat', Quantity: 25, 'Selling Price': 100, GST: 18, HSN: '1001', Total: '' },
              ],
            },
          ],
        },
        company_name: COMPANY,
        party_ledger: 'Cash',
        sales_ledger: 'Sales A/c',
        cgst_ledger: 'CGST 9%',
        sgst_ledger: 'SGST 9%',
        unit: 'Kgs',
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 400));
    const xml = String(res.body);
    const read = readImportXml(xml);
    assert.deepEqual(
      read.objects.flatMap((o) =>
        o.kind === 'VOUCHER' || o.kind === 'OTHER' ? [] : [`${o.kind} ${o.name}`],
      ),
      ['STOCKITEM Wheat'],
      'the picked tax ledgers and the unit are the company’s: only the new item is declared',
    );
    const item = read.objects.find((o) => o.kind === 'STOCKITEM');
    assert.equal(item?.kind === 'STOCKITEM' && item.unit, 'Kgs');
    assert.match(xml, /<ACTUALQTY> ?25 Kgs<\/ACTUALQTY>/);
    const voucher = read.objects.find((o) => o.kind === 'VOUCHER');
    assert.ok(voucher?.kind === 'VOUCHER');
    const leg = (name: string) => voucher.legs.find((l) => l.ledger === name)?.amount;
    assert.equal(leg('CGST 9%'), 22500);
    assert.equal(leg('SGST 9%'), 22500);
    const { outcome } = tally.emulator.importXml(xml);
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
    assert.equal(tally.emulator.book.company(COMPANY)!.balances().get('cgst 9%'), 22500);
  });

  test('the registration picked (TallyPrime 3.0+): read with the masters, the invoices issued under it', async () => {
    // A company registered in two states; TallyPrime 3.0+ keeps each registration as a Tax Unit.
    const company = 'Two States & Co';
    const twoStates = await startTallyEmulator({
      port: 0,
      version: 'TallyPrime 4.1',
      companies: [
        {
          name: company,
          state: 'Maharashtra',
          gstin: '27AAPFU0939F1ZV',
          registrations: [
            { name: 'Maharashtra Registration', state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' },
            { name: 'Karnataka Branch', state: 'Karnataka', gstin: '29AAPFU0939F1ZR' },
          ],
        },
      ],
    });
    const old = await startTallyEmulator({ port: 0, version: 'Tally.ERP 9', companies: [COMPANY] });
    try {
      const masters = await readTallyMasters({ port: twoStates.port, company });
      assert.deepEqual(masters.registrations, [
        { name: 'Maharashtra Registration', parent: '', state: 'Maharashtra', gstin: '27AAPFU0939F1ZV' },
        { name: 'Karnataka Branch', parent: '', state: 'Karnataka', gstin: '29AAPFU0939F1ZR' },
      ]);
      // A release before 3.0 has no Tax Units: no registration, and the read still succeeds.
      assert.deepEqual((await readTallyMasters({ port: old.port, company: COMPANY })).registrations, []);

      const { token } = await makeMember(h, 0, { role: 'admin' });
      const kept = await call(h.app, 'PUT', '/api/tally/company', {
        token,
        json: {
          company: {
            name: company,
            state: 'Maharashtra',
            gstin: '27AAPFU0939F1ZV',
            version: 'TallyPrime 4.1',
          },
          ...masters,
        },
      });
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      assert.equal(kept.body.registrations.length, 2);
      const invoice = (registration?: string) =>
        call(h.app, 'POST', '/api/item-master/generatee-tax-invoice', {
          token,
          json: {
            vouchers_data: {
              vouchers: [
                {
                  Reference: 'B-1',
                  Date: '2025-08-01',
                  Items: [{ 'Item Name': 'Rice', Quantity: 2, 'Selling Price': 500, GST: 5, HSN: '1006' }],
                },
              ],
            },
            company_name: company,
            company_state: 'Maharashtra',
            force_state: 'Karnataka',
            party_ledger: 'Cash',
            ...(registration ? { gst_registration: registration } : {}),
          },
        });
      // Issued from the Karnataka branch to a Karnataka buyer: its GSTIN, its state, CGST and SGST.
      const branch = await invoice('karnataka branch');
      assert.equal(branch.status, 200, JSON.stringify(branch.body).slice(0, 300));
      const xml = String(branch.body);
      assert.match(
        xml,
        /<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="29AAPFU0939F1ZR">Karnataka Branch<\/GSTREGISTRATION>/,
      );
      assert.match(xml, /<CMPGSTIN>29AAPFU0939F1ZR<\/CMPGSTIN>/);
      assert.match(xml, /<CMPGSTSTATE>Karnataka<\/CMPGSTSTATE>/);
      assert.match(xml, /<LEDGERNAME>CGST<\/LEDGERNAME>/);
      const { outcome } = twoStates.emulator.importXml(xml);
      assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
      // Nothing picked: the company's own, "<State> Registration", and IGST to Karnataka as before.
      const plain = String((await invoice()).body);
      assert.match(
        plain,
        /<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="27AAPFU0939F1ZV">Maharashtra Registration<\/GSTREGISTRATION>/,
      );
      assert.match(plain, /<LEDGERNAME>IGST<\/LEDGERNAME>/);
    } finally {
      await twoStates.close();
      await old.close();
    }
  });

  test('two ledgers of a head and neither named Output: none is guessed', () => {
    const company = {
      company: { name: 'X', state: '', gstin: '', version: '', booksFrom: '' },
      ledgers: [
        { name: 'CGST 9%', parent: 'Duties & Taxes', gstDutyHead: 'CGST' },
        { name: 'CGST 2.5%', parent: 'Duties & Taxes', gstDutyHead: 'Central Tax' },
      ],
      groups: [],
      stockItems: [],
      units: [],
      voucherTypes: [],
      registrations: [],
      loaded: [],
      source: 'file' as const,
      read_at: '',
    };
    assert.deepEqual(taxLedgersOf(company), {});
  });
});
