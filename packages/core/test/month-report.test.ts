import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { monthDays, monthReport, type ReportRow } from '../src/month-report.ts';
import { splitAmount, type TaxSplit } from '../src/tax-split.ts';

const row = (
  date: string,
  withdrawal: number,
  deposit: number,
  balance: number | null,
  ledger = '',
  taxSplit: TaxSplit | null = null,
  pushed = false,
): ReportRow => ({
  date,
  description: `row ${date}`,
  withdrawal,
  deposit,
  balance,
  reference: null,
  ledger,
  taxSplit,
  pushed,
});

test('a month of one account: opening, closing, in and out by ledger, Suspense, taxes, what is missing', () => {
  const rows = [
    row('2025-06-30', 0, 100_000, 1_000_000, 'Acme', null, true),
    row('2025-07-01', 0, 5_000_000, 6_000_000, 'Acme', null, true),
    row('2025-07-05', 59_000, 0, 5_941_000, 'Bank Charges', {
      kind: 'gst',
      ratePercent: 18,
      interstate: false,
    }),
    row('2025-07-10', 1_000_000, 0, 4_941_000),
    // 2,000.00 missing between these two: a statement not filed
    row('2025-07-20', 0, 90_000, 5_231_000, 'Interest', { kind: 'tds', ratePercent: 10, section: '194A' }),
    row('2025-08-01', 100, 0, 5_230_900, 'Bank Charges'),
  ];
  const r = monthReport('2025-07', [
    {
      ledger: 'HDFC',
      label: 'HDFC 501',
      rows,
      statements: [
        { from: '2025-06-01', to: '2025-07-12' },
        { from: '2025-07-18', to: '2025-08-31' },
      ],
    },
  ]);
  const [a] = r.accounts;
  assert.equal(a.opening, 1_000_000);
  assert.equal(a.closing, 5_231_000);
  assert.equal(a.inflow, 5_090_000);
  assert.equal(a.outflow, 1_059_000);
  assert.equal(a.rows, 4);
  assert.equal(a.pushed, 1);
  assert.deepEqual(a.gaps, [
    {
      afterDate: '2025-07-10',
      beforeDate: '2025-07-20',
      expected: 5_031_000,
      printed: 5_231_000,
      difference: 200_000,
    },
  ]);
  assert.deepEqual(a.uncovered, [{ from: '2025-07-13', to: '2025-07-17' }]);
  assert.deepEqual(r.byLedger, [
    { ledger: 'Acme', inflow: 5_000_000, outflow: 0, rows: 1 },
    { ledger: 'Bank Charges', inflow: 0, outflow: 59_000, rows: 1 },
    { ledger: 'Interest', inflow: 90_000, outflow: 0, rows: 1 },
    { ledger: 'Suspense', inflow: 0, outflow: 1_000_000, rows: 1 },
  ]);
  assert.deepEqual(r.suspense, [
    { account: 'HDFC 501', date: '2025-07-10', description: 'row 2025-07-10', inflow: 0, outflow: 1_000_000 },
  ]);
  assert.deepEqual(r.taxes, [
    { ledger: 'Input CGST', head: 'cgst', drPaise: 4_500, rows: 1 },
    { ledger: 'Input SGST', head: 'sgst', drPaise: 4_500, rows: 1 },
    { ledger: 'TDS Receivable', head: 'tds', drPaise: 10_000, rows: 1 },
  ]);
});

test('a month without rows stands at the last balance; a month no statement covers is missing whole', () => {
  const r = monthReport('2025-09', [
    {
      ledger: 'SBI',
      label: 'SBI',
      rows: [row('2025-07-01', 0, 500, 1_500), row('2025-07-02', 200, 0, null)],
      statements: [{ from: '2025-07-01', to: '2025-07-31' }],
    },
  ]);
  assert.equal(r.accounts[0].opening, 1_300);
  assert.equal(r.accounts[0].closing, 1_300);
  assert.deepEqual(r.accounts[0].uncovered, [monthDays('2025-09')]);
  assert.deepEqual(monthDays('2024-02'), { from: '2024-02-01', to: '2024-02-29' });
  assert.throws(() => monthDays('2025-13'));
});

const splitArb: fc.Arbitrary<TaxSplit | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    kind: fc.constant('gst' as const),
    ratePercent: fc.constantFrom(5, 12, 18, 28),
    interstate: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('tds' as const), ratePercent: fc.constantFrom(1, 2, 10) }),
);

test('property: money in less money out is closing less opening, by account and over the ledgers, to the paisa', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          day: fc.integer({ min: 1, max: 28 }),
          amount: fc.integer({ min: -50_000, max: 10_000_000 }).filter((x) => x !== 0),
          out: fc.boolean(),
          ledger: fc.constantFrom('', 'Rent', 'Sales', 'Bank Charges'),
          split: splitArb,
          printed: fc.boolean(),
        }),
        { maxLength: 60 },
      ),
      fc.integer({ min: 0, max: 100_000_000 }),
      (specs, opening) => {
        const sorted = [...specs].sort((x, y) => x.day - y.day);
        let balance = opening;
        const rows = [row('2025-06-30', 0, opening, opening)];
        for (const s of sorted) {
          const w = s.out ? s.amount : 0;
          const d = s.out ? 0 : s.amount;
          balance += d - w;
          rows.push(
            row(
              `2025-07-${String(s.day).padStart(2, '0')}`,
              w,
              d,
              s.printed ? balance : null,
              s.ledger,
              s.split,
            ),
          );
        }
        const r = monthReport('2025-07', [{ ledger: 'B', label: 'B', rows, statements: [] }]);
        const [a] = r.accounts;
        assert.equal(a.opening, opening);
        assert.equal(a.closing, balance);
        assert.equal(a.inflow - a.outflow, a.closing! - a.opening!);
        assert.deepEqual(a.gaps, []);
        const net = r.byLedger.reduce((t, l) => t + l.inflow - l.outflow, 0);
        assert.equal(net, balance - opening);
        // the taxes are the splits' own, head by head
        let gst = 0;
        let tds = 0;
        for (const x of rows.slice(1)) {
          if (!x.taxSplit) continue;
          const parts = splitAmount(Math.abs(x.withdrawal || x.deposit), x.taxSplit);
          for (const t of parts.taxes)
            if (t.head === 'tds') tds += t.paise;
            else gst += t.paise * ((x.withdrawal || -x.deposit) > 0 ? 1 : -1);
        }
        const sumOf = (heads: string[]) =>
          r.taxes.filter((t) => heads.includes(t.head)).reduce((s, t) => s + Math.abs(t.drPaise), 0);
        assert.equal(
          r.taxes.filter((t) => t.head !== 'tds').reduce((s, t) => s + t.drPaise, 0),
          gst,
        );
        assert.equal(sumOf(['tds']), tds);
      },
    ),
    { numRuns: 300 },
  );
});
