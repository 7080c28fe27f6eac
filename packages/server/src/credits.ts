import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from './db/index.ts';
import { pageLedger, users } from './db/schema.ts';
import { HttpError } from './errors.ts';

export type LedgerKind = 'grant' | 'purchase' | 'spend' | 'refund';

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
  const updated = await tx
    .update(users)
    .set({ pagesLeft: sql`${users.pagesLeft} + ${pages}` })
    .where(and(eq(users.id, userId), gte(sql`${users.pagesLeft} + ${pages}`, 0)))
    .returning({ pagesLeft: users.pagesLeft });
  if (updated.length === 0) {
    throw new HttpError(402, 'Not enough pages left. Please buy a plan.', `no balance for ${kind} ${pages}`);
  }
  await tx.insert(pageLedger).values({ userId, kind, pages, ref });
  return updated[0].pagesLeft;
}

/** The user's current page balance (0 for an unknown user). */
export async function balance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ pagesLeft: users.pagesLeft }).from(users).where(eq(users.id, userId));
  return row?.pagesLeft ?? 0;
}
