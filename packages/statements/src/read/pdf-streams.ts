// Bounds on what a PDF asks pdf.js to do, checked before pdf.js sees the file (issue 18):
//  - what its streams decode to. A 1 MB page whose content stream inflated to 1 GiB grew the
//    server by 2.8 GB; pdf.js decodes a stream into one growing buffer and offers no hook to stop
//    it. Each stream's filters are read from its dictionary and decoded here under a per-stream
//    cap (pdf-decode.ts: flate, LZW, ASCIIHex, ASCII85, run length, Brotli, in any chain), and the
//    sizes are summed against a per-document cap. A stream whose filters cannot be read here (an
//    indirect /Filter) is still checked as flate when its data has a zlib header. Streams in an
//    encrypted PDF decode from ciphertext and are not bounded here: the reader process's memory
//    cap and hard limit are (docs/decisions/027-reader-processes.md).
//  - its page count. pdf.js parses the whole cross-reference table before it says how many pages
//    there are (1.5 s for 100,000 pages); the page tree's /Count says it first.
import { StatementError } from '../errors.ts';
import { FILTER_NAMES, MAX_RATIO, decodedLength, isZlibHeader, type StreamFilter } from './pdf-decode.ts';

const MB = 1024 * 1024;

export interface StreamLimits {
  /** most bytes one stream may decode to (default 64 MB: a 300 dpi A4 colour scan is ~26 MB) */
  perStreamBytes?: number;
  /** most bytes all streams together may decode to (default 512 MB) */
  perDocumentBytes?: number;
  /** most pages the page tree may count (default MAX_PDF_PAGES) */
  maxPages?: number;
}

export const MAX_STREAM_BYTES = 64 * MB;
export const MAX_DOCUMENT_STREAM_BYTES = 512 * MB;
/** Most pages read at once: far past a year of any bank's statement. */
export const MAX_PDF_PAGES = 2000;

const STREAM = Buffer.from('stream', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');

function tooMuch(logMessage: string): StatementError {
  return new StatementError('TOO_LARGE', {
    userMessage: 'The PDF holds far more data than a bank statement needs and cannot be processed.',
    logMessage,
  });
}

interface Found {
  /** where the `stream` keyword is */
  at: number;
  /** the data: [start, end) */
  start: number;
  end: number;
  filters: StreamFilter[];
  earlyChange: number;
}

const isSpace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) => isSpace(c) || '()<>[]{}/%'.includes(String.fromCharCode(c));

/** The dictionary just before `at` (its `<<`...`>>`), searched back no further than `floor`. */
function dictionaryBefore(buf: Buffer, at: number, floor: number): Buffer | null {
  let end = at;
  while (end > floor && isSpace(buf[end - 1])) end--;
  if (end - 2 < floor || buf[end - 1] !== 0x3e || buf[end - 2] !== 0x3e) return null;
  let depth = 0;
  for (let i = end - 1; i > floor; i--) {
    if (buf[i] === 0x3e && buf[i - 1] === 0x3e) {
      depth++;
      i--;
    } else if (buf[i] === 0x3c && buf[i - 1] === 0x3c) {
      depth--;
      i--;
      if (depth === 0) return buf.subarray(i, end);
    }
  }
  return null;
}

/** A name token from `i` (just past its '/'), with #xx escapes undone, and where it ends. */
function nameAt(buf: Buffer, i: number): { name: string; next: number } {
  let name = '';
  while (i < buf.length && !isDelimiter(buf[i])) {
    if (buf[i] === 0x23 && i + 2 < buf.length) {
      const code = parseInt(buf.toString('latin1', i + 1, i + 3), 16);
      if (!Number.isNaN(code)) {
        name += String.fromCharCode(code);
        i += 3;
        continue;
      }
    }
    name += String.fromCharCode(buf[i++]);
  }
  return { name, next: i };
}

/**
 * The top-level /Filter of a dictionary as pdf.js will apply it: the filters in order up to the
 * first one not decoded here (an image codec, Crypt); null when the value is not written out (an
 * indirect reference) and so unknown. Strings, comments and nested dictionaries are skipped.
 */
export function filtersOf(dict: Buffer): StreamFilter[] | null {
  let depth = 0;
  let i = 0;
  let key: string | null = null;
  while (i < dict.length) {
    const c = dict[i];
    if (c === 0x28) {
      // a literal string: balanced parentheses, backslash escapes
      let open = 1;
      for (i++; i < dict.length && open > 0; i++) {
        if (dict[i] === 0x5c) i++;
        else if (dict[i] === 0x28) open++;
        else if (dict[i] === 0x29) open--;
      }
      key = null;
    } else if (c === 0x25) {
      while (i < dict.length && dict[i] !== 0x0a && dict[i] !== 0x0d) i++;
    } else if (c === 0x3c && dict[i + 1] === 0x3c) {
      depth++;
      i += 2;
      key = null;
    } else if (c === 0x3e && dict[i + 1] === 0x3e) {
      depth--;
      i += 2;
      key = null;
    } else if (c === 0x3c) {
      const close = dict.indexOf(0x3e, i);
      i = close < 0 ? dict.length : close + 1;
      key = null;
    } else if (c === 0x2f) {
      const { name, next } = nameAt(dict, i + 1);
      i = next;
      if (depth !== 1) continue;
      if (key === 'Filter') return known([name]);
      key = name;
    } else if (c === 0x5b && depth === 1 && key === 'Filter') {
      const close = dict.indexOf(0x5d, i);
      const inside = dict.subarray(i + 1, close < 0 ? dict.length : close);
      const names: string[] = [];
      for (let j = 0; j < inside.length; j++) {
        if (inside[j] === 0x2f) {
          const { name, next } = nameAt(inside, j + 1);
          names.push(name);
          j = next - 1;
        } else if (!isSpace(inside[j])) return null; // a reference in the array
      }
      return known(names);
    } else if (isSpace(c)) {
      i++;
    } else {
      if (depth === 1 && key === 'Filter') return null; // an indirect reference, or junk
      key = null;
      i++;
    }
  }
  return [];
}

/** The filters decoded here, up to the first that is not. */
function known(names: string[]): StreamFilter[] {
  const out: StreamFilter[] = [];
  for (const n of names) {
    const f = FILTER_NAMES[n];
    if (!f) break;
    out.push(f);
  }
  return out;
}

/** Each stream of the file with its filters. Linear: each `stream` keyword is looked at once. */
function streamsOf(buf: Buffer): Found[] {
  const found: Found[] = [];
  let from = 0;
  let floor = 0;
  for (;;) {
    const at = buf.indexOf(STREAM, from);
    if (at < 0) break;
    from = at + STREAM.length;
    // 'endstream' contains 'stream': skip it.
    if (at >= 3 && buf.toString('latin1', at - 3, at) === 'end') continue;
    let start = from;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    if (start === from || start >= buf.length) continue; // the keyword is followed by an end of line
    const dict = dictionaryBefore(buf, at, floor);
    let end = buf.indexOf(ENDSTREAM, start);
    if (end < 0) end = buf.length;
    const parsed = dict ? filtersOf(dict) : null;
    const zlib = start + 1 < buf.length && isZlibHeader(buf[start], buf[start + 1]);
    const filters = parsed ?? (zlib ? (['flate'] as StreamFilter[]) : []);
    const earlyChange = dict && /\/EarlyChange\s+0(?![\d.])/.test(dict.toString('latin1')) ? 0 : 1;
    if (filters.length > 0) found.push({ at, start, end, filters, earlyChange });
    from = floor = end;
  }
  return found;
}

/** What a stream may decode to at most, known without decoding it. */
function boundOf(s: Found): number {
  return s.filters.reduce((n, f) => n * MAX_RATIO[f], s.end - s.start) + 1024;
}

/**
 * The largest /Count of the file's page-tree nodes (`/Type /Pages` dictionaries written out in the
 * file, not inside an object stream): the root's is the document's page count, and no node may
 * count more than the root. One pass over the file: dictionaries are matched on a stack, string
 * and stream data are skipped, so nothing a file holds makes it slower than linear.
 */
export function pageTreeCount(buf: Buffer): number {
  const text = buf.toString('latin1');
  const token = /<<|>>|\/Type\s*\/Pages(?![#\w])|\/Count\s+(\d{1,12})(?![\d.])|(?<!end)stream(?=\r?\n)|\(/g;
  const frames: { pages: boolean; count: number }[] = [];
  // dictionaries nested deeper than any page tree's are counted, not kept
  let deeper = 0;
  let most = 0;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    const t = m[0];
    const top = deeper > 0 ? undefined : frames.at(-1);
    if (t === '<<') {
      if (frames.length < 64) frames.push({ pages: false, count: 0 });
      else deeper++;
    } else if (t === '>>') {
      if (deeper > 0) {
        deeper--;
        continue;
      }
      frames.pop();
      if (top?.pages) most = Math.max(most, top.count);
    } else if (t === '(') token.lastIndex = stringEnd(text, token.lastIndex);
    else if (t === 'stream') {
      const end = text.indexOf('endstream', token.lastIndex);
      token.lastIndex = end < 0 ? text.length : end + 9;
      frames.length = 0;
      deeper = 0;
    } else if (t.startsWith('/Type')) {
      if (top) top.pages = true;
    } else if (top) top.count = Number(m[1]);
  }
  return most;
}

/** Where a literal string that opened just before `from` ends (balanced parentheses, backslash escapes). */
function stringEnd(text: string, from: number): number {
  let open = 1;
  let i = from;
  for (; i < text.length && open > 0; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x28) open++;
    else if (c === 0x29) open--;
  }
  return i;
}

/**
 * Throws TOO_LARGE when the page tree counts more than MAX_PDF_PAGES, when one of the PDF's
 * streams decodes to more than the per-stream cap, or all of them together to more than the
 * per-document cap.
 *
 * Issue 19: decoding every stream here decoded a text PDF twice (here, then in pdf.js: ~5% of
 * reading it). A stream is decoded only while its bound says it might break a cap: none of a
 * short statement's (a 200-page one's flate streams cannot reach the document cap), and of a
 * long one the biggest first, until the bounds of the rest fit what is left.
 */
export function checkPdfStreams(data: Uint8Array, limits: StreamLimits = {}): void {
  const perStream = limits.perStreamBytes ?? MAX_STREAM_BYTES;
  const perDocument = limits.perDocumentBytes ?? MAX_DOCUMENT_STREAM_BYTES;
  const maxPages = limits.maxPages ?? MAX_PDF_PAGES;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const pages = pageTreeCount(buf);
  if (pages > maxPages) {
    throw new StatementError('TOO_LARGE', {
      userMessage: `The PDF has ${pages} pages; at most ${maxPages} can be processed at once.`,
      logMessage: `pdf: page tree counts ${pages} pages`,
    });
  }
  const streams = streamsOf(buf).map((s) => ({ ...s, bound: boundOf(s) }));
  // what all streams may decode to: actual sizes of those decoded, bounds of the others
  let total = streams.reduce((n, s) => n + s.bound, 0);
  streams.sort((a, b) => b.bound - a.bound || a.at - b.at);
  let decoded = 0;
  for (const s of streams) {
    if (s.bound <= perStream && total <= perDocument) return; // the rest are smaller still
    const size = decodedLength(buf.subarray(s.start, s.end), s.filters, perStream, s);
    if (size < 0) {
      throw tooMuch(
        `pdf: stream at byte ${s.at} (${s.filters.join(', ')}) decodes to over ${perStream} bytes`,
      );
    }
    total -= s.bound - size;
    decoded++;
  }
  if (total > perDocument) {
    throw tooMuch(`pdf: ${decoded} streams decode to over ${perDocument} bytes`);
  }
}
