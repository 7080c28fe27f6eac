// The plan's choice for the rows without a ledger, apart from the dialog that asks it: the statement
// screen fills and plans again with it, and loads the dialog only when a plan is shown.
import type { PushPlanAnswer, StatementTransaction } from '@bahi/contract';

export type RowsFill = { kind: 'none' } | { kind: 'suggested' } | { kind: 'one'; ledger: string };

/** The rows with the ledgers the plan's choice gives the rows that have none. */
export function fillRows(
  rows: readonly StatementTransaction[],
  plan: Pick<PushPlanAnswer, 'without_ledger_rows' | 'suggestions'>,
  fill: RowsFill,
): StatementTransaction[] {
  if (fill.kind === 'none') return [...rows];
  const given = new Map<number, string>();
  if (fill.kind === 'suggested') for (const s of plan.suggestions) given.set(s.index, s.ledger);
  else if (fill.ledger.trim()) for (const i of plan.without_ledger_rows) given.set(i, fill.ledger.trim());
  return rows.map((r, i) => (given.has(i) ? { ...r, LedgerName: given.get(i) } : r));
}

export type PlanChoice = { ledger_groups: Record<string, string> };
