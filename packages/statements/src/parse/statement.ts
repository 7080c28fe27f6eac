// SourceDocument -> StatementResult, stage by stage: lines; the header zone and the bank; the column
// model (known headings, else the dated rows and their balances, or the user's marks) and the rows
// read against it; each section as an account; every dated line accounted for. Pure and
// synchronous; bad rows become issues, never exceptions.
import type { BankCode } from '@bahi/core';
import type { SourceDocument } from '../source.ts';
import { accountForEveryLine, accountForEveryPage, readAccount } from './account.ts';
import { type Aliases, findHeadings, firstHeading } from './columns/heading.ts';
import { inferLayout } from './columns/rows.ts';
import { isDatedRow, unreadLines } from './coverage.ts';
import { detectBank } from './detect.ts';
import { emptyFacts, readFacts } from './facts.ts';
import { hasFigure } from './amount.ts';
import { type Line, documentLines, nextLineClose } from './lines.ts';
import type { BankProfile } from './profile.ts';
import { profileFor } from './registry.ts';
import { readTable, type TableResult } from './rows.ts';
import { BALANCE_FIRST, type Order, readSequence } from './sequence.ts';
import { Trace } from './trace.ts';
import { pageFeet } from './furniture.ts';
import type {
  AccountStatement,
  ParseIssue,
  ParseOptions,
  StatementResult,
  TaughtLayout,
  Transaction,
} from './types.ts';
import { pushAll } from './extent.ts';

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

export function parseStatement(doc: SourceDocument, opts: ParseOptions = {}): StatementResult {
  const lines = documentLines(doc);
  const ocrPages = new Set(doc.kind === 'pages' ? doc.pages.filter((p) => p.ocr).map((p) => p.number) : []);
  const issues: ParseIssue[] = [];
  const firstHeader = firstHeading(lines);
  // no heading known: the header is what page 1 prints before its first dated row (a narration
  // that names a bank is no header; a browser print's dated title line is)
  const pageOne = firstHeader >= 0 ? [] : lines.filter((l) => l.page === 1);
  const firstRow = pageOne.findIndex((l) => isDatedRow(l.text));
  const headerZone =
    firstHeader >= 0 ? lines.slice(0, firstHeader) : firstRow >= 0 ? pageOne.slice(0, firstRow) : pageOne;
  const headerLine = firstHeader >= 0 ? lines[firstHeader]!.text : '';
  const detection = detectBank(headerZone, opts.bank ?? null, headerLine, () => repeatedLines(lines));
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
  // the known headings first; with none the reader knows, the dated rows and their arithmetic
  // show the columns
  const layoutIssues: ParseIssue[] = [];
  const readBest = (code: BankCode | null): TableResult => {
    layoutIssues.length = 0;
    const table = read(code, opts.layout);
    if (opts.layout || table.sections.some((sec) => sec.transactions.length > 0)) return table;
    const inferred = inferLayout(lines, doc.kind !== 'sheets');
    if (!inferred) return table;
    const again = read(code, inferred, 'rows');
    if (!again.sections.some((sec) => sec.transactions.length > 0)) return table;
    layoutIssues.push({
      kind: 'layout',
      message: inferred.sure
        ? 'No column headings the reader knows were found; the columns were placed by the dated rows and their balances.'
        : 'No column headings the reader knows were found, and the balances do not confirm which figure is which: check the rows, or mark the columns.',
    });
    return again;
  };
  let table = readBest(detection.code);
  // no bank in the header: its IFSC may be printed with the branch's address after the table; the
  // table is read again as that bank's, by the same strategies
  if (detection.code === null) {
    const late = detectBank(
      table.sections.flatMap((s) => s.lines),
      opts.bank ?? null,
    );
    if (late.code && late.confidence >= 0.9) {
      Object.assign(detection, late, {
        reason: `${late.reason.replace('in the header', 'after the table')}`,
      });
      table = readBest(detection.code);
    }
  }
  issues.push(...layoutIssues);
  // cells set a space apart (text redrawn in one font, a plain-text download): the words' order may
  // read the statement where the positional read is not confirmed by it (a dated line unread, a
  // balance that does not follow or none read), or leaves lines set under its rows as a wrapped
  // line is (flat text wraps a narration at the left margin, under the date column; a sheet's or a
  // report's lines are cells and columns already). The words' order read, confirmed itself, is taken
  // by one score: more rows chained, or as many and fewer such lines left.
  const left = (t: TableResult) => (doc.kind === 'pages' ? strays(lines, t) : 0);
  if (!opts.layout && (!consistent(lines, table) || chainBreaks(table) > 0 || left(table) > 0)) {
    const seq = sequenceRead(
      lines,
      detection.code ? profileFor(detection.code)?.aliases : undefined,
      !!opts.trace,
    );
    const better = (a: TableResult, b: TableResult) =>
      chained(a) > chained(b) || (chained(a) === chained(b) && left(a) < left(b));
    if (seq && better(seq.table, table)) {
      if (seq.trace) traces.set(seq.table, seq.trace);
      table = seq.table;
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
  const accounts: AccountStatement[] = table.sections.map((sec, i) =>
    readAccount(sec, i, {
      headerZone: table.headerZone,
      period: accountsPeriod,
      sheets: doc.kind === 'sheets',
      ocrPages,
      issues,
      ...(opts.trace ? { trace: opts.trace } : {}),
    }),
  );
  accountForEveryLine(unreadOf(lines, table), accounts, issues, opts.trace);
  if (doc.kind === 'pages') accountForEveryPage(lines, doc.pages.length, accounts);
  // the statement period is printed once, in the header zone
  if (accounts.length > 1)
    for (const a of accounts.slice(1)) if (!a.period.from) a.period = { ...accounts[0]!.period };
  return { bank: detection.code, detection, format: doc.format, accounts, issues };
}

// The dated lines each read leaves unread, asked once a read: by the choice of the read and by the
// account stage (with the lines rows were read from known, the rows themselves are not consulted).
const UNREAD = new WeakMap<TableResult, Line[]>();

function unreadOf(lines: Line[], table: TableResult): Line[] {
  let unread = UNREAD.get(table);
  if (!unread) {
    unread = unreadLines(
      lines,
      table.sections.flatMap((s) => s.transactions),
      table.sections.flatMap((s) => s.specials),
      table.rowLines,
    );
    UNREAD.set(table, unread);
  }
  return unread;
}

/** Whether a read accounts for every dated line with figures (and read any row at all). */
function whole(lines: Line[], table: TableResult): boolean {
  return table.sections.some((s) => s.transactions.length > 0) && unreadOf(lines, table).length === 0;
}

// A document's page feet, digits aside, as `strays` measures them: the same for every read of the
// document, so found once, and only when a read leaves a line (most reads leave none).
const FEET = new WeakMap<Line[], Set<Line>>();

function feetOf(lines: Line[]): Set<Line> {
  let feet = FEET.get(lines);
  if (!feet) {
    feet = pageFeet(lines, (f) => hasFigure(f.text), true);
    FEET.set(lines, feet);
  }
  return feet;
}

/**
 * Lines a read gave to no row that sit right under a line it did, as close as a row's own lines
 * are, and print no figure: a wrapped narration line left out (or a header printed again, or a
 * page's foot, which every read leaves out alike: the foot digits aside, as a row's wrapped reference
 * may be drawn into it).
 */
function strays(lines: Line[], table: TableResult): number {
  // (a line the read took for a total or a balance is the read's: '147876 184078 Total'; one printed
  // above the first row as well is the header again, whatever its words)
  const specials = new Set(table.sections.flatMap((s) => s.specials.map((sp) => sp.text)));
  const first = lines.findIndex((l) => table.rowLines.has(l));
  const header = new Set(lines.slice(0, Math.max(first, 0)).map((l) => l.text));
  const isFoot = (l: Line) => feetOf(lines).has(l);
  let n = 0;
  for (let k = 1; k < lines.length; k++) {
    const l = lines[k]!;
    const above = lines[k - 1]!;
    if (table.rowLines.has(l) || !table.rowLines.has(above) || !nextLineClose(above, l)) continue;
    if (specials.has(l.text) || header.has(l.text) || hasFigure(l.text)) continue;
    if (!isFoot(l)) n++;
  }
  return n;
}

/** Rows whose value date is before their date. */
function backValued(table: TableResult): number {
  let n = 0;
  for (const s of table.sections)
    for (const t of s.transactions) if (t.valueDate !== null && t.valueDate < t.date) n++;
  return n;
}

/**
 * How many of a read's rows carry a balance the row before leads to by the row's amount (on either
 * side); rows printed newest first are counted the other way round, as the account stage turns them.
 */
function chained(table: TableResult): number {
  let forward = 0;
  let backward = 0;
  for (const s of table.sections)
    s.transactions.forEach((t, k) => {
      const above = s.transactions[k - 1];
      if (t.balance === null || above?.balance === null || above?.balance === undefined) return;
      const moved = Math.abs(t.balance - above.balance);
      if (moved === Math.abs(t.withdrawal - t.deposit)) forward++;
      if (moved === Math.abs(above.withdrawal - above.deposit)) backward++;
    });
  return Math.max(forward, backward);
}

/** Whether a read is one the statement confirms: every row after the first chained, dates in one order, every dated line read. */
function consistent(lines: Line[], table: TableResult): boolean {
  const rows = table.sections.reduce((n, s) => n + s.transactions.length, 0);
  if (rows === 0 || chained(table) < rows - table.sections.length) return false;
  for (const s of table.sections) {
    const dates = s.transactions.map((t) => t.date);
    const up = dates.every((d, k) => k === 0 || d >= dates[k - 1]!);
    const down = dates.every((d, k) => k === 0 || d <= dates[k - 1]!);
    if (!up && !down) return false;
  }
  return whole(lines, table);
}

/**
 * The read by the words' order the statement confirms (see consistent), in the header's order, or
 * without a header the balance last or first, whichever chains more rows; null when none is confirmed.
 */
function sequenceRead(
  lines: Line[],
  aliases: Aliases | undefined,
  traced: boolean,
): { table: TableResult; trace?: Trace } | null {
  const headings = findHeadings(lines, aliases);
  const at = headings.at.findIndex((h) => h !== null);
  const headers = new Set<Line>();
  headings.at.forEach((h, i) => {
    if (h) headers.add(lines[i]!);
  });
  for (const i of headings.skipped) headers.add(lines[i]!);
  // without a header, a row's two leading dates are posting then value date, or the other way
  // round: the read whose dates run in order is the statement's
  const orders: [Order | null, boolean][] =
    at >= 0
      ? [[[...headings.at[at]!.columns].sort((a, b) => a.x0 - b.x0).map((c) => c.role), false]]
      : [
          [null, false],
          [BALANCE_FIRST, false],
          [null, true],
        ];
  let best: { table: TableResult; trace?: Trace } | null = null;
  for (const [order, valueDateFirst] of orders) {
    const trace = traced ? new Trace() : undefined;
    const table = readSequence(lines, order, at, {
      referenceJoin: '',
      headers,
      valueDateFirst,
      ...(trace ? { trace } : {}),
    });
    if (!consistent(lines, table)) continue;
    // (rows chaining as many both ways: a value date is seldom before its posting date, so the order
    // that puts fewer of them there is the statement's, as a clearing credit's value date comes later)
    if (
      best &&
      (chained(table) < chained(best.table) ||
        (chained(table) === chained(best.table) && backValued(table) >= backValued(best.table)))
    )
      continue;
    trace?.add({
      rule: 'columns.sequence',
      detail: order
        ? `in the order ${order.join(', ')}`
        : `${valueDateFirst ? 'value date, date' : 'date'}, narration, figures, the balance last`,
    });
    best = { table, ...(trace ? { trace } : {}) };
  }
  return best;
}

/**
 * Printed balances the rows before them do not lead to, as read, in the order that breaks fewer
 * (rows printed newest first chain bottom up, as `chained` counts them): a row without a balance
 * carries its amount to the next printed one; a row's side may be either (the account stage settles
 * sides).
 */
function chainBreaks(table: TableResult): number {
  let n = 0;
  for (const s of table.sections)
    n += Math.min(breaksOf(s.transactions), breaksOf([...s.transactions].reverse()));
  return n;
}

function breaksOf(transactions: Transaction[]): number {
  let n = 0;
  let before: number | null = null;
  let carried = 0;
  for (const t of transactions) {
    const signed = t.deposit - t.withdrawal;
    if (t.balance === null) {
      carried += signed;
      continue;
    }
    const moved = t.balance - (before ?? t.balance - signed) - carried;
    if (before !== null && moved !== signed && (carried !== 0 || Math.abs(moved) !== Math.abs(signed))) n++;
    before = t.balance;
    carried = 0;
  }
  return n;
}
