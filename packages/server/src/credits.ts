import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db/index.ts';
import { pageLedger, users } from './db/schema.ts';
import { HttpError } from './errors.ts';

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
  // One statement decides: the row lock makes concurrent spends queue, and each re-checks the
  // condition against the balance the previous one left.
  const updated = await tx
    .update(users)
    .set({ pagesLeft: sql`${users.pagesLeft} + ${pages}` })
    .where(and(eq(users.id, userId), gte(sql`${users.pagesLeft} + ${pages}`, 0)))
    .returning({ pagesLeft: users.pagesLeft });
  if (updated.length === 0) {
    const have = await balance(tx, userId);
    throw new HttpError(402, notEnoughPages(-pages, have), `no balance for ${kind} ${pages} (have ${have})`);
  }
  await tx.insert(pageLedger).values({ userId, kind, pages, ref });
  return updated[0].pagesLeft;
}

/**
 * Spends `pages` (> 0) in its own transaction: the balance and the ledger row change together or
 * not at all. 402 with notEnoughPages when the balance is short. Returns the new balance.
 */
export async function spendPages(db: Db, userId: string, pages: number, ref: string | null): Promise<number> {
  if (!Number.isInteger(pages) || pages <= 0) throw new Error(`spendPages: bad page count ${pages}`);
  return db.transaction((tx) => grantPages(tx, userId, -pages, 'spend', ref));
}

/** Gives back pages spent on work that failed (a 'refund' ledger row). Returns the new balance. */
export async function refundPages(
  db: Db,
  userId: string,
  pages: number,
  ref: string | null,
): Promise<number> {
  if (!Number.isInteger(pages) || pages <= 0) throw new Error(`refundPages: bad page count ${pages}`);
  return db.transaction((tx) => grantPages(tx, userId, pages, 'refund', ref));
}

/**
 * Spends `pages`, runs `work`, and refunds the pages when `work` throws (then rethrows). The pages
 * are taken before the work starts, so two concurrent requests can never both use the last page.
 * `pagesLeft` is the balance after the spend (the caller issues a fresh token with it).
 */
export async function withPagesSpent<T>(
  db: Db,
  userId: string,
  pages: number,
  ref: string | null,
  work: () => Promise<T>,
): Promise<{ result: T; pagesLeft: number }> {
  const pagesLeft = await spendPages(db, userId, pages, ref);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    await refundPages(db, userId, pages, ref);
    throw err;
  }
  return { result, pagesLeft };
}

/** The user's current page balance (0 for an unknown user). */
export async function balance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ pagesLeft: users.pagesLeft }).from(users).where(eq(users.id, userId));
  return row?.pagesLeft ?? 0;
}
