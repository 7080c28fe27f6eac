// Value types as Tally writes them. Money is integer paise inside (core's money.ts); Tally wants
// rupees with two decimals, and its sign convention is: a debit leg carries a negative AMOUNT with
// ISDEEMEDPOSITIVE Yes, a credit leg a positive AMOUNT with ISDEEMEDPOSITIVE No.
import { formatPlain, isIsoDate, type Paise } from '@bahi/core';

/** 12345 -> '123.45', -5 -> '-0.05'. Refuses fractions of a paisa: a builder bug, never rounded away. */
export function tallyAmount(paise: Paise): string {
  if (!Number.isSafeInteger(paise)) throw new Error(`amount is not a whole number of paise: ${paise}`);
  return formatPlain(paise);
}

/** Tally's ISDEEMEDPOSITIVE for a leg of the given signed amount (negative = debit). */
export function deemedPositive(signedPaise: Paise): 'Yes' | 'No' {
  return signedPaise < 0 ? 'Yes' : 'No';
}

/** '20250701' -> '2025-07-01', or null when it is not a real date. */
export function isoFromTallyDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(iso) ? iso : null;
}

/** A quantity with its unit, '3 Nos'. */
export function tallyQuantity(quantity: number, unit: string): string {
  return `${quantity} ${unit}`;
}

/** A per-unit rate, '118.00/Nos'. */
export function tallyRate(paise: Paise, unit: string): string {
  return `${tallyAmount(paise)}/${unit}`;
}
