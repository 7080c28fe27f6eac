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

/**
 * The names an export would declare because the company lacks them, each once (first spelling),
 * empty names left out. Without a company read, nothing can be said: null.
 */
export function missingLedgers(
  company: TallyCompanyAnswer | null | undefined,
  names: Iterable<string | undefined | null>,
): string[] | null {
  if (!company) return null;
  const have = new Set(company.ledgers.map((l) => key(l.name)));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw?.trim();
    if (!name || have.has(key(name)) || seen.has(key(name))) continue;
    seen.add(key(name));
    out.push(name);
  }
  return out;
}

/** The confirmation before an export that names ledgers the company does not have. */
export function missingLedgersWarning(company: string, missing: readonly string[], limit = 12): string {
  const shown = missing.slice(0, limit).map((n) => `• ${n}`);
  const more = missing.length > limit ? [`…and ${missing.length - limit} more`] : [];
  return [
    `Tally's company '${company}' does not have ${missing.length === 1 ? 'this ledger' : `these ${missing.length} ledgers`}:`,
    ...shown,
    ...more,
    '',
    'Bahi will create them (the bank ledger under Bank Accounts, the others under Suspense A/c). Ledgers the company has are left as they are.',
    'Continue?',
  ].join('\n');
}

/** The GST duty-head words of the company's release (TallyPrime 3.0+ wrote CGST/SGST/UTGST/IGST). */
export function dutyHeadWords(version: string | undefined): string {
  const v = (version ?? '').trim();
  const erp9 = /\bERP\s*9\b/i.test(v);
  const major = Number(/(\d+)(?:\.\d+)?/.exec(v.replace(/^.*?(?:Prime|Release|Rel\.?)\s*/i, ''))?.[1] ?? 3);
  return erp9 || major < 3 ? 'Central Tax, State Tax, Integrated Tax' : 'CGST, SGST/UTGST, IGST';
}
