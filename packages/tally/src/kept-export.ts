// What a kept import file (an export Bahi stored for the bridge) holds, voucher by voucher, and the
// same file narrowed to some of its vouchers (issue 31: a list of pushes with their answers per
// voucher, and "send again" for what Tally did not take). TallyPrime answers a part with counters
// only (docs/decisions/037, #4), so a voucher's answer is its part's; which vouchers are in Tally is
// Bahi's record, not the file.
import type { Paise } from '@bahi/core';
import { assembleImport, importLayout, partSize, type ImportLayout } from './batches.ts';
import { readImportXml } from './read.ts';
import { isoFromTallyDate } from './xml/values.ts';

/** One voucher of a kept file, as the list of pushes shows it. */
export interface KeptVoucher {
  /** its REMOTEID (Bahi's content identity, identity.ts); '' when the file carries none */
  remoteId: string;
  /** 0-based index among the file's vouchers, and the part it went in */
  index: number;
  part: number;
  /** ISO date */
  date: string;
  type: string;
  /** the ledger on the other side of the bank (the first leg that is not the bank's) */
  party: string;
  /** the bank's movement: money out (withdrawal) or in (deposit), and how much */
  side: 'withdrawal' | 'deposit';
  paise: Paise;
  narration: string;
}

const REMOTE_ID = /^\s*<VOUCHER\s[^>]*\bREMOTEID="([^"]*)"/;

/** The REMOTEID of each voucher message of the layout, in order ('' where a voucher has none). */
export function layoutVoucherIds(xml: string, layout: ImportLayout): string[] {
  return layout.vouchers.map(([a, b]) => {
    // The VOUCHER tag follows the message's opening tag (our serializer writes one object each).
    const body = xml.indexOf('>', a) + 1;
    return REMOTE_ID.exec(xml.slice(body, Math.min(b, body + 600)))?.[1] ?? '';
  });
}

/**
 * The vouchers of a kept bank import, each with the bank's movement (the leg on `bankLedger`; Tally's
 * sign: negative is a debit, money into the bank) and the part of `perPart` vouchers it went in.
 */
export function keptVouchers(xml: string, bankLedger: string, perPart?: number): KeptVoucher[] {
  const size = partSize(perPart);
  const bank = bankLedger.trim().toLowerCase();
  const vouchers = readImportXml(xml).objects.filter((o) => o.kind === 'VOUCHER');
  return vouchers.map((v, index) => {
    const bankLeg = v.legs.find((l) => l.ledger.trim().toLowerCase() === bank);
    const other = v.legs.find((l) => l.ledger.trim().toLowerCase() !== bank);
    const amount = bankLeg?.amount ?? 0;
    return {
      remoteId: v.remoteId ?? '',
      index,
      part: Math.floor(index / size),
      date: isoFromTallyDate(v.date.trim()) ?? '',
      type: v.type,
      party: other?.ledger ?? '',
      side: amount < 0 ? 'deposit' : 'withdrawal',
      paise: Math.abs(amount),
      narration: v.narration,
    };
  });
}

/**
 * The file with its masters and only the vouchers `keep` accepts (by REMOTEID and index), as one
 * import of its own: what "send again" stores. The masters go again: they are create-only, and a
 * master the company has is answered "already exists", which Bahi counts as taken (response.ts).
 */
export function keptSubset(
  xml: string,
  keep: (remoteId: string, index: number) => boolean,
): { xml: string; ids: string[]; vouchers: number } {
  const layout = importLayout(xml);
  const ids = layoutVoucherIds(xml, layout);
  const chosen = layout.vouchers.filter((_, i) => keep(ids[i], i));
  const kept = ids.filter((id, i) => keep(id, i));
  return {
    xml: assembleImport(xml, layout, [...layout.masters, ...chosen]),
    ids: kept,
    vouchers: chosen.length,
  };
}

/**
 * What the server keeps beside a file (issue 31: the list of pushes and a push's vouchers read no
 * XML): its vouchers' REMOTEIDs in order, and its first and last voucher day (ISO; '' without one).
 */
export function keptFacts(xml: string): { voucherIds: string[]; firstDay: string; lastDay: string } {
  let first = '';
  let last = '';
  for (const m of xml.matchAll(/<DATE>(\d{8})<\/DATE>/g)) {
    if (!first || m[1] < first) first = m[1];
    if (m[1] > last) last = m[1];
  }
  return {
    voucherIds: layoutVoucherIds(xml, importLayout(xml)),
    firstDay: first ? (isoFromTallyDate(first) ?? '') : '',
    lastDay: last ? (isoFromTallyDate(last) ?? '') : '',
  };
}

/**
 * Only the vouchers at `indices` (0-based among the file's vouchers), read as keptVouchers reads
 * them, with their index and part in the whole file: a page of a push without parsing all of it.
 */
export function keptVouchersAt(
  xml: string,
  bankLedger: string,
  indices: readonly number[],
  perPart?: number,
): KeptVoucher[] {
  const layout = importLayout(xml);
  const wanted = indices.filter((i) => i >= 0 && i < layout.vouchers.length);
  if (wanted.length === 0) return [];
  const page = assembleImport(
    xml,
    layout,
    wanted.map((i) => layout.vouchers[i]),
  );
  const size = partSize(perPart);
  return keptVouchers(page, bankLedger).map((v, k) => ({
    ...v,
    index: wanted[k],
    part: Math.floor(wanted[k] / size),
  }));
}
