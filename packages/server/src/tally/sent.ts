// Bahi's own record of which bank vouchers went to which Tally company and bank ledger (issue 31):
// each voucher once into the books whatever path it takes (Download XML, Send to Tally, the office
// book), without relying on TallyPrime matching a REMOTEID it has seen (nothing in its documentation
// says it does; docs/decisions/037). Keys are Tally names as compared (case-insensitive, trimmed).
import { and, between, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { HeldMovement } from '@bahi/tally';
import type { DbOrTx } from '../db/index.ts';
import { tallySentVouchers } from './tables.ts';

export type SentHow = 'downloaded' | 'sent';
export type SentScope = { userId: string; company?: string | null; ledger: string };
/** A voucher to record: its id, and the bank's movement when the caller knows it. */
export type SentVoucher = { id: string } & Partial<HeldMovement>;

const key = (name: string | null | undefined) => (name ?? '').trim().toLowerCase();

/** An export naming a company sees its own record and that of files downloaded without one. */
const companyRule = (company: string) =>
  company ? or(eq(tallySentVouchers.companyKey, company), eq(tallySentVouchers.companyKey, '')) : undefined;

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
          companyRule(company),
        ),
      );
    // 'sent' wins over 'downloaded' when both are recorded (two companies).
    for (const r of rows) if (out.get(r.remoteId) !== 'sent') out.set(r.remoteId, r.how);
  }
  return out;
}

/**
 * The movements (day, side, amount) of every voucher the record holds for this bank ledger from
 * `from` to `to` (ISO days), by alreadyRecorded's company rule, but those of `except` (the request's
 * own, which heldKeys matches by id): Bahi's vouchers outside a request, so that each held voucher
 * Bahi sent answers for itself and never for an unsent row of the same day, side and amount (a
 * filtered view, a later statement). Vouchers recorded before migration 0016 have no movement and
 * are not among them.
 */
export async function recordedMovements(
  db: DbOrTx,
  scope: SentScope,
  from: string,
  to: string,
  except: ReadonlySet<string>,
): Promise<HeldMovement[]> {
  const rows = await db
    .select({
      remoteId: tallySentVouchers.remoteId,
      day: tallySentVouchers.day,
      side: tallySentVouchers.side,
      paise: tallySentVouchers.paise,
    })
    .from(tallySentVouchers)
    .where(
      and(
        eq(tallySentVouchers.userId, scope.userId),
        eq(tallySentVouchers.ledgerKey, key(scope.ledger)),
        between(tallySentVouchers.day, from, to),
        isNotNull(tallySentVouchers.side),
        isNotNull(tallySentVouchers.paise),
        companyRule(key(scope.company)),
      ),
    );
  // One voucher recorded under two companies (downloaded without one, then sent) is one voucher.
  const seen = new Set(except);
  const out: HeldMovement[] = [];
  for (const r of rows) {
    if (seen.has(r.remoteId) || !r.day || !r.side || r.paise === null) continue;
    seen.add(r.remoteId);
    out.push({ date: r.day, side: r.side, paise: r.paise });
  }
  return out;
}

/** What the company holds spans these days (ISO), or nothing when it holds nothing. */
export function heldDays(held: readonly HeldMovement[]): [string, string] | undefined {
  if (held.length === 0) return undefined;
  const days = held.map((m) => m.date).sort();
  return [days[0], days[days.length - 1]];
}

/**
 * Records the vouchers, with their movement where given. A voucher downloaded and later confirmed by Tally becomes 'sent'; one sent stays
 * sent (a later download of it does not make it 'downloaded' again).
 */
export async function recordVouchers(
  db: DbOrTx,
  scope: SentScope,
  vouchers: readonly SentVoucher[],
  how: SentHow,
  exportId: string | null,
  now: Date,
): Promise<void> {
  const unique = [...new Map(vouchers.map((v) => [v.id, v])).values()];
  for (let i = 0; i < unique.length; i += 1000) {
    await db
      .insert(tallySentVouchers)
      .values(
        unique.slice(i, i + 1000).map((v) => ({
          userId: scope.userId,
          companyKey: key(scope.company),
          ledgerKey: key(scope.ledger),
          remoteId: v.id,
          how,
          exportId,
          at: now,
          day: v.date ?? null,
          side: v.side ?? null,
          paise: v.paise ?? null,
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
          // A voucher recorded before migration 0016 learns its movement when it is recorded again.
          day: sql`coalesce(excluded.day, ${tallySentVouchers.day})`,
          side: sql`coalesce(excluded.side, ${tallySentVouchers.side})`,
          paise: sql`coalesce(excluded.paise, ${tallySentVouchers.paise})`,
        },
      });
  }
}

/** The REMOTEIDs of the vouchers in an import file (our writer puts REMOTEID first on VOUCHER). */
export function voucherIdsIn(xml: string): string[] {
  return [...xml.matchAll(/<VOUCHER REMOTEID="([^"]+)"/g)].map((m) => m[1]);
}

/** The ids with their movements from `movementOf` (where it knows them). */
export const withMovements = (
  ids: readonly string[],
  movementOf: ReadonlyMap<string, HeldMovement>,
): SentVoucher[] => ids.map((id) => ({ id, ...movementOf.get(id) }));
