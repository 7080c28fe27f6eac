// PDF stream filters decoded under a cap, for the pre-scan of pdf-streams.ts (issue 18): each
// decoder stops as soon as its output would pass `cap` and says so, so a bomb costs at most `cap`
// bytes and the time to produce them. Each follows pdf.js's decoder of the same name closely
// enough to give the same length (pdf.js is what reads the file afterwards).
import { brotliDecompressSync, constants, inflateSync } from 'node:zlib';

/** Decoded bytes, or 'over' when the data decodes to more than the cap. */
export type Decoded = Buffer | 'over';

/** Filters pdf.js decodes when it reads a content, object or cross-reference stream. */
export type StreamFilter = 'flate' | 'lzw' | 'hex' | 'a85' | 'rl' | 'brotli';

/** Filter names (and pdf.js's abbreviations) as the stream dictionary spells them. */
export const FILTER_NAMES: Record<string, StreamFilter> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  RunLengthDecode: 'rl',
  RL: 'rl',
  BrotliDecode: 'brotli',
};

/**
 * Most bytes one input byte can become: deflate ~1032 (a 258-byte match in two bits), LZW a
 * 4,095-byte string per 9-bit code at worst, ASCII85 4 ('z'), run length 128. Brotli has no useful
 * bound (a few bytes can ask for gigabytes): Infinity, so it is always decoded.
 */
export const MAX_RATIO: Record<StreamFilter, number> = {
  flate: 1033,
  lzw: Math.ceil((4096 * 8) / 9),
  hex: 0.5,
  a85: 4,
  rl: 128,
  brotli: Infinity,
};

/** A zlib header: deflate with a window of at most 32 KB and a valid check value. */
export function isZlibHeader(b0: number, b1: number): boolean {
  return (b0 & 0x0f) === 8 && b0 >> 4 <= 7 && ((b0 << 8) | b1) % 31 === 0;
}

function zlibCapped(run: () => Buffer): Decoded {
  try {
    return run();
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
      return 'over';
    // Damaged: pdf.js fails on it (stopAtErrors) or reads what it can; nothing more to bound.
    return Buffer.alloc(0);
  }
}

/** pdf.js FlateStream: a zlib header, then deflate; a stream cut short still decodes its start. */
function flate(data: Buffer, cap: number): Decoded {
  if (data.length < 2 || !isZlibHeader(data[0], data[1])) return Buffer.alloc(0);
  return zlibCapped(() =>
    inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH }),
  );
}

function brotli(data: Buffer, cap: number): Decoded {
  return zlibCapped(() =>
    brotliDecompressSync(data, { maxOutputLength: cap + 1, finishFlush: constants.BROTLI_OPERATION_FLUSH }),
  );
}

const hexValue = (c: number): number =>
  c >= 0x30 && c <= 0x39
    ? c - 0x30
    : c >= 0x41 && c <= 0x46
      ? c - 0x37
      : c >= 0x61 && c <= 0x66
        ? c - 0x57
        : -1;

/** pdf.js AsciiHexStream: hex digits in pairs, anything else skipped, '>' ends; a lone digit is a high nibble. */
function hex(data: Buffer): Buffer {
  const out = Buffer.alloc(Math.ceil(data.length / 2));
  let n = 0;
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v = hexValue(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

/** pdf.js Ascii85Stream: groups of five characters make four bytes, 'z' four zeros, '~' ends. */
function a85(data: Buffer, cap: number): Decoded {
  if (data.length * 4 > cap) {
    // Only 'z' expands: count what it would be before allocating.
    let size = 0;
    for (const c of data) {
      if (c === 0x7e) break;
      size += c === 0x7a ? 4 : 1;
    }
    if (size > cap) return 'over';
  }
  const out = Buffer.alloc(data.length * 4);
  let n = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (i < count ? group[i] : 84);
    for (let i = 0; i < count - 1; i++) out[n++] = (v >>> (24 - 8 * i)) & 0xff;
    group.length = 0;
  };
  for (const c of data) {
    if (c === 0x7e) break;
    if (c === 0x7a && group.length === 0) {
      n += 4; // zeros: the buffer starts zeroed
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(5);
  }
  if (group.length > 1) flush(group.length);
  return out.subarray(0, n);
}

/** pdf.js RunLengthStream: n < 128 copies n + 1 bytes, n > 128 repeats one byte 257 - n times, 128 ends. */
function runLength(data: Buffer, cap: number): Decoded {
  let size = 0;
  let i = 0;
  const runs: [number, number, number][] = []; // [kind 0 copy / 1 repeat, at, count]
  while (i < data.length) {
    const n = data[i++];
    if (n === 128) break;
    if (n < 128) {
      const count = Math.min(n + 1, data.length - i);
      runs.push([0, i, count]);
      size += count;
      i += n + 1;
    } else if (i < data.length) {
      runs.push([1, i, 257 - n]);
      size += 257 - n;
      i++;
    }
    if (size > cap) return 'over';
  }
  const out = Buffer.alloc(size);
  let at = 0;
  for (const [kind, from, count] of runs) {
    if (kind === 0) data.copy(out, at, from, from + count);
    else out.fill(data[from], at, at + count);
    at += count;
  }
  return out;
}

/**
 * pdf.js LZWStream: codes of 9 to 12 bits, 256 clears the table, 257 ends. With `emit` false only
 * the decoded length is counted (no output is held: an LZW bomb is measured in microseconds).
 */
export function lzw(data: Buffer, cap: number, earlyChange: number, emit = true): Decoded | number {
  const MAX = 4096;
  const lengths = new Uint16Array(MAX).fill(1, 0, 256);
  const prevCodes = new Uint16Array(MAX);
  const values = new Uint8Array(MAX);
  for (let c = 0; c < 256; c++) values[c] = c;
  const sequence = new Uint8Array(MAX);
  const chunks: Buffer[] = [];
  let seqLength = 0;
  let nextCode = 258;
  let codeLength = 9;
  let prevCode = 0;
  let size = 0;
  let cached = 0;
  let bitsCached = 0;
  let pos = 0;
  for (;;) {
    while (bitsCached < codeLength && pos < data.length) {
      cached = ((cached << 8) | data[pos++]) & 0xffffff;
      bitsCached += 8;
    }
    if (bitsCached < codeLength) break;
    bitsCached -= codeLength;
    const code = (cached >>> bitsCached) & ((1 << codeLength) - 1);
    const hasPrev = seqLength > 0;
    if (code < 256) {
      sequence[0] = code;
      seqLength = 1;
    } else if (code >= 258) {
      if (code < nextCode) {
        seqLength = lengths[code];
        if (emit)
          for (let j = seqLength - 1, q = code; j >= 0; j--, q = prevCodes[q]) sequence[j] = values[q];
      } else {
        sequence[seqLength++] = sequence[0];
      }
    } else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      seqLength = 0;
      continue;
    } else break;
    if (hasPrev) {
      if (nextCode < MAX) {
        prevCodes[nextCode] = prevCode;
        lengths[nextCode] = lengths[prevCode] + 1;
        values[nextCode] = sequence[0];
      }
      nextCode++;
      const n = nextCode + earlyChange;
      codeLength = n & (n - 1) ? codeLength : Math.min(Math.log2(n) + 1, 12) | 0;
    }
    prevCode = code;
    size += seqLength;
    if (size > cap) return 'over';
    if (emit) chunks.push(Buffer.from(sequence.subarray(0, seqLength)));
  }
  return emit ? Buffer.concat(chunks, size) : size;
}

/**
 * Decode `data` through `filters` in order, holding at most `cap` bytes at each step. The last
 * step only counts where it can. Returns the decoded length, or -1 when it passes `cap`.
 */
export function decodedLength(
  data: Buffer,
  filters: StreamFilter[],
  cap: number,
  opts: { earlyChange?: number } = {},
): number {
  let bytes: Buffer = data;
  for (const [i, filter] of filters.entries()) {
    const last = i === filters.length - 1;
    if (filter === 'lzw' && last) {
      const size = lzw(bytes, cap, opts.earlyChange ?? 1, false);
      return size === 'over' ? -1 : (size as number);
    }
    const out: Decoded | number =
      filter === 'flate'
        ? flate(bytes, cap)
        : filter === 'brotli'
          ? brotli(bytes, cap)
          : filter === 'hex'
            ? hex(bytes)
            : filter === 'a85'
              ? a85(bytes, cap)
              : filter === 'rl'
                ? runLength(bytes, cap)
                : lzw(bytes, cap, opts.earlyChange ?? 1, true);
    if (out === 'over') return -1;
    bytes = out as Buffer;
    if (bytes.length > cap) return -1;
  }
  return bytes.length;
}
