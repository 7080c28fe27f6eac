// Layouts a user taught (issue 17): saved per user, keyed by bank and shape (page size, heading
// words); listed, renamed and deleted by their owner only; offered to every extraction of that bank.
// A sheet's mapping (issue 35, decision 056) is kept in the same table, its signature the heading
// row's cells (`kind: 'sheet'`): one list, one rename and delete, one choice rule for both.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type {
  LayoutSignature,
  SheetMapping,
  SheetSignature,
  TaughtLayout,
  TaughtLayoutInfo,
} from '@bahi/contract';
import type { MappedCandidate, TaughtCandidate } from '@bahi/statements';
import type { Db } from '../db/index.ts';
import { taughtLayouts } from './tables.ts';

/** At most this many layouts per user (each is a few hundred bytes; the check reads them all). */
export const MAX_LAYOUTS = 200;

export const shapeKey = (sig: LayoutSignature | SheetSignature) =>
  ('kind' in sig && sig.kind === 'sheet'
    ? `sheet|${sig.headings.join('|')}`
    : `${Math.round((sig as LayoutSignature).pageWidth)}x${Math.round((sig as LayoutSignature).pageHeight)}|${(sig as LayoutSignature).heading.join(' ')}`
  ).slice(0, 2000);

/** The bank of a mapping saved without one (the file's bank was neither chosen nor detected). */
export const ANY_BANK = 'AUTO';

type Row = typeof taughtLayouts.$inferSelect;

const isSheet = (sig: unknown): sig is SheetSignature => (sig as { kind?: unknown }).kind === 'sheet';

export function layoutInfo(row: Row): TaughtLayoutInfo {
  const sig = row.signature as LayoutSignature | SheetSignature;
  return {
    id: row.id,
    name: row.name,
    bank: row.bank,
    created_at: row.createdAt.toISOString(),
    heading: isSheet(sig) ? sig.headings.filter(Boolean) : sig.heading,
    kind: isSheet(sig) ? 'sheet' : 'pdf',
    client_id: row.clientId ?? null,
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
 * The office's layouts for this bank, newest first, as the reader's candidates; every layout of the
 * office when no bank was chosen (the reader tries each against the file's shape). The reader takes
 * the first that fits, so for a file read for a client (the drop on its page) the sheet mappings
 * marked for that client come first, then the office's of no client, then other clients' (a bank's
 * export is the same file for every client: marked once, reused across clients; decision 057).
 */
export async function candidatesFor(
  db: Db,
  userId: string,
  bank: string | undefined,
  clientId?: string | null,
): Promise<{ candidates: TaughtCandidate[]; mapped: MappedCandidate[]; rows: Row[] }> {
  // a mapping saved without a bank is tried on every file its heading fits
  const place = (r: Row) => (r.clientId === null ? 1 : clientId && r.clientId === clientId ? 0 : 2);
  const rows = (await listLayouts(db, userId))
    .filter((r) => bank === undefined || r.bank === bank || (isSheet(r.signature) && r.bank === ANY_BANK))
    // stable: newest first within each place
    .sort((a, b) => place(a) - place(b));
  return {
    rows,
    candidates: rows
      .filter((r) => !isSheet(r.signature))
      .map((r) => ({
        id: r.id,
        layout: r.layout as TaughtLayout,
        signature: r.signature as LayoutSignature,
      })),
    mapped: rows
      .filter((r) => isSheet(r.signature))
      .map((r) => ({
        id: r.id,
        mapping: r.layout as SheetMapping,
        signature: r.signature as SheetSignature,
      })),
  };
}

/**
 * Saves a layout; one of the same bank, shape and client (or none) is replaced (taught again). A
 * mapping for one client leaves another client's, and the office's, of that shape as they are.
 */
export async function saveLayout(
  db: Db,
  userId: string,
  input: {
    name: string;
    bank: string;
    layout: TaughtLayout | SheetMapping;
    signature: LayoutSignature | SheetSignature;
    clientId?: string | null;
  },
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
          input.clientId ? eq(taughtLayouts.clientId, input.clientId) : isNull(taughtLayouts.clientId),
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
        clientId: input.clientId ?? null,
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
