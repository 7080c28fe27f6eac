import type { BankCode } from '@bahi/core';
// SourceDocument -> StatementResult: lines, bank detection, the generic table reader, facts,
// reconciliation. Pure and synchronous; bad rows become issues, never exceptions.
import type { SourceDocument, Sheet } from '../source.ts';
import { isStackedPair, matchHeader, matchStackedHeader } from './columns/heading.ts';
import { isDatedRow, unreadLines } from './coverage.ts';
import { detectBank } from './detect.ts';
import { inferLayout } from './columns/rows.ts';
import { mendOcrFigures } from './ocr-figures.ts';
import { emptyFacts, holderFallback, readFacts } from './facts.ts';
import { type Line, pageLines, reportLines } from './lines.ts';
import type { BankProfile } from './profile.ts';
import { fillBalances, fixSidesFromBalance, newestFirst, reconcile } from './reconcile.ts';
import { profileFor } from './registry.ts';
import { readTable, type TableResult } from './rows.ts';
import { NO_YEAR, SIDE_BY_BALANCE } from './values.ts';
import { Trace } from './trace.ts';
import { findDates, nearYear, readDate, withYear } from './dates.ts';
import type {
  AccountStatement,
  ParseIssue,
  ParseOptions,
  StatementResult,
  TaughtLayout,
  Transaction,
} from './types.ts';
import { maxOf, pushAll } from './extent.ts';

// Sheet cells become runs on a grid: one row is one line, one column a fixed-width band, every cell
// right-aligned to its band (so numbers and their headers share a right edge).
const SHEET_COLUMN_WIDTH = 100;
const SHEET_CELL_WIDTH = 60;

// Excel serials 1970..2100: a date column exported without a date format holds these numbers.
const SERIAL_MIN = 25_569;
const SERIAL_MAX = 73_051;
const SERIAL_SPAN = 400;
const DATE_HEADING = /\b(date|dt)\b/i;

/**
 * The date serials of columns whose heading names a date and whose numbers are mostly serials: a
 * workbook that lost its date format (column -> rows). Only the heading tells such a column from
 * an amount column of round figures.
 */
function serialDateCells(rows: Sheet['rows']): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const width = Math.max(0, maxOf(rows.map((r) => r.length)));
  for (let c = 0; c < width; c++) {
    const numbers = rows.map((r, i) => [r[c], i] as const).filter(([v]) => typeof v === 'number');
    // a whole number, or with the time as its fraction (a date-time cell that lost its format)
    const inRange = numbers.filter(([v]) => (v as number) >= SERIAL_MIN && (v as number) < SERIAL_MAX);
    // a statement's dates lie within a year or so of each other: a round figure above or below the
    // table that happens to fall in the range is no date
    const middle = inRange.map(([v]) => v as number).sort((a, b) => a - b)[inRange.length >> 1] ?? 0;
    const serials = inRange.filter(([v]) => Math.abs((v as number) - middle) <= SERIAL_SPAN);
    // a summary's figure or two after the table may share the column
    if (serials.length < 2 || serials.length < 0.8 * numbers.length) continue;
    const first = serials[0]![1];
    const above = rows
      .slice(0, first)
      .map((r) => r[c])
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      .slice(-2)
      .join(' ');
    if (DATE_HEADING.test(above)) out.set(c, new Set(serials.map(([, i]) => i)));
  }
  return out;
}

function serialToIso(serial: number): string {
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

function sheetLines(sheets: Sheet[]): Line[] {
  const lines: Line[] = [];
  sheets.forEach((sheet, si) => {
    const serialDates = serialDateCells(sheet.rows);
    sheet.rows.forEach((row, ri) => {
      const runs = [];
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        const v = typeof cell === 'number' && serialDates.get(c)?.has(ri) ? serialToIso(cell) : cell;
        if (v === null || v === undefined) continue;
        const text = typeof v === 'number' ? v.toFixed(2) : String(v).replace(/\s+/g, ' ').trim();
        if (!text) continue;
        runs.push({ text, x0: c * SHEET_COLUMN_WIDTH, x1: c * SHEET_COLUMN_WIDTH + SHEET_CELL_WIDTH });
      }
      if (runs.length)
        lines.push({ page: si + 1, y: ri, height: 1, runs, text: runs.map((r) => r.text).join(' ') });
    });
  });
  return lines;
}

const MAY_NAME_BANK = /bank|office/i;

/**
 * Lines that may name a bank, printed on at least half the pages (a footer with the bank's legal
 * name); on a statement of one or two pages, every such line.
 */
function repeatedLines(lines: Line[]): Line[] {
  // per text: the last page it was seen on, and on how many pages
  const seen = new Map<string, { page: number; pages: number }>();
  let total = 0;
  let lastPage = -1;
  for (const l of lines) {
    if (l.page !== lastPage) [lastPage, total] = [l.page, total + 1];
    // (only a line that names a bank or an office can be a footer detectBank reads)
    if (!MAY_NAME_BANK.test(l.text)) continue;
    const s = seen.get(l.text);
    if (!s) seen.set(l.text, { page: l.page, pages: 1 });
    else if (s.page !== l.page) [s.page, s.pages] = [l.page, s.pages + 1];
  }
  const out: Line[] = [];
  for (const l of lines) {
    const s = seen.get(l.text);
    if (s && s.pages >= Math.ceil(total / 2)) {
      out.push(l);
      seen.delete(l.text);
    }
  }
  return out;
}

/** The latest full date printed in the lines (ISO), or null. */
function latestDate(lines: Line[]): string | null {
  let latest: string | null = null;
  for (const l of lines)
    for (const d of findDates(l.text)) {
      const iso = readDate(d);
      if (iso && (!latest || iso > latest)) latest = iso;
    }
  return latest;
}

/** The day after the same date a year earlier: the first day of the year that ends on `iso`. */
function yearBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export function documentLines(doc: SourceDocument): Line[] {
  if (doc.kind === 'pages') return doc.pages.flatMap(pageLines);
  if (doc.kind === 'lines') return reportLines(doc.lines);
  return sheetLines(doc.sheets);
}

export function parseStatement(doc: SourceDocument, opts: ParseOptions = {}): StatementResult {
  const lines = documentLines(doc);
  const ocrPages = new Set(doc.kind === 'pages' ? doc.pages.filter((p) => p.ocr).map((p) => p.number) : []);
  const issues: ParseIssue[] = [];
  const firstHeader = lines.findIndex(
    (l, i) =>
      matchHeader(l.runs, undefined, l.ocr) !== null ||
      (lines[i + 1] !== undefined &&
        isStackedPair(l, lines[i + 1]!) &&
        matchStackedHeader(l.runs, lines[i + 1]!.runs, undefined, l.ocr) !== null),
  );
  // no heading known: the header is what page 1 prints before its first dated row (a narration
  // that names a bank is no header; a browser print's dated title line is)
  const pageOne = firstHeader >= 0 ? [] : lines.filter((l) => l.page === 1);
  const firstRow = pageOne.findIndex((l) => isDatedRow(l.text));
  const headerZone =
    firstHeader >= 0 ? lines.slice(0, firstHeader) : firstRow >= 0 ? pageOne.slice(0, firstRow) : pageOne;
  const headerLine = firstHeader >= 0 ? lines[firstHeader]!.text : '';
  const detection = detectBank(headerZone, opts.bank ?? null, headerLine, () => repeatedLines(lines));
  // where a row was printed, for the decisions taken on it after the table was read
  const where = (t: Transaction | undefined) => {
    const s = t && opts.trace?.rows.get(t);
    return s ? { page: s.page, y: s.top } : t?.page !== undefined ? { page: t.page } : {};
  };
  // each read of the table keeps its own decisions: the trace takes those of the read that is kept
  const traces = new Map<TableResult, Trace>();
  const read = (code: BankCode | null, layout?: TaughtLayout, taughtBy?: 'user' | 'rows') => {
    const profile: BankProfile | undefined = code ? profileFor(code) : undefined;
    const trace = opts.trace ? new Trace() : undefined;
    const result = readTable(
      lines,
      {
        aliases: profile?.aliases,
        flow: profile?.flow ?? 'after',
        referenceJoin: profile?.referenceJoin ?? '',
        referenceIgnore: profile?.referenceIgnore,
        ...(layout ? { taught: layout, taughtBy: taughtBy ?? 'user' } : {}),
        ...(trace ? { trace } : {}),
      },
      profile?.accountStart,
    );
    if (trace) traces.set(result, trace);
    return result;
  };
  let table = read(detection.code, opts.layout);
  // no heading the reader knows: the dated rows and their arithmetic show the columns
  if (!opts.layout && table.sections.every((sec) => sec.transactions.length === 0)) {
    const inferred = inferLayout(lines);
    if (inferred) {
      const again = read(detection.code, inferred, 'rows');
      if (again.sections.some((sec) => sec.transactions.length > 0)) {
        table = again;
        issues.push({
          kind: 'layout',
          message: inferred.sure
            ? 'No column headings the reader knows were found; the columns were placed by the dated rows and their balances.'
            : 'No column headings the reader knows were found, and the balances do not confirm which figure is which: check the rows, or mark the columns.',
        });
      }
    }
  }
  // no bank in the header: its IFSC may be printed with the branch's address after the table
  if (detection.code === null) {
    const late = detectBank(
      table.sections.flatMap((s) => s.lines),
      opts.bank ?? null,
    );
    if (late.code && late.confidence >= 0.9) {
      Object.assign(detection, late, {
        reason: `${late.reason.replace('in the header', 'after the table')}`,
      });
      table = read(detection.code, opts.layout);
    }
  }
  if (opts.trace) {
    const rule =
      detection.code === null
        ? 'detect.unknown'
        : /^IFSC/.test(detection.reason)
          ? 'detect.ifsc'
          : /name/.test(detection.reason)
            ? 'detect.name'
            : 'detect.layout';
    opts.trace.add({ rule, detail: `${detection.code ?? detection.name ?? 'no bank'}: ${detection.reason}` });
    opts.trace.adopt(traces.get(table)!);
  }
  if (detection.corrected)
    issues.push({
      kind: 'detection',
      message: `This looks like a ${detection.code ?? detection.name} statement, not ${detection.requested}.`,
    });
  if (detection.code === null)
    issues.push({
      kind: 'detection',
      message: `The bank was not recognised (${detection.reason}); the table was read by the generic reader.`,
    });
  pushAll(issues, table.issues);
  if (!table.headerFound)
    issues.push({ kind: 'layout', message: 'No transaction table was found in this statement.' });

  const headerFacts = readFacts(table.headerZone, emptyFacts());
  const accountsPeriod = { from: headerFacts.from, to: headerFacts.to };
  const accounts: AccountStatement[] = table.sections.map((sec, i) => {
    const facts = emptyFacts();
    if (i === 0) {
      readFacts(
        sec.lines.filter((l) => /^account\s+number\s*:/i.test(l.text) && !/contd/i.test(l.text)),
        facts,
      );
      readFacts(table.headerZone, facts);
    }
    readFacts(sec.lines, facts);
    if (i === 0 && !facts.holder) facts.holder = holderFallback(table.headerZone);
    const opening =
      sec.specials.find((s) => s.kind === 'opening' || (s.kind === 'broughtForward' && s.beforeRows))
        ?.balance ?? facts.opening;
    const closingRow = [...sec.specials].reverse().find((s) => s.kind === 'closing');
    const closing = closingRow?.balance ?? facts.closing;
    // dates printed without a year take it from the statement period
    if (sec.transactions.some((t) => t.date.startsWith(NO_YEAR))) {
      let from = facts.from ?? accountsPeriod.from;
      let to = facts.to ?? accountsPeriod.to;
      if (!from && !to) {
        // no period printed: the rows lie in the year up to the latest date the statement prints
        // outside its rows (the day it was generated; a narration's figures may look like dates)
        const latest = latestDate([...table.headerZone, ...sec.lines]);
        if (latest) {
          [from, to] = [yearBefore(latest), latest];
          issues.push({
            kind: 'layout',
            message: `The statement prints no period and its rows no year: the year up to ${latest}, the latest date it prints, was taken.`,
          });
        }
      }
      sec.transactions = sec.transactions.filter((t) => {
        if (!t.date.startsWith(NO_YEAR)) return true;
        const dated = withYear(t.date.slice(5), from, to);
        if (dated) {
          opts.trace?.add({
            rule: 'account.year-from-period',
            ...where(t),
            detail: `${t.date.slice(5)} -> ${dated} (period ${from ?? '?'} to ${to ?? '?'})`,
          });
          t.date = dated;
        } else
          issues.push({
            kind: 'row',
            message: `A row dated ${t.date.slice(5)} without a year, outside the statement period, was not read.`,
            page: t.page,
            text: t.description,
          });
        return dated !== null;
      });
    }
    // a value date without a year takes the one nearest its posting date
    for (const t of sec.transactions)
      if (t.valueDate?.startsWith(NO_YEAR)) t.valueDate = nearYear(t.valueDate.slice(5), t.date);
    if (newestFirst(sec.transactions)) {
      sec.transactions.reverse();
      opts.trace?.add({
        rule: 'account.newest-first',
        ...where(sec.transactions[0]),
        detail: `${sec.transactions.length} rows turned into date order`,
      });
    }
    const sides = opts.trace ? sec.transactions.map((t) => t.withdrawal) : [];
    // a sheet's withdrawal and deposit columns are exact: their rows keep their side; on a page a
    // figure may have been placed in the wrong column, and the balance chain still decides
    fixSidesFromBalance(
      sec.transactions,
      opening,
      doc.kind === 'sheets' ? (t) => SIDE_BY_BALANCE.has(t) : undefined,
    );
    if (opts.trace)
      sec.transactions.forEach((t, k) => {
        if (t.withdrawal !== sides[k])
          opts.trace!.add({
            rule: 'account.side-by-balance',
            ...where(t),
            detail: `${t.date}: a ${t.withdrawal ? 'withdrawal' : 'deposit'} by the balance movement`,
          });
      });
    const ocrRow = (t: Transaction) => t.page !== undefined && ocrPages.has(t.page);
    const mended = mendOcrFigures(sec.transactions, opening, closing, ocrRow);
    for (const t of mended) opts.trace?.add({ rule: 'account.ocr-mended', ...where(t), detail: `${t.date}` });
    // a note on how the rows were read ('row' would say rows were skipped)
    if (mended.length > 0)
      issues.push({
        kind: 'layout',
        message: `${mended.length} figure(s) of the scan read one digit wrong were mended by the running balance (rows dated ${mended.map((t) => t.date).join(', ')}): check them against the paper.`,
        page: mended[0]!.page,
      });
    // (a page's total is no statement's)
    const totalRow = sec.specials.find((s) => s.kind === 'total' && !/^\s*page\s+total/i.test(s.text));
    const rec = reconcile(sec.transactions, {
      opening,
      closing,
      debitCount: facts.debitCount,
      creditCount: facts.creditCount,
      debitTotal: facts.debitTotal ?? totalRow?.debit ?? null,
      creditTotal: facts.creditTotal ?? totalRow?.credit ?? null,
    });
    for (const note of rec.notes ?? []) issues.push({ kind: 'totals', message: note });
    // (after the check, which counts printed balances only)
    if (rec.checkedBalances > 0)
      for (const t of fillBalances(sec.transactions, rec.openingBalance))
        opts.trace?.add({
          rule: 'account.balance-computed',
          ...where(t),
          detail: `${t.date}: no balance printed`,
        });
    for (const b of rec.breaks)
      opts.trace?.add({ rule: 'account.break', ...where(sec.transactions[b.index]), detail: b.reason });
    // an OCR'd row whose balance does not follow may hold a misread figure: flag it for review
    for (const b of rec.breaks) {
      const t = sec.transactions[b.index];
      if (t && ocrRow(t)) t.ocrFlag = true;
    }
    return {
      number: facts.number,
      holder: facts.holder,
      ifsc: facts.ifsc,
      type: facts.type,
      period: { from: facts.from, to: facts.to },
      openingBalance: opening,
      closingBalance: closing,
      transactions: sec.transactions,
      reconciliation: rec,
    };
  });
  accountForEveryLine(
    lines,
    accounts,
    table.sections.flatMap((s) => s.specials),
    issues,
    opts.trace,
    table.rowLines,
  );
  // the statement period is printed once, in the header zone
  if (accounts.length > 1)
    for (const a of accounts.slice(1)) if (!a.period.from) a.period = { ...accounts[0]!.period };
  return { bank: detection.code, detection, format: doc.format, accounts, issues };
}

// Lines of a statement that no read row accounts for, named one by one up to this many.
const UNREAD_NAMED = 10;

/**
 * A read is a success only when it accounts for the whole statement: a dated line with figures that
 * became no row fails its account's reconciliation, and is named. When the statement prints no
 * closing balance and no totals, its end cannot be checked against a printed figure: the message
 * says that the lines were checked instead.
 */
function accountForEveryLine(
  lines: Line[],
  accounts: AccountStatement[],
  specials: Parameters<typeof unreadLines>[2],
  issues: ParseIssue[],
  trace?: Trace,
  rowLines?: ReadonlySet<Line>,
): void {
  if (accounts.length === 0) return;
  const unread = unreadLines(
    lines,
    accounts.flatMap((a) => a.transactions),
    specials,
    rowLines,
  );
  // each line to the account whose rows start on its page or before it
  const owner = (line: Line) => {
    let found = accounts[0]!;
    for (const a of accounts) if ((a.transactions[0]?.page ?? Infinity) <= line.page) found = a;
    return found;
  };
  for (const line of unread)
    trace?.add({ rule: 'account.unread-line', page: line.page, y: line.y, detail: line.text });
  for (const line of unread.slice(0, UNREAD_NAMED))
    issues.push({
      kind: 'row',
      message: 'A dated line with figures was not read as a row.',
      page: line.page,
      text: line.text,
    });
  for (const a of accounts) {
    const mine = unread.filter((l) => owner(l) === a);
    const rec = a.reconciliation;
    if (mine.length > 0) {
      const pages = [...new Set(mine.map((l) => l.page))];
      rec.ok = false;
      rec.message = `${mine.length} dated line(s) with figures on page(s) ${pages.slice(0, 5).join(', ')}${pages.length > 5 ? '…' : ''} were not read as rows: the statement was not read whole.${rec.breaks.length ? ` ${rec.message}` : ''}`;
    } else if (rec.ok && a.closingBalance === null && rec.printedTotals === undefined) {
      rec.message = `${rec.message} The statement prints no closing balance or totals, so its end was checked line by line, not against a printed figure.`;
    }
  }
}
