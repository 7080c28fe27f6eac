// GST and TDS split set on a book's rows (issue 35, decision 055). The split is stored with the row
// and read by the push (pushes.ts) and the book (books.ts); the voucher's legs are core's splitLegs.
import { bankMovements, TallyError } from '@bahi/tally';
import { splitAmount, type TaxSplit } from '@bahi/core';
import type { TaxSplitInfo } from '@bahi/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { invalid } from '../errors.ts';
import { bookRows, type officeAccounts } from './tables.ts';

type AccountRow = typeof officeAccounts.$inferSelect;

/**
 * Sets (or clears, with null) the split of unpushed rows of this account's book. A split the row's
 * amount cannot take is refused whole, naming the row's date: nothing is half set. Rows already
 * pushed keep what went to Tally.
 */
export async function setSplits(
  db: Db,
  account: AccountRow,
  changes: readonly { id: string; tax_split: TaxSplitInfo | null }[],
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: bookRows.id,
        date: bookRows.date,
        description: bookRows.description,
        withdrawal: bookRows.withdrawal,
        deposit: bookRows.deposit,
      })
      .from(bookRows)
      .where(
        and(
          eq(bookRows.accountId, account.id),
          inArray(
            bookRows.id,
            changes.map((c) => c.id),
          ),
          isNull(bookRows.pushedAt),
        ),
      );
    const rowOf = new Map(found.map((f) => [f.id, f]));
    const wanted = changes.filter((c) => rowOf.has(c.id));
    for (const c of wanted) {
      if (!c.tax_split) continue;
      const r = rowOf.get(c.id)!;
      checkSplit(r, c.tax_split);
    }
    for (let i = 0; i < wanted.length; i += 2000) {
      const chunk = JSON.stringify(wanted.slice(i, i + 2000));
      await tx.execute(sql`
        UPDATE book_rows SET tax_split = v.tax_split
        FROM jsonb_to_recordset(${chunk}::jsonb) AS v(id uuid, tax_split jsonb)
        WHERE book_rows.id = v.id AND book_rows.account_id = ${account.id} AND book_rows.pushed_at IS NULL`);
    }
    return { updated: wanted.length };
  });
}

/** Every movement of the row must take the split (a zero amount cannot). */
function checkSplit(r: { date: string; withdrawal: number; deposit: number }, split: TaxSplit): void {
  let movements: { paise: number }[];
  try {
    movements = bankMovements({
      date: r.date,
      description: '',
      withdrawal: r.withdrawal,
      deposit: r.deposit,
    });
  } catch (e) {
    if (e instanceof TallyError) throw invalid(`The row of ${r.date} has no amount to split.`);
    throw e;
  }
  if (movements.length === 0) throw invalid(`The row of ${r.date} has no amount to split.`);
  for (const m of movements) splitAmount(m.paise, split);
}
