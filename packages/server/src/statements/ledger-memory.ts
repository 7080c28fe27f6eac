// Ledger memory: when a user gives a row a ledger, the narration's UPI ID, payee and keywords are
// remembered with it; a later narration sharing one of them gets that ledger suggested, with the
// reason. Strongest evidence first: the same UPI ID, then the same payee, then a shared keyword.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerSuggestion } from '@bahi/contract';
import type { Db, DbOrTx } from '../db/index.ts';
import { clientLedgerMemory } from '../office/tables.ts';
import { ledgerMemory } from './tables.ts';
import { narrationKeys, type NarrationKey } from '@bahi/core';

/** Why a remembered key suggests its ledger, in the user's words. */
export const memoryReason = (ledger: string, k: NarrationKey) =>
  k.kind === 'vpa'
    ? `You used '${ledger}' for UPI ID ${k.shown}`
    : k.kind === 'payee'
      ? `You used '${ledger}' for payee ${k.shown}`
      : `You used '${ledger}' for narrations with ${k.shown}`;

/** The narration keys to remember for these assignments, each with its ledger (blank ledgers are ignored; the latest ledger for a key wins). */
export function keysToRemember(
  assignments: readonly { description: string; ledger: string }[],
): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const a of assignments) {
    const ledger = a.ledger.trim();
    if (!ledger) continue;
    // Keywords only from narrations with no UPI ID or payee: those are too weak to beat them.
    const keys = narrationKeys(a.description);
    const strong = keys.filter((k) => k.kind !== 'word');
    for (const k of strong.length ? strong : keys.slice(0, 2)) byKey.set(k.key, ledger);
  }
  return byKey;
}

/** A table of remembered keys: whoever owns a row (a user, a client), its key, ledger, uses and time. */
type MemoryTable = typeof ledgerMemory | typeof clientLedgerMemory;

/**
 * Writes the keys of these assignments for one owner (blank ledgers are ignored; the latest ledger
 * for a key wins, and a key remembered again counts one more use). Shared by the user's statement
 * memory and the client's book memory so both remember the same way.
 */
export async function rememberKeys(
  db: DbOrTx,
  table: MemoryTable,
  owner: { userId: string } | { clientId: string },
  assignments: readonly { description: string; ledger: string }[],
  now: Date,
): Promise<number> {
  const ownerColumn =
    'userId' in owner ? (table as typeof ledgerMemory).userId : (table as typeof clientLedgerMemory).clientId;
  const rows = [...keysToRemember(assignments)].map(([key, ledger]) => ({
    ...owner,
    key,
    ledger,
    uses: 1,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(table)
      .values(rows.slice(i, i + 500) as (typeof table.$inferInsert)[])
      .onConflictDoUpdate({
        target: [ownerColumn, table.key],
        set: {
          ledger: sql`excluded.ledger`,
          uses: sql`${table.uses} + 1`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  return rows.length;
}

/**
 * For each row's narration keys, the ledger of the first (strongest) key this owner remembered,
 * with that key; null where none is. Shared by the user's suggestions and the client's book so
 * both recall the same way.
 */
export async function recallKeys(
  db: DbOrTx,
  table: MemoryTable,
  owner: { userId: string } | { clientId: string },
  keysOf: readonly (readonly NarrationKey[])[],
): Promise<({ ledger: string; key: NarrationKey } | null)[]> {
  const ownerMatch =
    'userId' in owner
      ? eq((table as typeof ledgerMemory).userId, owner.userId)
      : eq((table as typeof clientLedgerMemory).clientId, owner.clientId);
  const all = [...new Set(keysOf.flat().map((k) => k.key))];
  const known = new Map<string, string>();
  for (let i = 0; i < all.length; i += 1000) {
    const found = await db
      .select({ key: table.key, ledger: table.ledger })
      .from(table)
      .where(and(ownerMatch, inArray(table.key, all.slice(i, i + 1000))));
    for (const f of found) known.set(f.key, f.ledger);
  }
  return recallFrom(known, keysOf);
}

/**
 * Each row's strongest key that is remembered (`known`: key -> ledger), with its ledger, or null:
 * recallKeys's choice once the keys' ledgers are read (office/filing.ts reads them with the book).
 */
export function recallFrom(
  known: ReadonlyMap<string, string>,
  keysOf: readonly (readonly NarrationKey[])[],
): ({ ledger: string; key: NarrationKey } | null)[] {
  return keysOf.map((keys) => {
    const hit = keys.find((k) => known.has(k.key));
    return hit ? { ledger: known.get(hit.key) as string, key: hit } : null;
  });
}

/** Remembers the assignments of one user's statements. */
export const rememberLedgers = (
  db: DbOrTx,
  userId: string,
  assignments: readonly { description: string; ledger: string }[],
  now: Date,
): Promise<number> => rememberKeys(db, ledgerMemory, { userId }, assignments, now);

/** One suggestion per description that shares a key with a remembered narration of this user. */
export async function suggestLedgers(
  db: Db,
  userId: string,
  descriptions: readonly string[],
): Promise<LedgerSuggestion[]> {
  const recalled = await recallKeys(db, ledgerMemory, { userId }, descriptions.map(narrationKeys));
  const out: LedgerSuggestion[] = [];
  recalled.forEach((r, index) => {
    if (r) out.push({ index, ledger: r.ledger, reason: memoryReason(r.ledger, r.key) });
  });
  return out;
}
