// A .zip of statements, dropped as one file, becomes one job per statement inside. An XLSX is a
// zip too: that one is a workbook, not an archive. The archive is opened in a reader process
// (issue 33: inflating in the request froze the API, and a 31 KB zip of twelve overlapping entries
// became 300 MB), where every number of its directory is checked before a byte is inflated
// (@bahi/statements read/zip.ts openArchive).
import { BahiError } from '@bahi/core';
import {
  detectFileKind,
  isStatementError,
  openArchiveInReader,
  openArchiveIntoFolder,
  openArchiveFileIntoFolder,
  zipEntries,
  type ArchiveFile,
  type ArchiveLimits,
  type WrittenArchiveFile,
} from '@bahi/statements';

export type ZipFile = ArchiveFile;

/**
 * Unpacked over packed size beyond which a file in a zip is refused (when over 1 MB unpacked).
 * Statements pack 3-15 times (a CSV or a fixed-width report of repeated spaces up to ~30); deflate
 * reaches ~1,000, which is what a bomb uses.
 */
export const MAX_ZIP_RATIO = 100;
const RATIO_FROM_BYTES = 1024 * 1024;

/** A .zip refused, in words for the user (answered 400, BAD_REQUEST, like any bad request). */
export class ZipRefused extends BahiError {
  constructor(detail: string) {
    super('BAD_REQUEST', detail);
    this.name = 'ZipRefused';
  }

  get detail(): string {
    return this.userMessage;
  }
}

/** True for an archive of files (not a workbook, which is a zip of XML parts). */
export function isZipArchive(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  return detectFileKind(bytes) !== 'xlsx' && zipEntries(bytes) !== null;
}

/**
 * Bytes from a file's end that hold a workbook's whole central directory: the end record lies in
 * the last 22 + 65,535 bytes, and an XLSX's directory is a few KB.
 */
export const WORKBOOK_TAIL_BYTES = 256 * 1024;

/**
 * Whether a file of `size` bytes that starts with `head` (its first 4 bytes) and ends with `tail`
 * (its last min(size, WORKBOOK_TAIL_BYTES) bytes) is certainly a workbook, as a reader would decide
 * it (read/kind.ts detectFileKind: a zip whose directory names an `xl/` part). An office drop of a
 * workbook then goes to the queue at once instead of waiting behind statement reads for a reader
 * only to learn that it is no archive (seconds under load: decision 052, round eleven). False when
 * unsure (a directory outside the tail, one that does not read): a reader decides, as before.
 */
export function isWorkbookZip(head: Uint8Array, tail: Buffer, size: number): boolean {
  const local = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const empty = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x05 && head[3] === 0x06;
  if (!(local || empty) || tail.length < 22 || tail.length > size) return false;
  // the same end record a reader finds: the last one in the final 22 + 65,535 bytes
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 65535); i--)
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0 || (tail.length < size && tail.length - 22 - 65535 < 0)) return false;
  const shift = size - tail.length; // a file offset minus its place in `tail`
  const count = tail.readUInt16LE(eocd + 10);
  let p = tail.readUInt32LE(eocd + 16) - shift;
  if (p < 0) return false;
  let workbook = false;
  for (let n = 0; n < count; n++) {
    if (p + 46 > tail.length || tail.readUInt32LE(p) !== 0x02014b50) return false;
    const nameLen = tail.readUInt16LE(p + 28);
    if (tail.toString('utf8', p + 46, p + 46 + nameLen).startsWith('xl/')) workbook = true;
    p += 46 + nameLen + tail.readUInt16LE(p + 30) + tail.readUInt16LE(p + 32);
  }
  return workbook;
}

/**
 * The files inside an archive, at most `maxFiles`, each at most `maxFileBytes` and all together at
 * most `maxTotalBytes` (unpacked), opened in a reader process for `owner`. Throws ZipRefused with
 * words for the user (a reader's time or memory limit included).
 */
export async function unzipStatements(
  bytes: Uint8Array,
  limits: { maxFiles: number; maxFileBytes: number; maxTotalBytes: number },
  opts: { owner?: string; signal?: AbortSignal } = {},
): Promise<ZipFile[]> {
  return refusedInWords(() => openArchiveInReader(bytes, withRatio(limits), opts));
}

/**
 * The same, with the files written into `folder` by the reader (the office drop keeps them there:
 * their unpacked bytes never pass through the server, issue 33); their names there.
 */
export async function unzipStatementsInto(
  bytes: Uint8Array,
  limits: { maxFiles: number; maxFileBytes: number; maxTotalBytes: number },
  folder: string,
  opts: { owner?: string; signal?: AbortSignal } = {},
): Promise<WrittenArchiveFile[]> {
  return refusedInWords(() => openArchiveIntoFolder(bytes, withRatio(limits), folder, opts));
}

/**
 * The kept file `file` (`size` bytes) opened as an archive by a reader that reads it from the disk,
 * its files written into `folder`; undefined when it is no archive of files (a workbook, or a file
 * that only starts like a zip). The server holds none of its bytes (issue 33).
 */
export async function unzipFileInto(
  file: string,
  size: number,
  limits: { maxFiles: number; maxFileBytes: number; maxTotalBytes: number },
  folder: string,
  opts: { owner?: string; signal?: AbortSignal } = {},
): Promise<WrittenArchiveFile[] | undefined> {
  return refusedInWords(() => openArchiveFileIntoFolder(file, size, withRatio(limits), folder, opts));
}

const withRatio = (limits: {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}): ArchiveLimits => ({
  ...limits,
  maxRatio: MAX_ZIP_RATIO,
  ratioFromBytes: RATIO_FROM_BYTES,
});

/** A reader's refusal as ZipRefused with words for the user (its time or memory limit included). */
async function refusedInWords<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (err) {
    if (!isStatementError(err) || err.code === 'INTERNAL' || err.code === 'CANCELLED') throw err;
    throw new ZipRefused(err.code === 'TIMEOUT' ? 'The .zip took too long to open.' : err.userMessage);
  }
}
