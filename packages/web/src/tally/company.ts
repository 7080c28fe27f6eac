import type { TallyCompanyAnswer, TallyMaster } from '@bahi/contract';

// What the web app does with the company read from Tally (issue 12, docs/decisions/036): the names
// every ledger field offers, and which names an export would have to create. Pure, so it is tested
// without a browser.

/** The id of the one <datalist> of ledger names that plain inputs (the table's ledger cells) share. */
export const TALLY_LEDGER_LIST_ID = 'bahi-tally-ledgers';

const key = (name: string) => name.trim().toLowerCase();

/** Ledger names as Tally spells them, sorted; the groups beside them for a picker. */
export function ledgerOptions(
  company: TallyCompanyAnswer | null | undefined,
): { group: string; items: string[] }[] {
  if (!company) return [];
  const byGroup = new Map<string, string[]>();
  for (const l of company.ledgers) {
    const group = l.parent || 'Primary';
    byGroup.set(group, [...(byGroup.get(group) ?? []), l.name]);
  }
  return [...byGroup.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, items]) => ({ group, items: items.sort((a, b) => a.localeCompare(b)) }));
}

/** Tally's names are case-insensitive: 'hdfc bank' is the ledger 'HDFC Bank'. */
export function findLedger(
  company: TallyCompanyAnswer | null | undefined,
  name: string,
): TallyMaster | undefined {
  const k = key(name);
  return k ? company?.ledgers.find((l) => key(l.name) === k) : undefined;
}

/** The GST duty-head words of the company's release (TallyPrime 3.0+ wrote CGST/SGST/UTGST/IGST). */
export function dutyHeadWords(version: string | undefined): string {
  const v = (version ?? '').trim();
  const erp9 = /\bERP\s*9\b/i.test(v);
  const major = Number(/(\d+)(?:\.\d+)?/.exec(v.replace(/^.*?(?:Prime|Release|Rel\.?)\s*/i, ''))?.[1] ?? 3);
  return erp9 || major < 3 ? 'Central Tax, State Tax, Integrated Tax' : 'CGST, SGST/UTGST, IGST';
}
