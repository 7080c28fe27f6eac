// Manual vouchers (the Create Vouchers screen) as issue 31 asks: their masters declared (those the
// company lacks, never under Suspense A/c unasked), the bank allocation of a Receipt or Payment
// through a bank ledger, and Sales/Purchase with GST to the paisa. The golden file
// manual-gst-bank.json/.xml shows the whole file; here it is imported and the rules checked.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  Book,
  buildManualVouchersXml,
  ledgerMaster,
  plannedManualMasters,
  TallyError,
  validateManualRows,
  type ManualVouchersInput,
} from '../src/index.ts';
import { importXml } from '../src/envelope.ts';

const golden = JSON.parse(readFileSync(new URL('./golden/manual-gst-bank.json', import.meta.url), 'utf8'))
  .input as ManualVouchersInput;

test('the golden file imports whole into a company that has only its bank ledger', () => {
  const book = new Book(['Bahi Demo Company']);
  const bank = importXml({
    report: 'All Masters',
    company: 'Bahi Demo Company',
    objects: [ledgerMaster({ name: 'HDFC Bank A/c', parent: 'Bank Accounts' })],
  });
  assert.equal(book.import(bank).created, 1);
  const outcome = book.import(buildManualVouchersXml(golden));
  assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
  const c = book.company('Bahi Demo Company')!;
  assert.equal(c.vouchers.length, 5);
  const parent = (n: string) => c.ledgers.get(n.toLowerCase())?.parent;
  assert.equal(parent('Anil Traders'), 'Sundry Debtors');
  assert.equal(parent('Electricity Board'), 'Indirect Expenses');
  assert.equal(parent('Sales A/c'), 'Sales Accounts');
  assert.equal(parent('Mehta & Mehta'), 'Sundry Creditors');
  assert.equal(parent('IGST'), 'Duties & Taxes');
  // Tax to the paisa: 9% of ₹100.49 is ₹9.04 each; 12% IGST on ₹50,000 is ₹6,000.
  const balances = c.balances();
  assert.equal(balances.get('cgst'), 904);
  assert.equal(balances.get('sgst'), 904);
  assert.equal(balances.get('igst'), -600_000);
  // The bank: +15,000.00 in, 2,345.60 out (Tally's sign: a debit is negative).
  assert.equal(balances.get('hdfc bank a/c'), -(1_500_000 - 234_560));
});

test('a ledger whose group nobody chose and no role gives is refused, or left undeclared when asked', () => {
  const rows = [
    { date: '2025-06-01', voucherType: 'Payment', ledgerName: 'Cash', partyName: 'Rent', netAmount: 100 },
  ];
  assert.throws(
    () => buildManualVouchersXml({ rows, withMasters: true }),
    (e: unknown) => e instanceof TallyError && e.code === 'ledger_group_needed' && /Rent/.test(e.userMessage),
  );
  assert.deepEqual(plannedManualMasters({ rows }), { masters: [], ungrouped: ['Rent'] });
  const omitted = buildManualVouchersXml({ rows, withMasters: true, ungrouped: 'omit' });
  assert.doesNotMatch(omitted, /<LEDGER /);
  const chosen = buildManualVouchersXml({
    rows,
    withMasters: true,
    ledgerGroups: { rent: 'Indirect Expenses' },
  });
  assert.match(chosen, /<LEDGER NAME="Rent"[\s\S]*?<PARENT>Indirect Expenses<\/PARENT>/);
  // A ledger the company has is never declared.
  const known = buildManualVouchersXml({
    rows,
    withMasters: true,
    companyLedgers: [{ name: 'RENT', parent: 'Indirect Expenses' }],
  });
  assert.doesNotMatch(known, /<LEDGER /);
});

test('no bank allocation on a ledger that is not a bank; a GST rate only on Sales/Purchase, one of the rates', () => {
  const cash = buildManualVouchersXml({
    rows: [
      {
        date: '2025-06-01',
        voucherType: 'Receipt',
        ledgerName: 'Cash',
        partyName: 'A',
        netAmount: 1,
        instrumentNumber: '12',
      },
    ],
  });
  assert.doesNotMatch(cash, /BANKALLOCATIONS/);
  const problems = validateManualRows([
    {
      date: '2025-06-01',
      voucherType: 'Payment',
      ledgerName: 'Cash',
      partyName: 'A',
      netAmount: 1,
      gstRate: 18,
    },
    {
      date: '2025-06-01',
      voucherType: 'Sales',
      ledgerName: 'Sales',
      partyName: 'A',
      netAmount: 1,
      gstRate: 17,
    },
  ]);
  assert.deepEqual(
    problems.map((p) => p.problems),
    [
      ['A GST rate goes on Sales and Purchase vouchers only.'],
      [`GST rate '17' is not a GST rate (0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28).`],
    ],
  );
  // GST needs the company's state (intra- or inter-state).
  assert.throws(
    () =>
      buildManualVouchersXml({
        rows: [
          {
            date: '2025-06-01',
            voucherType: 'Sales',
            ledgerName: 'Sales',
            partyName: 'A',
            netAmount: 1,
            gstRate: 5,
          },
        ],
      }),
    (e: unknown) => e instanceof TallyError && e.code === 'no_company_state',
  );
});

test('an HSN/SAC goes on Sales and Purchase only, 4, 6 or 8 digits; the golden manual-gst-hsn imports whole', () => {
  const row = { date: '2025-06-01', ledgerName: 'L', partyName: 'A', netAmount: 1 };
  const problems = validateManualRows([
    { ...row, voucherType: 'Receipt', hsn: '8471' },
    { ...row, voucherType: 'Sales', hsn: '84713' },
    { ...row, voucherType: 'Purchase', hsn: 'ABCD' },
    { ...row, voucherType: 'Sales', hsn: ' 8471.30.10 ' },
  ]);
  assert.deepEqual(
    problems.map((p) => [p.row, p.problems]),
    [
      [1, ['An HSN/SAC goes on Sales and Purchase vouchers only.']],
      [2, [`HSN/SAC '84713' is not 4, 6 or 8 digits.`]],
      [3, [`HSN/SAC 'ABCD' is not 4, 6 or 8 digits.`]],
    ],
  );
  const hsn = JSON.parse(readFileSync(new URL('./golden/manual-gst-hsn.json', import.meta.url), 'utf8'))
    .input as ManualVouchersInput;
  const book = new Book(['Bahi Demo Company']);
  const outcome = book.import(buildManualVouchersXml({ ...hsn, withMasters: true }));
  assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
  assert.equal(book.company('Bahi Demo Company')!.vouchers.length, 3);
});
