// Ledger memory: when a user gives a row a ledger, the narration's UPI ID, payee and keywords are
// remembered with it; a later narration sharing one of them gets that ledger suggested, with the
// reason. Strongest evidence first: the same UPI ID, then the same payee, then a shared keyword.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerSuggestion } from '@bahi/contract';
import type { Db, DbOrTx } from '../db/index.ts';
import { clientLedgerMemory } from '../office/tables.ts';
import { ledgerMemory } from './tables.ts';

export type NarrationKey = { key: string; kind: 'vpa' | 'payee' | 'word'; shown: string };

const VPA = /\b[a-z0-9][a-z0-9._]{1,63}@[a-z][a-z0-9]{1,30}\b/gi;

// Words banks print on every kind of row: they say nothing about who was paid.
const GENERIC = new Set(
  (
    'upi imps neft rtgs nach ach ecs mmt ift inb inft ib cr dr to by from transfer trf tfr payment pay paid ' +
    'received credit debit ref no txn transaction bank charges charge the and for via mob mobile net netbanking ' +
    'atm pos card cash wdl dep deposit withdrawal self a/c ac acct account chq cheque clg clearing int ' +
    'interest inward outward online rev reversal fee fees gst sent p2a p2m collect mandate auto pvt ltd ' +
    'jan feb mar apr may jun jul aug sep oct nov dec yes okicici okaxis oksbi okhdfcbank ybl ibl axl paytm'
  ).split(' '),
);

const words = (text: string) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [];

/** The keys of one narration, strongest first. */
export function narrationKeys(description: string): NarrationKey[] {
  const keys: NarrationKey[] = [];
  const seen = new Set<string>();
  const add = (k: NarrationKey) => {
    if (!seen.has(k.key)) {
      seen.add(k.key);
      keys.push(k);
    }
  };
  const text = description.replace(/\s+/g, ' ').trim();
  for (const m of text.matchAll(VPA)) add({ key: `vpa:${m[0].toLowerCase()}`, kind: 'vpa', shown: m[0] });
  const withoutVpa = text.replace(VPA, ' ');
  // Narrations are segments split by '-', '/' or ':'; the payee is the first segment made of words
  // (not a reference number, not a bank keyword).
  for (const segment of withoutVpa.split(/[-/:|]/)) {
    const s = segment.trim();
    if (!/^[A-Za-z][A-Za-z .&']{2,}$/.test(s)) continue;
    const meaningful = words(s).filter((w) => !GENERIC.has(w));
    if (meaningful.length === 0) continue;
    add({ key: `payee:${meaningful.join(' ')}`, kind: 'payee', shown: s });
    break;
  }
  for (const w of words(withoutVpa)) {
    if (w.length >= 4 && !GENERIC.has(w)) add({ key: `word:${w}`, kind: 'word', shown: w.toUpperCase() });
  }
  return keys;
}

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
