/**
 * Chunking rule sets (spec sections 3 and 5, DESIGN.md 'Billing'). A RATE rule applies to items whose
 * selling price (rupees, before GST) is within [min, max]; a QUANTITY rule to items whose remaining
 * stock is within [min, max]. The matching rule's [chunk_min, chunk_max] bounds each invoice line's
 * quantity.
 *
 * Our decisions where the spec is silent:
 * - A RATE rule takes precedence over a QUANTITY rule; within a type the first matching rule wins.
 * - An item no rule matches may be billed in any quantity from 1 to its remaining stock.
 * - A chunk range is narrowed to whole quantities of at least 1 and at most the remaining stock; when
 *   nothing is left of it (stock below chunk_min, or chunk_min above chunk_max) the item is not billed
 *   any further.
 */
export const RULE_TYPES = ['RATE', 'QUANTITY'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

export interface ChunkRule {
  min: number;
  max: number;
  chunk_min: number;
  chunk_max: number;
}

export type RuleSet = Partial<Record<RuleType, ChunkRule[]>>;

export const DEFAULT_RULE_SET_NAME = 'default';

/** The rule that decides an item's line quantities, or null when none matches. */
export function matchingRule(rules: RuleSet, priceRupees: number, stock: number): ChunkRule | null {
  const within = (r: ChunkRule, v: number) => v >= r.min && v <= r.max;
  return (
    (rules.RATE ?? []).find((r) => within(r, priceRupees)) ??
    (rules.QUANTITY ?? []).find((r) => within(r, stock)) ??
    null
  );
}

/** Whole quantities a new line of the item may take now, or null when it cannot take any. */
export function chunkRange(
  rules: RuleSet,
  priceRupees: number,
  stock: number,
): { min: number; max: number } | null {
  const rule = matchingRule(rules, priceRupees, stock);
  const min = Math.max(1, rule ? Math.ceil(rule.chunk_min) : 1);
  const max = Math.min(stock, rule ? Math.floor(rule.chunk_max) : stock);
  return min <= max ? { min, max } : null;
}
