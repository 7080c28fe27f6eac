// Just enough of the zip format to size up an XLSX before unpacking it: the central directory's
// entries with their declared sizes, and the first bytes of one entry. A zip bomb is refused from
// these numbers without inflating it.
import { constants, inflateRawSync } from 'node:zlib';
import { StatementError } from '../errors.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/** Where the end record is (it is in the last 22 + 65535 (comment) bytes), -1 when none. */
function endRecord(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--)
    if (buf.readUInt32LE(i) === EOCD_SIG) return i;
  return -1;
}

/** Entries of the zip's central directory, or null when the bytes are not a readable zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = endRecord(buf);
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CEN_SIG) return null;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      uncompressedSize: buf.readUInt32LE(p + 24),
      localHeaderOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Up to ~`maxOut` bytes from the start of an entry, inflating only a prefix of its data. */
export function zipEntryPrefix(bytes: Uint8Array, entry: ZipEntry, maxOut = 16 * 1024): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const p = entry.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOC_SIG) return '';
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  // A few KB of deflate input is plenty for the sheet's opening elements; deflate expands at
  // most ~1032:1, so the output stays under a few MB whatever the file holds.
  const input = buf.subarray(start, Math.min(buf.length, start + entry.compressedSize, start + 4096));
  if (entry.method === 0) return input.toString('utf8');
  if (entry.method !== 8) return '';
  try {
    const out = inflateRawSync(input, {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: 8 * 1024 * 1024,
    });
    return out.subarray(0, maxOut).toString('utf8');
  } catch {
    return '';
  }
}

/** How far an archive of statements may go when opened (issue 33: every number is checked). */
export interface ArchiveLimits {
  /** files kept (the office computers' clutter is not counted) */
  maxFiles: number;
  /** one file, unpacked */
  maxFileBytes: number;
  /** all the files together, unpacked */
  maxTotalBytes: number;
  /**
   * unpacked size over packed size, for a file over `ratioFromBytes`: statements pack 3-15 times
   * (a CSV or a report of repeated spaces at most ~30), a zip bomb ~1,000 times
   */
  maxRatio: number;
  ratioFromBytes: number;
}

export interface ArchiveFile {
  /** the name inside the archive, without its folders */
  name: string;
  bytes: Uint8Array;
}

/** Names the office's computers add that are not statements. */
function clutter(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === 'Thumbs.db';
}

function refused(
  userMessage: string,
  logMessage: string,
  code: 'UNREADABLE' | 'TOO_LARGE' | 'UNSUPPORTED' = 'UNREADABLE',
) {
  return new StatementError(code, { userMessage, logMessage: `zip: ${logMessage}` });
}

/** Sizes a zip64 archive puts in its extra field instead: we do not open those. */
const ZIP64 = 0xffffffff;

/**
 * The statements inside a .zip dropped on the office queue, run in a reader process (never in the
 * server: a 31 KB zip of twelve overlapping entries used to become 300 MB in the request). Every
 * promise of the directory is checked before a byte is inflated: the number of files, each
 * declared size and their sum, the packing ratio, and that no two entries share bytes (overlapping
 * entries are how a small zip claims to hold many large files). Inflating is then capped at the
 * declared size, so a directory that lies is refused too. Throws StatementError with words for the
 * user.
 */
export function openArchive(bytes: Uint8Array, limits: ArchiveLimits): ArchiveFile[] {
  const entries = zipEntries(bytes);
  if (!entries) throw refused('The .zip file is damaged and cannot be opened.', 'no directory');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const files = entries.filter((e) => !clutter(e.name));
  if (files.length > limits.maxFiles)
    throw refused(
      `The .zip holds ${files.length} files; at most ${limits.maxFiles} can be dropped at once.`,
      `${files.length} entries`,
      'TOO_LARGE',
    );
  // Where each entry's bytes lie in the file: its local header, name, extra field and data.
  // The central directory starts where the last entry's bytes must end.
  const dirStart = buf.readUInt32LE(endRecord(buf) + 16);
  const spans: { start: number; end: number; dataStart: number }[] = [];
  for (const e of entries) {
    const p = e.localHeaderOffset;
    if (e.compressedSize === ZIP64 || e.uncompressedSize === ZIP64 || p === ZIP64)
      throw refused(
        'The .zip is packed in a way we cannot open (zip64). Zip the statements again.',
        'zip64',
        'UNSUPPORTED',
      );
    if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOC_SIG)
      throw refused(`"${e.name.split('/').pop() || e.name}" in the .zip is damaged.`, 'bad local header');
    const dataStart = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const end = dataStart + e.compressedSize;
    if (end > dirStart || end > buf.length)
      throw refused('The .zip file is damaged and cannot be opened.', 'entry past the directory');
    spans.push({ start: p, end, dataStart });
  }
  const order = spans.map((_, i) => i).sort((a, b) => spans[a].start - spans[b].start);
  for (let k = 1; k < order.length; k++) {
    if (spans[order[k]].start < spans[order[k - 1]].end)
      throw refused(
        'The files in the .zip overlap one another, a trick of zip bombs, so it was not opened.',
        'overlapping entries',
      );
  }
  let declared = 0;
  for (const e of files) {
    declared += e.uncompressedSize;
    if (e.uncompressedSize > limits.maxFileBytes || declared > limits.maxTotalBytes)
      throw refused('The files in the .zip are too large to read.', 'declared size', 'TOO_LARGE');
    if (
      e.uncompressedSize > limits.ratioFromBytes &&
      e.uncompressedSize > limits.maxRatio * Math.max(1, e.compressedSize)
    )
      throw refused(
        `A file in the .zip unpacks to more than ${limits.maxRatio} times its packed size, which no statement does, so the .zip was not opened.`,
        'ratio',
        'TOO_LARGE',
      );
  }
  const out: ArchiveFile[] = [];
  for (const e of files) {
    const name = e.name.split('/').pop() || e.name;
    const span = spans[entries.indexOf(e)];
    const data = buf.subarray(span.dataStart, span.end);
    let content: Uint8Array;
    if (e.method === 0) content = new Uint8Array(data);
    else if (e.method === 8) {
      try {
        // Never more than the directory said (checked against the limits above).
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, e.uncompressedSize) });
      } catch {
        throw refused(`"${name}" in the .zip is damaged or larger than the .zip says.`, 'inflate');
      }
    } else
      throw refused(
        `"${name}" in the .zip is packed in a way we cannot open (method ${e.method}).`,
        `method ${e.method}`,
        'UNSUPPORTED',
      );
    if (content.length !== e.uncompressedSize)
      throw refused(`"${name}" in the .zip is damaged or larger than the .zip says.`, 'size mismatch');
    if (content.length > 0) out.push({ name, bytes: content });
  }
  return out;
}
