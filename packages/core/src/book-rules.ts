/**
 * A client's ledger rules (issue 13): "rows whose narration has these words, in this direction,
 * within this amount range, go to this ledger (as this voucher type)". They are the result screen's
 * filter (transactions.ts: keywords, withdrawals or deposits) kept under a name, with two things the
 * filter lacks: any-of words and an amount range. A rule made from a filtered view therefore picks
 * exactly the rows that view showed (tested in book-rules.test.ts against filterTransactionIndexes).
 *
 * Rules run in their order and the first that matches wins; they apply before ledger memory.
 */
import type { Paise } from './money.ts';
import type { TaxSplit } from './tax-split.ts';
import { rowDeposit, rowWithdrawal, type TransactionFilter, type TransactionRow } from './transactions.ts';

export const RULE_DIRECTIONS = ['any', 'withdrawal', 'deposit'] as const;
export type RuleDirection = (typeof RULE_DIRECTIONS)[number];

/** The one voucher type a rule can ask for beyond Payment/Receipt (which follow the direction). */
export const RULE_VOUCHER_TYPES = ['Contra'] as const;
export type RuleVoucherType = (typeof RULE_VOUCHER_TYPES)[number];

export interface LedgerRuleMatch {
  /** words (any text without spaces at either end) looked for in the narration, case-insensitively */
  words: string[];
  /** 'all': every word must appear (the filter's behaviour); 'any': one is enough */
  match: 'all' | 'any';
  direction: RuleDirection;
  /** inclusive bounds on the row's amount, in paise; null: unbounded */
  min: Paise | null;
  max: Paise | null;
}

export interface LedgerRule extends LedgerRuleMatch {
  id: string;
  name: string;
  ledger: string;
  /** null: Payment for withdrawals, Receipt for deposits */
  voucherType: RuleVoucherType | null;
  /** the GST or TDS split the rows it picks take with the ledger (decision 055) */
  taxSplit?: TaxSplit | null;
}

/** What a rule looks at: a narration and its two amounts in paise. */
export interface RuleSubject {
  description: string;
  withdrawal: Paise;
  deposit: Paise;
}

const cleanWords = (words: readonly string[]) =>
  words.map((w) => w.trim().toLowerCase()).filter((w) => w !== '');

/** Does the rule pick this row? A rule with no condition at all picks nothing (it would take every row). */
export function ruleMatches(rule: LedgerRuleMatch, row: RuleSubject): boolean {
  const words = cleanWords(rule.words);
  if (words.length === 0 && rule.direction === 'any' && rule.min === null && rule.max === null) return false;
  if (rule.direction === 'withdrawal' && !(row.withdrawal > 0)) return false;
  if (rule.direction === 'deposit' && !(row.deposit > 0)) return false;
  if (rule.min !== null || rule.max !== null) {
    // The amount of the side the rule looks at; for 'any', whichever side the row moved.
    const amount =
      rule.direction === 'deposit'
        ? row.deposit
        : rule.direction === 'withdrawal'
          ? row.withdrawal
          : Math.max(row.withdrawal, row.deposit);
    if (rule.min !== null && amount < rule.min) return false;
    if (rule.max !== null && amount > rule.max) return false;
  }
  if (words.length > 0) {
    const text = (row.description ?? '').toLowerCase();
    const hit = (w: string) => text.includes(w);
    if (rule.match === 'all' ? !words.every(hit) : !words.some(hit)) return false;
  }
  return true;
}

/** The first rule (in order) that picks the row, or null. */
export function firstMatchingRule<R extends LedgerRuleMatch>(
  rules: readonly R[],
  row: RuleSubject,
): R | null {
  for (const rule of rules) if (ruleMatches(rule, row)) return rule;
  return null;
}

/** A TransactionRow as a rule sees it (the screen's rows carry amounts as printed strings). */
export function transactionSubject(row: TransactionRow): RuleSubject {
  return { description: row.Description ?? '', withdrawal: rowWithdrawal(row), deposit: rowDeposit(row) };
}

/**
 * "Always use this ledger for rows like these": the rule a filtered view stands for. The view's
 * dates are not part of it (a rule is for every later statement); its keywords must all appear, as
 * in the filter.
 */
export function ruleFromFilter(
  filter: Pick<TransactionFilter, 'keywords' | 'only'>,
  amounts: { min?: Paise | null; max?: Paise | null } = {},
): LedgerRuleMatch {
  return {
    words: cleanWords(filter.keywords),
    match: 'all',
    direction: filter.only === 'withdrawals' ? 'withdrawal' : filter.only === 'deposits' ? 'deposit' : 'any',
    min: amounts.min ?? null,
    max: amounts.max ?? null,
  };
}
