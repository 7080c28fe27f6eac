// What a file is, judged by its content (magic bytes), never by its name.
import { cfbStreamNames, isCfb } from './cfb.ts';
import { isHtmlTable } from './html.ts';
import { zipEntries } from './zip.ts';

export type FileKind =
  | 'pdf'
  | 'xlsx'
  | 'xlsx-encrypted'
  /** old Excel: a BIFF workbook in a CFB container (possibly password-protected) */
  | 'xls'
  /** an HTML document with a table, as net-banking portals save an "Excel" download */
  | 'html-table'
  | 'png'
  | 'jpeg'
  | 'webp'
  | 'gif'
  | 'rpt'
  /** recognised so the refusal can name it: neither canvas nor our OCR pipeline decodes it */
  | 'tiff'
  | 'heic'
  | 'empty'
  | 'unknown';

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  return sig.every((b, i) => bytes[i] === b);
}

/** Mostly printable text: allow tabs, line breaks and form feeds; no NULs. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  let bad = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) bad++;
  }
  return bad / sample.length < 0.01;
}

export function detectFileKind(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) return 'empty';
  // Some producers put a few bytes before the header; pdf.js accepts that, so do we.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    const entries = zipEntries(bytes);
    return entries?.some((e) => e.name.startsWith('xl/')) ? 'xlsx' : 'unknown';
  }
  if (isCfb(bytes)) {
    const streams = cfbStreamNames(bytes);
    if (streams?.includes('EncryptionInfo')) return 'xlsx-encrypted';
    // A damaged container is still an .xls to the reader, which says it is damaged.
    if (!streams || streams.includes('Workbook') || streams.includes('Book')) return 'xls';
    return 'unknown';
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  // RIFF....WEBP
  if (
    startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50])
  ) {
    return 'webp';
  }
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  // II*\0 or MM\0*
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return 'tiff';
  }
  // ISO media file of an iPhone photo: ....ftypheic (or heix, hevc, mif1, msf1)
  if (/^ftyp(hei[cxsm]|hev[cx]|mif1|msf1)$/.test(Buffer.from(bytes.subarray(4, 12)).toString('latin1'))) {
    return 'heic';
  }
  if (looksLikeText(bytes)) return isHtmlTable(bytes) ? 'html-table' : 'rpt';
  return 'unknown';
}
