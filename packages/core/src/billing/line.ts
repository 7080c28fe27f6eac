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

/** Line total in paise for a price in paise, a GST percent (up to 2 decimals) and a whole quantity. */
export function lineTotalPaise(pricePaise: Paise, gstPercent: number, quantity: number): Paise {
  if (!Number.isInteger(pricePaise) || !Number.isInteger(quantity) || !Number.isFinite(gstPercent)) {
    throw new RangeError(`lineTotalPaise: bad input ${pricePaise}, ${gstPercent}, ${quantity}`);
  }
  // GST in hundredths of a percent: total = price × qty × (10000 + gst×100) / 10000.
  const gstHundredths = Math.round(gstPercent * 100);
  const factor = 10000 + gstHundredths;
  const numerator = pricePaise * quantity * factor;
  if (Number.isSafeInteger(numerator)) return roundDiv(numerator, 10000) || 0;
  return roundDivBig(BigInt(pricePaise) * BigInt(quantity) * BigInt(factor), 10000n) || 0;
}

/**
 * The billing screen's recalculation, in rupees: exact when the price has at most 2 decimals, the GST
 * at most 2 and the quantity is whole (always so for workbook data); other typed values fall back to
 * the plain formula. Non-numbers count as 0, as the spec says for edits.
 */
export function lineTotal(price: number, gstPercent: number, quantity: number): number {
  const [p, g, q] = [price, gstPercent, quantity].map((n) => (Number.isFinite(n) ? n : 0));
  const cents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
  if (Number.isInteger(q) && cents(p) && cents(g))
    return paiseToRupees(lineTotalPaise(rupeesToPaise(p), g, q));
  return Math.round((p + (p * g) / 100) * q * 100) / 100 || 0;
}
