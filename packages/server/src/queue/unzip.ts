// A .zip of statements, dropped as one file, becomes one job per statement inside. An XLSX is a
// zip too: that one is a workbook, not an archive. Sizes are checked from the central directory
// before inflating, and inflating is capped again, so a zip bomb is refused without expanding it.
import { inflateRawSync } from 'node:zlib';
import { BahiError } from '@bahi/core';
import { detectFileKind, zipEntries } from '@bahi/statements';

const LOC_SIG = 0x04034b50;

export type ZipFile = { name: string; bytes: Uint8Array };

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

/** Names the office's computers add that are not statements. */
function skipped(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') || base === 'Thumbs.db';
}

/**
 * The files inside an archive, at most `maxFiles`, each at most `maxFileBytes` and all together at
 * most `maxTotalBytes` (uncompressed). Throws ZipRefused with words for the user.
 */
export function unzipStatements(
  bytes: Uint8Array,
  limits: { maxFiles: number; maxFileBytes: number; maxTotalBytes: number },
): ZipFile[] {
  const entries = zipEntries(bytes);
  if (!entries) throw new ZipRefused('The .zip file is damaged and cannot be opened.');
  const files = entries.filter((e) => !skipped(e.name));
  if (files.length > limits.maxFiles)
    throw new ZipRefused(
      `The .zip holds ${files.length} files; at most ${limits.maxFiles} can be dropped at once.`,
    );
  const declared = files.reduce((n, e) => n + e.uncompressedSize, 0);
  if (declared > limits.maxTotalBytes || files.some((e) => e.uncompressedSize > limits.maxFileBytes))
    throw new ZipRefused('The files in the .zip are too large to read.');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: ZipFile[] = [];
  let total = 0;
  for (const e of files) {
    const name = e.name.split('/').pop() || e.name;
    const p = e.localHeaderOffset;
    if (p + 30 > buf.length || buf.readUInt32LE(p) !== LOC_SIG)
      throw new ZipRefused(`"${name}" in the .zip is damaged.`);
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    let content: Uint8Array;
    if (e.method === 0) content = new Uint8Array(data);
    else if (e.method === 8) {
      try {
        // The declared size may lie: the cap is the real limit.
        content = inflateRawSync(data, { maxOutputLength: limits.maxFileBytes });
      } catch {
        throw new ZipRefused(`"${name}" in the .zip is damaged or too large.`);
      }
    } else
      throw new ZipRefused(`"${name}" in the .zip is packed in a way we cannot open (method ${e.method}).`);
    total += content.length;
    if (total > limits.maxTotalBytes) throw new ZipRefused('The files in the .zip are too large to read.');
    if (content.length > 0) out.push({ name, bytes: content });
  }
  return out;
}
