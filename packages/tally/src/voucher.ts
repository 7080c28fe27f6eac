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
  /**
   * Stable identity (see identity.ts). With it the voucher carries no ACTION, so TallyPrime creates
   * it the first time and alters it on a repeated push instead of entering it twice.
   */
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
  const attrs: Record<string, string> = v.remoteId
    ? { REMOTEID: v.remoteId, VCHTYPE: v.type, OBJVIEW: v.view }
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
