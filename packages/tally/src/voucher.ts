import { toTallyDate, type Paise } from '@bahi/core';
import { assertBalanced, legElement, type EntryListName, type Leg } from './entries.ts';
import { el, leaf, type XmlChild, type XmlElement } from './xml/tree.ts';

export interface VoucherSpec {
  type: string;
  /** ISO date. */
  date: string;
  narration?: string;
  reference?: string;
  number?: string;
  /** Stable identity (see identity.ts), sent as REMOTEID; Bahi's own record keys on it too. */
  remoteId?: string;
  partyLedger?: string;
  view: 'Accounting Voucher View' | 'Invoice Voucher View';
  /** Extra header elements (state, place of supply...), written before the entries. */
  header?: readonly XmlChild[];
  legs: readonly Leg[];
  legList?: EntryListName;
  /** Inventory entries and their amounts (Tally sign), which count towards the balance. */
  inventory?: readonly { element: XmlElement; amount: Paise }[];
  /** Legs written after the inventory entries (taxes, round-off). */
  trailingLegs?: readonly Leg[];
}

export function voucherElement(v: VoucherSpec): XmlElement {
  const trailing = v.trailingLegs ?? [];
  const inventory = v.inventory ?? [];
  assertBalanced(`${v.type} voucher of ${v.date}`, [
    ...v.legs.map((l) => l.amount),
    ...inventory.map((i) => i.amount),
    ...trailing.map((l) => l.amount),
  ]);
  const date = toTallyDate(v.date);
  const list = v.legList ?? 'ALLLEDGERENTRIES.LIST';
  // Always create-only: a push never alters a voucher Tally holds (issue 31). Whether TallyPrime
  // matches a REMOTEID at all is undocumented (docs/decisions/037); with ACTION="Create" either
  // answer leaves the books right: a Tally that matches it refuses the copy, one that does not
  // would enter it again, which Bahi's record of what was sent prevents by not sending it.
  const attrs: Record<string, string> = v.remoteId
    ? { REMOTEID: v.remoteId, VCHTYPE: v.type, ACTION: 'Create', OBJVIEW: v.view }
    : { VCHTYPE: v.type, ACTION: 'Create', OBJVIEW: v.view };
  return el('VOUCHER', attrs, [
    leaf('DATE', date),
    leaf('EFFECTIVEDATE', date),
    leaf('VOUCHERTYPENAME', v.type),
    v.number ? leaf('VOUCHERNUMBER', v.number) : null,
    v.reference ? leaf('REFERENCE', v.reference) : null,
    v.partyLedger ? leaf('PARTYLEDGERNAME', v.partyLedger) : null,
    ...(v.header ?? []),
    v.narration ? leaf('NARRATION', v.narration) : null,
    leaf('PERSISTEDVIEW', v.view),
    ...v.legs.map((l) => legElement(l, list)),
    ...inventory.map((i) => i.element),
    ...trailing.map((l) => legElement(l, list)),
  ]);
}
