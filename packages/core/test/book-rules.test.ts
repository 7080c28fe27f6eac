import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  firstMatchingRule,
  ruleFromFilter,
  ruleMatches,
  transactionSubject,
  type LedgerRule,
  type LedgerRuleMatch,
} from '../src/book-rules.ts';
import { filterTransactionIndexes, type TransactionRow } from '../src/transactions.ts';

const subject = (description: string, withdrawal = 0, deposit = 0) => ({ description, withdrawal, deposit });
const rule = (over: Partial<LedgerRuleMatch>): LedgerRuleMatch => ({
  words: [],
  match: 'all',
  direction: 'any',
  min: null,
  max: null,
  ...over,
});

test('words: all or any, case-insensitive; a rule without any condition picks nothing', () => {
  const row = subject('NEFT-HDFC0001-MEERA TRADERS-rent', 2_500_000);
  assert.ok(ruleMatches(rule({ words: ['meera', 'RENT'] }), row));
  assert.ok(!ruleMatches(rule({ words: ['meera', 'salary'] }), row));
  assert.ok(ruleMatches(rule({ words: ['meera', 'salary'], match: 'any' }), row));
  assert.ok(!ruleMatches(rule({ words: ['  '] }), row), 'blank words are no condition');
});

test('direction and amount range (inclusive, on the side the rule looks at)', () => {
  const out = subject('ATM CASH WDL', 500_000);
  const inn = subject('CASH DEPOSIT', 0, 500_000);
  assert.ok(ruleMatches(rule({ direction: 'withdrawal' }), out));
  assert.ok(!ruleMatches(rule({ direction: 'withdrawal' }), inn));
  assert.ok(ruleMatches(rule({ direction: 'deposit', min: 500_000, max: 500_000 }), inn));
  assert.ok(!ruleMatches(rule({ direction: 'deposit', min: 500_001 }), inn));
  assert.ok(!ruleMatches(rule({ max: 499_999 }), out));
  assert.ok(ruleMatches(rule({ min: 100 }), inn), "'any' looks at whichever side moved");
});

test('the first matching rule wins, in order', () => {
  const rules: LedgerRule[] = [
    { ...rule({ words: ['rent'] }), id: '1', name: 'Rent', ledger: 'Rent', voucherType: null },
    { ...rule({ words: ['neft'] }), id: '2', name: 'NEFT', ledger: 'Sundry', voucherType: null },
    { ...rule({ words: ['cash'] }), id: '3', name: 'Cash', ledger: 'Cash', voucherType: 'Contra' },
  ];
  assert.equal(firstMatchingRule(rules, subject('NEFT RENT', 1))?.id, '1');
  assert.equal(firstMatchingRule(rules, subject('NEFT SALARY', 1))?.id, '2');
  assert.equal(firstMatchingRule(rules, subject('UPI', 1)), null);
});

const WORDS = ['upi', 'neft', 'rent', 'cash', 'zomato', 'meera'];
const amountText = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 1, max: 5_000_000 }).map((p) => (p / 100).toFixed(2)),
);
const transactionRow: fc.Arbitrary<TransactionRow> = fc.record({
  Date: fc.constant('01-04-2024'),
  Description: fc
    .array(fc.constantFrom(...WORDS, 'X', '/', '-', ' '), { maxLength: 6 })
    .map((ws) => ws.join(' ').toUpperCase()),
  Withdrawal: amountText,
  Deposit: amountText,
  ClosingBalance: fc.constant(''),
});

test('property: a rule made from a filtered view picks exactly the rows that view shows', () => {
  fc.assert(
    fc.property(
      fc.array(transactionRow, { maxLength: 40 }),
      fc.array(fc.constantFrom(...WORDS, ' '), { maxLength: 3 }),
      fc.constantFrom('all', 'withdrawals', 'deposits' as const),
      (rows, keywords, only) => {
        const filter = { keywords, only: only as 'all' | 'withdrawals' | 'deposits' };
        const made = ruleFromFilter(filter);
        const noCondition = made.words.length === 0 && made.direction === 'any';
        fc.pre(!noCondition);
        const shown = filterTransactionIndexes(rows, filter);
        const picked = rows.flatMap((r, i) => (ruleMatches(made, transactionSubject(r)) ? [i] : []));
        assert.deepEqual(picked, shown);
      },
    ),
    { numRuns: 300 },
  );
});

test('ruleFromFilter carries the amount range and drops blank keywords', () => {
  assert.deepEqual(
    ruleFromFilter({ keywords: [' Rent ', ''], only: 'withdrawals' }, { min: 100, max: 200 }),
    {
      words: ['rent'],
      match: 'all',
      direction: 'withdrawal',
      min: 100,
      max: 200,
    },
  );
});
