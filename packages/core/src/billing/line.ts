/**
 * A billing line's Total (spec section 5): (price + price × GST/100) × quantity, rounded to 2 decimals.
 * Computed on whole paise and hundredths of a GST percent so the rounding is exact (halves away from
 * zero), never at the mercy of binary floating point (1.1 × 3 is 3.3000000000000003).
 */
import { paiseToRupees, rupeesToPaise, type Paise } from '../money.ts';

function roundDiv(numerator: number, denominator: number): number {
  const q = Math.floor(Math.abs(numerator) / denominator);
  const r = Math.abs(numerator) - q * denominator;
  const rounded = r * 2 >= denominator ? q + 1 : q;
  return numerator < 0 ? -rounded : rounded;
}

function roundDivBig(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  let q = abs / denominator;
  if ((abs % denominator) * 2n >= denominator) q += 1n;
  return Number(negative ? -q : q);
}

/**
 * A quantity as a whole number of its smallest decimal unit: 2.5 -> [25n, 10n]. GST invoices bill
 * 2.5 kg or 0.125 MT as often as 3 Nos, so a quantity may carry decimals (read from its shortest
 * printed form, which is what the user typed); 6 places is beyond any unit Tally keeps.
 */
function scaledQuantity(quantity: number): [bigint, bigint] | null {
  const m = /^(-?\d+)(?:\.(\d{1,6}))?$/.exec(String(quantity));
  if (!m) return null;
  const decimals = m[2] ?? '';
  return [BigInt(m[1] + decimals), 10n ** BigInt(decimals.length)];
}

/** A quantity lineTotalPaise can bill exactly: a number with at most 6 decimals. */
export function isBillableQuantity(quantity: number): boolean {
  return scaledQuantity(quantity) !== null;
}

/**
 * Line total in paise for a price in paise, a GST percent (up to 2 decimals) and a quantity (whole,
 * or with up to 6 decimals: 2.5 kg), rounded to the paisa once, halves away from zero.
 */
export function lineTotalPaise(pricePaise: Paise, gstPercent: number, quantity: number): Paise {
  const scaled = Number.isInteger(pricePaise) ? scaledQuantity(quantity) : null;
  if (!scaled || !Number.isFinite(gstPercent)) {
    throw new RangeError(`lineTotalPaise: bad input ${pricePaise}, ${gstPercent}, ${quantity}`);
  }
  // GST in hundredths of a percent: total = price × qty × (10000 + gst×100) / 10000.
  const gstHundredths = Math.round(gstPercent * 100);
  const factor = 10000 + gstHundredths;
  const [units, per] = scaled;
  if (per === 1n) {
    const numerator = pricePaise * quantity * factor;
    if (Number.isSafeInteger(numerator)) return roundDiv(numerator, 10000) || 0;
  }
  return roundDivBig(BigInt(pricePaise) * units * BigInt(factor), 10000n * per) || 0;
}

/** Price × quantity in paise, rounded to the paisa as a line total is: an invoice line's taxable value. */
export function timesQuantityPaise(pricePaise: Paise, quantity: number): Paise {
  return lineTotalPaise(pricePaise, 0, quantity);
}

/**
 * The billing screen's recalculation, in rupees: exact when the price has at most 2 decimals, the GST
 * at most 2 and the quantity at most 6 (always so for workbook data); other typed values fall back to
 * the plain formula. Non-numbers count as 0, as the spec says for edits.
 */
export function lineTotal(price: number, gstPercent: number, quantity: number): number {
  const [p, g, q] = [price, gstPercent, quantity].map((n) => (Number.isFinite(n) ? n : 0));
  const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
  if (scaledQuantity(q) && cents(p) && cents(g)) return paiseToRupees(lineTotalPaise(rupeesToPaise(p), g, q));
  return Math.round((p + (p * g) / 100) * q * 100) / 100 || 0;
}
