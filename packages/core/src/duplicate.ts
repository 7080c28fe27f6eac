/**
 * Voucher rows and the Duplicate Settings dialog (spec sections 2, 3, 4, 5 and 9; issue 7).
 *
 * How we read what the specification leaves open:
 * - Dates. With a Start Date the first copy is ON that date and each next copy one interval further
 *   (forward) or earlier (backward): the user named the day the copies begin. Without one, the copies
 *   step from the source row's date and the first copy is one interval away from it, so no copy
 *   lands on the source's own day by accident. No start date and an undated source: copies are undated.
 * - Increment Amount by ₹1: copy n carries the source amount + ₹n (copy 1 is +₹1, copy 2 is +₹2...),
 *   computed in paise so 10.10 + 1 is 11.10 exactly. A source without a readable amount stays as is.
 * - Randomly Split Amount: the source amount (floored to whole rupees) is split across the copies,
 *   one part per copy, each within [splitMin, splitMax] (see split.ts). The source row itself is kept
 *   unchanged; the copies together add up to its amount. When no such split exists, duplicateRow
 *   throws a DomainError (code 'split-impossible') whose user message says why; nothing is inserted.
 * - Increment and split are mutually exclusive; if both arrive switched on, the split wins (it is the
 *   option with extra fields the user filled in) and the increment is cleared.
 * - '(Copy n)' is appended after one space (trailing spaces dropped); a blank description becomes '(Copy n)'.
 * - netAmount: copies whose amount changed carry a number (rupees); otherwise the source value is
 *   copied unchanged, whatever its type.
 */
import { addDays, isIsoDate } from './dates.ts';
import { DomainError } from './errors.ts';
import { paiseToRupees, rupeesToPaise } from './money.ts';
import type { Rng } from './random.ts';
import { randomSplit, SPLIT_DEFAULT_MAX, SPLIT_DEFAULT_MIN } from './split.ts';

export const VOUCHER_TYPES = ['Receipt', 'Journal', 'Payment', 'Sales', 'Purchase'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export interface VoucherRow {
  /** ISO date, or '' when not entered yet */
  date: string;
  voucherType: VoucherType | '';
  ledgerName: string;
  partyName: string;
  description: string;
  /** rupees, as typed (number input) */
  netAmount: number | string;
}

export type DuplicateDirection = 'forward' | 'backward';

export interface DuplicateSettings {
  copies: number;
  /** ISO date or '' (use the source row's date) */
  customStartDate: string;
  interval: number;
  direction: DuplicateDirection;
  amountIncrement: boolean;
  descriptionSuffix: boolean;
  randomAmountSplit: boolean;
  splitMin: number;
  splitMax: number;
}

/** Spec section 9: count 1, interval 1 day, forward, suffix on, split range 1 to 100. */
export const DEFAULT_DUPLICATE_SETTINGS: DuplicateSettings = {
  copies: 1,
  customStartDate: '',
  interval: 1,
  direction: 'forward',
  amountIncrement: false,
  descriptionSuffix: true,
  randomAmountSplit: false,
  splitMin: SPLIT_DEFAULT_MIN,
  splitMax: SPLIT_DEFAULT_MAX,
};

/** A whole number of at least `least`, or undefined when the value is not one (spec section 5). */
function wholeAtLeast(value: unknown, least: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= least ? n : undefined;
}

/**
 * Settings as the dialog may hand them over (strings from inputs, missing fields) made valid by the
 * rules of spec section 5: copies and interval whole numbers >= 1 (else 1), split min >= 1 (else 1),
 * split max >= min (else min), increment and split never both on.
 */
export function normaliseDuplicateSettings(
  input: Partial<Record<keyof DuplicateSettings, unknown>>,
): DuplicateSettings {
  const d = DEFAULT_DUPLICATE_SETTINGS;
  const splitMin = wholeAtLeast(input.splitMin ?? d.splitMin, 1) ?? 1;
  const splitMax = wholeAtLeast(input.splitMax ?? d.splitMax, splitMin) ?? splitMin;
  const randomAmountSplit = input.randomAmountSplit === true;
  const start = typeof input.customStartDate === 'string' ? input.customStartDate.trim() : '';
  return {
    copies: wholeAtLeast(input.copies, 1) ?? 1,
    customStartDate: isIsoDate(start) ? start : '',
    interval: wholeAtLeast(input.interval, 1) ?? 1,
    direction: input.direction === 'backward' ? 'backward' : 'forward',
    amountIncrement: input.amountIncrement === true && !randomAmountSplit,
    descriptionSuffix:
      typeof input.descriptionSuffix === 'boolean' ? input.descriptionSuffix : d.descriptionSuffix,
    randomAmountSplit,
    splitMin,
    splitMax,
  };
}

/** The row's amount in paise, or null when it is not a number (blank or text). */
function amountPaise(value: number | string): number | null {
  const n =
    typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value.replaceAll(',', ''));
  return Number.isFinite(n) ? rupeesToPaise(n) : null;
}

/** A copy of a row: like the source, except that its amount may have become a number. */
export type DuplicateCopy<T extends VoucherRow> = Omit<T, 'netAmount'> & Pick<VoucherRow, 'netAmount'>;

/**
 * The copies of `row` that the dialog's settings ask for (the source row itself is not included).
 * Other fields of `row` (such as a screen's row id) are copied as they are: give copies new ids.
 */
export function duplicateRow<T extends VoucherRow>(
  row: T,
  input: DuplicateSettings,
  rng: Rng = Math.random,
): DuplicateCopy<T>[] {
  const s = normaliseDuplicateSettings(input);
  const step = s.direction === 'backward' ? -s.interval : s.interval;
  const source = amountPaise(row.netAmount);

  let parts: number[] | null = null;
  if (s.randomAmountSplit) {
    const split = randomSplit(
      source === null ? 0 : paiseToRupees(source),
      s.copies,
      s.splitMin,
      s.splitMax,
      rng,
    );
    if (!split.ok) {
      throw new DomainError(
        'split-impossible',
        split.message,
        `duplicateRow: ${split.reason}: ${split.message}`,
      );
    }
    parts = split.parts;
  }

  const copies: DuplicateCopy<T>[] = [];
  for (let n = 1; n <= s.copies; n++) {
    let date = '';
    if (s.customStartDate) date = addDays(s.customStartDate, (n - 1) * step);
    else if (isIsoDate(row.date)) date = addDays(row.date, n * step);

    let netAmount: number | string = row.netAmount;
    if (parts) netAmount = parts[n - 1];
    else if (s.amountIncrement && source !== null) netAmount = paiseToRupees(source + n * 100);

    const suffix = `(Copy ${n})`;
    const base = row.description.trimEnd();
    const description = s.descriptionSuffix ? (base ? `${base} ${suffix}` : suffix) : row.description;

    copies.push({ ...row, date, netAmount, description });
  }
  return copies;
}

/** A new list with `copies` inserted right after the row at `index` (spec: copies follow their source). */
export function insertAfter<T>(rows: readonly T[], index: number, copies: readonly T[]): T[] {
  if (!Number.isInteger(index) || index < 0 || index >= rows.length) {
    throw new RangeError(`insertAfter: no row at index ${index} of ${rows.length}`);
  }
  return [...rows.slice(0, index + 1), ...copies, ...rows.slice(index + 1)];
}
