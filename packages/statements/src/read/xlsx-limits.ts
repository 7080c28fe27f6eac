// Bounds on the work a workbook can ask for before it is decrypted or unpacked (issue 18): the
// key-derivation iteration count of an encrypted workbook (a 20 KB file with a huge count froze
// the API for 84 s), the number of worksheets, and a linear reading of a sheet's dimension.
// Kept apart from xlsx.ts, which only calls these.
import { createRequire } from 'node:module';
import { StatementError } from '../errors.ts';
import type { ZipEntry } from './zip.ts';

/**
 * Most hash iterations a workbook's password key may ask for. Excel writes 100,000 (the
 * specification allows up to 10,000,000). officecrypto-tool derives keys in plain JavaScript:
 * 100,000 iterations took 2.2 s here, so twice Excel's count bounds one attempt to ~5 s.
 */
export const MAX_SPIN_COUNT = 200_000;
/** Most worksheets in a workbook: far above any bank export or billing workbook. */
export const MAX_XLSX_SHEETS = 200;

interface CfbEntry {
  name: string;
  content?: Uint8Array | number[];
}
type CfbRead = (data: Buffer, opts: { type: 'buffer' }) => { FileIndex: CfbEntry[] };

let cfbRead: CfbRead | null = null;
/** The CFB reader officecrypto-tool itself opens containers with (its own dependency). */
function readCfb(bytes: Uint8Array): { FileIndex: CfbEntry[] } {
  if (!cfbRead) {
    const require = createRequire(createRequire(import.meta.url).resolve('officecrypto-tool'));
    cfbRead = (require('cfb') as { read: CfbRead }).read;
  }
  return cfbRead(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
}

/** Every spinCount attribute of an agile EncryptionInfo, in one linear pass. */
export function spinCounts(xml: string): number[] {
  const out: number[] = [];
  for (const m of xml.matchAll(/spinCount\s*=\s*["']\s*(\d{1,20})\s*["']/g)) out.push(Number(m[1]));
  return out;
}

/**
 * Refuses (TOO_LARGE) an encrypted workbook whose EncryptionInfo asks for more key-derivation
 * iterations than MAX_SPIN_COUNT, before any derivation runs. Standard encryption (version 3.2
 * or 4.2) has a fixed count of 50,000 and passes; a container that cannot be read is left to the
 * decryption, which fails on it.
 */
export function checkSpinCount(bytes: Uint8Array): void {
  let info: CfbEntry | undefined;
  try {
    info = readCfb(bytes).FileIndex.find((e) => e.name === 'EncryptionInfo');
  } catch {
    return;
  }
  if (!info?.content || info.content.length < 8) return;
  const content = Buffer.from(info.content);
  const major = content.readUInt16LE(0);
  const minor = content.readUInt16LE(2);
  if (!(major === 4 && minor === 4)) return;
  const counts = spinCounts(content.subarray(8).toString('utf8'));
  const most = Math.max(0, ...counts);
  if (most > MAX_SPIN_COUNT) {
    throw new StatementError('TOO_LARGE', {
      userMessage:
        'The Excel file is encrypted with a far stronger password setting than Excel uses and cannot be opened. Save it again from Excel and try again.',
      logMessage: `xlsx: spinCount ${most} over ${MAX_SPIN_COUNT}`,
    });
  }
}

/** Refuses (TOO_LARGE) a workbook with more worksheets than MAX_XLSX_SHEETS, from its zip directory. */
export function checkSheetCount(entries: ZipEntry[]): void {
  const sheets = entries.filter((e) =>
    /^xl\/(?:worksheets|chartsheets|dialogsheets)\/[^/]+\.xml$/.test(e.name),
  );
  if (sheets.length > MAX_XLSX_SHEETS) {
    throw new StatementError('TOO_LARGE', {
      userMessage: `The Excel file has ${sheets.length} sheets; at most ${MAX_XLSX_SHEETS} can be read.`,
      logMessage: `xlsx: ${sheets.length} sheets`,
    });
  }
}

/**
 * Rows declared by a sheet's `<dimension ref="A1:B1048576"/>`, or 0 when absent. Linear: the
 * element and its attribute are found by plain patterns with no nested repetition, and the
 * reference itself is at most a few characters long before it is looked at.
 */
export function declaredRowsLinear(sheetXmlStart: string): number {
  const at = /<(?:[A-Za-z_][\w.-]{0,30}:)?dimension[\s>/]/.exec(sheetXmlStart);
  if (!at) return 0;
  const tagEnd = sheetXmlStart.indexOf('>', at.index);
  const tag = sheetXmlStart.slice(at.index, tagEnd < 0 ? undefined : tagEnd);
  const ref = /\sref\s*=\s*"([^"]{0,40})"/.exec(tag)?.[1];
  if (!ref) return 0;
  // "A1", "A1:K250": the last row number.
  const m = /^[A-Z]{0,3}\d{0,7}(?::[A-Z]{0,3}(\d{1,7}))?$/.exec(ref);
  if (!m) return 0;
  const last = m[1] ?? /\d+$/.exec(ref)?.[0];
  return last ? Number(last) : 0;
}

/** How many of each counted element a workbook part holds (`over`: counting stopped at a limit). */
export interface ElementCount {
  counts: Map<string, number>;
  /** bytes inflated before the count ended */
  bytes: number;
}

/**
 * Counts elements named in `names` (local names: `row`, `c`, `si`; any namespace prefix) in one
 * zip entry's XML, inflating it a chunk at a time: at most one chunk (64 KB of input, its output)
 * is held, never the part. Stops as soon as `stop(counts)` says so, or past `maxBytes` inflated.
 * A part that cannot be inflated gives what was counted before (the workbook's load then fails
 * on it). Linear: one pattern with no nested repetition over each chunk, a tag's first few
 * characters carried to the next.
 */
export async function countZipElements(
  zip: Uint8Array,
  entry: ZipEntry,
  names: readonly string[],
  stop: (counts: Map<string, number>) => boolean,
  maxBytes: number,
): Promise<ElementCount> {
  const counts = new Map<string, number>(names.map((n) => [n, 0]));
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const p = entry.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) return { counts, bytes: 0 };
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const data = buf.subarray(start, Math.min(buf.length, start + entry.compressedSize));
  const pattern = new RegExp(`<(?:[A-Za-z_][\\w.-]{0,30}:)?(${names.join('|')})[\\s>/]`, 'g');
  let carry = '';
  let bytes = 0;
  let done = false;
  const scan = (chunk: Buffer): void => {
    bytes += chunk.length;
    const text = carry + chunk.toString('latin1');
    pattern.lastIndex = 0;
    let lastEnd = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      counts.set(m[1]!, counts.get(m[1]!)! + 1);
      lastEnd = pattern.lastIndex;
    }
    // A tag cut at the chunk's end: its start is looked at again with the next chunk.
    const lt = text.lastIndexOf('<');
    carry = lt >= lastEnd && text.length - lt <= 40 ? text.slice(lt) : '';
    if (stop(counts) || bytes > maxBytes) done = true;
  };
  const CHUNK = 64 * 1024;
  if (entry.method === 0) {
    for (let at = 0; at < data.length && !done; at += CHUNK) scan(data.subarray(at, at + CHUNK));
    return { counts, bytes };
  }
  if (entry.method !== 8) return { counts, bytes };
  const { createInflateRaw } = await import('node:zlib');
  const inflate = createInflateRaw({ chunkSize: CHUNK });
  const input = (async function* () {
    for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
  })();
  const { Readable } = await import('node:stream');
  const source = Readable.from(input);
  source.pipe(inflate);
  try {
    for await (const chunk of inflate) {
      scan(chunk as Buffer);
      if (done) break;
    }
  } catch {
    // damaged data: what was counted stands
  } finally {
    source.destroy();
    inflate.destroy();
  }
  return { counts, bytes };
}
