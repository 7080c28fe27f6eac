import type { Paise } from '@bahi/core';
import { el, leaf, type XmlChild, type XmlElement } from './xml/tree.ts';
import { deemedPositive, tallyAmount } from './xml/values.ts';

/** One accounting leg. `amount` is in Tally's sign: negative = debit, positive = credit. */
export interface Leg {
  ledger: string;
  amount: Paise;
  isParty?: boolean;
  /** Sub-lists written after the amount, e.g. the bank leg's BANKALLOCATIONS.LIST. */
  extra?: readonly XmlChild[];
}

export const debit = (ledger: string, paise: Paise, isParty = false): Leg => ({
  ledger,
  amount: -paise,
  isParty,
});
export const credit = (ledger: string, paise: Paise, isParty = false): Leg => ({
  ledger,
  amount: paise,
  isParty,
});

export type EntryListName = 'ALLLEDGERENTRIES.LIST' | 'LEDGERENTRIES.LIST' | 'ACCOUNTINGALLOCATIONS.LIST';

export function legElement(leg: Leg, listName: EntryListName = 'ALLLEDGERENTRIES.LIST'): XmlElement {
  return el(listName, {}, [
    leaf('LEDGERNAME', leg.ledger),
    leaf('ISDEEMEDPOSITIVE', deemedPositive(leg.amount)),
    leg.isParty ? leaf('ISPARTYLEDGER', 'Yes') : null,
    leaf('AMOUNT', tallyAmount(leg.amount)),
    ...(leg.extra ?? []),
  ]);
}

/** Every voucher must sum to zero; a builder that gets this wrong is a bug, not a user error. */
export function assertBalanced(what: string, amounts: readonly Paise[]): void {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum !== 0) throw new Error(`${what} does not balance: off by ${sum} paise`);
}
