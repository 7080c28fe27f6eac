// Sheets mapped once (issue 35, docs/decisions/056): a workbook or delimited download whose columns
// the reader cannot name is read with the columns the user marked on its first rows. The mapping is
// a small record (a column per role, the first transaction row, the date order); the rows come
// straight from the cells (no column finder), then go through the same account stage as every other
// read: year, order, reconciliation, every row with figures accounted for. Pure.
import type { BankCode } from '@bahi/core';
import { readAccount } from './parse/account.ts';
import { balancePaise, readAmount } from './parse/amount.ts';
import { readDate } from './parse/dates.ts';
import { detectBank } from './parse/detect.ts';
import { emptyFacts, readFacts } from './parse/facts.ts';
import type { Line } from './parse/lines.ts';
import { type Special, type TableSection, specialKind } from './parse/rows.ts';
import type { ParseIssue, StatementResult, Transaction } from './parse/types.ts';
import type { Cell, Sheet, SourceDocument } from './source.ts';

/** How a row's money is printed: two columns, one amount with a side column, or one signed amount. */
export type AmountStyle = 'split' | 'side' | 'signed';

/** A column (0-based index) per role; which money columns are needed follows `amounts`. */
export interface SheetMapping {
  /** 0-based sheet of the workbook (a delimited file is one sheet) */
  sheet: number;
  /** 0-based row of the first transaction */
  firstRow: number;
  amounts: AmountStyle;
  /** how a numeric date is ordered: day first (India), month first, or year first */
  dateOrder: 'dmy' | 'mdy' | 'ymd';
  columns: {
    date: number;
    description: number;
    balance: number;
    valueDate?: number;
    reference?: number;
    /** split */
    debit?: number;
    credit?: number;
    /** side or signed */
    amount?: number;
    /** side: Dr/Cr, D/C, Debit/Credit, Withdrawal/Deposit */
    side?: number;
  };
}

/** What identifies the sheet's layout again: the heading row's cells (normalised) and where it was. */
export interface SheetSignature {
  kind: 'sheet';
  /** the heading row's cells, normalised (lower case, letters and digits), by column */
  headings: string[];
  /** 0-based row of the heading row on the mapped file */
  headingRow: number;
}

/** The first rows of each sheet as text, for the screen where the user marks the columns. */
export interface SheetPreview {
  sheets: { name: string; rows: string[][]; total: number }[];
}

/** Rows and columns shown on the mapping screen: a heading sits in the first rows of an export. */
export const PREVIEW_ROWS = 40;
export const PREVIEW_COLUMNS = 26;
// A heading row may be this many rows above the first transaction (a blank row or a unit line between).
const HEADING_SEARCH = 5;
// Of the heading's non-empty cells, this share must be found on a row of a later file for it to fit
// (the same 80% the taught PDF layouts ask of their heading words).
const HEADING_SHARE = 0.8;
// A later file's heading row is looked for in this many first rows of its sheet.
const FIT_SEARCH_ROWS = 200;

// Excel serials 1970..2100: a date column exported without a date format holds these numbers.
const SERIAL_MIN = 25_569;
const SERIAL_MAX = 73_051;

const norm = (c: Cell | undefined) =>
  c === null || c === undefined
    ? ''
    : String(c)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');

function cellText(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  return typeof c === 'number' ? String(c) : c.replace(/\s+/g, ' ').trim();
}

/** The first rows of every sheet as text (numbers as the cell holds them). Non-sheet documents: null. */
export function sheetPreview(doc: SourceDocument, rows = PREVIEW_ROWS): SheetPreview | null {
  if (doc.kind !== 'sheets') return null;
  return {
    sheets: doc.sheets.map((s) => ({
      name: s.name,
      total: s.rows.length,
      rows: s.rows.slice(0, rows).map((r) => r.slice(0, PREVIEW_COLUMNS).map(cellText)),
    })),
  };
}

/** The columns a mapping needs for its amount style, or a message saying which one is missing. */
export function mappingProblem(m: SheetMapping): string | null {
  const c = m.columns;
  if (m.amounts === 'split' && (c.debit === undefined || c.credit === undefined))
    return 'Mark the withdrawal column and the deposit column.';
  if (m.amounts !== 'split' && c.amount === undefined) return 'Mark the amount column.';
  if (m.amounts === 'side' && c.side === undefined) return 'Mark the column that says Dr or Cr.';
  const used = Object.values(c).filter((v): v is number => v !== undefined);
  if (new Set(used).size !== used.length) return 'Each column can have one role only.';
  return null;
}

function dateOf(cell: Cell | undefined, order: SheetMapping['dateOrder']): string | null {
  if (cell === null || cell === undefined) return null;
  // a date column exported without its date format holds Excel's serial numbers
  if (typeof cell === 'number')
    return cell >= SERIAL_MIN && cell < SERIAL_MAX
      ? new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000).toISOString().slice(0, 10)
      : null;
  const text = cell.trim();
  // (a date printed with its time: the date is the cell's first word)
  const word = text.split(/\s+/)[0] ?? '';
  const m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(word);
  if (m && order !== 'dmy') {
    const [a, b, c] = [m[1]!, m[2]!, m[3]!];
    const [y, mo, d] = order === 'mdy' ? [c, a, b] : [a, b, c];
    return readDate(`${d.padStart(2, '0')}/${mo.padStart(2, '0')}/${y}`);
  }
  return readDate(text) ?? readDate(word);
}

/** A money cell: a number, or text with its Dr/Cr mark and sign; '', '-' and 0.00 are none. */
function moneyOf(cell: Cell | undefined): { paise: number; mark: 'dr' | 'cr' | null } | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string' && /^\s*(?:[-–—]{1,2}|nil)?\s*$/i.test(cell)) return null;
  return readAmount(cell, true);
}

const SIDE_DR = /^(?:dr|d|db|debit|w|wd|withdrawal|withdraw|dbt|out|paid)\.?$/i;
const SIDE_CR = /^(?:cr|c|credit|dep|deposit|in|received|cdt)\.?$/i;

/** The heading row's line for the reader's facts and bank detection: cells a column apart. */
function lineOf(row: Cell[], sheet: number, y: number): Line | null {
  const runs = row
    .map((c, i) => ({ text: cellText(c), x0: i * 100, x1: i * 100 + 60 }))
    .filter((r) => r.text !== '');
  return runs.length
    ? { page: sheet + 1, y, height: 1, runs, text: runs.map((r) => r.text).join(' ') }
    : null;
}

/** The nearest row above the first transaction that has text in two or more cells: the heading. */
function headingRowOf(sheet: Sheet, firstRow: number): number {
  for (let r = firstRow - 1; r >= Math.max(0, firstRow - HEADING_SEARCH); r--) {
    const row = sheet.rows[r] ?? [];
    if (row.filter((c) => norm(c) !== '').length >= 2) return r;
  }
  return -1;
}

/** What identifies this file's layout, or null when no heading row stands above the first row. */
export function sheetSignature(doc: SourceDocument, m: SheetMapping): SheetSignature | null {
  if (doc.kind !== 'sheets') return null;
  const sheet = doc.sheets[m.sheet];
  if (!sheet) return null;
  const at = headingRowOf(sheet, m.firstRow);
  if (at < 0) return null;
  return { kind: 'sheet', headings: (sheet.rows[at] ?? []).map(norm), headingRow: at };
}

/**
 * The mapping moved to this document when it has the mapped heading (a row holding 80% of the
 * heading's cells, every mapped column's heading among them), else null. A column that moved keeps
 * its role by its heading; the first row moves with the heading row.
 */
export function fitMapping(doc: SourceDocument, m: SheetMapping, sig: SheetSignature): SheetMapping | null {
  if (doc.kind !== 'sheets') return null;
  const named = sig.headings.filter(Boolean);
  if (named.length < 2) return null;
  const order = [m.sheet, ...doc.sheets.keys()].filter((s, i, all) => all.indexOf(s) === i);
  for (const s of order) {
    const sheet = doc.sheets[s];
    if (!sheet) continue;
    for (let r = 0; r < Math.min(sheet.rows.length, FIT_SEARCH_ROWS); r++) {
      const cells = (sheet.rows[r] ?? []).map(norm);
      const found = named.filter((h) => cells.includes(h)).length;
      if (found < Math.ceil(named.length * HEADING_SHARE)) continue;
      const columns: Record<string, number> = {};
      let lost = false;
      for (const [role, at] of Object.entries(m.columns)) {
        if (at === undefined) continue;
        const heading = sig.headings[at] ?? '';
        // a column without a heading keeps its place; one with a heading is where that heading is
        const now = heading === '' ? at : cells.indexOf(heading);
        if (now < 0) lost = true;
        columns[role] = now;
      }
      if (lost) continue;
      return {
        ...m,
        sheet: s,
        firstRow: r + (m.firstRow - sig.headingRow),
        columns: columns as SheetMapping['columns'],
      };
    }
  }
  return null;
}

/**
 * Reads the document with the mapping: from the first row on, a row whose date cell holds a date
 * is a transaction; a row without a date but with a narration and no figures continues the
 * narration above; opening, closing and total lines are kept apart; any other row with figures is
 * named as not read (so the read is no success). Then the account stage as for every read.
 */
export function readMapped(
  doc: SourceDocument,
  m: SheetMapping,
  opts: { bank?: BankCode } = {},
): StatementResult {
  const issues: ParseIssue[] = [];
  const sheet = doc.kind === 'sheets' ? doc.sheets[m.sheet] : undefined;
  const format = doc.format;
  const problem = mappingProblem(m);
  const c = m.columns;
  const headerZone: Line[] = [];
  const section: TableSection = { lines: [], transactions: [], specials: [] };
  const unread: Line[] = [];
  if (sheet && !problem) {
    for (let r = 0; r < Math.min(m.firstRow, sheet.rows.length); r++) {
      const line = lineOf(sheet.rows[r] ?? [], m.sheet, r);
      if (line) headerZone.push(line);
    }
    let last: Transaction | null = null;
    for (let r = m.firstRow; r < sheet.rows.length; r++) {
      const row = sheet.rows[r] ?? [];
      // (a line is made only for the rows that need one: a long file's transactions do not)
      if (!row.some((c) => cellText(c) !== '')) continue;
      const line = () => lineOf(row, m.sheet, r)!;
      const date = dateOf(row[c.date], m.dateOrder);
      const narration = cellText(row[c.description]);
      const money = [c.debit, c.credit, c.amount, c.balance].map((i) =>
        i === undefined ? null : moneyOf(row[i]),
      );
      const figures = money.some((x) => x !== null);
      if (!date) {
        const kind = specialKind(narration || line().text) ?? specialKind(cellText(row[c.date]));
        if (kind) {
          const bal = money[3];
          const special: Special = {
            kind,
            debit: money[0] ? Math.abs(money[0].paise) : null,
            credit: money[1] ? Math.abs(money[1].paise) : null,
            balance: bal ? balancePaise(bal) : null,
            text: line().text,
            beforeRows: section.transactions.length === 0,
          };
          section.specials.push(special);
        } else if (!figures && last && narration && cellText(row[c.date]) === '')
          last.description = `${last.description} ${narration}`;
        else if (figures) unread.push(line());
        else section.lines.push(line());
        continue;
      }
      let withdrawal = 0;
      let deposit = 0;
      let bad: string | null = null;
      if (m.amounts === 'split') {
        withdrawal = Math.abs(money[0]?.paise ?? 0);
        deposit = Math.abs(money[1]?.paise ?? 0);
      } else {
        const a = money[2];
        const side = cellText(c.side === undefined ? null : row[c.side]);
        if (a) {
          const isDr =
            m.amounts === 'side'
              ? SIDE_DR.test(side) || a.mark === 'dr'
              : a.mark === 'dr' || (a.mark === null && a.paise < 0);
          const isCr = m.amounts === 'side' ? SIDE_CR.test(side) || a.mark === 'cr' : !isDr;
          if (isDr === isCr) bad = `the side '${side}' is neither Dr nor Cr`;
          else if (isDr) withdrawal = Math.abs(a.paise);
          else deposit = Math.abs(a.paise);
        }
      }
      const bal = money[3];
      if (bad) {
        issues.push({
          kind: 'row',
          message: `A row was not read: ${bad}.`,
          page: m.sheet + 1,
          text: line().text,
        });
        unread.push(line());
        continue;
      }
      if (!narration) {
        issues.push({
          kind: 'row',
          message: 'A dated row without a narration was not read.',
          page: m.sheet + 1,
          text: line().text,
        });
        unread.push(line());
        continue;
      }
      const ref = c.reference === undefined ? '' : cellText(row[c.reference]);
      const valueDate = c.valueDate === undefined ? null : dateOf(row[c.valueDate], m.dateOrder);
      last = {
        date,
        valueDate,
        description: narration,
        reference: ref && !/^[-–]$/.test(ref) ? ref : null,
        withdrawal,
        deposit,
        balance: bal ? balancePaise(bal) : null,
        page: r + 1,
      };
      section.transactions.push(last);
    }
  }
  if (!sheet) issues.push({ kind: 'layout', message: 'The mapped sheet is not in this file.' });
  else if (problem) issues.push({ kind: 'layout', message: problem });
  const detection = detectBank(headerZone, opts.bank ?? null);
  const accounts = section.transactions.length
    ? [
        readAccount(section, 0, {
          headerZone,
          period: (() => {
            const f = readFacts(headerZone, emptyFacts());
            return { from: f.from, to: f.to };
          })(),
          sheets: true,
          ocrPages: new Set(),
          issues,
        }),
      ]
    : [];
  for (const line of unread.slice(0, 10))
    if (!issues.some((i) => i.text === line.text))
      issues.push({
        kind: 'row',
        message: 'A row with figures was not read as a transaction.',
        page: line.page,
        text: line.text,
      });
  const account = accounts[0];
  if (account && unread.length > 0) {
    account.reconciliation.ok = false;
    account.reconciliation.message = `${unread.length} row(s) with figures were not read as transactions: the file was not read whole.${account.reconciliation.breaks.length ? ` ${account.reconciliation.message}` : ''}`;
  }
  if (section.transactions.length === 0 && sheet && !problem)
    issues.push({ kind: 'layout', message: 'No dated rows were found from the first row marked.' });
  issues.unshift({ kind: 'layout', message: 'Read with the columns you marked.' });
  return { bank: detection.code, detection, format, accounts, issues };
}
