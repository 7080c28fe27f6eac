// XLSX reader: every worksheet as dense rows of plain cells, read a row at a time (xlsx-rows.ts).
// Encrypted workbooks (an OOXML package inside a CFB container) are decrypted in memory with
// officecrypto-tool. The zip's declared sizes, each sheet's declared dimension and its counted rows
// and cells are checked before anything is parsed.
// exceljs takes ~0.3 s to load and officecrypto-tool ~0.15 s: only jobs that read a workbook (an
// encrypted one, for the second) pay for them.
import type ExcelJS from 'exceljs';
import { StatementError, errorKind } from '../errors.ts';
import type { Cell, Sheet } from '../source.ts';
import { cfbStreamNames, isCfb } from './cfb.ts';
import { checkSheetCount, checkSpinCount, countZipElements, declaredRowsLinear } from './xlsx-limits.ts';
import { readXlsxRows } from './xlsx-rows.ts';
import { MAX_TABLE_ROWS, tooManyRowsMessage } from './table-rows.ts';
import { zipEntries, zipEntryPrefix } from './zip.ts';

export { isCfb } from './cfb.ts';

export const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;
/**
 * Most cells (and shared strings) a workbook may hold, counted from its XML before it is read
 * (issue 33). The workbook is read a row at a time into plain cells (xlsx-rows.ts), ~0.2 KB a cell
 * with the shared strings: under a reader's heap of 512 MB (node --max-old-space-size=512), 200,000
 * rows of six columns took 327 MB, the same with every cell a different text 333 MB, 150,000 rows of
 * ten 349 MB (ExcelJS's whole workbook took 739 MB for 200,000 rows of five, and 418 MB for 75,000
 * of six). 1,000,000 is 125,000 rows (MAX_TABLE_ROWS) of eight columns. A delimited text's fields
 * are bounded by it too (delimited.ts), counted as its delimiter is judged.
 */
export const MAX_XLSX_CELLS = 1_000_000;

export const UNREADABLE_XLSX = 'The Excel file is damaged and cannot be read.';

/** An encrypted OOXML package: a CFB file holding an EncryptionInfo stream (an old .xls has none). */
export function isEncryptedOoxml(bytes: Uint8Array): boolean {
  return cfbStreamNames(bytes)?.includes('EncryptionInfo') ?? false;
}

async function decrypt(bytes: Uint8Array, password: string | undefined): Promise<Uint8Array> {
  if (!isEncryptedOoxml(bytes)) {
    throw new StatementError('UNSUPPORTED', {
      userMessage: 'Old-style .xls workbooks are not supported. Save the file as .xlsx and try again.',
      logMessage: 'xlsx: CFB container without EncryptionInfo',
    });
  }
  if (!password) {
    throw new StatementError('PASSWORD_REQUIRED', { logMessage: 'xlsx: password required' });
  }
  checkSpinCount(bytes);
  const { default: officeCrypto } = await import('officecrypto-tool');
  try {
    return await officeCrypto.decrypt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      password,
    });
  } catch (err) {
    if (err instanceof Error && /password is incorrect/i.test(err.message)) {
      throw new StatementError('WRONG_PASSWORD', { logMessage: 'xlsx: incorrect password' });
    }
    throw new StatementError('UNREADABLE', {
      userMessage: UNREADABLE_XLSX,
      logMessage: `xlsx: decrypt failed (${errorKind(err)})`,
    });
  }
}

/** Rows declared by a sheet's `<dimension ref="A1:B1048576"/>`, or 0 when absent. */
function declaredRows(sheetXmlStart: string): number {
  return declaredRowsLinear(sheetXmlStart);
}

/** Refuse a workbook whose unpacked size or declared row count is beyond any bank export. */
export function checkXlsxSize(zip: Uint8Array): void {
  const entries = zipEntries(zip);
  if (!entries) {
    throw new StatementError('UNREADABLE', {
      userMessage: UNREADABLE_XLSX,
      logMessage: 'xlsx: no zip central directory',
    });
  }
  if (!entries.some((e) => e.name === 'xl/workbook.xml')) {
    throw new StatementError('UNSUPPORTED', {
      userMessage: 'The file is a zip archive but not an Excel workbook.',
      logMessage: 'xlsx: no xl/workbook.xml',
    });
  }
  checkSheetCount(entries);
  let total = 0;
  for (const e of entries) {
    // 0xFFFFFFFF marks a zip64 size: far beyond any statement.
    total += e.uncompressedSize === 0xffffffff ? Infinity : e.uncompressedSize;
  }
  if (total > MAX_XLSX_UNPACKED_BYTES) {
    throw new StatementError('TOO_LARGE', {
      userMessage: 'The Excel file is too large to be a bank statement.',
      logMessage: `xlsx: ${total} bytes unpacked`,
    });
  }
  for (const e of entries) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(e.name)) continue;
    const rows = declaredRows(zipEntryPrefix(zip, e));
    if (rows > MAX_TABLE_ROWS) {
      throw new StatementError('TOO_LARGE', {
        userMessage: `The Excel file has too many rows (${rows}) to be a bank statement.`,
        logMessage: `xlsx: sheet declares ${rows} rows`,
      });
    }
  }
}

function tooLargeXlsx(userMessage: string, logMessage: string): StatementError {
  return new StatementError('TOO_LARGE', { userMessage, logMessage: `xlsx: ${logMessage}` });
}

/**
 * Refuse a workbook with more rows than MAX_TABLE_ROWS or more cells (or shared strings) than
 * MAX_XLSX_CELLS, counted from its sheets' XML a chunk at a time before the workbook is loaded
 * (the sheet's `<dimension>` may be absent or false; ExcelJS loads everything before a row can be
 * counted: a 200,000-row statement took its reader past 512 MB before being refused). Counting
 * stops at the first limit passed.
 */
export async function checkXlsxCells(zip: Uint8Array): Promise<void> {
  const entries = zipEntries(zip) ?? [];
  let rows = 0;
  let cells = 0;
  // Every XML part but the shared strings (a sheet is read by ExcelJS from xl/worksheets/, but a
  // part elsewhere costs nothing to count, and no other part holds rows or cells).
  for (const e of entries) {
    if (!/\.xml$/i.test(e.name) || e.name === 'xl/sharedStrings.xml') continue;
    const { counts, bytes } = await countZipElements(
      zip,
      e,
      ['row', 'c'],
      (n) => rows + n.get('row')! > MAX_TABLE_ROWS || cells + n.get('c')! > MAX_XLSX_CELLS,
      MAX_XLSX_UNPACKED_BYTES,
    );
    rows += counts.get('row')!;
    cells += counts.get('c')!;
    if (rows > MAX_TABLE_ROWS)
      throw tooLargeXlsx(tooManyRowsMessage('The Excel file'), `more than ${MAX_TABLE_ROWS} rows (counted)`);
    if (cells > MAX_XLSX_CELLS)
      throw tooLargeXlsx(
        `The Excel file has more than ${MAX_XLSX_CELLS.toLocaleString('en-IN')} cells: too large to be a bank statement. Split it into shorter periods and try again.`,
        `more than ${MAX_XLSX_CELLS} cells (counted)`,
      );
    if (bytes > MAX_XLSX_UNPACKED_BYTES)
      throw tooLargeXlsx(
        'The Excel file is too large to be a bank statement.',
        `${e.name} inflates past its size`,
      );
  }
  const strings = entries.find((e) => e.name === 'xl/sharedStrings.xml');
  if (strings) {
    const { counts } = await countZipElements(
      zip,
      strings,
      ['si'],
      (n) => n.get('si')! > MAX_XLSX_CELLS,
      MAX_XLSX_UNPACKED_BYTES,
    );
    if (counts.get('si')! > MAX_XLSX_CELLS)
      throw tooLargeXlsx(
        `The Excel file has more than ${MAX_XLSX_CELLS.toLocaleString('en-IN')} different texts: too large to be a bank statement.`,
        `more than ${MAX_XLSX_CELLS} shared strings (counted)`,
      );
  }
}

function isoDate(d: Date): string {
  // exceljs gives date cells as UTC midnight of the calendar date.
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
}

function plainCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value) || null;
  if (typeof value === 'object') {
    if ('richText' in value) return plainCell(value.richText.map((r) => r.text).join(''));
    if ('formula' in value || 'sharedFormula' in value) {
      return plainCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    }
    if ('text' in value) return plainCell((value as ExcelJS.CellHyperlinkValue).text);
    if ('error' in value) return null;
  }
  return null;
}

export interface XlsxReadResult {
  sheets: Sheet[];
}

export async function readXlsx(bytes: Uint8Array, opts: { password?: string } = {}): Promise<XlsxReadResult> {
  const zip = isCfb(bytes) ? await decrypt(bytes, opts.password) : bytes;
  checkXlsxSize(zip);
  await checkXlsxCells(zip);
  const sheets = await readXlsxRows(zip, zipEntries(zip) ?? [], plainCell, MAX_XLSX_CELLS, UNREADABLE_XLSX);
  let totalRows = 0;
  for (const sheet of sheets) {
    totalRows += sheet.rows.length;
    if (totalRows > MAX_TABLE_ROWS) {
      throw new StatementError('TOO_LARGE', {
        userMessage: 'The Excel file has too many rows to be a bank statement.',
        logMessage: `xlsx: ${totalRows} rows`,
      });
    }
  }
  return { sheets };
}

/** Does this workbook need a password? (An encrypted OOXML package always does.) */
export function xlsxNeedsPassword(bytes: Uint8Array): boolean {
  return isEncryptedOoxml(bytes);
}
