// GST and TDS split set on a book's rows (issue 35, decision 055). The split is stored with the row
// and read by the push (pushes.ts) and the book (books.ts); the voucher's legs are core's splitLegs.
import { bankMovements, TallyError } from '@bahi/tally';
import { splitAmount, type TaxSplit } from '@bahi/core';
import type { TaxSplitInfo } from '@bahi/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { invalid } from '../errors.ts';
import { lockAccount, refuseAwaitingAnswer } from './books.ts';
import { bookRows, type officeAccounts } from './tables.ts';
import { recordRowChanges, type Actor } from './team.ts';

type AccountRow = typeof officeAccounts.$inferSelect;

/** A split as the trail says it: `GST 18% (IGST)`, `TDS 10% u/s 194A`, `no split`. */
export function splitWords(split: TaxSplit | null): string {
  if (!split) return 'no split';
  if (split.kind === 'gst') return `GST ${split.ratePercent}% (${split.interstate ? 'IGST' : 'CGST + SGST'})`;
  return `TDS ${split.ratePercent}%${split.section ? ` u/s ${split.section}` : ''}`;
}

const canonical = (split: TaxSplit | null | undefined): string =>
  split
    ? JSON.stringify(
        Object.entries(split)
          .filter(([, v]) => v !== undefined && v !== '')
          .sort(([a], [b]) => a.localeCompare(b)),
      )
    : 'null';

/**
 * Sets (or clears, with null) the split of unpushed rows of this account's book. A split the row's
 * amount cannot take is refused whole, naming the row's date: nothing is half set. Rows already
 * pushed keep what went to Tally. Like every change of a book (decision 057): the account locked,
 * the rows marked with who and when, a trail line a month, the months' approvals withdrawn; a row
 * given the split it already has is no change.
 */
export async function setSplits(
  db: Db,
  account: AccountRow,
  changes: readonly { id: string; tax_split: TaxSplitInfo | null }[],
  now: Date = new Date(),
  actor: Actor = { id: null, name: '' },
): Promise<{ updated: number }> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const found = await tx
      .select({
        id: bookRows.id,
        date: bookRows.date,
        description: bookRows.description,
        withdrawal: bookRows.withdrawal,
        deposit: bookRows.deposit,
        taxSplit: bookRows.taxSplit,
        pushId: bookRows.pushId,
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
    // a row in a push that waits for Tally's answer is refused, as its fix is (decision 057)
    await refuseAwaitingAnswer(tx, found, now, 'set its split');
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
    // what changed: a row given the split it had is no change (jsonb keeps its keys in its own order)
    const changed = wanted.filter((c) => canonical(rowOf.get(c.id)!.taxSplit) !== canonical(c.tax_split));
    const kinds = new Set(changed.map((c) => splitWords(c.tax_split)));
    await recordRowChanges(
      tx,
      account,
      changed.map((c) => ({ id: c.id, date: rowOf.get(c.id)!.date })),
      'split',
      actor,
      now,
      kinds.size === 1 ? `split set to ${[...kinds][0]}` : 'splits set',
    );
    return { updated: wanted.length };
  });
}

/** Every movement of the row must take the split (a zero amount cannot). */
export function checkSplit(r: { date: string; withdrawal: number; deposit: number }, split: TaxSplit): void {
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
