// Old Excel (.xls, BIFF5/BIFF8 inside a CFB container): the format of HDFC, ICICI and SBI net-banking
// downloads. SheetJS (@e965/xlsx) reads the workbook; every sheet becomes the same dense rows of
// plain cells the XLSX reader gives. A password-protected workbook (FilePass record: XOR or RC4) is
// decrypted in memory by officecrypto-tool first. SheetJS takes ~0.1 s to load and officecrypto-tool
// ~0.15 s (issue 19): only jobs that read an .xls pay for them.
import { createRequire } from 'node:module';
import { StatementError, errorKind } from '../errors.ts';
import { cfbStream } from './cfb.ts';
import type { Cell, Sheet } from '../source.ts';
import { MAX_TABLE_ROWS } from './table-rows.ts';
import { UNREADABLE_XLSX, type XlsxReadResult } from './xlsx.ts';

/**
 * A BIFF file is read whole into SheetJS's cell objects (~50 bytes of heap per byte of cell
 * records), so the file itself is bounded: a year of daily transactions is well under 2 MB.
 */
export const MAX_XLS_BYTES = 16 * 1024 * 1024;
/** Decryption copies the workbook stream into a JS array of numbers: smaller bound. */
export const MAX_ENCRYPTED_XLS_BYTES = 8 * 1024 * 1024;
/**
 * Cells of all sheets (or HTML tables) together, empty ones inside a row included (a year of daily
 * rows is ~50,000), counted as the table is built: past it the file is refused. Issue 33: ten
 * hostile HTML tables at 5,000,000 cells each held two readers near their 512 MB cap (1,280 MB with
 * the server). Measured in one process (`runJob`, V8 old space 512 MB as a reader has): an HTML
 * table of 1,490,000 cells peaked at 532 MB, of 600,000 at 397 MB, of 300,000 cells of 80
 * characters (23.7 MB) at 430 MB. 600,000 is twelve years of daily rows.
 */
export const MAX_SHEET_CELLS = 600_000;
/**
 * Cell records (and shared strings) of a BIFF workbook, counted from its records before SheetJS
 * builds a cell object for each: SheetJS holds ~770 bytes a cell (a 13.8 MB workbook of 650,000
 * cells took a process from 142 to 640 MB; 199,000 cells, 4.2 MB: 412 MB), so 200,000, four years
 * of daily rows (issue 33). One such file is read at a time (schedule.ts, heavy jobs).
 */
export const MAX_XLS_CELLS = 200_000;
/** Most sheets (or HTML tables) in a workbook: far above any bank export. */
export const MAX_XLS_SHEETS = 200;
/** BIFF8 has 256 columns; anything wider than this is not a statement. */
const MAX_XLS_COLUMNS = 1024;

const tooLarge = (logMessage: string) =>
  new StatementError('TOO_LARGE', {
    userMessage: 'The Excel file is too large to be a bank statement.',
    logMessage,
  });

/** BIFF records that make cells, and how many each makes from its data length. */
const CELL_RECORDS = new Map<number, (len: number) => number>([
  [0x0006, () => 1], // FORMULA
  [0x00fd, () => 1], // LABELSST
  [0x0201, () => 1], // BLANK
  [0x0203, () => 1], // NUMBER
  [0x0204, () => 1], // LABEL
  [0x0205, () => 1], // BOOLERR
  [0x027e, () => 1], // RK
  [0x00d6, () => 1], // RSTRING
  [0x00bd, (len) => Math.max(1, Math.floor((len - 6) / 6))], // MULRK
  [0x00be, (len) => Math.max(1, Math.floor((len - 6) / 2))], // MULBLANK
]);
const SST = 0x00fc;

/**
 * The cells a BIFF workbook's records make, and the shared strings its SST declares: one pass over
 * record headers (type, length), stopping as soon as `max` is passed. 0 when the workbook stream
 * is small (in the mini stream) or cannot be found: SheetJS then reads it, as before.
 */
export function countXlsCells(bytes: Uint8Array, max = MAX_XLS_CELLS): number {
  const stream = cfbStream(bytes, ['Workbook', 'Book']);
  if (!stream) return 0;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let cells = 0;
  for (let at = 0; at + 4 <= stream.length && cells <= max;) {
    const type = view.getUint16(at, true);
    const len = view.getUint16(at + 2, true);
    const count = CELL_RECORDS.get(type);
    if (count) cells += count(len);
    else if (type === SST && len >= 8 && at + 12 <= stream.length) cells += view.getUint32(at + 8, true);
    at += 4 + len;
  }
  return cells;
}

type OfficeCrypto = typeof import('officecrypto-tool');
let officeCryptoModule: OfficeCrypto | null = null;
/** officecrypto-tool (CommonJS), loaded on first use: its check for a password is synchronous. */
function officeCrypto(): OfficeCrypto {
  officeCryptoModule ??= createRequire(import.meta.url)('officecrypto-tool') as OfficeCrypto;
  return officeCryptoModule;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Is this BIFF workbook encrypted (a FilePass record right after the first BOF)? */
export function xlsNeedsPassword(bytes: Uint8Array): boolean {
  try {
    return officeCrypto().isEncrypted(asBuffer(bytes));
  } catch {
    return false;
  }
}

async function decrypt(bytes: Uint8Array, password: string | undefined): Promise<Uint8Array> {
  if (!password) throw new StatementError('PASSWORD_REQUIRED', { logMessage: 'xls: password required' });
  if (bytes.length > MAX_ENCRYPTED_XLS_BYTES) throw tooLarge(`xls: ${bytes.length} bytes encrypted`);
  try {
    return await officeCrypto().decrypt(asBuffer(bytes), { password });
  } catch (err) {
    if (err instanceof Error && /password is incorrect/i.test(err.message)) {
      throw new StatementError('WRONG_PASSWORD', { logMessage: 'xls: incorrect password' });
    }
    if (err instanceof Error && /unsupported encryption/i.test(err.message)) {
      throw new StatementError('UNSUPPORTED', {
        userMessage:
          'This password-protected .xls workbook uses an encryption we cannot open. Open it in Excel, remove the password, and upload it again.',
        logMessage: 'xls: unsupported encryption',
      });
    }
    throw new StatementError('UNREADABLE', {
      userMessage: UNREADABLE_XLSX,
      logMessage: `xls: decrypt failed (${errorKind(err)})`,
    });
  }
}

type SheetJs = typeof import('@e965/xlsx');
interface SjsCell {
  t: string;
  v?: unknown;
  z?: string | number;
}

/** A date serial (days since 1900-01-00, or 1904-01-01) as YYYY-MM-DD, without any time zone. */
function serialToIso(XLSX: SheetJs, serial: number, date1904: boolean): string | null {
  const d = XLSX.SSF.parse_date_code(serial, { date1904 }) as { y: number; m: number; d: number } | null;
  if (!d || d.y < 1 || d.y > 9999) return null;
  return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
}

function plainCell(XLSX: SheetJs, cell: SjsCell | undefined, date1904: boolean): Cell {
  if (!cell) return null;
  switch (cell.t) {
    case 's': {
      const s = String(cell.v ?? '').trim();
      return s === '' ? null : s;
    }
    case 'n': {
      const v = cell.v;
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      if (cell.z !== undefined && XLSX.SSF.is_date(cell.z)) return serialToIso(XLSX, v, date1904);
      return v;
    }
    case 'd':
      return cell.v instanceof Date && !Number.isNaN(cell.v.getTime())
        ? cell.v.toISOString().slice(0, 10)
        : null;
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    default:
      // 'e' (error) and 'z' (blank stub)
      return null;
  }
}

export async function readXls(bytes: Uint8Array, opts: { password?: string } = {}): Promise<XlsxReadResult> {
  if (bytes.length > MAX_XLS_BYTES) throw tooLarge(`xls: ${bytes.length} bytes`);
  const plain = xlsNeedsPassword(bytes) ? await decrypt(bytes, opts.password) : bytes;
  // counted before SheetJS builds them (issue 33: ten hostile workbooks at once)
  const cells = countXlsCells(plain);
  if (cells > MAX_XLS_CELLS) throw tooLarge(`xls: more than ${MAX_XLS_CELLS} cells in its records`);
  const XLSX = await import('@e965/xlsx');
  let wb: ReturnType<SheetJs['read']>;
  try {
    wb = XLSX.read(asBuffer(plain), {
      type: 'buffer',
      dense: true,
      // The number format (to tell a date serial from an amount) without formatted text.
      cellNF: true,
      cellText: false,
      cellHTML: false,
      cellDates: false,
      // One row past the cap, so a sheet beyond it is refused rather than cut short.
      sheetRows: MAX_TABLE_ROWS + 1,
    });
  } catch (err) {
    if (err instanceof Error && /password-protected/i.test(err.message)) {
      throw new StatementError('PASSWORD_REQUIRED', { logMessage: 'xls: encrypted (SheetJS)' });
    }
    throw new StatementError('UNREADABLE', {
      userMessage: UNREADABLE_XLSX,
      logMessage: `xls: load failed (${errorKind(err)})`,
    });
  }
  if (wb.SheetNames.length > MAX_XLS_SHEETS) throw tooLarge(`xls: ${wb.SheetNames.length} sheets`);
  const date1904 = Boolean(wb.Workbook?.WBProps?.date1904);
  const sheets: Sheet[] = [];
  let totalRows = 0;
  let totalCells = 0;
  for (const name of wb.SheetNames) {
    const data = (wb.Sheets[name]?.['!data'] ?? []) as (SjsCell[] | undefined)[];
    let last = data.length;
    while (last > 0 && !data[last - 1]?.some((c) => c)) last--;
    totalRows += last;
    if (totalRows > MAX_TABLE_ROWS) throw tooLarge(`xls: ${totalRows} rows`);
    const rows: Cell[][] = [];
    for (let r = 0; r < last; r++) {
      const src = data[r] ?? [];
      if (src.length > MAX_XLS_COLUMNS) throw tooLarge(`xls: ${src.length} columns`);
      totalCells += src.length;
      if (totalCells > MAX_SHEET_CELLS) throw tooLarge(`xls: more than ${MAX_SHEET_CELLS} cells`);
      const cells: Cell[] = [];
      for (let c = 0; c < src.length; c++) cells.push(plainCell(XLSX, src[c], date1904));
      while (cells.length > 0 && cells[cells.length - 1] === null) cells.pop();
      rows.push(cells);
    }
    sheets.push({ name, rows });
  }
  return { sheets };
}
