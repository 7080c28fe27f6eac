import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from './db/index.ts';
import { pageLedger, users } from './db/schema.ts';
import { HttpError } from './errors.ts';
import { payerOf } from './office/team.ts';

// Page credits are the office's (issue 35, decision 054): a member of an office spends and buys for
// its owner's balance, so every function here takes the person and counts on the payer.

/** 'refund' stays a kind of the ledger's column (rows written before reads were charged afterwards). */
export type LedgerKind = 'grant' | 'purchase' | 'spend' | 'refund';

/**
 * The one 402 detail when pages are short; `have` is the balance at the moment of refusal.
 * `atLeast` when the exact cost is not known yet (a file not read yet).
 */
export const notEnoughPages = (need: number, have: number, atLeast = false) =>
  `Not enough pages: this needs ${atLeast ? 'at least ' : ''}${need} page${need === 1 ? '' : 's'} and you have ${have} left.`;

/**
 * Changes a user's page balance by `pages` (negative for a spend) and appends the ledger row.
 * Call it inside a transaction so the two writes stay together; the conditional update makes the
 * balance never go below zero whatever the concurrency (402 instead). Returns the new balance.
 */
export async function grantPages(
  tx: DbOrTx,
  userId: string,
  pages: number,
  kind: LedgerKind,
  ref: string | null,
): Promise<number> {
  if (!Number.isInteger(pages)) throw new Error(`pages must be an integer, got ${pages}`);
  userId = await payerOf(tx, userId);
  // One statement decides: the row lock makes concurrent spends queue, and each re-checks the
  // condition against the balance the previous one left.
  const updated = await tx
    .update(users)
    .set({ pagesLeft: sql`${users.pagesLeft} + ${pages}` })
    .where(and(eq(users.id, userId), gte(sql`${users.pagesLeft} + ${pages}`, 0)))
    .returning({ pagesLeft: users.pagesLeft });
  if (updated.length === 0) {
    const have = await balance(tx, userId);
    throw new HttpError(
      'NOT_ENOUGH_PAGES',
      notEnoughPages(-pages, have),
      `no balance for ${kind} ${pages} (have ${have})`,
    );
  }
  await tx.insert(pageLedger).values({ userId, kind, pages, ref });
  return updated[0].pagesLeft;
}

/**
 * What a read costs, paid: spends `pages` (0 for a free repeat) and runs `alongside` (the history
 * row, the stored result) in one transaction, so the balance, the ledger and the record change
 * together or not at all. The statement route charges through this function and the office queue
 * by the same rules in one statement of its own (queue/read-end.ts markRead: keep the two alike),
 * after the read, when the cost is known: a read that fails costs nothing, so there is nothing to
 * refund; a record that cannot be written takes the spend back with it. 402 with notEnoughPages when
 * the balance is short, whatever the concurrency (grantPages). Returns the new balance and what
 * `alongside` returned.
 */
export async function spendPages<T = undefined>(
  db: Db,
  userId: string,
  pages: number,
  ref: string | null,
  alongside?: (tx: Tx) => Promise<T>,
): Promise<{ pagesLeft: number; result: T }> {
  return db.transaction(async (tx) => {
    const pagesLeft = await spendInTransaction(tx, userId, pages, ref);
    const result = (alongside ? await alongside(tx) : undefined) as T;
    return { pagesLeft, result };
  });
}

/**
 * spendPages's spend inside a transaction the caller holds. Returns the balance. (The office queue
 * spends by the same rules inside its one statement, queue/read-end.ts markRead.)
 */
export async function spendInTransaction(
  tx: Tx,
  userId: string,
  pages: number,
  ref: string | null,
): Promise<number> {
  if (!Number.isInteger(pages) || pages < 0) throw new Error(`spendPages: bad page count ${pages}`);
  return pages > 0 ? grantPages(tx, userId, -pages, 'spend', ref) : balance(tx, userId);
}

/** Re-reading the same file (same SHA-256, `ref`) within this long costs nothing (DESIGN: pages). */
export const FREE_REPEAT_MS = 24 * 3600 * 1000;

/** Did the user pay for `ref` within FREE_REPEAT_MS before `now`? Then reading it again is free. */
export async function paidRecently(
  db: DbOrTx,
  userId: string,
  ref: string,
  now: Date,
  /** the payer, when the caller knows it already (a signed-in request's office): one query less */
  payer?: string,
): Promise<boolean> {
  userId = payer ?? (await payerOf(db, userId));
  const [paid] = await db
    .select({ id: pageLedger.id })
    .from(pageLedger)
    .where(
      and(
        eq(pageLedger.userId, userId),
        eq(pageLedger.kind, 'spend'),
        eq(pageLedger.ref, ref),
        gte(pageLedger.createdAt, new Date(now.getTime() - FREE_REPEAT_MS)),
      ),
    )
    .limit(1);
  return Boolean(paid);
}

/** The user's current page balance (0 for an unknown user). */
export async function balance(db: DbOrTx, userId: string): Promise<number> {
  userId = await payerOf(db, userId);
  const [row] = await db.select({ pagesLeft: users.pagesLeft }).from(users).where(eq(users.id, userId));
  return row?.pagesLeft ?? 0;
}
