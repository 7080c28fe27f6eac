// Hostile files, generated on demand and never stored (issue 18): a flate bomb, an LZW bomb, deep
// nesting, a huge page count, a workbook with a huge key-iteration count and one with many sheets.
// Tests and benchmarks import the builders; run it to write them to a folder for manual probing:
//   node packages/statements/scripts/bombs.ts /tmp/bombs
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import officeCrypto from 'officecrypto-tool';

const MB = 1024 * 1024;

/** A PDF of the given objects (numbered from 1; object 1 must be the catalog), xref and trailer. */
export function pdfOf(objects: (string | Buffer)[], trailerExtra = ''): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let at = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(at);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    at += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${at}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object's body: the dictionary entries `dict`, /Length added, around `data`. */
export function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** One A4 page whose content stream is `content` under `filter` (a stream dictionary's /Filter entry, or any entries). */
export function onePage(filter: string, content: Buffer): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    streamObject(filter, content),
  ]);
}

/**
 * A zlib stream that inflates to `bytes` spaces, made without deflating them: one compressed
 * megabyte of spaces ending in a full flush is a self-contained run of deflate blocks, repeated.
 */
export function zlibBomb(bytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MB, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const n = Math.ceil(bytes / MB);
  const total = n * MB;
  // adler32 of `total` bytes of 0x20: a = 1 + 32 t, b = t + 32 t (t + 1) / 2 (mod 65521), in BigInt.
  const t = BigInt(total);
  const a = (1n + 32n * t) % 65521n;
  const b = (t + (32n * t * (t + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(n).fill(block),
    Buffer.from([0x03, 0x00]), // the final, empty, fixed-Huffman block
    adler,
  ]);
}

/** A one-page PDF whose content stream inflates to `bytes` (default 1 GiB) of spaces. */
export function flateBombPdf(bytes = 1024 * MB): Buffer {
  return onePage('/Filter /FlateDecode', zlibBomb(bytes));
}

/**
 * The flate bomb behind an ASCIIHexDecode filter: the stream's data is hex text with no zlib
 * header; the pre-scan (src/read/pdf-streams.ts) reads the filter chain from the dictionary and
 * decodes both steps under its cap. ~2 MB for 1 GiB.
 */
export function hexFlateBombPdf(bytes = 1024 * MB): Buffer {
  return onePage(
    '/Filter [/ASCIIHexDecode /FlateDecode]',
    Buffer.from(zlibBomb(bytes).toString('hex') + '>', 'latin1'),
  );
}

/**
 * The hex-wrapped flate bomb with its filters named through an indirect reference
 * (`/Filter 5 0 R`): the pre-scan does not follow references, so this is what only the reader
 * process's memory limits stop (the watchdog, the hard limit; decision 027).
 */
export function indirectFilterBombPdf(bytes = 1024 * MB): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>',
    streamObject('/Filter 5 0 R', Buffer.from(zlibBomb(bytes).toString('hex') + '>', 'latin1')),
    '[/ASCIIHexDecode /FlateDecode]',
  ]);
}

/**
 * A one-page PDF whose content stream is LZW: after a clear code and one literal, codes 258 to
 * 4094 (each one zero longer than the last), then code 4094 (3,838 zeros) `codes` times over:
 * 1 + (2 + ... + 3838) + 3838 * codes bytes, ~2.3 GB by default from under 1 MB.
 */
export function lzwBombPdf(codes = 600_000): Buffer {
  // Codes 258.. each extend the previous string by one 0x00: 0, 258 (00 00), 259 (000) ... 4095.
  const seq: number[] = [256, 0];
  for (let c = 258; c <= 4094; c++) seq.push(c);
  for (let i = 0; i < codes; i++) seq.push(4094);
  seq.push(257);
  // Widths as pdf.js reads them (EarlyChange 1): 9 bits until the table holds 511 entries, etc.
  let next = 258;
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (let i = 0; i < seq.length; i++) {
    const width = next + 1 < 512 ? 9 : next + 1 < 1024 ? 10 : next + 1 < 2048 ? 11 : 12;
    acc = (acc << width) | seq[i];
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
    if (i >= 2 && next < 4096) next++;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return onePage('/Filter /LZWDecode', Buffer.from(out));
}

/** A PDF whose page dictionary holds arrays nested `depth` deep. */
export function deepNestingPdf(depth = 100_000): Buffer {
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
  ]);
}

/** A PDF with `count` real (empty) pages: a few MB, far past any statement's page count. */
export function hugePageCountPdf(count = 100_000): Buffer {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} /MediaBox [0 0 595 842] >>`,
    ...Array<string>(count).fill('<< /Type /Page /Parent 2 0 R >>'),
  ]);
}

/**
 * A zip of the entries, stored (uncompressed) or, with `deflate`, deflated; an entry's `declared`
 * overrides the uncompressed size its headers claim (a lying directory).
 */
export function zipOf(
  entries: { name: string; data: Buffer | string; declared?: number }[],
  { deflate = false } = {},
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  for (const e of entries) {
    const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
    const data = deflate ? deflateRawSync(raw) : raw;
    const method = deflate ? 8 : 0;
    const size = e.declared ?? raw.length;
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(at, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    at += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(at, 16);
  return Buffer.concat([...locals, dir, end]);
}

/**
 * The probe's zip of issue 33: one deflated entry of `size` zeros (~1,000 times smaller) and a
 * directory of `count` entries that all point at it, so ~31 KB claims 12 files of 25 MB. Each
 * entry alone is well formed (its CRC and sizes are right); only their overlap is the trick.
 */
export function overlappingZip(count = 12, size = 25 * MB, name = 'statement.pdf'): Buffer {
  const one = zipOf([{ name, data: Buffer.alloc(size) }], { deflate: true });
  const dirAt = one.readUInt32LE(one.length - 22 + 16);
  const dirLen = one.readUInt32LE(one.length - 22 + 12);
  const central = one.subarray(dirAt, dirAt + dirLen);
  const centrals: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    // Same length names, so the template's name length field stays right.
    const c = Buffer.from(central);
    const entryName = Buffer.from(`${String(i).padStart(2, '0')}-${name}`.slice(0, name.length), 'utf8');
    entryName.copy(c, 46);
    centrals.push(c);
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.from(one.subarray(one.length - 22));
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(dirAt, 16);
  return Buffer.concat([one.subarray(0, dirAt), dir, end]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A valid XLSX with `sheets` worksheets, each holding `sheetXml` as its sheetData (default: one row). */
export function workbookXlsx(
  sheets = 1,
  sheetData = '<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>',
  { deflate = false } = {},
): Buffer {
  const ids = Array.from({ length: sheets }, (_, i) => i + 1);
  return zipOf(
    [
      {
        name: '[Content_Types].xml',
        data:
          `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          ids
            .map(
              (i) =>
                `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
            )
            .join('') +
          `</Types>`,
      },
      {
        name: '_rels/.rels',
        data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: 'xl/workbook.xml',
        data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets>${ids
          .map((i) => `<sheet name="S${i}" sheetId="${i}" r:id="rId${i}"/>`)
          .join('')}</sheets></workbook>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${ids
          .map(
            (i) =>
              `<Relationship Id="rId${i}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i}.xml"/>`,
          )
          .join('')}</Relationships>`,
      },
      ...ids.map((i) => ({
        name: `xl/worksheets/sheet${i}.xml`,
        data: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>${sheetData}</sheetData></worksheet>`,
      })),
    ],
    { deflate },
  );
}

/** A workbook with `sheets` worksheets (default 5,000). */
export function manySheetsXlsx(sheets = 5000): Buffer {
  return workbookXlsx(sheets);
}

/**
 * A worksheet whose dimension element is a long run of letters and digits: a backtracking
 * pattern over it is quadratic.
 */
export function dimensionBombXlsx(length = 16_000): Buffer {
  const zip = workbookXlsx(1);
  // The dimension sits before sheetData, as Excel writes it; the zip is rebuilt around it.
  const ref = 'A'.repeat(length / 2) + '1'.repeat(length / 2);
  return zipOf(
    unzipStored(zip).map((e) =>
      e.name === 'xl/worksheets/sheet1.xml'
        ? {
            name: e.name,
            data: e.data.toString('utf8').replace('<sheetData>', `<dimension ref="${ref}<sheetData>`),
          }
        : e,
    ),
  );
}

function unzipStored(zip: Buffer): { name: string; data: Buffer }[] {
  const out: { name: string; data: Buffer }[] = [];
  let p = 0;
  while (zip.readUInt32LE(p) === 0x04034b50) {
    const size = zip.readUInt32LE(p + 18);
    const nameLen = zip.readUInt16LE(p + 26);
    const name = zip.toString('utf8', p + 30, p + 30 + nameLen);
    out.push({ name, data: zip.subarray(p + 30 + nameLen, p + 30 + nameLen + size) });
    p += 30 + nameLen + size;
  }
  return out;
}

interface CfbEntry {
  name: string;
  content: Buffer | Uint8Array;
}
interface CfbApi {
  read(data: Buffer, opts: { type: 'buffer' }): { FileIndex: CfbEntry[]; FullPaths: string[] };
  write(cfb: unknown, opts: { type: 'buffer' }): Buffer;
}
/** The CFB library officecrypto-tool itself reads containers with. */
export function cfbLib(): CfbApi {
  const fromCrypto = createRequire(createRequire(import.meta.url).resolve('officecrypto-tool'));
  return fromCrypto('cfb') as CfbApi;
}

/**
 * An encrypted workbook (agile encryption, password `password`) whose key derivation asks for
 * `spinCount` hash iterations (Excel uses 100,000; a large count froze the API for 84 s).
 */
export async function hugeSpinCountXlsx(spinCount = 2_000_000_000, password = 'pw'): Promise<Buffer> {
  const plain = workbookXlsx(1);
  const encrypted: Buffer = await officeCrypto.encrypt(plain, { password });
  const CFB = cfbLib();
  const doc = CFB.read(encrypted, { type: 'buffer' });
  const info = doc.FileIndex.find((e) => e.name === 'EncryptionInfo');
  if (!info) throw new Error('no EncryptionInfo');
  const content = Buffer.from(info.content);
  const xml = content
    .subarray(8)
    .toString('utf8')
    .replace(/spinCount="\d+"/g, `spinCount="${spinCount}"`);
  info.content = Buffer.concat([content.subarray(0, 8), Buffer.from(xml, 'utf8')]);
  return CFB.write(doc, { type: 'buffer' });
}

/** Every bomb, by file name, for the benchmark and for manual probing. */
export async function allBombs(): Promise<Record<string, Buffer>> {
  return {
    'flate-1gib.pdf': flateBombPdf(),
    'hex-flate-1gib.pdf': hexFlateBombPdf(),
    'lzw.pdf': lzwBombPdf(),
    'deep-nesting.pdf': deepNestingPdf(),
    'huge-page-count.pdf': hugePageCountPdf(),
    'huge-spin-count.xlsx': await hugeSpinCountXlsx(),
    'many-sheets.xlsx': manySheetsXlsx(),
    'dimension.xlsx': dimensionBombXlsx(),
    'overlapping.zip': overlappingZip(),
  };
}

if (import.meta.main) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/bombs.ts <folder>');
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(await allBombs())) {
    writeFileSync(path.join(dir, name), bytes);
    console.log(`${name}\t${bytes.length} bytes`);
  }
}
