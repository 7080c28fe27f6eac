// A bound on what a PDF's compressed streams decode to, checked before pdf.js sees the file
// (issue 18: a 1 MB page whose content stream inflated to 1 GiB grew the server by 2.8 GB).
// pdf.js decodes a stream whole into one growing buffer and offers no hook to stop it, so every
// stream that holds zlib data (what /FlateDecode needs; found by its zlib header, so an indirect
// /Filter or an abbreviated name changes nothing) is inflated here first, into a buffer of at
// most the per-stream cap, and the decoded sizes are summed against the per-document cap.
// Streams in an encrypted PDF, and other filters (LZW, images), are not decoded here: the pool's
// memory watchdog bounds those (docs/decisions/024-reader-memory-limits.md).
import { inflateSync } from 'node:zlib';
import { StatementError } from '../errors.ts';

const MB = 1024 * 1024;

export interface StreamLimits {
  /** most bytes one stream may decode to (default 64 MB: a 300 dpi A4 colour scan is ~26 MB) */
  perStreamBytes?: number;
  /** most bytes all streams together may decode to (default 512 MB) */
  perDocumentBytes?: number;
}

export const MAX_STREAM_BYTES = 64 * MB;
export const MAX_DOCUMENT_STREAM_BYTES = 512 * MB;

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');

/** A zlib header: deflate with a window of at most 32 KB and a valid check value. */
function isZlibHeader(b0: number, b1: number): boolean {
  return (b0 & 0x0f) === 8 && b0 >> 4 <= 7 && ((b0 << 8) | b1) % 31 === 0;
}

function tooMuch(logMessage: string): StatementError {
  return new StatementError('TOO_LARGE', {
    userMessage: 'The PDF holds far more data than a bank statement needs and cannot be processed.',
    logMessage,
  });
}

/** Bytes one zlib stream decodes to, or -1 when it decodes to more than `cap` (nothing bigger is held). */
function inflatedSize(data: Buffer, cap: number): number {
  try {
    // finishFlush: a stream cut short (or followed by junk) still counts what it decodes to.
    return inflateSync(data, { maxOutputLength: cap + 1, finishFlush: 2 /* Z_SYNC_FLUSH */ }).length;
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return -1;
    // Not zlib after all, or damaged: pdf.js judges it (and fails on it, with stopAtErrors).
    return 0;
  }
}

/**
 * Deflate cannot expand more than ~1032 to 1 (a 258-byte match in one bit, its distance in one
 * more), so a zlib stream of n bytes decodes to at most this: a bound known without inflating.
 */
const MAX_INFLATE_RATIO = 1033;
const boundOf = (compressed: number) => compressed * MAX_INFLATE_RATIO + 1024;

/** Where each zlib stream's data lies: [start, end) in the file. */
function zlibStreams(buf: Buffer): { at: number; start: number; end: number }[] {
  const found: { at: number; start: number; end: number }[] = [];
  let from = 0;
  for (;;) {
    const at = buf.indexOf(STREAM, from);
    if (at < 0) break;
    from = at + STREAM.length;
    // 'endstream' contains 'stream': skip it.
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = from;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === from || start + 2 > buf.length) continue; // the keyword is followed by an end of line
    if (!isZlibHeader(buf[start], buf[start + 1])) continue;
    let end = buf.indexOf(ENDSTREAM, start);
    if (end < 0) end = buf.length;
    found.push({ at, start, end });
    from = end;
  }
  return found;
}

/**
 * Throws TOO_LARGE when one of the PDF's zlib streams decodes to more than the per-stream cap, or
 * all of them together to more than the per-document cap. Linear in the file: each `stream`
 * keyword is looked at once, and the data runs to the next `endstream`.
 *
 * Issue 19: inflating every stream here decoded a text PDF twice (here, then in pdf.js: ~5% of
 * reading it). A stream is inflated only while the bound says it might break a cap: none of a
 * short statement's (a 200-page one's streams cannot reach the document cap), and of a long one
 * the biggest first, until the bounds of the rest fit what is left.
 */
export function checkPdfStreams(data: Uint8Array, limits: StreamLimits = {}): void {
  const perStream = limits.perStreamBytes ?? MAX_STREAM_BYTES;
  const perDocument = limits.perDocumentBytes ?? MAX_DOCUMENT_STREAM_BYTES;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const streams = zlibStreams(buf).map((s) => ({ ...s, bound: boundOf(s.end - s.start) }));
  // what all streams may decode to: actual sizes of those inflated, bounds of the others
  let total = streams.reduce((n, s) => n + s.bound, 0);
  streams.sort((a, b) => b.bound - a.bound || a.at - b.at);
  let inflated = 0;
  for (const s of streams) {
    if (s.bound <= perStream && total <= perDocument) return; // the rest are smaller still
    const size = inflatedSize(buf.subarray(s.start, s.end), perStream);
    if (size < 0) throw tooMuch(`pdf: stream at byte ${s.at} inflates to over ${perStream} bytes`);
    total -= s.bound - size;
    inflated++;
  }
  if (total > perDocument) {
    throw tooMuch(`pdf: ${inflated} streams inflate to over ${perDocument} bytes`);
  }
}
