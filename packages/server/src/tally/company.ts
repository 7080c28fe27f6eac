// The Tally companies a user has read, kept so the web app offers their names in every ledger field
// and exports declare only the ledgers the company lacks (issue 12, docs/decisions/036).
import { and, desc, eq } from 'drizzle-orm';
import { TallyCompanySnapshot, type TallyCompanyAnswer } from '@bahi/contract';
import { GST_HEAD_WORDS as HEAD_WORDS, splitTaxLedgersOfCompany, type TaxLedgerNames } from '@bahi/core';
import type { Db } from '../db/index.ts';
import { tallyCompanies } from './tables.ts';

/** Keeps the snapshot as the office's copy of that company (one per name; `userId` is the office: decision 057), replacing an older read. */
export async function saveCompany(
  db: Db,
  userId: string,
  snapshot: TallyCompanySnapshot,
  now: Date,
): Promise<TallyCompanyAnswer> {
  const name = snapshot.company.name.trim();
  const values = {
    userId,
    name,
    nameKey: name.toLowerCase(),
    source: snapshot.source,
    snapshot,
    readAt: now,
  };
  await db
    .insert(tallyCompanies)
    .values(values)
    .onConflictDoUpdate({
      target: [tallyCompanies.userId, tallyCompanies.nameKey],
      set: { name, source: values.source, snapshot, readAt: now },
    });
  return { ...snapshot, read_at: now.toISOString() };
}

/** The office's company of that name, or the one read last; undefined when it has read none. */
export async function loadCompany(
  db: Db,
  userId: string,
  name?: string,
): Promise<TallyCompanyAnswer | undefined> {
  const key = name?.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(tallyCompanies)
    .where(
      key
        ? and(eq(tallyCompanies.userId, userId), eq(tallyCompanies.nameKey, key))
        : eq(tallyCompanies.userId, userId),
    )
    .orderBy(desc(tallyCompanies.readAt))
    .limit(1);
  if (!row) return undefined;
  // Parsed again: what was stored passed the same schema, and this keeps the answer's shape exact.
  const snapshot = TallyCompanySnapshot.parse(row.snapshot);
  return { ...snapshot, read_at: row.readAt.toISOString() };
}

/** Names of the company's ledgers (as Tally spells them), for builders' existingLedgers. */
export function ledgerNames(company: TallyCompanyAnswer | undefined): string[] {
  return company ? company.ledgers.map((l) => l.name) : [];
}

/**
 * The party ledger's GST registration when the company keeps that ledger with one (read from Tally):
 * its GSTIN, state and registration type fill an invoice's GSTR-1 fields the form leaves out.
 */
export function partyRegistration(
  company: TallyCompanyAnswer | undefined,
  party: string | undefined,
): { gstin?: string; state?: string; registrationType?: string } {
  const key = party?.trim().toLowerCase();
  const ledger = key ? company?.ledgers.find((l) => l.name.toLowerCase() === key) : undefined;
  if (!ledger) return {};
  return { gstin: ledger.gstin, state: ledger.state, registrationType: ledger.registrationType };
}

/**
 * The company's own GST ledgers, by the duty head Tally keeps on them (read through the bridge or a
 * masters file, issue 31): invoices book their tax there rather than to Bahi's CGST/SGST/IGST. One
 * ledger a head is taken; of several, the one named Output (sales tax); when that still leaves
 * several (one a rate), none: the invoice keeps its default and the user is not guessed for.
 */
export function taxLedgersOf(company: TallyCompanyAnswer | undefined): {
  cgst?: string;
  sgst?: string;
  igst?: string;
} {
  const out: { cgst?: string; sgst?: string; igst?: string } = {};
  for (const head of ['cgst', 'sgst', 'igst'] as const) {
    const words: readonly string[] = HEAD_WORDS[head];
    const all = (company?.ledgers ?? []).filter((l) =>
      words.includes(l.gstDutyHead?.trim().toLowerCase() ?? ''),
    );
    const pick = all.length === 1 ? all : all.filter((l) => /\boutput\b/i.test(l.name));
    if (pick.length === 1) out[head] = pick[0].name;
  }
  return out;
}

/** The company's own ledgers for a bank row's split: core's (the book's split dialog shows the same names). */
export const splitTaxLedgersOf = (company: TallyCompanyAnswer | undefined): Partial<TaxLedgerNames> =>
  splitTaxLedgersOfCompany(company);
