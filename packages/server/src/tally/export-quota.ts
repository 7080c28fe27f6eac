// Room for one more kept Tally export (issue 18's quota), shared by Send to Tally and, since issue
// 33, the office book's push, which kept its XML outside the quota.
import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { tallyExports } from '../statements/tables.ts';

const MB = 1024 * 1024;
/** Days an export's XML is kept. */
export const EXPORT_RETENTION_DAYS = 30;
/** What one user's kept exports may hold together. */
export const EXPORT_QUOTA = { bytes: 64 * MB, count: 200 };

/**
 * Drops every export past retention, and this user's oldest until `incoming` more bytes fit the
 * quota. An export kept in parts counts its parts' bytes (issue 33); `incoming` may be one already
 * written (`except`: an office push, whose size is known once its parts are kept), never dropped here.
 */
export async function makeExportRoom(
  db: DbOrTx,
  userId: string,
  incoming: number,
  now: Date,
  except?: string,
): Promise<void> {
  const keptSince = new Date(now.getTime() - EXPORT_RETENTION_DAYS * 24 * 3600 * 1000);
  await db.delete(tallyExports).where(lt(tallyExports.createdAt, keptSince));
  const kept = await db
    .select({
      id: tallyExports.id,
      bytes: sql<number>`octet_length(${tallyExports.xml}) + coalesce((select sum(octet_length(p.xml))
        from tally_export_parts p where p.export_id = ${tallyExports.id}), 0)`,
    })
    .from(tallyExports)
    .where(and(eq(tallyExports.userId, userId), except ? ne(tallyExports.id, except) : undefined))
    .orderBy(asc(tallyExports.createdAt));
  let bytes = kept.reduce((n, r) => n + Number(r.bytes), 0) + incoming;
  let count = kept.length + 1;
  for (const r of kept) {
    if (bytes <= EXPORT_QUOTA.bytes && count <= EXPORT_QUOTA.count) break;
    await db.delete(tallyExports).where(eq(tallyExports.id, r.id));
    bytes -= Number(r.bytes);
    count--;
  }
}
