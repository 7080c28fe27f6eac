// An export kept in parts (issue 33, decision 059): the office push builds its file a part at a time
// (@bahi/tally bankVoucherParts) and keeps each part as a row of tally_export_parts, so a push of up
// to 48 MB is never one string in the server, and the bridge's fetch of a part (and Tally's answer
// to it) reads that part alone. tally_exports.parts says how many; its `xml` is then ''.
import { TALLY_PART_VOUCHERS } from '@bahi/contract';
import { importLayout, importPart, joinParts, partCount } from '@bahi/tally';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/index.ts';
import { tallyExportParts } from '../statements/tables.ts';

/** The columns of a kept export that say where its file is. */
export interface KeptFile {
  id: string;
  xml: string;
  parts: number | null;
  vouchers: number;
}

/**
 * The whole file of an export: its `xml`, or its parts joined. Only where a whole file is asked
 * for (Download of a whole push, send again, a page of a push's vouchers): bounded by the 48 MB a
 * push may hold, as before; the bridge's path reads a part at a time (exportPart).
 */
export async function wholeXml(db: DbOrTx, row: Omit<KeptFile, 'vouchers'>): Promise<string> {
  if (row.parts === null) return row.xml;
  const parts = await db
    .select({ xml: tallyExportParts.xml })
    .from(tallyExportParts)
    .where(eq(tallyExportParts.exportId, row.id))
    .orderBy(asc(tallyExportParts.part));
  return parts.length === 0 ? '' : joinParts(parts.map((p) => p.xml));
}

/** A part of an export: its own row when kept in parts, else cut from the whole file. Undefined past the last. */
export async function exportPart(
  db: DbOrTx,
  row: KeptFile,
  part: number,
): Promise<{ xml: string; vouchers: number; parts: number; totalVouchers: number } | undefined> {
  if (row.parts === null) {
    const layout = importLayout(row.xml);
    const parts = partCount(layout, TALLY_PART_VOUCHERS);
    if (part >= parts) return undefined;
    const piece = importPart(row.xml, layout, part, TALLY_PART_VOUCHERS);
    return { xml: piece.xml, vouchers: piece.vouchers, parts, totalVouchers: layout.vouchers.length };
  }
  if (part >= row.parts) return undefined;
  const [kept] = await db
    .select({ xml: tallyExportParts.xml, vouchers: tallyExportParts.vouchers })
    .from(tallyExportParts)
    .where(and(eq(tallyExportParts.exportId, row.id), eq(tallyExportParts.part, part)));
  if (!kept) return undefined;
  return { xml: kept.xml, vouchers: kept.vouchers, parts: row.parts, totalVouchers: row.vouchers };
}

/** How many parts the export has (the bridge's count), without reading a parted export's XML. */
export function partsOfKept(row: KeptFile): number {
  return row.parts ?? partCount(importLayout(row.xml), TALLY_PART_VOUCHERS);
}
