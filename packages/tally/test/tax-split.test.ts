// GST and TDS split of bank rows (issue 35): each kind pushed to the emulator, whose books must
// then hold the statement's movement on the bank ledger to the paisa and each tax on its ledger.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  plannedBankMasters,
  pushToTally,
  readImportXml,
  startTallyEmulator,
  type BankTransaction,
  type RunningEmulator,
} from '../src/index.ts';
import { checkImportFile } from './helpers.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['Sharma Traders'] });
});
after(() => tally?.close());

// A month of a statement: opening ₹1,00,000.00, every row's printed balance after it.
const OPENING = 10_000_000;
const rows: BankTransaction[] = [
  { date: '2025-07-01', description: 'NEFT CR ACME', withdrawal: 0, deposit: 5_000_000, ledger: 'Acme Ltd' },
  {
    date: '2025-07-05',
    description: 'CHRG: AMC QTR',
    withdrawal: 59_000,
    deposit: 0,
    ledger: 'Bank Charges',
    split: { kind: 'gst', ratePercent: 18, interstate: false },
  },
  {
    date: '2025-07-06',
    description: 'IMPS CHGS',
    withdrawal: 1_771, // ₹15.01 + IGST ₹2.70 (15.01 × 18% = 2.7018)
    deposit: 0,
    ledger: 'Bank Charges',
    split: { kind: 'gst', ratePercent: 18, interstate: true },
  },
  {
    date: '2025-07-10',
    description: 'NEFT DR RAVI CONSTRUCTION',
    withdrawal: 1_209_876,
    deposit: 0,
    ledger: 'Ravi Construction',
    split: { kind: 'tds', ratePercent: 2, section: '194C' },
  },
  {
    date: '2025-07-31',
    description: 'INT.PD JUL25',
    withdrawal: 0,
    deposit: 90_000,
    ledger: 'Interest Received',
    split: { kind: 'tds', ratePercent: 10, section: '194A' },
  },
  // a refund of a charge with its GST: the split mirrored on money in
  {
    date: '2025-07-31',
    description: 'CHRG REVERSAL',
    withdrawal: -59_000,
    deposit: 0,
    ledger: 'Bank Charges',
    split: { kind: 'gst', ratePercent: 18, interstate: false },
  },
];
let running = OPENING;
for (const r of rows) r.balance = running = running - r.withdrawal + r.deposit;
const CLOSING = running;

const groups = {
  'Acme Ltd': 'Sundry Debtors',
  'Bank Charges': 'Indirect Expenses',
  'Ravi Construction': 'Sundry Creditors',
  'Interest Received': 'Indirect Incomes',
};

test('each split row is one voucher with every leg; the file parses back balanced', () => {
  const xml = buildBankVouchersXml({
    bankLedger: 'HDFC',
    company: 'Sharma Traders',
    withMasters: true,
    ledgerGroups: groups,
    transactions: rows,
  });
  assert.deepEqual(checkImportFile(xml).problems, []);
  const vouchers = readImportXml(xml).objects.flatMap((o) => (o.kind === 'VOUCHER' ? [o] : []));
  assert.deepEqual(
    vouchers.map((v) => v.legs.length),
    [2, 4, 3, 3, 3, 4],
  );
  const ledgers = plannedBankMasters({
    accounts: [{ bankLedger: 'HDFC', transactions: rows }],
    ledgerGroups: groups,
  });
  assert.deepEqual(
    ledgers.filter((m) => m.kind === 'tax').map((m) => [m.name, m.parent, m.gstDutyHead]),
    [
      ['Input CGST', 'Duties & Taxes', 'CGST'],
      ['Input SGST', 'Duties & Taxes', 'SGST/UTGST'],
      ['Input IGST', 'Duties & Taxes', 'IGST'],
      ['TDS Payable', 'Duties & Taxes', undefined],
      ['TDS Receivable', 'Current Assets', undefined],
    ],
  );
});

test('pushed to the emulator: the bank ledger moves as the statement does, each tax sits on its ledger', async () => {
  tally.emulator.reset();
  const xml = buildBankVouchersXml({
    bankLedger: 'HDFC',
    company: 'Sharma Traders',
    withMasters: true,
    ledgerGroups: groups,
    transactions: rows,
  });
  const answer = await pushToTally(xml, { port: tally.port });
  assert.equal(answer.ok, true, answer.problems.join('; '));
  const [company] = tally.emulator.imported().companies;
  assert.equal(company.vouchers.length, rows.length);
  const balances = company.balances;
  const of = (name: string) => balances[name] ?? 0;
  // Tally's sign: a debit balance is negative. The bank gained closing - opening.
  assert.equal(-of('HDFC'), CLOSING - OPENING);
  assert.equal(
    Object.values(balances).reduce((a, b) => a + b, 0),
    0,
  );
  // ₹590.00 = 500 + 45 + 45, less the same reversed; ₹17.71 between states: 15.01 + IGST 2.70
  assert.equal(of('Input CGST'), 0);
  assert.equal(of('Input SGST'), 0);
  assert.equal(-of('Input IGST'), 270);
  assert.equal(-of('Bank Charges'), 1_501);
  assert.equal(of('TDS Payable'), 24_691);
  assert.equal(-of('Ravi Construction'), 1_234_567);
  assert.equal(-of('TDS Receivable'), 10_000);
  assert.equal(of('Interest Received'), 100_000);
});

test('a cash Contra never splits; a row without a split is as before', () => {
  const xml = buildBankVouchersXml({
    bankLedger: 'HDFC',
    contraForCash: true,
    transactions: [
      {
        date: '2025-07-01',
        description: 'CASH WDL SELF',
        withdrawal: 100_000,
        deposit: 0,
        split: { kind: 'gst', ratePercent: 18, interstate: false },
      },
    ],
  });
  const [v] = readImportXml(xml).objects.flatMap((o) => (o.kind === 'VOUCHER' ? [o] : []));
  assert.equal(v.type, 'Contra');
  assert.deepEqual(
    v.legs.map((l) => [l.ledger, l.amount]),
    [
      ['Cash', -100_000],
      ['HDFC', 100_000],
    ],
  );
});
