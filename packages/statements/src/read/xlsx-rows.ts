// A workbook's sheets as plain rows, read a row at a time (issue 33): ExcelJS's `xlsx.load` holds
// the whole package inflated (JSZip), each sheet's XML as one string, its parsed model and then a
// Row and Cell object for every cell (~0.6-0.8 KB a cell: 200,000 rows of five cells took a reader
// to 739 MB). Here each part is inflated a chunk at a time into ExcelJS's own parsers (the same
// xforms `load` uses, so values, shared strings, dates, formulas' results and rich text read the
// same), and each row, as soon as it is parsed, is reconciled and turned into plain cells by an
// ExcelJS Row of its own, then dropped. What is held is the plain rows, the shared strings and the
// styles. Merged ranges (listed after a sheet's rows) are applied at the end as ExcelJS applies them:
// every cell of a range but its first takes the first's value.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { StatementError, errorKind } from '../errors.ts';
import type { Cell, Sheet } from '../source.ts';
import type { ZipEntry } from './zip.ts';

type Any = any;

/** ExcelJS's internal modules (the package has no `exports` map; these are what `xlsx.load` uses). */
interface Internals {
  WorkbookXform: Any;
  RelationshipsXform: Any;
  SharedStringsXform: Any;
  StylesXform: Any;
  WorksheetXform: Any;
  Row: Any;
  Range: Any;
  Workbook: Any;
  Worksheet: Any;
}
let internals: Internals | null = null;
function exceljs(): Internals {
  if (!internals) {
    const require = createRequire(import.meta.url);
    const lib = path.join(path.dirname(require.resolve('exceljs/package.json')), 'lib');
    const load = (p: string) => require(path.join(lib, p));
    internals = {
      WorkbookXform: load('xlsx/xform/book/workbook-xform.js'),
      RelationshipsXform: load('xlsx/xform/core/relationships-xform.js'),
      SharedStringsXform: load('xlsx/xform/strings/shared-strings-xform.js'),
      StylesXform: load('xlsx/xform/style/styles-xform.js'),
      WorksheetXform: load('xlsx/xform/sheet/worksheet-xform.js'),
      Row: load('doc/row.js'),
      Range: load('doc/range.js'),
      Workbook: load('doc/workbook.js'),
      Worksheet: load('doc/worksheet.js'),
    };
  }
  return internals;
}

/** A zip entry's text a chunk (at most 16 K characters) at a time, inflated as it is read. */
async function* entryText(zip: Uint8Array, entry: ZipEntry): AsyncGenerator<string> {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const p = entry.localHeaderOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) throw new Error('no local header');
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  const data = buf.subarray(start, Math.min(buf.length, start + entry.compressedSize));
  const decoder = new TextDecoder('utf-8');
  const CHUNK = 16 * 1024;
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += CHUNK)
      yield decoder.decode(data.subarray(at, at + CHUNK), { stream: true });
  } else if (entry.method === 8) {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    const source = Readable.from(
      (function* () {
        for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
      })(),
    );
    source.pipe(inflate);
    try {
      for await (const chunk of inflate) yield decoder.decode(chunk as Buffer, { stream: true });
    } finally {
      source.destroy();
      inflate.destroy();
    }
  } else {
    throw new Error(`zip method ${entry.method}`);
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** One sheet's plain rows (row n at n - 1; rows never seen are empty) and its merged ranges. */
interface SheetRows {
  rows: Cell[][];
  merges: string[];
}

/**
 * Reads a sheet's XML, turning each row into plain cells by `plain` as soon as it is parsed. The
 * sheet's parser is ExcelJS's WorksheetXform, whose list of rows is replaced by one that keeps none.
 */
async function readSheet(
  zip: Uint8Array,
  entry: ZipEntry,
  options: Any,
  plain: (row: Any) => { number: number; cells: Cell[] },
): Promise<SheetRows> {
  const { WorksheetXform } = exceljs();
  const xform = new WorksheetXform({});
  const list = xform.map.sheetData;
  const rows: Cell[][] = [];
  const open = list.parseOpen.bind(list);
  list.parseOpen = (node: Any) => {
    const answer = open(node);
    // the list of rows begins: rows go to `rows` as plain cells, the parsed ones are not kept
    if (node.name === list.tag && Array.isArray(list.model)) {
      list.model = {
        length: 0,
        push: (row: Any) => {
          const { number, cells } = plain(row);
          if (Number.isInteger(number) && number >= 1) {
            while (rows.length < number - 1) rows.push([]);
            rows[number - 1] = cells;
          }
        },
      };
    }
    return answer;
  };
  const model = await xform.parseStream(entryText(zip, entry));
  void options;
  return { rows, merges: (model?.mergeCells ?? []) as string[] };
}

/** Every cell of each merged range but its first takes the first's value (ExcelJS's `load`). */
function applyMerges(sheet: SheetRows, maxCells: number): void {
  const { Range } = exceljs();
  // the cells merged so far: two ranges sharing one fail the load, as in ExcelJS (linear, where
  // comparing every pair of ranges is not: a statement may merge two cells on each of its rows)
  const covered = new Set<number>();
  for (const merge of sheet.merges) {
    const range = new Range(merge);
    const cellsOf = (range.bottom - range.top + 1) * (range.right - range.left + 1);
    if (!(cellsOf > 0)) continue;
    if (covered.size + cellsOf > maxCells) {
      throw new StatementError('TOO_LARGE', {
        userMessage: 'The Excel file merges too many cells to be a bank statement.',
        logMessage: `xlsx: merged ranges cover more than ${maxCells} cells`,
      });
    }
    for (let r = range.top; r <= range.bottom; r++) {
      for (let c = range.left; c <= range.right; c++) {
        const key = r * 20_000 + c;
        if (covered.has(key)) throw new Error('Cannot merge already merged cells');
        covered.add(key);
      }
    }
    const value = sheet.rows[range.top - 1]?.[range.left - 1] ?? null;
    for (let r = range.top; r <= range.bottom; r++) {
      while (sheet.rows.length < r) sheet.rows.push([]);
      const row = sheet.rows[r - 1]!;
      for (let c = range.left; c <= range.right; c++) {
        if (r === range.top && c === range.left) continue;
        while (row.length < c) row.push(null);
        row[c - 1] = value;
      }
      while (row.length > 0 && row[row.length - 1] === null) row.pop();
    }
  }
}

/**
 * The workbook's worksheets (in the workbook's order, as ExcelJS's `wb.worksheets`) as plain rows.
 * `plainCell` turns an ExcelJS cell value into a plain cell; `maxCells` bounds what merged ranges
 * may add. A part that cannot be parsed fails UNREADABLE with `unreadable`.
 */
export async function readXlsxRows(
  zip: Uint8Array,
  entries: ZipEntry[],
  plainCell: (value: Any) => Cell,
  maxCells: number,
  unreadable: string,
): Promise<Sheet[]> {
  try {
    return await readRows(zip, entries, plainCell, maxCells);
  } catch (err) {
    if (err instanceof StatementError) throw err;
    throw new StatementError('UNREADABLE', {
      userMessage: unreadable,
      logMessage: `xlsx: load failed (${errorKind(err)})`,
    });
  }
}

async function readRows(
  zip: Uint8Array,
  entries: ZipEntry[],
  plainCell: (value: Any) => Cell,
  maxCells: number,
): Promise<Sheet[]> {
  const x = exceljs();
  // names as ExcelJS's load reads them (a leading '/' dropped)
  const byName = new Map(entries.map((e) => [e.name.replace(/^\//, ''), e]));
  const parse = async (xform: Any, name: string) => {
    const entry = byName.get(name);
    return entry ? xform.parseStream(entryText(zip, entry)) : undefined;
  };
  const workbook = await parse(new x.WorkbookXform(), 'xl/workbook.xml');
  const workbookRels = await parse(new x.RelationshipsXform(), 'xl/_rels/workbook.xml.rels');
  let sharedStrings: Any;
  if (byName.has('xl/sharedStrings.xml')) {
    sharedStrings = new x.SharedStringsXform();
    await parse(sharedStrings, 'xl/sharedStrings.xml');
  }
  let styles: Any;
  if (byName.has('xl/styles.xml')) {
    styles = new x.StylesXform();
    await parse(styles, 'xl/styles.xml');
  }
  // what WorksheetXform.reconcile gives each row (no hyperlinks: a hyperlink's cell reads as its text)
  const options = {
    styles,
    sharedStrings,
    date1904: workbook?.properties?.date1904,
    hyperlinkMap: {},
    formulae: {} as Record<string, string>,
  };
  // a Row needs a worksheet for its columns; one that keeps no rows serves every row
  const scratchBook = new x.Workbook();
  const scratch = scratchBook.addWorksheet('rows');
  const rowXform = new x.WorksheetXform({}).map.sheetData.childXform;
  const plain = (model: Any) => {
    model.cells = (model.cells ?? []).filter(Boolean);
    rowXform.reconcile(model, options);
    const row = new x.Row(scratch, model.number);
    row.model = model;
    const cells: Cell[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(plainCell(row.getCell(c).value));
    while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
    return { number: model.number as number, cells };
  };
  // every sheet in the zip's order; the workbook's list gives those it names their name and id
  const worksheetHash: Record<string, Any> = {};
  const worksheets: Any[] = [];
  for (const [name, entry] of byName) {
    if (!/xl\/worksheets\/sheet(\d+)[.]xml/.test(name)) continue;
    options.formulae = {};
    const sheet = await readSheet(zip, entry, options, plain);
    applyMerges(sheet, maxCells);
    worksheetHash[name] = { sheet };
    worksheets.push(worksheetHash[name]);
  }
  // names, ids and order as ExcelJS's WorkbookXform.reconcile and Workbook.worksheets give them
  const model: Any = {
    sheets: workbook?.sheets,
    definedNames: workbook?.definedNames,
    workbookRels,
    worksheetHash,
    media: [],
  };
  new x.WorkbookXform().reconcile(model);
  const byId: Any[] = [];
  for (const ws of worksheets) {
    byId[ws.id] = { ws, orderNo: model.sheets && model.sheets.findIndex((s: Any) => s.id === ws.id) };
  }
  return byId
    .slice(1)
    .sort((a, b) => a.orderNo - b.orderNo)
    .filter(Boolean)
    .map(({ ws, orderNo }) => ({
      // the name as an ExcelJS worksheet takes it (refused or cut as its load did)
      name: new x.Worksheet({ id: ws.id, name: ws.name, orderNo, state: ws.state, workbook: scratchBook })
        .name as string,
      rows: ws.sheet.rows as Cell[][],
    }));
}
