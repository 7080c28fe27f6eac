import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allocateBilling, lineTotalPaise, seededRng, type BillingItem as StockItem } from '@bahi/core';
import {
  buildBankVouchersXml,
  buildManualVouchersXml,
  buildTaxInvoicesXml,
  invoiceTotals,
  readImportXml,
  TallyError,
  validateManualRows,
  voucherBalance,
  type ImportedVoucher,
} from '../src/index.ts';

const vouchersOf = (xml: string) =>
  readImportXml(xml).objects.filter((o): o is ImportedVoucher => o.kind === 'VOUCHER');

test('withdrawal -> Payment (party debit), deposit -> Receipt (bank debit)', () => {
  const [pay, rec] = vouchersOf(
    buildBankVouchersXml({
      bankLedger: 'Bank',
      transactions: [
        { date: '2025-01-02', description: 'a', withdrawal: 150, deposit: 0 },
        { date: '2025-01-03', description: 'b', withdrawal: 0, deposit: 275 },
      ],
    }),
  );
  assert.equal(pay.type, 'Payment');
  assert.deepEqual(
    pay.legs.map((l) => [l.ledger, l.amount, l.deemedPositive]),
    [
      ['Suspense', -150, 'Yes'],
      ['Bank', 150, 'No'],
    ],
  );
  assert.equal(rec.type, 'Receipt');
  assert.deepEqual(
    rec.legs.map((l) => [l.ledger, l.amount]),
    [
      ['Suspense', 275],
      ['Bank', -275],
    ],
  );
});

test('cash is Contra only when asked, and the heuristic can be replaced', () => {
  const tx = [{ date: '2025-01-02', description: 'ATM WDL 1234', withdrawal: 100, deposit: 0 }];
  assert.equal(vouchersOf(buildBankVouchersXml({ bankLedger: 'B', transactions: tx }))[0].type, 'Payment');
  assert.equal(
    vouchersOf(buildBankVouchersXml({ bankLedger: 'B', transactions: tx, contraForCash: true }))[0].type,
    'Contra',
  );
  const never = buildBankVouchersXml({
    bankLedger: 'B',
    transactions: tx,
    contraForCash: true,
    isCash: () => false,
  });
  assert.equal(vouchersOf(never)[0].type, 'Payment');
});

test('bad rows are refused with the row number', () => {
  assert.throws(
    () =>
      buildBankVouchersXml({
        bankLedger: 'B',
        transactions: [{ date: '2025-13-01', description: 'x', withdrawal: 1, deposit: 0 }],
      }),
    (e: unknown) => e instanceof TallyError && /Transaction 1/.test(e.userMessage),
  );
});

test('invoice arithmetic is exact and rounds to the rupee', () => {
  const v = {
    Reference: 'R',
    Date: '2025-01-01',
    Items: [{ 'Item Name': 'x', Quantity: 1, 'Selling Price': 100.49, GST: 18 }],
  };
  const intra = invoiceTotals(v, true, true);
  assert.equal(intra.taxable + intra.cgst + intra.sgst + intra.roundOff, intra.total);
  assert.equal(intra.taxable, 10049, 'Selling Price is before GST');
  // 100.49 + 18% = 118.58: the tax 18.09 splits 9.04 + 9.04, equal, and the odd paisa goes to round-off.
  assert.equal(intra.cgst, 904);
  assert.equal(intra.sgst, intra.cgst);
  assert.equal(intra.total, 11900);
  assert.equal(intra.igst, 0);
  const inter = invoiceTotals(v, false, true);
  assert.equal(inter.cgst + inter.sgst, 0);
  assert.equal(inter.igst, 1809);
  const bos = invoiceTotals(v, true, false);
  assert.equal(bos.taxable, 10049);
});

test("a voucher's RoundOff is the invoice's round-off, under a rupee", () => {
  const v = {
    Reference: 'R',
    Date: '2025-01-01',
    Items: [{ 'Item Name': 'x', Quantity: 1, 'Selling Price': 100.49, GST: 18 }],
  };
  const given = invoiceTotals({ ...v, RoundOff: 0.25 }, true, true);
  assert.equal(given.roundOff, 26, "the allocation's 25 paise and the odd paisa of CGST/SGST");
  assert.equal(given.total, 11858 + 25, 'lines plus the RoundOff, not rounded to the rupee');
  assert.equal(invoiceTotals({ ...v, RoundOff: '0' }, true, true).total, 11858);
  assert.equal(invoiceTotals({ ...v, RoundOff: '' }, true, true).total, 11900, 'blank: to the rupee');
  assert.throws(
    () => invoiceTotals({ ...v, RoundOff: 1.5 }, true, true),
    (e: unknown) => e instanceof TallyError && /less than one rupee/.test(e.userMessage),
  );
});

test("allocated invoices import with the allocation's round-off and add up to the amount", () => {
  const stock: StockItem[] = [
    { name: 'Rice 5kg', hsn: '1006', quantity: 40, pricePaise: 32000, gst: 5 },
    { name: 'Sugar 1kg', quantity: 100, pricePaise: 4450, gst: 5 },
    { name: 'Soap', quantity: 150, pricePaise: 3575, gst: 18 },
  ];
  const amount = 1234567;
  const allocation = allocateBilling({
    items: stock,
    amount,
    rules: {},
    seed: 3,
    startReference: 1,
    date: '2025-04-01',
  });
  const vouchers = vouchersOf(
    buildTaxInvoicesXml({ vouchers: allocation.vouchers, withMasters: true, companyState: 'Bihar' }),
  );
  assert.equal(vouchers.length, allocation.vouchers.length);
  const party = vouchers.reduce((sum, v) => sum - v.legs.find((l) => l.ledger === 'Cash')!.amount, 0);
  assert.equal(party, amount, 'the party debits add up to the amount allocated, to the paisa');
  const roundOff = vouchers.flatMap((v) => v.legs.filter((l) => l.ledger === 'Round Off'));
  // Tally sign: a credit is positive. Each invoice's round-off is the allocation's plus the odd paisa
  // of an odd tax split equally between CGST and SGST.
  for (const v of vouchers) {
    const tax = (name: string) => v.legs.find((l) => l.ledger === name)?.amount ?? 0;
    assert.equal(tax('CGST'), tax('SGST'), 'CGST equals SGST');
  }
  assert.ok(
    Math.abs(roundOff.reduce((sum, l) => sum + l.amount, 0) - allocation.roundOffPaise) <= vouchers.length,
  );
  for (const v of vouchers) assert.equal(voucherBalance(v), 0);
});

test('property: random invoices always balance to zero', () => {
  const rnd = seededRng(7);
  for (let n = 0; n < 200; n++) {
    const items = Array.from({ length: 1 + Math.floor(rnd() * 5) }, (_, i) => {
      const q = 1 + Math.floor(rnd() * 20);
      const price = Math.round(rnd() * 500000) / 100;
      const gst = [0, 5, 12, 18, 28][Math.floor(rnd() * 5)];
      return {
        'Item Name': `I${i}`,
        Quantity: q,
        'Selling Price': price,
        GST: gst,
        Total: lineTotalPaise(Math.round(price * 100), gst, q) / 100,
      };
    });
    const xml = buildTaxInvoicesXml({
      withMasters: true,
      companyState: rnd() < 0.5 ? 'Delhi' : undefined,
      forceState: 'Uttar Pradesh',
      vouchers: [{ Reference: `R${n}`, Date: '2025-05-05', Items: items }],
    });
    const [v] = vouchersOf(xml);
    assert.equal(voucherBalance(v), 0);
    assert.equal(-v.legs[0].amount % 100, 0, 'party pays whole rupees');
  }
});

test('manual rows: every problem reported by row number, nothing exported when any', () => {
  const rows = [
    { date: '2025-06-01', voucherType: 'Receipt', ledgerName: 'Cash', partyName: 'A', netAmount: 10 },
    { date: '', voucherType: '', ledgerName: '', partyName: 'B', netAmount: '' },
    { date: '31-02-2025', voucherType: 'Contra', ledgerName: 'X', partyName: 'X', netAmount: -5 },
  ];
  const problems = validateManualRows(rows);
  assert.deepEqual(
    problems.map((p) => p.row),
    [2, 3],
  );
  assert.equal(problems[0].problems.length, 4);
  assert.ok(problems[1].problems.some((p) => /not a valid date/.test(p)));
  assert.ok(problems[1].problems.some((p) => /Contra/.test(p)));
  assert.ok(problems[1].problems.some((p) => /different/.test(p)));
  assert.ok(problems[1].problems.some((p) => /above zero/.test(p)));
  assert.throws(
    () => buildManualVouchersXml({ rows }),
    (e: unknown) => e instanceof TallyError && /Row 2/.test(e.userMessage),
  );
  assert.deepEqual(
    validateManualRows([]).map((p) => p.row),
    [0],
  );
});

test('manual voucher sides follow the documented table', () => {
  const types = ['Receipt', 'Payment', 'Sales', 'Purchase', 'Journal'];
  const xml = buildManualVouchersXml({
    rows: types.map((t) => ({
      date: '2025-06-01',
      voucherType: t,
      ledgerName: 'L',
      partyName: 'P',
      netAmount: 1,
    })),
  });
  const partySign = Object.fromEntries(
    vouchersOf(xml).map((v) => [v.type, Math.sign(v.legs.find((l) => l.ledger === 'P')!.amount)]),
  );
  // negative = debit
  assert.deepEqual(partySign, { Receipt: 1, Payment: -1, Sales: -1, Purchase: 1, Journal: 1 });
});

test('GST duty heads: TallyPrime 3.0+ words by default, 2.x words for an older company', async () => {
  const { buildTaxInvoicesXml, gstDutyHeadsFor, readImportXml } = await import('../src/index.ts');
  const heads = (tallyVersion?: string) =>
    readImportXml(
      buildTaxInvoicesXml({
        withMasters: true,
        companyState: 'Maharashtra',
        forceState: 'Maharashtra',
        tallyVersion,
        vouchers: [
          {
            Reference: 'A1',
            Date: '2025-07-01',
            Items: [{ 'Item Name': 'Pen', Quantity: 1, 'Selling Price': 100, GST: 18 }],
          },
        ],
      }),
    ).objects.flatMap((o) => (o.kind === 'LEDGER' && o.gstDutyHead ? [o.gstDutyHead] : []));
  assert.deepEqual(heads(), ['CGST', 'SGST/UTGST']);
  assert.deepEqual(heads('TallyPrime 4.1'), ['CGST', 'SGST/UTGST']);
  assert.deepEqual(heads('TallyPrime Release 2.1'), ['Central Tax', 'State Tax']);
  assert.deepEqual(gstDutyHeadsFor('Tally.ERP 9 Release 6.6.3').igst, 'Integrated Tax');
  assert.deepEqual(gstDutyHeadsFor('3.0').igst, 'IGST');
  assert.deepEqual(gstDutyHeadsFor('TallyPrime Edit Log 2.1').cgst, 'Central Tax');
});

test('invoices for GSTR-1: registration type, party GSTIN, New Ref bill for a bill-wise party, state never assumed', () => {
  const one = {
    Reference: 'B-7',
    Date: '2025-07-01',
    Items: [{ 'Item Name': 'Pen', Quantity: 3, 'Selling Price': 10.01, GST: 18, HSN: '9608' }],
  };
  assert.throws(
    () => buildTaxInvoicesXml({ vouchers: [one] }),
    (e: unknown) => e instanceof TallyError && e.code === 'no_company_state',
  );
  const b2b = buildTaxInvoicesXml({
    vouchers: [one],
    partyLedger: 'Verma & Sons',
    partyGstin: '09aabcv1234k1z2',
    partyState: 'Uttar Pradesh',
    companyState: 'Uttar Pradesh',
    companyGstin: '09AAACG1234F1Z5',
  });
  assert.match(b2b, /<GSTREGISTRATIONTYPE>Regular<\/GSTREGISTRATIONTYPE>/);
  assert.match(b2b, /<PARTYGSTIN>09AABCV1234K1Z2<\/PARTYGSTIN>/);
  assert.match(b2b, /<CMPGSTIN>09AAACG1234F1Z5<\/CMPGSTIN>/);
  assert.match(b2b, /<GSTHSNNAME>9608<\/GSTHSNNAME>/);
  assert.match(
    b2b,
    /<BILLALLOCATIONS.LIST>\s*<NAME>B-7<\/NAME>\s*<BILLTYPE>New Ref<\/BILLTYPE>\s*<AMOUNT>-35.00<\/AMOUNT>/,
  );
  // 30.03 taxable, tax 5.41: CGST 2.70 = SGST 2.70, the odd paisa and the rupee rounding in Round Off.
  assert.match(
    b2b,
    /<LEDGERNAME>CGST<\/LEDGERNAME>\s*<ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE>\s*<AMOUNT>2.70<\/AMOUNT>/,
  );
  assert.match(
    b2b,
    /<LEDGERNAME>SGST<\/LEDGERNAME>\s*<ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE>\s*<AMOUNT>2.70<\/AMOUNT>/,
  );
  const cash = buildTaxInvoicesXml({ vouchers: [one], forceState: 'Bihar' });
  assert.match(cash, /<GSTREGISTRATIONTYPE>Unregistered\/Consumer<\/GSTREGISTRATIONTYPE>/);
  assert.doesNotMatch(cash, /BILLALLOCATIONS/);
  assert.doesNotMatch(cash, /Uttar Pradesh/);
});
