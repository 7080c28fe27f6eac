// The plan's choice for the rows without a ledger, apart from the dialog that asks it: the statement
// screen fills and plans again with it, and loads the dialog only when a plan is shown.
import type { PushPlanAnswer, StatementTransaction } from '@bahi/contract';

export type RowsFill = { kind: 'none' } | { kind: 'suggested' } | { kind: 'one'; ledger: string };

type PlanRows = Pick<PushPlanAnswer, 'without_ledger_rows' | 'suggestions'>;

/** The ledger the plan's choice gives each row without one, by the row's index in the request. */
export function filledLedgers(plan: PlanRows, fill: RowsFill): Map<number, string> {
  const given = new Map<number, string>();
  if (fill.kind === 'suggested') for (const s of plan.suggestions) given.set(s.index, s.ledger);
  else if (fill.kind === 'one' && fill.ledger.trim())
    for (const i of plan.without_ledger_rows) given.set(i, fill.ledger.trim());
  return given;
}

/** The rows with the ledgers the plan's choice gives the rows that have none. */
export function fillRows(
  rows: readonly StatementTransaction[],
  plan: PlanRows,
  fill: RowsFill,
): StatementTransaction[] {
  const given = filledLedgers(plan, fill);
  return rows.map((r, i) => (given.has(i) ? { ...r, LedgerName: given.get(i) } : r));
}

/** The rows of each ledger given, for a caller that saves them as "Apply Ledger" does. */
export function rowsByLedger(given: ReadonlyMap<number, string>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [i, ledger] of given) {
    const list = out.get(ledger);
    if (list) list.push(i);
    else out.set(ledger, [i]);
  }
  return out;
}

export type PlanChoice = { ledger_groups: Record<string, string> };
