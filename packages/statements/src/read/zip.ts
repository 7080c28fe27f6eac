// Just enough of the zip format to size up an XLSX before unpacking it: the central directory's
// entries with their declared sizes, and the first bytes of one entry. A zip bomb is refused from
// these numbers without inflating it.
import { constants, inflateRawSync } from 'node:zlib';

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

/** Entries of the zip's central directory, or null when the bytes are not a readable zip. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
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
