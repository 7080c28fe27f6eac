import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SPEC_DATE_FORMATS, formatSpecDate } from '../src/dates.ts';
import { formatIndian } from '../src/money.ts';
import {
  applyLedgerToFiltered,
  dateBounds,
  filterTransactionIndexes,
  filterTransactions,
  rowDate,
  type TransactionFilter,
  type TransactionRow,
} from '../src/transactions.ts';

function row(
  Date: string,
  Description: string,
  Withdrawal = '',
  Deposit = '',
  LedgerName?: string,
): TransactionRow {
  return { Date, Description, Withdrawal, Deposit, ClosingBalance: '0.00', LedgerName };
}

const rows: TransactionRow[] = [
  row('01/04/2024', 'UPI/Ramesh Kirana/groceries', '1,250.00', ''),
  row('02-Apr-2024', 'NEFT salary APRIL', '', '45,000.00'),
  row('Opening balance', 'B/F', '', ''),
  row('2024-04-03', 'upi/zomato', '350.00', '0.00'),
  row('4 Apr 2024', 'Cash deposit', '', '2,000.00', 'Cash'),
  row('31-02-2024', 'impossible date', '10.00', ''),
];

test('rows without a parseable date are hidden', () => {
  const all: TransactionFilter = { keywords: [''], only: 'all' };
  assert.deepEqual(filterTransactionIndexes(rows, all), [0, 1, 3, 4]);
  assert.equal(rowDate(rows[2]), null);
  assert.equal(rowDate(rows[1]), '2024-04-02');
});

test('date range is inclusive', () => {
  assert.deepEqual(
    filterTransactionIndexes(rows, { from: '2024-04-02', to: '2024-04-03', keywords: [], only: 'all' }),
    [1, 3],
  );
  assert.deepEqual(dateBounds(rows), { from: '2024-04-01', to: '2024-04-04' });
  assert.equal(dateBounds([rows[2]]), null);
});

test('keywords: every non-empty one, case-insensitive', () => {
  assert.deepEqual(filterTransactionIndexes(rows, { keywords: ['UPI', ' '], only: 'all' }), [0, 3]);
  assert.deepEqual(filterTransactionIndexes(rows, { keywords: ['upi', 'ZOMATO'], only: 'all' }), [3]);
  assert.deepEqual(
    filterTransactions(rows, { keywords: ['salary'], only: 'all' }).map((r) => r.Description),
    ['NEFT salary APRIL'],
  );
});

test('only withdrawals / only deposits need a value above 0', () => {
  assert.deepEqual(filterTransactionIndexes(rows, { keywords: [], only: 'withdrawals' }), [0, 3]);
  assert.deepEqual(filterTransactionIndexes(rows, { keywords: [], only: 'deposits' }), [1, 4]);
});

test('apply ledger fills only empty names of filtered rows, without mutating', () => {
  const shown = filterTransactionIndexes(rows, { keywords: [], only: 'deposits' });
  const next = applyLedgerToFiltered(rows, shown, ' Salary A/c ');
  assert.equal(next[1].LedgerName, 'Salary A/c');
  assert.equal(next[4].LedgerName, 'Cash');
  assert.equal(next[0].LedgerName, undefined);
  assert.equal(rows[1].LedgerName, undefined);
  assert.deepEqual(applyLedgerToFiltered(rows, shown, '  '), rows);
});

// Property tests against an independent, obviously-correct model of the spec's rules.
const words = ['upi', 'NEFT', 'Salary', 'cash', 'atm', 'Zomato'];
const isoArb = fc
  .date({ min: new Date(Date.UTC(2023, 0, 1)), max: new Date(Date.UTC(2024, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const amountArb = fc.oneof(
  fc.constant(''),
  fc.constant('0.00'),
  fc.integer({ min: 1, max: 1e9 }).map((p) => formatIndian(p)),
);
const rowArb = fc.record({
  iso: fc.option(isoArb, { nil: null }),
  format: fc.constantFrom(...SPEC_DATE_FORMATS),
  words: fc.array(fc.constantFrom(...words), { maxLength: 4 }),
  withdrawal: amountArb,
  deposit: amountArb,
  ledger: fc.constantFrom(undefined, '', ' ', 'Rent'),
});
type Gen = { iso: string | null; words: string[]; withdrawal: string; deposit: string };
type GenRow = Gen & { format: (typeof SPEC_DATE_FORMATS)[number]; ledger: string | undefined };
const filterArb = fc.record({
  from: fc.option(isoArb, { nil: undefined }),
  to: fc.option(isoArb, { nil: undefined }),
  keywords: fc.array(fc.constantFrom(...words, '', 'UPI', 'sal'), { maxLength: 3 }),
  only: fc.constantFrom('all', 'withdrawals', 'deposits') as fc.Arbitrary<TransactionFilter['only']>,
});

function modelShows(g: Gen, f: TransactionFilter): boolean {
  if (g.iso === null) return false;
  if (f.from && g.iso < f.from) return false;
  if (f.to && g.iso > f.to) return false;
  const amount = (s: string) => Number(s.replaceAll(',', ''));
  if (f.only === 'withdrawals' && !(amount(g.withdrawal) > 0)) return false;
  if (f.only === 'deposits' && !(amount(g.deposit) > 0)) return false;
  const text = g.words.join(' ').toLowerCase();
  return f.keywords.every((k) => k.trim() === '' || text.includes(k.trim().toLowerCase()));
}

/** The row a generated case prints: its date in the generated format ('n/a' when undated). */
const rowOf = (g: GenRow): TransactionRow =>
  row(g.iso ? formatSpecDate(g.iso, g.format) : 'n/a', g.words.join(' '), g.withdrawal, g.deposit, g.ledger);

test('filter agrees with the model of the spec', () => {
  fc.assert(
    fc.property(fc.array(rowArb, { maxLength: 30 }), filterArb, (gens, f) => {
      const rs = gens.map(rowOf);
      const expected = gens.flatMap((g, i) => (modelShows(g, f) ? [i] : []));
      assert.deepEqual(filterTransactionIndexes(rs, f), expected);
    }),
  );
});

test('dateBounds with no filter shows every dated row; apply ledger touches only empty filtered rows', () => {
  fc.assert(
    fc.property(fc.array(rowArb, { maxLength: 30 }), filterArb, (gens, f) => {
      const rs = gens.map(rowOf);
      const bounds = dateBounds(rs);
      const dated = gens.filter((g) => g.iso !== null).length;
      const inBounds = filterTransactionIndexes(rs, { ...bounds, keywords: [], only: 'all' });
      assert.equal(inBounds.length, dated);

      const shown = filterTransactionIndexes(rs, f);
      const next = applyLedgerToFiltered(rs, shown, 'Suspense');
      next.forEach((r, i) => {
        const before = rs[i].LedgerName ?? '';
        const expected = shown.includes(i) && before.trim() === '' ? 'Suspense' : rs[i].LedgerName;
        assert.equal(r.LedgerName, expected);
      });
    }),
  );
});
