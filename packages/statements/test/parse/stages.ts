// The reader's stages run one at a time on a test document, so a test can assert what one stage
// made (the lines, the column model, a line's cells, the rows) and not only the transactions.
import type { AccountContext } from '../../src/parse/account.ts';
import type { Cell } from '../../src/parse/cells.ts';
import { lineCells } from '../../src/parse/cells.ts';
import { findHeadings, headingModel } from '../../src/parse/columns/heading.ts';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import type { Column, ColumnModel } from '../../src/parse/columns/model.ts';
import { documentLines, type Line, type Run } from '../../src/parse/lines.ts';
import { readTable, type Special, type TableResult, type TableSection } from '../../src/parse/rows.ts';
import { toTransaction } from '../../src/parse/values.ts';
import type { ParseIssue, Transaction } from '../../src/parse/types.ts';
import type { SourceDocument } from '../../src/source.ts';

/** The lines stage alone. */
export const linesOf = (doc: SourceDocument): Line[] => documentLines(doc);

/** The column model of the document's first known header (lines, then columns). */
export function modelOf(doc: SourceDocument): ColumnModel {
  const lines = documentLines(doc);
  const headings = findHeadings(lines, undefined);
  const li = headings.at.findIndex((h) => h !== null);
  if (li < 0) throw new Error('no header the reader knows');
  return headingModel(lines, headings, headings.skipped.has(li + 1) ? li + 1 : li, headings.at[li]!);
}

/** The bands of the first header's model, as [role, x0, x1] rounded to a point. */
export const bandsOf = (doc: SourceDocument): [string, number, number][] =>
  modelOf(doc).bands.map((b) => [b.col.role, Math.round(b.x0), Math.round(b.x1)]);

/** The cells stage alone: the cells of the line printed at `y` (within a point), under the first header's model. */
export function cellsAt(doc: SourceDocument, y: number): Cell[] {
  const line = documentLines(doc).find((l) => Math.abs(l.y - y) <= 1);
  if (!line) throw new Error(`no line at y ${y}`);
  return lineCells(modelOf(doc), line.runs);
}

/** The rows stage (with the cells and values it calls), without a bank's profile: sections, specials, issues. */
export const tableOf = (doc: SourceDocument): TableResult =>
  readTable(documentLines(doc), { flow: 'after', referenceJoin: '' });

/** The columns placed by the dated rows (no heading the reader knows), then the rows stage over
 * them, as the reader does when its headings find no rows. */
export function inferredTableOf(doc: SourceDocument): TableResult {
  const lines = documentLines(doc);
  const layout = inferLayout(lines, doc.kind !== 'sheets');
  if (!layout) throw new Error('no columns the dated rows show');
  return readTable(lines, { flow: 'after', referenceJoin: '', taught: layout, taughtBy: 'rows' });
}

/** The values stage alone on the one line printed at `y`: its cells under the first header's model, as a transaction. */
export function valuesAt(doc: SourceDocument, y: number) {
  const line = documentLines(doc).find((l) => Math.abs(l.y - y) <= 1);
  if (!line) throw new Error(`no line at y ${y}`);
  const cells = lineCells(modelOf(doc), line.runs);
  return toTransaction({ anchor: line, cells, lines: [cells] }, { referenceJoin: '' });
}

/** [role, text] of a line's cells. */
export const texts = (cells: Cell[]): [string, string][] => cells.map((c) => [c.role, c.text]);

/** A column of this role printed over [x0, x1], without a label. */
export const column = (role: Column['role'], x0: number, x1: number): Column => ({ role, label: '', x0, x1 });

/** A column model built by hand: each column's band is its heading's extent. */
export const bandModel = (columns: Column[], charWidth = 4): ColumnModel => ({
  header: { columns, charWidth },
  bands: columns.map((col) => ({ col, x0: col.x0, x1: col.x1 })),
});

/** A run of words drawn at these [x0, x1] places (as read/pdf.ts measures them). */
export const measured = (...words: [x0: number, x1: number, text: string][]): Run => ({
  text: words.map((w) => w[2]).join(' '),
  x0: words[0]![0],
  x1: words.at(-1)![1],
  edges: words.flatMap((w) => [w[0], w[1]]),
});

// Hand-made input for the stages after the rows (account, coverage): lines by their text alone,
// transactions and specials as the rows stage hands them over.

/** A line of this text (no runs: the later stages read a line's text). */
export const textLine = (text: string, page = 1, y = 40): Line => ({ page, y, height: 8, runs: [], text });

/** A transaction as the rows stage makes it, described 'row DATE'. */
export const txn = (
  date: string,
  withdrawal: number,
  deposit: number,
  balance: number | null,
  page = 1,
): Transaction => ({
  date,
  valueDate: null,
  description: `row ${date}`,
  reference: null,
  withdrawal,
  deposit,
  balance,
  page,
});

/** An opening, closing, B/F, C/F or total line with only its balance. */
export const special = (kind: Special['kind'], balance: number, beforeRows: boolean): Special => ({
  kind,
  debit: null,
  credit: null,
  balance,
  text: kind,
  beforeRows,
});

/** A table section of these rows and specials. */
export const section = (transactions: Transaction[], specials: Special[] = []): TableSection => ({
  lines: [],
  transactions,
  specials,
});

/** The account stage's context: the header zone's lines, a workbook or not; no period given, no OCR. */
export const accountContext = (
  headerZone: Line[] = [],
  sheets = false,
): AccountContext & { issues: ParseIssue[] } => ({
  headerZone,
  period: { from: null, to: null },
  sheets,
  ocrPages: new Set(),
  issues: [],
});

/** The rows stage's transactions over every section, as [date, withdrawal, deposit, balance] in
 * the order printed (before the account stage gives year-less dates a year, turns newest-first rows
 * and moves sides by the balance chain). */
export const tableRowsOf = (doc: SourceDocument) =>
  tableOf(doc)
    .sections.flatMap((s) => s.transactions)
    .map((t) => [t.date, t.withdrawal, t.deposit, t.balance]);

/** Whether each row's balance is the one before it (the first, `opening`) less its withdrawal plus
 * its deposit: the arithmetic the account stage's reconciliation checks, on the rows stage's rows. */
export const chainsFrom = (opening: number, rows: Transaction[]): boolean =>
  rows.every((t, i) => t.balance === (i === 0 ? opening : rows[i - 1]!.balance!) - t.withdrawal + t.deposit);

/** `tableRowsOf` over the columns the dated rows place (`inferredTableOf`). */
export const inferredRowsOf = (doc: SourceDocument) =>
  inferredTableOf(doc)
    .sections.flatMap((s) => s.transactions)
    .map((t) => [t.date, t.withdrawal, t.deposit, t.balance]);
