// A year of a busy account is 20,000 vouchers and ~25 MB of XML: one request that TallyPrime holds
// for minutes, with one answer for all or nothing. So a push goes in parts of a few hundred
// vouchers, each a complete Import Data envelope: the masters travel in the first part, the vouchers
// in order after them. Every voucher carries its REMOTEID, so sending a part again (or the whole
// push after a failure) alters what Tally already has and duplicates nothing (docs/decisions/036).
//
// The split is textual: our serializer writes one object per TALLYMESSAGE and escapes every '<' in
// text, so the message boundaries are found with indexOf, in milliseconds for 25 MB, without parsing.

/** Vouchers per part: small enough that TallyPrime answers each within seconds. */
export const DEFAULT_VOUCHERS_PER_PART = 500;
export const MAX_VOUCHERS_PER_PART = 5000;

export interface ImportLayout {
  /** Everything before the first TALLYMESSAGE (envelope, header, company). */
  head: string;
  /** Everything after the last one. */
  tail: string;
  masters: [number, number][];
  vouchers: [number, number][];
}

const OPEN = '<TALLYMESSAGE';
const CLOSE = '</TALLYMESSAGE>';

/** Where each master and voucher message sits in an import file we wrote. */
export function importLayout(xml: string): ImportLayout {
  const masters: [number, number][] = [];
  const vouchers: [number, number][] = [];
  let first = -1;
  let last = -1;
  let at = xml.indexOf(OPEN);
  while (at >= 0) {
    const end = xml.indexOf(CLOSE, at);
    if (end < 0) throw new Error('an import file with an unclosed TALLYMESSAGE');
    const stop = end + CLOSE.length;
    const body = xml.indexOf('>', at) + 1;
    // The object's own tag follows the message's opening tag (after indentation).
    const isVoucher = /^\s*<VOUCHER[\s>]/.test(xml.slice(body, body + 40));
    (isVoucher ? vouchers : masters).push([at, stop]);
    if (first < 0) first = at;
    last = stop;
    at = xml.indexOf(OPEN, stop);
  }
  if (first < 0) return { head: xml, tail: '', masters, vouchers };
  return { head: xml.slice(0, first), tail: xml.slice(last), masters, vouchers };
}

export function partSize(perPart: number | undefined): number {
  const n = Math.floor(perPart ?? DEFAULT_VOUCHERS_PER_PART);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_VOUCHERS_PER_PART) : DEFAULT_VOUCHERS_PER_PART;
}

/** How many parts an import file goes in (at least one, even with masters only). */
export function partCount(layout: ImportLayout, perPart?: number): number {
  return Math.max(1, Math.ceil(layout.vouchers.length / partSize(perPart)));
}

/** Part `index` (0-based): the masters with the first vouchers, then the next vouchers in order. */
export function importPart(
  xml: string,
  layout: ImportLayout,
  index: number,
  perPart?: number,
): { xml: string; vouchers: number; masters: number } {
  const size = partSize(perPart);
  const parts = partCount(layout, size);
  if (!Number.isInteger(index) || index < 0 || index >= parts)
    throw new RangeError(`part ${index} of ${parts}`);
  const vouchers = layout.vouchers.slice(index * size, (index + 1) * size);
  const masters = index === 0 ? layout.masters : [];
  return {
    xml: assembleImport(xml, layout, [...masters, ...vouchers]),
    vouchers: vouchers.length,
    masters: masters.length,
  };
}

/** The file's head, the messages at `ranges` (in the order given), and its tail: an import of its own. */
export function assembleImport(
  xml: string,
  layout: ImportLayout,
  ranges: readonly [number, number][],
): string {
  // Keep the file's own indentation: the head ends with the pad written before each message.
  const separator = `\n${/[ \t]*$/.exec(layout.head)?.[0] ?? ''}`;
  return layout.head + ranges.map(([a, b]) => xml.slice(a, b)).join(separator) + layout.tail;
}

/**
 * The one file whose parts these are (parts of one import, each complete, in order: what importPart
 * cuts, or bank.ts bankVoucherParts builds): the first part's head and tail around every part's
 * messages. Used where a whole file is still asked for (a download of the whole push, send again).
 */
export function joinParts(parts: readonly string[]): string {
  if (parts.length === 1) return parts[0];
  const joiner = new PartsJoiner();
  let xml = '';
  for (const p of parts) xml += joiner.add(p);
  return xml + joiner.end();
}

/**
 * joinParts a part at a time (issue 33: the server streams a parted export, and builds send again
 * from each part's subset, without holding every part): `add` answers the text the part adds to
 * the file, `end` the file's end. Their texts joined, in order, are joinParts of the parts.
 */
export class PartsJoiner {
  private first: { tail: string; separator: string } | undefined;
  private bodies = 0;

  add(part: string): string {
    const layout = importLayout(part);
    let out = '';
    if (!this.first) {
      this.first = { tail: layout.tail, separator: `\n${/[ \t]*$/.exec(layout.head)?.[0] ?? ''}` };
      out = layout.head;
    }
    const body = part.slice(layout.head.length, part.length - layout.tail.length);
    if (body.length === 0) return out;
    return out + (this.bodies++ === 0 ? body : this.first.separator + body);
  }

  /** The first part's tail ('' when no part was added). */
  end(): string {
    return this.first?.tail ?? '';
  }
}
