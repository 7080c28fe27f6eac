/**
 * Page-credit plans (spec section 9) and what an extraction costs (DESIGN.md 'Money, dates, pages').
 * The server is the only place that decides prices; it and the plan screen both read them from here.
 */
import type { Paise } from './money.ts';

export type PlanId = 'free-trial' | 'basic' | 'standard' | 'premium';

export interface Plan {
  id: PlanId;
  name: string;
  pages: number;
  /** whole rupees, before the discount */
  baseAmount: number;
  /** percent */
  discount: number;
}

/** Exactly the spec's table, in its order (the first card is selected by default). */
export const PLANS: readonly Plan[] = [
  { id: 'free-trial', name: 'Free Trial', pages: 1, baseAmount: 1, discount: 0 },
  { id: 'basic', name: 'Basic Plan', pages: 2500, baseAmount: 1400, discount: 15 },
  { id: 'standard', name: 'Standard Plan', pages: 8000, baseAmount: 3650, discount: 15 },
  { id: 'premium', name: 'Premium Plan', pages: 21000, baseAmount: 7300, discount: 15 },
];

export function findPlan(id: string): Plan | null {
  return PLANS.find((p) => p.id === id) ?? null;
}

/** Price paid in whole rupees: base minus the discount, rounded to the nearest rupee (halves up). */
export function planPrice(plan: Plan): number {
  // Integer numerator first so 3650 × 85 / 100 is exactly 3102.5 before rounding.
  return Math.round((plan.baseAmount * (100 - plan.discount)) / 100);
}

/** The price in paise, as the payment order carries it (spec: amount × 100). */
export function planPricePaise(plan: Plan): Paise {
  return planPrice(plan) * 100;
}

/** N of 'Save N%!', or 0 when the plan has no discount (then the card shows no saving). */
export function savePercent(plan: Plan): number {
  return plan.discount > 0 ? plan.discount : 0;
}

/** The plan a payment order is for: amount (paise) and pages must both match exactly, else null. */
export function findPlanByOrder(amountPaise: Paise, pages: number): Plan | null {
  return PLANS.find((p) => planPricePaise(p) === amountPaise && p.pages === pages) ?? null;
}

export type StatementFormat = 'pdf' | 'xlsx' | 'xls' | 'csv' | 'rpt' | 'image';

/** An XLSX, RPT or image statement costs one page per this many transactions (at least one page). */
export const TRANSACTIONS_PER_PAGE = 50;

/**
 * Pages an extraction costs: a PDF its page count; any other format one page per 50 transactions,
 * at least one. Throws RangeError for counts that are not whole numbers (a bug in the caller).
 */
export function pagesForExtraction(input: {
  format: StatementFormat;
  pdfPages?: number;
  transactions: number;
}): number {
  if (input.format === 'pdf') {
    const pages = input.pdfPages ?? Number.NaN;
    if (!Number.isInteger(pages) || pages < 1)
      throw new RangeError(`pagesForExtraction: bad PDF page count ${pages}`);
    return pages;
  }
  const count = input.transactions;
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`pagesForExtraction: bad transaction count ${count}`);
  return Math.max(1, Math.ceil(count / TRANSACTIONS_PER_PAGE));
}
