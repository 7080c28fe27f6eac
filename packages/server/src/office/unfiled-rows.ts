// The rows of an unfiled statement (a read statement no account matched yet; issue 13), kept without
// a copy when they can be (issue 38, decision 052 round thirteen). The queue stages a dropped file's
// rows in statement_row_chunks before the read's end; copying them again as one JSONB into
// unfiled_statements, inside the transaction that holds the embedded database, was a fifth of that
// hold (5.5 ms at the median, 79 ms at most, at load 11). An unfiled statement of those rows now
// names them (its `rows` null, its `statement_id` theirs), and they are read back from the chunks
// when it is filed. Until then the chunks must stay as read: a user's edit of the statement's rows
// copies them into the unfiled statement first (keepUnfiledRows).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { parseAmount, parseSpecDate, type BookRow } from '@bahi/core';
import type { StoredRow } from '@bahi/contract';
import type { DbOrTx } from '../db/index.ts';
import { statementRowChunks } from '../statements/tables.ts';
import { unfiledStatements, type UnfiledRow } from './tables.ts';

/** The longest reference a stored row keeps (tally/printed-rows.ts withPrinted). */
const STORED_REFERENCE = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const exact = (p: number | null) => p === null || Number.isSafeInteger(p);

/**
 * Whether the stored rows of these rows (DD-MM-YYYY dates, amounts in Indian grouping, the printed
 * reference cut at 100 characters: statements/shape.ts toRow, withPrinted) give every one back as
 * it is (unfiledRowOf). When one would not, the unfiled statement keeps its own copy, as before.
 */
export function storedRowsGiveBack(rows: readonly BookRow[]): boolean {
  for (const r of rows)
    if (
      !ISO_DATE.test(r.date) ||
      !exact(r.withdrawal) ||
      !exact(r.deposit) ||
      !exact(r.balance) ||
      (r.reference?.length ?? 0) > STORED_REFERENCE
    )
      return false;
  return true;
}

/** A stored row (statement_row_chunks) as the book's row it was made from. */
export function unfiledRowOf(r: StoredRow): UnfiledRow {
  return {
    date: parseSpecDate(r[0] ?? '') ?? r[0] ?? '',
    description: r[1] ?? '',
    withdrawal: parseAmount(r[2] ?? '') ?? 0,
    deposit: parseAmount(r[3] ?? '') ?? 0,
    balance: parseAmount(r[4] ?? ''),
    reference: r[5]?.trim() || null,
  };
}

/** The count and the first and last dates of rows, as unfiled_statements keeps them beside. */
export function rowsSummary(rows: readonly { date: string }[]): {
  rowCount: number;
  firstDate: string | null;
  lastDate: string | null;
} {
  let first: string | null = null;
  let last: string | null = null;
  for (const { date } of rows) {
    if (first === null || date < first) first = date;
    if (last === null || date > last) last = date;
  }
  return { rowCount: rows.length, firstDate: first, lastDate: last };
}

/** The stored rows of statement `statementId`, in order, as the rows they were made from. */
async function chunkRows(db: DbOrTx, statementId: string, userId: string): Promise<UnfiledRow[]> {
  const chunks = await db
    .select({ rows: statementRowChunks.rows })
    .from(statementRowChunks)
    .where(and(eq(statementRowChunks.statementId, statementId), eq(statementRowChunks.userId, userId)))
    .orderBy(asc(statementRowChunks.n));
  return chunks.flatMap((c) => (c.rows as StoredRow[]).map(unfiledRowOf));
}

/**
 * An unfiled statement's rows: its own copy, or its statement's stored rows. Throws when they are
 * not all there (never expected: a statement's chunks are removed with its user only), rather than
 * file part of a statement.
 */
export async function unfiledRows(
  db: DbOrTx,
  u: Pick<typeof unfiledStatements.$inferSelect, 'id' | 'userId' | 'statementId' | 'rows' | 'rowCount'>,
): Promise<UnfiledRow[]> {
  if (u.rows) return u.rows;
  const rows = await chunkRows(db, u.statementId, u.userId);
  if (rows.length !== u.rowCount)
    throw new Error(`unfiled statement ${u.id}: ${rows.length} of its ${u.rowCount} rows are stored`);
  return rows;
}

/**
 * Before statement `statementId`'s stored rows change (a user's edit), the unfiled statements that
 * name them take their own copy of the rows as read: filing one later books what the bank printed,
 * as it did when every unfiled statement kept a copy. `stored` is the statement's rows before the
 * change. Run in the edit's transaction.
 */
export async function keepUnfiledRows(
  tx: DbOrTx,
  statementId: string,
  stored: readonly StoredRow[],
): Promise<void> {
  const naming = await tx
    .select({ id: unfiledStatements.id })
    .from(unfiledStatements)
    .where(and(eq(unfiledStatements.statementId, statementId), isNull(unfiledStatements.rows)));
  if (naming.length === 0) return;
  const rows = JSON.stringify(stored.map(unfiledRowOf));
  await tx.execute(sql`
    update unfiled_statements set rows = ${rows}::jsonb
    where statement_id = ${statementId}::uuid and rows is null`);
}
