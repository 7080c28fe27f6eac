// Layouts a user taught (issue 17): saved per user, keyed by bank and shape (page size, heading
// words); listed, renamed and deleted by their owner only; offered to every extraction of that bank.
import { and, desc, eq } from 'drizzle-orm';
import type { LayoutSignature, TaughtLayout, TaughtLayoutInfo } from '@bahi/contract';
import type { TaughtCandidate } from '@bahi/statements';
import type { Db } from '../db/index.ts';
import { taughtLayouts } from './tables.ts';

/** At most this many layouts per user (each is a few hundred bytes; the check reads them all). */
export const MAX_LAYOUTS = 200;

export const shapeKey = (sig: LayoutSignature) =>
  `${Math.round(sig.pageWidth)}x${Math.round(sig.pageHeight)}|${sig.heading.join(' ')}`.slice(0, 2000);

type Row = typeof taughtLayouts.$inferSelect;

export function layoutInfo(row: Row): TaughtLayoutInfo {
  return {
    id: row.id,
    name: row.name,
    bank: row.bank,
    created_at: row.createdAt.toISOString(),
    heading: (row.signature as LayoutSignature).heading,
  };
}

export async function listLayouts(db: Db, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(taughtLayouts)
    .where(eq(taughtLayouts.userId, userId))
    .orderBy(desc(taughtLayouts.createdAt))
    .limit(MAX_LAYOUTS);
}

/**
 * The user's layouts for this bank, newest first, as the reader's candidates; every layout of the
 * user when no bank was chosen (the reader tries each against the file's shape).
 */
export async function candidatesFor(
  db: Db,
  userId: string,
  bank: string | undefined,
): Promise<{ candidates: TaughtCandidate[]; rows: Row[] }> {
  const rows = (await listLayouts(db, userId)).filter((r) => bank === undefined || r.bank === bank);
  return {
    rows,
    candidates: rows.map((r) => ({
      id: r.id,
      layout: r.layout as TaughtLayout,
      signature: r.signature as LayoutSignature,
    })),
  };
}

/** Saves a layout; one of the same bank and shape is replaced (the user taught it again). */
export async function saveLayout(
  db: Db,
  userId: string,
  input: { name: string; bank: string; layout: TaughtLayout; signature: LayoutSignature },
  now: Date,
): Promise<Row> {
  const key = shapeKey(input.signature);
  return db.transaction(async (tx) => {
    await tx
      .delete(taughtLayouts)
      .where(
        and(
          eq(taughtLayouts.userId, userId),
          eq(taughtLayouts.bank, input.bank),
          eq(taughtLayouts.shapeKey, key),
        ),
      );
    const [row] = await tx
      .insert(taughtLayouts)
      .values({
        userId,
        name: input.name,
        bank: input.bank,
        shapeKey: key,
        layout: input.layout,
        signature: input.signature,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  });
}

export async function renameLayout(db: Db, userId: string, id: string, name: string, now: Date) {
  const [row] = await db
    .update(taughtLayouts)
    .set({ name, updatedAt: now })
    .where(and(eq(taughtLayouts.userId, userId), eq(taughtLayouts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteLayout(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(taughtLayouts)
    .where(and(eq(taughtLayouts.userId, userId), eq(taughtLayouts.id, id)))
    .returning({ id: taughtLayouts.id });
  return rows.length > 0;
}
