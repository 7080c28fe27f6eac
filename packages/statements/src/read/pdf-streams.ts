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
 * Throws TOO_LARGE when one of the PDF's zlib streams decodes to more than the per-stream cap, or
 * all of them together to more than the per-document cap. Linear in the file: each `stream`
 * keyword is looked at once, and the data runs to the next `endstream`.
 */
export function checkPdfStreams(data: Uint8Array, limits: StreamLimits = {}): void {
  const perStream = limits.perStreamBytes ?? MAX_STREAM_BYTES;
  const perDocument = limits.perDocumentBytes ?? MAX_DOCUMENT_STREAM_BYTES;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  let streams = 0;
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
    const size = inflatedSize(buf.subarray(start, end), perStream);
    if (size < 0) throw tooMuch(`pdf: stream at byte ${at} inflates to over ${perStream} bytes`);
    total += size;
    streams++;
    if (total > perDocument) {
      throw tooMuch(`pdf: ${streams} streams inflate to over ${perDocument} bytes`);
    }
    from = end;
  }
}
