// The large files of bombs-bench.ts, written to disk as they are made (issue 33, session 10: the
// driver made its ten mixed files in memory and reached 9.5 GB before a server started). Text is
// generated a row at a time into a file; a zip's entry is deflated as a stream into a file of its
// own, then the zip is written around it; an old Excel workbook (SheetJS holds the whole sheet) is
// made in a child process of its own and kept for the next run. The bench uploads each file from
// disk (`openAsBlob`), so the driver holds none of them.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type WriteStream,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createDeflateRaw, crc32 } from 'node:zlib';

const here = fileURLToPath(import.meta.url);

/** Writes to a stream, waiting when its buffer is full (a file of any size at a few MB held). */
async function put(out: WriteStream, text: string | Buffer): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function close(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

/** A file of the generator's pieces, written as they come. */
export async function textFile(file: string, pieces: Iterable<string>): Promise<string> {
  const out = createWriteStream(file);
  for (const p of pieces) await put(out, p);
  await close(out);
  return file;
}

/** A file holding `bytes` (the small bombs, made in memory as before). */
export function bufferFile(file: string, bytes: Buffer): string {
  writeFileSync(file, bytes);
  return file;
}

type ZipEntry = { name: string; pieces: Iterable<string> };

/**
 * A deflated zip of the entries, each generated, deflated and summed (CRC-32) as a stream into a
 * file beside `file`, then copied into the zip after its local header: nothing whole in memory.
 */
export async function zipFile(file: string, entries: ZipEntry[]): Promise<string> {
  const parts: { name: Buffer; data: string; crc: number; size: number; packed: number }[] = [];
  for (const [i, e] of entries.entries()) {
    const data = `${file}.${i}.deflated`;
    let crc = 0;
    let size = 0;
    const sum = new Transform({
      transform(chunk: Buffer, _enc, done) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const bytes = (function* () {
      for (const p of e.pieces) yield Buffer.from(p, 'utf8');
    })();
    await pipeline(Readable.from(bytes), sum, createDeflateRaw(), createWriteStream(data));
    parts.push({ name: Buffer.from(e.name, 'utf8'), data, crc, size, packed: statSync(data).size });
  }
  const out = createWriteStream(file);
  const centrals: Buffer[] = [];
  let at = 0;
  for (const p of parts) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.packed, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(p.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.packed, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(p.name.length, 28);
    central.writeUInt32LE(at, 42);
    centrals.push(central, p.name);
    await put(out, local);
    await put(out, p.name);
    for await (const chunk of createReadStream(p.data)) await put(out, chunk as Buffer);
    rmSync(p.data);
    at += 30 + p.name.length + p.packed;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(at, 16);
  await put(out, dir);
  await put(out, end);
  await close(out);
  return file;
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet XLSX whose sheetData is the generator's rows (as bombs.ts workbookXlsx, streamed). */
export function workbookFile(file: string, rows: Iterable<string>): Promise<string> {
  return zipFile(file, [
    {
      name: '[Content_Types].xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
      ],
    },
    {
      name: '_rels/.rels',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/workbook.xml',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="S1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      pieces: (function* () {
        yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SHEET_NS}"><sheetData>`;
        yield* rows;
        yield '</sheetData></worksheet>';
      })(),
    },
  ]);
}

/** An XLSX statement of `rows` rows (date, narration, withdrawal, deposit, balance), a row at a time. */
export function statementXlsxFile(file: string, rows: number): Promise<string> {
  const cell = (ref: string, v: string | number) =>
    typeof v === 'number'
      ? `<c r="${ref}"><v>${v}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
  const heading = ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];
  return workbookFile(
    file,
    (function* () {
      yield `<row r="1">${heading.map((h, c) => cell(`${'ABCDE'[c]}1`, h)).join('')}</row>`;
      let balance = 1_000_000;
      for (let i = 0; i < rows; i++) {
        const r = i + 2;
        const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(i / 20) * 86_400_000);
        const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
        const amount = 100 + (i % 900);
        const out1 = i % 2 === 0;
        balance += out1 ? -amount : amount;
        yield `<row r="${r}">${cell(`A${r}`, date)}${cell(`B${r}`, `UPI/${100000 + i}/PAYEE ${i % 97}`)}${
          out1 ? cell(`C${r}`, amount) : ''
        }${out1 ? '' : cell(`D${r}`, amount)}${cell(`E${r}`, balance)}</row>`;
      }
    })(),
  );
}

/** An HTML table saved as .xls of `cells` cells of `pad` more characters each (rows of 24). */
export function htmlTableFile(file: string, cells: number, pad: number): Promise<string> {
  return textFile(
    file,
    (function* () {
      yield '<html><body><table>';
      for (let i = 0; i < cells;) {
        let r = '<tr>';
        for (let c = 0; c < 24 && i < cells; c++) r += `<td>${(i++).toString(36)}${'x'.repeat(pad)}`;
        yield r;
      }
      yield '</table></body></html>';
    })(),
  );
}

/** Where made old Excel workbooks are kept between runs (SheetJS takes minutes for 650,000 cells). */
const CACHE = path.join(os.tmpdir(), 'bahi-bench-files');

/**
 * An old Excel (BIFF8) workbook of `cells` numbers and strings, written by SheetJS in a child
 * process (its whole sheet in memory there, not in the driver), kept for the next run.
 */
export async function biffBookFile(cells: number): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const file = path.join(CACHE, `book-${cells}.xls`);
  if (existsSync(file)) return file;
  const child = fork(here, ['biff', String(cells), `${file}.part`], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`making book-${cells}.xls: exit ${code}`);
  renameSync(`${file}.part`, file);
  return file;
}

async function writeBiffBook(cells: number, file: string): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const cols = 20;
  const aoa = Array.from({ length: Math.ceil(cells / cols) }, (_, r) =>
    Array.from({ length: cols }, (_, c) => (c % 2 ? r * cols + c + 0.5 : `s${r * cols + c}`)),
  );
  const wb = XLSX.utils.book_new();
  // dense: a sheet of row arrays, not an object keyed by every cell's address
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { dense: true }), 'S');
  writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
}

if (process.argv[1] === here && process.argv[2] === 'biff')
  await writeBiffBook(Number(process.argv[3]), process.argv[4]!);
