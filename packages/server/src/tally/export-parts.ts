// An export kept in parts (issue 33, decision 059): the office push builds its file a part at a time
// (@bahi/tally bankVoucherParts) and keeps each part as a row of tally_export_parts, so a push of up
// to 48 MB is never one string in the server, and the bridge's fetch of a part (and Tally's answer
// to it) reads that part alone. tally_exports.parts says how many; its `xml` is then ''.
import { randomUUID } from 'node:crypto';
import { TALLY_PART_VOUCHERS } from '@bahi/contract';
import { PartsJoiner, importLayout, importPart, partCount } from '@bahi/tally';
import { and, eq } from 'drizzle-orm';
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
 * The whole file of an export a piece at a time, one part's row read at a time (issue 33: Download
 * joined up to 48 MB in the server). The pieces joined are @bahi/tally `joinParts` of the parts:
 * the first part's head, each part's messages (a line break and the head's indent between two),
 * the first part's tail.
 */
export async function* wholeXmlPieces(db: DbOrTx, row: Omit<KeptFile, 'vouchers'>): AsyncGenerator<string> {
  // one part (or a whole file): the file as it is (joinParts of one)
  if (row.parts === null || row.parts === 1) {
    yield* exportPartsXml(db, row);
    return;
  }
  const joiner = new PartsJoiner();
  for await (const xml of exportPartsXml(db, row)) yield joiner.add(xml);
  yield joiner.end();
}

/** Each part's file of an export, one part's row read at a time (its `xml` when it is kept whole). */
export async function* exportPartsXml(db: DbOrTx, row: Omit<KeptFile, 'vouchers'>): AsyncGenerator<string> {
  if (row.parts === null) {
    yield row.xml;
    return;
  }
  for (let part = 0; part < row.parts; part++) {
    const [kept] = await db
      .select({ xml: tallyExportParts.xml })
      .from(tallyExportParts)
      .where(and(eq(tallyExportParts.exportId, row.id), eq(tallyExportParts.part, part)));
    if (kept) yield kept.xml;
  }
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

/**
 * `value` as JSON with its string field `field` written from `pieces` as they come: the text joined
 * is JSON.stringify of `value` with the pieces joined in `field`, without that string ever whole.
 */
export async function* jsonWithPieces(
  value: Record<string, unknown>,
  field: string,
  pieces: AsyncIterable<string>,
): AsyncGenerator<string> {
  const marker = randomUUID();
  const [before, after] = JSON.stringify({ ...value, [field]: marker }).split(`"${marker}"`);
  yield `${before}"`;
  for await (const piece of pieces) if (piece.length > 0) yield JSON.stringify(piece).slice(1, -1);
  yield `"${after}`;
}
