import { parseAmount, type Paise } from '@bahi/core';

/**
 * A row's bank movement as the voucher builder reads it (tally bankMovements): its first printed
 * amount, signed as printed (a negative withdrawal is money in). Null: the row moves no money.
 */
export function rowMovement(row: { Withdrawal?: string; Deposit?: string }): {
  paise: Paise;
  moneyIn: boolean;
} | null {
  const w = parseAmount(row.Withdrawal ?? '') ?? 0;
  if (w) return { paise: Math.abs(w), moneyIn: w < 0 };
  const d = parseAmount(row.Deposit ?? '') ?? 0;
  if (d) return { paise: Math.abs(d), moneyIn: d > 0 };
  return null;
}
