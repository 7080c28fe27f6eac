// Fixture tool: turns a corpus file into a SourceDocument (JSON), using the minimal readers.
// Used by the fixture scripts and the corpus test until the READ engineer's reader lands.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import officeCrypto from 'officecrypto-tool';
import { readPdfPages } from '../../src/read/pdf.ts';
import type { Cell, Sheet, SourceDocument } from '../../src/source.ts';

export async function loadSource(file: string, password?: string | null): Promise<SourceDocument> {
  const bytes = await readFile(file);
  if (file.endsWith('.pdf')) {
    const pages = await readPdfPages(new Uint8Array(bytes), password || undefined);
    return { kind: 'pages', format: 'pdf', pages };
  }
  if (file.endsWith('.rpt')) {
    const text = bytes.toString('utf8');
    return { kind: 'lines', format: 'rpt', lines: text.split(/\r?\n/) };
  }
  if (file.endsWith('.xlsx')) {
    let buf: Buffer = bytes;
    if (officeCrypto.isEncrypted(buf)) buf = await officeCrypto.decrypt(buf, { password: password ?? '' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const sheets: Sheet[] = [];
    wb.eachSheet((ws) => {
      const rows: Cell[][] = [];
      for (let r = 1; r <= ws.rowCount; r++) {
        const row = ws.getRow(r);
        const cells: Cell[] = [];
        for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(cellValue(row.getCell(c).value));
        while (cells.length && cells[cells.length - 1] === null) cells.pop();
        rows.push(cells);
      }
      sheets.push({ name: ws.name, rows });
    });
    return { kind: 'sheets', format: 'xlsx', sheets };
  }
  throw new Error(`unsupported file ${file}`);
}

function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: string };
    if (o.richText) return o.richText.map((t) => t.text).join('');
    if (o.result !== undefined) return cellValue(o.result);
    if (typeof o.text === 'string') return o.text;
  }
  return String(v);
}
