import type { TaxSplitInfo } from '@bahi/contract';
import { formatIndian, splitLegs, type Paise, type TaxLedgerNames } from '@bahi/core';

// A split's voucher legs as a table shows them (the book's split dialog, the statement table's
// GST/TDS column): core's splitLegs, the code the voucher builder uses, so what is shown is what
// goes to Tally. Kept apart from the dialog so the statement table needs none of its components.

/** The legs of a split as the row's table shows them: ledger, Dr, Cr (the bank's first, then the row's ledger, then each tax). */
export function legsOf(
  split: TaxSplitInfo,
  movement: { paise: Paise; moneyIn: boolean },
  ledger: string,
  bankLedger: string,
  /** the company's own tax ledgers (core's splitTaxLedgersOfCompany); core's defaults otherwise */
  taxLedgers: Partial<TaxLedgerNames> = {},
): { ledger: string; dr: string; cr: string }[] {
  return splitLegs(movement, ledger || 'Suspense', bankLedger || 'Bank', split, taxLedgers).map((l) => ({
    ledger: l.ledger,
    dr: l.drPaise > 0 ? formatIndian(l.drPaise) : '',
    cr: l.drPaise < 0 ? formatIndian(-l.drPaise) : '',
  }));
}
