// Which ledger a new book row gets (issue 13): the client's rules first (in their order, the first
// that matches wins; @bahi/core/book-rules.ts), then the client's ledger memory (the UPI ID, payee
// and keyword keys of statements/ledger-memory.ts, kept per client rather than per user: two
// clients of one office pay the same payee for different reasons). Each row says which set it.
import { asc, eq } from 'drizzle-orm';
import {
  firstMatchingRule,
  narrationKeys,
  type LedgerRule,
  type NarrationKey,
  type TaxSplit,
} from '@bahi/core';
import type { DbOrTx } from '../db/index.ts';
import { memoryReason, recallFrom, recallKeys, rememberKeys } from '../statements/ledger-memory.ts';
import { clientLedgerMemory, clientRules } from './tables.ts';

export interface LedgerChoice {
  ledger: string;
  source: 'rule' | 'memory';
  reason: string;
  voucherType: 'Contra' | null;
  /** a rule's GST or TDS split (decision 055); the memory keeps none */
  taxSplit: TaxSplit | null;
}

type RuleRow = typeof clientRules.$inferSelect;

export const ruleOf = (r: RuleRow): LedgerRule => ({
  id: r.id,
  name: r.name,
  words: r.words,
  match: r.match,
  direction: r.direction,
  min: r.minPaise,
  max: r.maxPaise,
  ledger: r.ledger,
  voucherType: r.voucherType ?? null,
  taxSplit: r.taxSplit ?? null,
});

/** The client's rules in the order they apply. */
export async function loadRules(db: DbOrTx, clientId: string): Promise<LedgerRule[]> {
  const rows = await db
    .select()
    .from(clientRules)
    .where(eq(clientRules.clientId, clientId))
    .orderBy(asc(clientRules.position), asc(clientRules.createdAt));
  return rows.map(ruleOf);
}

export const ruleReason = (rule: Pick<LedgerRule, 'name' | 'ledger'>) => `Rule “${rule.name || rule.ledger}”`;

/** One choice (or null) per row, in order: a rule's, else the memory's. */
export async function assignLedgers(
  db: DbOrTx,
  clientId: string,
  rules: readonly LedgerRule[],
  rows: readonly { description: string; withdrawal: number; deposit: number }[],
): Promise<(LedgerChoice | null)[]> {
  const out = byRules(rules, rows);
  const keysOf = rows.map((r, i) => (out[i] ? [] : narrationKeys(r.description)));
  return withMemory(out, await recallKeys(db, clientLedgerMemory, { clientId }, keysOf));
}

/**
 * assignLedgers's choices when the client's memory of the rows' keys was read already (`known`:
 * key -> ledger, holding at least every key of the rows no rule sets): the filing of a statement
 * reads it with the book, in one statement (office/filing.ts).
 */
export function ledgersOf(
  rules: readonly LedgerRule[],
  rows: readonly { description: string; withdrawal: number; deposit: number }[],
  known: ReadonlyMap<string, string>,
): (LedgerChoice | null)[] {
  const out = byRules(rules, rows);
  return withMemory(
    out,
    recallFrom(
      known,
      rows.map((r, i) => (out[i] ? [] : narrationKeys(r.description))),
    ),
  );
}

const byRules = (
  rules: readonly LedgerRule[],
  rows: readonly { description: string; withdrawal: number; deposit: number }[],
): (LedgerChoice | null)[] =>
  rows.map((r) => {
    const rule = firstMatchingRule(rules, r);
    return rule
      ? {
          ledger: rule.ledger,
          source: 'rule',
          reason: ruleReason(rule),
          voucherType: rule.voucherType,
          taxSplit: rule.taxSplit ?? null,
        }
      : null;
  });

function withMemory(
  out: (LedgerChoice | null)[],
  recalled: readonly ({ ledger: string; key: NarrationKey } | null)[],
): (LedgerChoice | null)[] {
  recalled.forEach((r, i) => {
    if (r)
      out[i] = {
        ledger: r.ledger,
        source: 'memory',
        reason: memoryReason(r.ledger, r.key),
        voucherType: null,
        taxSplit: null,
      };
  });
  return out;
}

/**
 * Remembers ledgers a person gave rows of this client (the same keys and strength order as the
 * single-statement memory: UPI ID and payee before keywords; the latest ledger for a key wins).
 */
export const rememberClientLedgers = (
  db: DbOrTx,
  clientId: string,
  assignments: readonly { description: string; ledger: string }[],
  now: Date,
): Promise<number> => rememberKeys(db, clientLedgerMemory, { clientId }, assignments, now);
