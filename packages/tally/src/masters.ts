import { el, leaf, type XmlElement } from './xml/tree.ts';

// Masters are sent create-only (ACTION="Create"): TallyPrime creates a missing master and refuses to
// touch an existing one ("Ledger 'X' already exists!"), which the response reader does not count as a
// failure. So a master the user already keeps (a CGST ledger with its duty head, a stock item in its
// group, a bank ledger under Bank OD A/c) is never altered by an import (docs/decisions/035).

export interface LedgerMaster {
  name: string;
  /** The group, e.g. 'Bank Accounts', 'Suspense A/c', 'Sundry Debtors', 'Duties & Taxes'. */
  parent: string;
  /** GST duty head for tax ledgers: 'CGST', 'SGST/UTGST', 'IGST' (TallyPrime 3.0+; see gstDutyHeadsFor). */
  gstDutyHead?: string;
}

export function ledgerMaster(m: LedgerMaster): XmlElement {
  return el('LEDGER', { NAME: m.name, ACTION: 'Create' }, [
    el('NAME.LIST', { TYPE: 'String' }, [leaf('NAME', m.name)]),
    leaf('PARENT', m.parent),
    m.gstDutyHead ? leaf('TAXTYPE', 'GST') : null,
    m.gstDutyHead ? leaf('GSTDUTYHEAD', m.gstDutyHead) : null,
    leaf('ISBILLWISEON', /^Sundry (Debtors|Creditors)$/.test(m.parent) ? 'Yes' : 'No'),
  ]);
}

export function unitMaster(symbol: string): XmlElement {
  return el('UNIT', { NAME: symbol, ACTION: 'Create' }, [leaf('NAME', symbol), leaf('ISSIMPLEUNIT', 'Yes')]);
}

export interface StockItemMaster {
  name: string;
  unit: string;
}

export function stockItemMaster(m: StockItemMaster): XmlElement {
  return el('STOCKITEM', { NAME: m.name, ACTION: 'Create' }, [
    el('NAME.LIST', { TYPE: 'String' }, [leaf('NAME', m.name)]),
    leaf('PARENT', ''),
    leaf('BASEUNITS', m.unit),
  ]);
}

/** Declares each ledger once (Tally names are case-insensitive), first declaration wins. */
export function uniqueLedgers(ledgers: readonly LedgerMaster[]): LedgerMaster[] {
  const seen = new Map<string, LedgerMaster>();
  for (const l of ledgers) if (!seen.has(l.name.toLowerCase())) seen.set(l.name.toLowerCase(), l);
  return [...seen.values()];
}
