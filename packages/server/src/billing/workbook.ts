import { isIsoDate, parseSpecDate, type BillingItem, type DatedAmount } from '@bahi/core';
import { readFile } from 'node:fs/promises';
import {
  StatementError,
  detectFileKind,
  readWorkbookRows,
  xlsxNeedsPassword,
  type Cell,
  type StatementInput,
} from '@bahi/statements';
import { HttpError, badRequest, fileFailure } from '../errors.ts';

// The billing workbooks (../shared/corpus/billing/README.md): the first sheet, one header row, columns
// found by header name. Checked by content, never by file name. Every bad row is named by its
// spreadsheet row number, a few at a time.

/** Bad rows named in one answer before 'and N more'. */
const ROWS_NAMED = 8;

export type WorkbookRole = 'items' | 'amounts';
const LABEL: Record<WorkbookRole, string> = { items: 'items workbook', amounts: 'amounts workbook' };

/** Does this upload need a password? 400 when it is not an Excel workbook at all. */
export function workbookNeedsPassword(bytes: Uint8Array, role: WorkbookRole): boolean {
  checkKind(bytes, role);
  return xlsxNeedsPassword(bytes);
}

function checkKind(bytes: Uint8Array, role: WorkbookRole): void {
  const kind = detectFileKind(bytes);
  if (kind !== 'xlsx' && kind !== 'xlsx-encrypted') {
    throw fileFailure('UNSUPPORTED', `The ${LABEL[role]} is not an XLSX file. Only XLSX files are allowed.`);
  }
}

/** Whose workbook it is: its read shares the statement pool's threads fairly with other users. */
export type ReadAs = { owner?: string };

async function firstSheet(
  input: StatementInput,
  role: WorkbookRole,
  password?: string,
  as: ReadAs = {},
): Promise<Cell[][]> {
  // A workbook kept on disk (the upload, issue 33) is read once for the kind check and dropped:
  // the job waits for its reader holding the file's path, and the pool pipes it from there.
  checkKind(input instanceof Uint8Array ? input : await readFile(input.path), role);
  try {
    // In the statement pool, never on the request thread (issue 18: a workbook whose key needed a
    // huge number of hash iterations froze the whole API for 84 s).
    return await readWorkbookRows(input, { password: password || undefined, owner: as.owner });
  } catch (err) {
    if (!(err instanceof StatementError)) throw err;
    const what = LABEL[role];
    if (err.code === 'PASSWORD_REQUIRED')
      throw fileFailure(err.code, `The ${what} is password-protected. Please enter its password.`);
    if (err.code === 'WRONG_PASSWORD') throw fileFailure(err.code, `Incorrect password for the ${what}.`);
    if (err.code === 'TOO_LARGE') throw fileFailure(err.code, `The ${what} is too large.`, err.logMessage);
    if (err.code === 'TIMEOUT')
      throw fileFailure(err.code, `The ${what} took too long to read.`, err.logMessage);
    throw fileFailure(
      'UNREADABLE',
      `The ${what} cannot be read: it is damaged or not an XLSX file.`,
      err.logMessage,
    );
  }
}

const norm = (v: Cell) =>
  String(v ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

function columns<K extends string>(
  header: Cell[],
  wanted: Record<K, string>,
  optional: readonly NoInfer<K>[],
  role: WorkbookRole,
): Record<K, number> {
  const at = {} as Record<K, number>;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(wanted) as [K, string][]) {
    at[key] = header.findIndex((h) => norm(h) === name.toLowerCase());
    if (at[key] < 0 && !optional.includes(key)) missing.push(name);
  }
  if (missing.length) {
    throw badRequest(
      `The ${LABEL[role]} has no ${missing.map((m) => `'${m}'`).join(', ')} column${missing.length > 1 ? 's' : ''} in its first row. Expected columns: ${Object.values(wanted).join(', ')}.`,
    );
  }
  return at;
}

function rowsRejected(role: WorkbookRole, problems: string[]): HttpError {
  const more = problems.length - ROWS_NAMED;
  return badRequest(
    `The ${LABEL[role]} has ${problems.length} bad row${problems.length > 1 ? 's' : ''}: ` +
      problems.slice(0, ROWS_NAMED).join(' ') +
      (more > 0 ? ` And ${more} more.` : ''),
  );
}

const blank = (row: Cell[]) => row.every((c) => c === null || String(c).trim() === '');

function num(v: Cell): number | null {
  if (v === null) return null;
  if (typeof v === 'number') return v;
  const t = String(v).replace(/,/g, '').replace(/^₹\s*/, '').trim();
  if (t === '' || !/^-?\d*\.?\d+$/.test(t)) return null;
  return Number(t);
}

/** Items: Item Name, HSN (optional), Quantity (whole), Selling Price (rupees before GST), GST (percent). */
export async function readItemsWorkbook(
  bytes: StatementInput,
  password?: string,
  as: ReadAs = {},
): Promise<BillingItem[]> {
  const rows = await firstSheet(bytes, 'items', password, as);
  if (rows.length === 0 || blank(rows[0])) throw badRequest('The items workbook is empty.');
  const col = columns(
    rows[0],
    { name: 'Item Name', hsn: 'HSN', quantity: 'Quantity', price: 'Selling Price', gst: 'GST' },
    ['hsn'],
    'items',
  );
  const items: BillingItem[] = [];
  const problems: string[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, r) => {
    if (r === 0 || blank(row)) return;
    const n = r + 1;
    const bad: string[] = [];
    const name = String(row[col.name] ?? '').trim();
    const quantity = num(row[col.quantity] ?? null);
    const price = num(row[col.price] ?? null);
    const gst = num(row[col.gst] ?? null);
    if (!name) bad.push('Item Name is empty.');
    else if (seen.has(name.toLowerCase()))
      bad.push(`'${name}' is already on row ${seen.get(name.toLowerCase())}.`);
    if (quantity === null || !Number.isInteger(quantity) || quantity < 0)
      bad.push('Quantity must be a whole number of 0 or more.');
    if (price === null || price < 0 || Math.abs(price * 100 - Math.round(price * 100)) > 1e-6)
      bad.push('Selling Price must be an amount in rupees and paise.');
    if (gst === null || gst < 0 || gst > 100) bad.push('GST must be a percent from 0 to 100.');
    if (bad.length) {
      problems.push(`Row ${n}: ${bad.join(' ')}`);
      return;
    }
    seen.set(name.toLowerCase(), n);
    const hsn =
      col.hsn >= 0 && row[col.hsn] !== null && row[col.hsn] !== undefined ? String(row[col.hsn]).trim() : '';
    items.push({ name, hsn, quantity: quantity!, pricePaise: Math.round(price! * 100), gst: gst! });
  });
  if (problems.length) throw rowsRejected('items', problems);
  if (items.length === 0) throw badRequest('The items workbook has no item rows below its header.');
  return items;
}

/** Amounts: Date (DD-MM-YYYY text or a date cell) and Amount (rupees, tax included), one row a day. */
export async function readAmountsWorkbook(
  bytes: StatementInput,
  password?: string,
  as: ReadAs = {},
): Promise<DatedAmount[]> {
  const rows = await firstSheet(bytes, 'amounts', password, as);
  if (rows.length === 0 || blank(rows[0])) throw badRequest('The amounts workbook is empty.');
  const col = columns(rows[0], { date: 'Date', amount: 'Amount' }, [], 'amounts');
  const out: DatedAmount[] = [];
  const problems: string[] = [];
  rows.forEach((row, r) => {
    if (r === 0 || blank(row)) return;
    const raw = row[col.date];
    const text = String(raw ?? '').trim();
    // exceljs gives date cells as ISO text already (statements' reader); typed dates are the spec's formats.
    const date = isIsoDate(text) ? text : parseSpecDate(text);
    const amount = num(row[col.amount] ?? null);
    const bad: string[] = [];
    if (!date) bad.push('Date must be a date like 01-04-2025.');
    if (amount === null || amount < 0 || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
      bad.push('Amount must be an amount in rupees and paise.');
    if (bad.length) problems.push(`Row ${r + 1}: ${bad.join(' ')}`);
    else out.push({ date: date!, amount: Math.round(amount! * 100) });
  });
  if (problems.length) throw rowsRejected('amounts', problems);
  if (out.length === 0) throw badRequest('The amounts workbook has no rows below its header.');
  return out;
}
