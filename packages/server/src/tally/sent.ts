// Bahi's own record of which bank vouchers went to which Tally company and bank ledger (issue 31):
// each voucher once into the books whatever path it takes (Download XML, Send to Tally, the office
// book), without relying on TallyPrime matching a REMOTEID it has seen (nothing in its documentation
// says it does; docs/decisions/037). Keys are Tally names as compared (case-insensitive, trimmed).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { tallySentVouchers } from './tables.ts';

export type SentHow = 'downloaded' | 'sent';
export type SentScope = { userId: string; company?: string | null; ledger: string };

const key = (name: string | null | undefined) => (name ?? '').trim().toLowerCase();

/** How many ids one query asks about (well below PostgreSQL's 65,535 parameters). */
const CHUNK = 5000;

/**
 * Which of `ids` are already recorded for this bank ledger, and how. An export naming a company is
 * protected from what went to that company and from files downloaded without a company (they may
 * have been imported anywhere); one naming no company, from everything sent for the ledger.
 */
export async function alreadyRecorded(
  db: DbOrTx,
  scope: SentScope,
  ids: readonly string[],
): Promise<Map<string, SentHow>> {
  const out = new Map<string, SentHow>();
  const company = key(scope.company);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({ remoteId: tallySentVouchers.remoteId, how: tallySentVouchers.how })
      .from(tallySentVouchers)
      .where(
        and(
          eq(tallySentVouchers.userId, scope.userId),
          eq(tallySentVouchers.ledgerKey, key(scope.ledger)),
          inArray(tallySentVouchers.remoteId, ids.slice(i, i + CHUNK)),
          company
            ? or(eq(tallySentVouchers.companyKey, company), eq(tallySentVouchers.companyKey, ''))
            : undefined,
        ),
      );
    // 'sent' wins over 'downloaded' when both are recorded (two companies).
    for (const r of rows) if (out.get(r.remoteId) !== 'sent') out.set(r.remoteId, r.how);
  }
  return out;
}

/**
 * Records the ids. A voucher downloaded and later confirmed by Tally becomes 'sent'; one sent stays
 * sent (a later download of it does not make it 'downloaded' again).
 */
export async function recordVouchers(
  db: DbOrTx,
  scope: SentScope,
  ids: readonly string[],
  how: SentHow,
  exportId: string | null,
  now: Date,
): Promise<void> {
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 1000) {
    await db
      .insert(tallySentVouchers)
      .values(
        unique.slice(i, i + 1000).map((remoteId) => ({
          userId: scope.userId,
          companyKey: key(scope.company),
          ledgerKey: key(scope.ledger),
          remoteId,
          how,
          exportId,
          at: now,
        })),
      )
      .onConflictDoUpdate({
        target: [
          tallySentVouchers.userId,
          tallySentVouchers.ledgerKey,
          tallySentVouchers.remoteId,
          tallySentVouchers.companyKey,
        ],
        set: {
          how: sql`CASE WHEN excluded.how = 'sent' THEN 'sent' ELSE ${tallySentVouchers.how} END`,
          // The export whose answer confirmed it: the list of pushes counts its vouchers in Tally by it.
          exportId: sql`CASE WHEN excluded.how = 'sent' AND ${tallySentVouchers.how} <> 'sent' THEN excluded.export_id ELSE ${tallySentVouchers.exportId} END`,
        },
      });
  }
}

/** The REMOTEIDs of the vouchers in an import file (our writer puts REMOTEID first on VOUCHER). */
export function voucherIdsIn(xml: string): string[] {
  return [...xml.matchAll(/<VOUCHER REMOTEID="([^"]+)"/g)].map((m) => m[1]);
}
