// The rows stage: a document's lines read against the column model in force (headers found once, a
// page's own header placing its columns) into rows with their wrapped narration lines; opening,
// closing, totals kept apart as specials; a consolidated statement's accounts as sections.
import { hasFigure, namesSomething, printsMoney, readAmount } from './amount.ts';
import { NUMERIC_ROLES, type ColumnModel } from './columns/model.ts';
import {
  type Aliases,
  type Headings,
  findHeadings,
  headingModel,
  isHeaderTail,
  pageHasNoHeader,
  sameColumns,
} from './columns/heading.ts';
import { explicitModel } from './columns/explicit.ts';
import { type Cell, RULE, TIME, cellText, dateCell, lineCells, withBalanceMarks } from './cells.ts';
import { firstToken, isDateStart, isMonthOrDay, readDate, readMonthDay } from './dates.ts';
import { pageFeet, pageTops } from './furniture.ts';
import { type Line, runWords } from './lines.ts';
import { mendOcrDate } from './ocr-words.ts';
import type { Trace } from './trace.ts';
import type { ParseIssue, TaughtLayout, Transaction } from './types.ts';
import { type ValueOptions, amountOf, balanceOf, money, toTransaction } from './values.ts';
import { type Flow, type WrapRow, attachContinuations } from './wrap.ts';
import { maxOf, minOf } from './extent.ts';

export interface TableOptions extends ValueOptions {
  aliases?: Aliases;
  taught?: TaughtLayout;
  /** where wrapped narration lines sit when the spacing does not tell: below the date line or above it */
  flow: Flow;
  /** where to report the decisions taken (bahi explain) */
  trace?: Trace;
  /** who placed the `taught` columns: the user, or the dated rows and their balances */
  taughtBy?: 'user' | 'rows';
}

export type SpecialKind = 'opening' | 'closing' | 'broughtForward' | 'carriedForward' | 'total';

export interface Special {
  kind: SpecialKind;
  debit: number | null;
  credit: number | null;
  balance: number | null;
  text: string;
  /** printed before the section's first row (a 'Brought Forward' later is a page's, not the opening) */
  beforeRows: boolean;
}

/** One account's table as read (a consolidated statement has several). */
export interface TableSection {
  /** non-table lines that belong to this section (account header, summary): facts are read from them */
  lines: Line[];
  /** the line that started this account's section (the profile's `accountStart`): its own first fact line */
  accountLine?: Line;
  transactions: Transaction[];
  specials: Special[];
}

export interface TableResult {
  sections: TableSection[];
  /** lines before the first table (the statement's header zone) */
  headerZone: Line[];
  issues: ParseIssue[];
  headerFound: boolean;
  /** the lines of the rows that became transactions */
  rowLines: Set<Line>;
}

// Lines further apart than this many text heights are not one table: a summary or disclaimer block
// starts after a blank gap, while wrapped and consecutive rows are 1.1 to 1.7 heights apart.
export const TABLE_GAP_HEIGHTS = 2.2;

const SPECIAL_RE: [RegExp, SpecialKind][] = [
  [
    /^(?:balance\s+as\s+on\b.*opening|opening\s+balance|balance\s+b\/?f|b\/?f\b|balance\s+brought\s+forward)/i,
    'opening',
  ],
  [/^brought\s+forward/i, 'broughtForward'],
  [/^(?:carried\s+forward|balance\s+c\/?f|c\/?f\b)/i, 'carriedForward'],
  [/^(?:closing\s+balance|balance\s+as\s+on\b.*closing)/i, 'closing'],
  [/^(?:transaction\s+total|total\b|grand\s+total|totals\b|page\s+total)/i, 'total'],
];

/**
 * A page's 'Balance B/F' or 'Brought Forward' line that brings forward the balance of the last row
 * read, on the page before (a browser's footer may have ended the table there).
 */
function carriesOn(line: Line, cells: Cell[], last: Row | undefined): boolean {
  if (!last || last.anchor.page !== line.page - 1) return false;
  const text = namingText(line, cells);
  const kind = specialKind(text);
  if (kind !== 'broughtForward' && !(kind === 'opening' && /\bb\/?f\b|brought/i.test(text))) return false;
  const balance = readAmount(cellText(cells, 'balance'));
  return balance !== null && balance.paise === readAmount(cellText(last.cells, 'balance'))?.paise;
}

/** What names a line as special: its narration, else its text, without a leading date. */
const namingText = (line: Line, cells: Cell[]) =>
  stripLeadingDate(cellText(cells, 'description') || line.text);

/**
 * The words of a line's cells that name something (no date, no figure with its mark), in their
 * order: a name drawn across a figure column's edge ('61,683.46 (Cr) Closing Balance' cut into
 * 'Closing' under the balance and 'Balance' under the narration).
 */
const namedCells = (cells: Cell[]) =>
  cells
    .filter((c) => !dateCell(c) && readAmount(c.text) === null && namesSomething(c.text))
    .map((c) => c.text)
    .join(' ');

export function specialKind(text: string): SpecialKind | null {
  const t = text.trim();
  for (const [re, kind] of SPECIAL_RE) if (re.test(t)) return kind;
  return null;
}

// a page number, or a printed report's mark that the table goes on overleaf ('**Continue**',
// 'Contd...'), or a browser's print footer: the page's address and its number of the pages ('1/2')
export const FOOTER_RE =
  /(?:^|\s)page\s*(?:no\.?\s*)?[.:]*\s*\d+(?:\s*(?:of|\/)\s*\d+)?\s*$|^[\s*.=(-]*(?:continued?|contd?)\b[\s.]*(?:(?:on|to|overleaf)\b[a-z\s]*)?[\s*.=)-]*$|^https?:\/\/\S+\s+\d{1,4}\s*\/\s*\d{1,4}$/i;

interface Row extends WrapRow {
  anchor: Line;
  /** the header in force where the row was printed (each page may place its columns differently) */
  layout: ColumnModel;
  cells: Cell[];
  above: Line[];
  below: Line[];
  section: TableSection;
  /** printed under the day of the row above: its date cell empty, its value date printed */
  sameDay?: boolean;
  /** a scanned row whose date is garbled and whose value date reads: dated by the value date */
  dateFromValue?: boolean;
  /** a scanned row whose date reads as no date: dated by the rows beside it (values.ts, DATE_UNREAD) */
  dateUnread?: boolean;
}

/**
 * Reads every table of a document's lines. `isAccountStart` tells where a new account's section
 * begins in a consolidated statement (null for ordinary statements).
 */
export function readTable(
  lines: Line[],
  opts: TableOptions,
  isAccountStart: (line: Line) => string | null = () => null,
): TableResult {
  const issues: ParseIssue[] = [];
  const trace = opts.trace;
  const bandsOf = (l: ColumnModel) => l.bands.map((b) => ({ role: b.col.role, x0: b.x0, x1: b.x1 }));
  const headerZone: Line[] = [];
  const sections: TableSection[] = [];
  let section: TableSection | null = null;
  let layout: ColumnModel | null = null;
  // the models each header's rows showed, one per set of columns: a header seen again takes its
  // model back (a last page of one or two rows shows too little of where its columns sit)
  const models: ColumnModel[] = [];
  let inTable = false;
  let prev: Line | null = null;
  let afterHeader = false;
  // the header line (or its second line) the table's first row follows, whatever the space between
  let headerLine: Line | null = null;
  // wrapped-looking lines on a page before its table resumes (a page without a repeated header)
  let pending: Line[] = [];
  // the table ended at such a line: a dated row right below it takes the table up again
  let resumable = false;
  // the page before this one ended inside the table (a row's narration may go on at this page's top)
  let spilled = false;
  // a brought-forward line opened this page the table ran onto: what follows continues the table,
  // dated or not (a row's narration finishing under it, the statement's last row among them)
  let forward = false;
  // the brought-forward line printed as a page's first line of the table, when it is the line before
  let forwardLine: Line | null = null;
  let account: string | null = null;
  // an account's line seen before its section is made (above the first header): the section keeps it
  let accountLine: Line | null = null;
  const rows: Row[] = [];
  // how far apart the table sets its rows: the least distance between two dated rows on a page
  const rowPitch = () => {
    let least = Infinity;
    for (let k = 1; k < rows.length; k++) {
      const [a, b] = [rows[k - 1]!.anchor, rows[k]!.anchor];
      if (a.page === b.page && b.y > a.y) least = Math.min(least, b.y - a.y);
    }
    return Number.isFinite(least) ? least : 0;
  };
  // the header in force for each wrapped line: a page's own header decides its columns
  const lineLayout = new Map<Line, ColumnModel>();
  // items in reading order: anchors (rows) and continuation lines
  const items: ({ row: Row } | { line: Line; section: TableSection })[] = [];

  const newSection = () => {
    section = { lines: [], transactions: [], specials: [], ...(accountLine ? { accountLine } : {}) };
    accountLine = null;
    sections.push(section);
    return section;
  };
  // A section's summary or total lines (not footers), counted by page as they join and leave its
  // lines: whether a page has one is asked at dated lines outside the table, and scanning the
  // section's lines each time was quadratic on a long sheet, one page of every row (issue 37).
  const summaries = new Map<TableSection, Map<number, number>>();
  const countSummary = (sec: TableSection, l: Line, by: 1 | -1) => {
    if (FOOTER_RE.test(l.text) || !/summary|total/i.test(l.text)) return;
    let byPage = summaries.get(sec);
    if (!byPage) summaries.set(sec, (byPage = new Map()));
    byPage.set(l.page, (byPage.get(l.page) ?? 0) + by);
  };
  const addLine = (sec: TableSection, l: Line) => {
    sec.lines.push(l);
    countSummary(sec, l, 1);
  };
  const pageHasSummary = (sec: TableSection, page: number) => (summaries.get(sec)?.get(page) ?? 0) > 0;

  const taught = opts.taught;
  const headings: Headings = taught ? { at: [], skipped: new Set() } : findHeadings(lines, opts.aliases);
  const { skipped } = headings;
  const headedPages = new Set(headings.at.flatMap((h, i) => (h ? [lines[i]!.page] : [])));
  // where each page's headers stand (one of two or three lines too, which pageHasNoHeader's one-line
  // match does not see)
  const headerTops = new Map<number, number[]>();
  headings.at.forEach((h, i) => {
    if (h) headerTops.set(lines[i]!.page, [...(headerTops.get(lines[i]!.page) ?? []), lines[i]!.y]);
  });
  // A page without a header of its own above a dated line takes the table up there. Under a header
  // of its own the table is taken up only before that header's first row (a line between them ended
  // it: 'Sorted by VL. Date.'): once rows were read under the header, its table has ended, and a
  // dated line after the end is another table's (an interest-rate table's '01-03-2024 0.00 0.00
  // 2.7500' under its own 'Date ... Int Rate' line).
  const resumesHere = (line: Line) => {
    if (!pageHasNoHeader(lines, line, opts.aliases)) return false;
    const top = maxOf((headerTops.get(line.page) ?? []).filter((y) => y < line.y));
    const last = rows[rows.length - 1];
    return !(top > -Infinity && last && last.anchor.page === line.page && last.anchor.y > top);
  };
  // what every page prints under its last row, word for word (a disclaimer), is a footer: no end of
  // the table, which the last row's narration may go on after, at the next page's top
  const feet = pageFeet(lines, (l) => hasFigure(l.text));
  const furniture = pageTops(lines, (i) => Boolean(headings.at[i]));
  if (taught) layout = withBalanceMarks(explicitModel(taught, lines), lines);
  let taughtStarted = false;
  const taughtHeader = new Set<string>();

  // lines of figures read as part of the date line above them
  const consumed = new Set<Line>();
  // a figure column's cell holds the row's figure when it prints money (an interest table's
  // '01-03-2024 0.00 0.00 2.7500' sets its rate under 'Debit Amount': a rate, no amount); a scanned
  // line's figures may be garbled past any shape ('1.200.00'), which the balance chain mends, so
  // there any digit stands for one
  const figure = (c: Cell, l: Line) =>
    NUMERIC_ROLES.has(c.role) && (l.ocr === true ? /\d/.test(c.text) : printsMoney(c.text));
  const figuresUnder = (li: number, cells: Cell[]): { line: Line; cells: Cell[] } | null => {
    const line = lines[li]!;
    const next = lines[li + 1];
    if (!layout || !next || skipped.has(li + 1) || headings.at[li + 1] || next.page !== line.page)
      return null;
    // (a date alone is a value date or time printed under a row's date line, no row of its own)
    const words = cells.some((c) => c.role !== 'date' && c.role !== 'valueDate' && c.text.trim() !== '');
    if (!isDateStart(firstToken(cellText(cells, 'date'))) || !words) return null;
    if (next.y - line.y > TABLE_GAP_HEIGHTS * Math.max(line.height, next.height)) return null;
    const nextCells = lineCells(layout, next.runs);
    if (cellText(nextCells, 'date') !== '' || !nextCells.some((c) => figure(c, next))) return null;
    if (specialKind(cellText(nextCells, 'description') || next.text)) return null;
    return { line: next, cells: nextCells };
  };

  // A page number (FOOTER_RE) printed a point or two under a row's wrapped line is read as one line
  // with it (the lines stage joins words less than half a line apart): when the runs before the
  // number, alone, make a line the table's rows wrap onto (no figure, every cell one a wrapped line
  // may hold, set at the table's spacing under the line before), they are that line and the number
  // the page's footer. Else the whole line is the footer, as any line ending in a page number.
  const wrappedOverFooter = (line: Line): { rest: Line; footer: Line } | null => {
    if (!layout || !prev || prev.page !== line.page || !FOOTER_RE.test(line.text)) return null;
    let k = line.runs.length - 1;
    const tail = (j: number) =>
      line.runs
        .slice(j)
        .map((r) => r.text)
        .join(' ');
    while (k > 0 && !FOOTER_RE.test(tail(k))) k--;
    if (k === 0) return null;
    const runs = line.runs.slice(0, k);
    const rest: Line = { ...line, runs, text: runs.map((r) => r.text).join(' ') };
    if (FOOTER_RE.test(rest.text) || line.y - prev.y > TABLE_GAP_HEIGHTS * Math.max(line.height, prev.height))
      return null;
    const cells = lineCells(layout, runs);
    if (cells.some((c) => figure(c, line)) || !cells.every(continuationCell)) return null;
    const footerRuns = line.runs.slice(k);
    return { rest, footer: { ...line, runs: footerRuns, text: tail(k) } };
  };

  // The last row's narration carried onto the next page, where the table does not resume (the
  // statement ends there, or what follows is no row): the lines the page opens with, set where the
  // row's narration lines start, finish that row. Otherwise they would be dropped without a word.
  const finishLastRow = () => {
    const last = rows[rows.length - 1];
    const first = pending[0];
    if (!spilled || !last || !first || last.anchor.page !== first.page - 1) return;
    // (a page with a header of its own holds its own table: lines above it are its title)
    if (headedPages.has(first.page)) return;
    const band = last.layout.bands.find((b) => b.col.role === 'description');
    if (!band) return;
    // where the row's narration starts: its first word in the narration's band
    const start = last.anchor.runs.flatMap(runWords).find((w) => w.x1 > band.x0 && w.x0 < band.x1)?.x0;
    const aligned = (l: Line) => start !== undefined && Math.abs(l.runs[0]!.x0 - start) <= l.height / 2;
    if (!pending.every((l) => l.page === first.page && aligned(l))) return;
    trace?.add({ rule: 'rows.page-tail', page: first.page, y: first.y, detail: first.text });
    // (the waiting lines joined the section in force, as lines outside the table)
    const sec = section as TableSection | null;
    for (const l of pending) {
      const at = sec ? sec.lines.lastIndexOf(l) : -1;
      if (sec && at >= 0) countSummary(sec, sec.lines.splice(at, 1)[0]!, -1);
      items.push({ line: l, section: last.section });
      lineLayout.set(l, last.layout);
    }
    pending = [];
  };

  // a row's wrapped line read as one line with the page number set a point or two below it: the line
  // it stands for (the wrap stage measures spacing by the lines' order)
  const standsFor = new Map<Line, Line>();
  for (const [li, printed] of lines.entries()) {
    let line = printed;
    if (skipped.has(li) || consumed.has(line)) continue;
    const newPage = !prev || prev.page !== line.page;
    if (newPage) {
      finishLastRow();
      spilled = inTable;
      inTable = false;
      pending = [];
      resumable = false;
      forward = false;
    }
    if (taught && !taughtStarted) {
      // lines above the marked first row are the statement's header zone
      if (line.page < taught.page || (line.page === taught.page && line.y < taught.top - line.height / 2)) {
        headerZone.push(line);
        prev = line;
        continue;
      }
      taughtStarted = true;
      inTable = true;
      headerLine = line;
      // the header the columns were taught under: the line right above the first row, and those
      // above it each within the table's spacing of the next
      for (let k = headerZone.length - 1, below: Line | null = null; k >= 0; k--) {
        const l = headerZone[k]!;
        if (l.page !== line.page) break;
        if (below && below.y - l.y > TABLE_GAP_HEIGHTS * Math.max(l.height, below.height)) break;
        taughtHeader.add(l.text);
        below = l;
      }
      newSection();
      trace?.add({
        rule: opts.taughtBy === 'rows' ? 'columns.rows' : 'columns.taught',
        page: line.page,
        y: line.y,
        detail: opts.taughtBy === 'rows' ? 'the first dated row' : 'the first marked row',
        bands: bandsOf(layout!),
      });
    }
    const header = headings.at[li];
    if (header) {
      // a header seen again with the same columns, right after itself or after another, keeps the
      // bands its first appearance's rows showed
      const seen = models.find((m) => sameColumns(m.header)(header));
      layout =
        seen ??
        withBalanceMarks(headingModel(lines, headings, skipped.has(li + 1) ? li + 1 : li, header), lines);
      if (!seen) models.push(layout);
      trace?.add({
        rule: 'columns.heading',
        page: line.page,
        y: line.y,
        detail: header.columns.map((c) => `${c.role} '${c.label}'`).join(', '),
        bands: bandsOf(layout),
      });
      headerLine = line;
      inTable = true;
      afterHeader = true;
      if (!section) newSection();
      prev = line;
      continue;
    }
    if (afterHeader && isHeaderTail(line.runs)) {
      prev = line;
      headerLine = line;
      continue;
    }
    afterHeader = false;
    const acct = isAccountStart(line);
    if (acct && acct !== account) {
      if (account !== null || (section && (section as TableSection).transactions.length + rows.length > 0)) {
        newSection();
      }
      account = acct;
      inTable = false;
      if (section && !(section as TableSection).accountLine) (section as TableSection).accountLine = line;
      else accountLine = line;
    }
    if (!layout) {
      headerZone.push(line);
      prev = line;
      continue;
    }
    const sec: TableSection = section ?? newSection();
    const beforeNumber = inTable && !feet.has(line) && !furniture.has(line) ? wrappedOverFooter(line) : null;
    if (beforeNumber) {
      addLine(sec, beforeNumber.footer);
      standsFor.set(beforeNumber.rest, line);
      line = beforeNumber.rest;
    } else if (FOOTER_RE.test(line.text) || feet.has(line)) {
      addLine(sec, line);
      prev = line;
      continue;
    }
    let cells = lineCells(
      layout,
      line.runs,
      trace && ((rule, detail) => trace.add({ rule, page: line.page, y: line.y, detail })),
    );
    const dateText = cellText(cells, 'date');
    // (words that print no money under the figures are no amount: a browser's page title across them)
    let hasAmount = cells.some((c) => figure(c, line));
    // a date line without figures whose figures are printed on the line under it, with the
    // narration's next line (and no date): the two lines are the row's
    const under = hasAmount ? null : figuresUnder(li, cells);
    if (under) {
      cells = [...cells, ...under.cells.filter((c) => NUMERIC_ROLES.has(c.role) || c.role === 'mark')];
      hasAmount = true;
    }
    // a scanned date the recogniser garbled that reads back ('14/0124', 'os/12/2023': mendOcrDate)
    // starts a row too, dated so and flagged (a row after a narration line that ended the table
    // was lost without a word: scan bench clean AXIS, decision 041 round seven)
    const mendedDate =
      line.ocr === true && hasAmount && !isDateStart(firstToken(dateText)) && mendOcrDate(dateText) !== null;
    const isAnchor = hasAmount && (isDateStart(firstToken(dateText)) || mendedDate);
    const gapOk =
      !prev ||
      prev === headerLine ||
      prev.page !== line.page ||
      line.y - prev.y <= TABLE_GAP_HEIGHTS * Math.max(line.height, prev.height);
    // right under a row's date line, a date of its own is that row's value date printed under its
    // posting date (a line of no figures dated again is no row)
    const last = items[items.length - 1];
    const underRow = last !== undefined && 'row' in last && last.row.anchor === prev && gapOk;
    // (a page's furniture, its bank's and account's lines above the rows, is no row's wrapped line)
    const wrapped =
      !hasAmount &&
      cells.length > 0 &&
      !furniture.has(line) &&
      cells.every(
        (c) =>
          continuationCell(c) ||
          (underRow && dateCell(c) && (readDate(c.text) !== null || readMonthDay(c.text) !== null)),
      );
    // a page without a repeated header continues the table at its first dated row, with the
    // wrapped lines set just above it (narrations printed above their date line), or at a closing
    // or carried-forward line under the end of the last row's narration
    const resumes =
      !inTable &&
      (forward ||
        (isAnchor
          ? (resumable && pending.length > 0) ||
            (!pageHasSummary(sec, line.page) && (taught !== undefined || resumesHere(line)))
          : spilled &&
            pending.length > 0 &&
            pending[0]!.page === line.page &&
            ['closing', 'carriedForward'].includes(specialKind(namingText(line, cells)) ?? '') &&
            pageHasNoHeader(lines, line, opts.aliases)));
    if (resumes) {
      inTable = true;
      forward = false;
      trace?.add({ rule: 'rows.page-resumed', page: line.page, y: line.y, detail: line.text });
      let k = pending.length;
      let below = line;
      // (the taught header printed again mid-page is no narration over the row under it)
      while (
        k > 0 &&
        pending[k - 1]!.page === line.page &&
        below.y - pending[k - 1]!.y <= TABLE_GAP_HEIGHTS * below.height &&
        !taughtHeader.has(pending[k - 1]!.text)
      )
        below = pending[--k]!;
      for (const l of pending.slice(k)) {
        // from the end, where the waiting lines are (each line is in the section once)
        const [gone] = sec.lines.splice(sec.lines.lastIndexOf(l), 1);
        if (gone) countSummary(sec, gone, -1);
        items.push({ line: l, section: sec });
        lineLayout.set(l, layout);
      }
      pending = [];
    }
    if (!inTable) {
      if (wrapped) pending.push(line);
      else {
        finishLastRow();
        pending = [];
        resumable = false;
        forward = carriesOn(line, cells, rows[rows.length - 1]);
        // (a brought-forward line that takes the table up is set as a row is, as much as one read in
        // the table: the last row's narration carried under it stands as far below it as rows do)
        if (forward) forwardLine = line;
        // figures outside the table (a summary's) end what the page could continue
        if (hasAmount) spilled = false;
      }
      addLine(sec, line);
      prev = line;
      continue;
    }
    const textAll = line.text;
    const named = specialKind(namingText(line, cells));
    const lineAmount = cellText(cells, 'debit') || cellText(cells, 'credit') || cellText(cells, 'amount');
    // The balance chain decides whether a dated line named opening, with an amount, is the opening or
    // a row: it is the opening where its amount carries the balance from nothing (the amount is the
    // balance, and no row of its section comes before it); otherwise it moves the balance as a row
    // does, and is one ('Opening balance transfer' after rows; an amount that is not the balance)
    const openingAsRow =
      named === 'opening' &&
      !sec.transactions.length &&
      !rows.some((r) => r.section === sec) &&
      lineAmount !== '' &&
      money(lineAmount)?.paise !== undefined &&
      Math.abs(money(lineAmount)!.paise) === Math.abs(balanceOf(cellText(cells, 'balance')) ?? NaN);
    // and a dated line named closing whose one figure stands where amounts do is the closing where
    // that figure is the balance the section's last row left ('31/07/2025 61,683.46 (Cr) Closing
    // Balance', the figure under the amount's heading): it moves nothing
    const lastRow = rows[rows.length - 1];
    const closingInAmount =
      named === null &&
      isAnchor &&
      lineAmount !== '' &&
      lastRow?.section === sec &&
      balanceOf(cellText(cells, 'balance')) === null &&
      balanceOf(lineAmount) !== null &&
      balanceOf(lineAmount) === balanceOf(cellText(lastRow.cells, 'balance')) &&
      specialKind(namedCells(cells)) === 'closing';
    const special = closingInAmount ? 'closing' : named;
    if (special && (!isAnchor || !lineAmount || openingAsRow || closingInAmount)) {
      trace?.add({ rule: 'rows.special', page: line.page, y: line.y, detail: `${special}: ${textAll}` });
      forwardLine =
        (special === 'broughtForward' || special === 'opening') && rows[rows.length - 1]?.section === sec
          ? line
          : null;
      sec.specials.push({
        kind: special,
        debit: amountOf(cellText(cells, 'debit')),
        credit: amountOf(cellText(cells, 'credit')),
        balance: balanceOf(closingInAmount ? lineAmount : cellText(cells, 'balance')),
        text: textAll,
        beforeRows: rows.length === 0 || rows[rows.length - 1]!.section !== sec,
      });
      prev = line;
      continue;
    }
    if (isAnchor) {
      trace?.add({ rule: 'rows.anchor', page: line.page, y: line.y, detail: `date cell '${dateText}'` });
      if (mendedDate)
        trace?.add({
          rule: 'rows.date-from-value',
          page: line.page,
          y: line.y,
          detail: `date '${dateText}' read back as '${mendOcrDate(dateText)}'`,
        });
      const figuresLine = under?.line;
      if (figuresLine) {
        trace?.add({
          rule: 'rows.figures-below',
          page: line.page,
          y: figuresLine.y,
          detail: figuresLine.text,
        });
        consumed.add(figuresLine);
      }
      const row: Row = {
        anchor: line,
        layout,
        cells,
        above: [],
        below: figuresLine ? [figuresLine] : [],
        section: sec,
        ...(figuresLine ? { figuresLine } : {}),
        ...(mendedDate ? { dateFromValue: true } : {}),
      };
      rows.push(row);
      items.push({ row });
      prev = figuresLine ?? line;
      continue;
    }
    // a row printed under the day of the row above it: its date cell empty, its value date and
    // balance printed (banks that print the posting date once a day)
    const above = rows[rows.length - 1];
    if (
      hasAmount &&
      gapOk &&
      dateText === '' &&
      above?.section === sec &&
      cellText(cells, 'balance') &&
      isDateStart(firstToken(cellText(cells, 'valueDate')))
    ) {
      trace?.add({
        rule: 'rows.same-day',
        page: line.page,
        y: line.y,
        detail: `value date '${cellText(cells, 'valueDate')}'`,
      });
      const row: Row = { anchor: line, layout, cells, above: [], below: [], section: sec, sameDay: true };
      rows.push(row);
      items.push({ row });
      prev = line;
      continue;
    }
    // on a report's or a sheet's grid (a line's height 1, y its index) a wrapped line is the very
    // next line: a blank line before it sets it apart as a PDF's gap of 2.2 heights does
    const gridGap = prev !== null && prev.page === line.page && line.height === 1 && line.y - prev.y > 1;
    // a page's brought-forward line is set as a row is: the narration carried over from the last row
    // may stand under it as far as the rows stand apart (PNB 4513877659, rows 16.5 pt apart: 2.2 line
    // heights exactly, the narration 16.6 pt under 'Balance B/F')
    const underForward =
      prev !== null && prev === forwardLine && line.page === prev.page && line.y - prev.y <= 1.1 * rowPitch();
    const continuation = (gapOk || underForward) && wrapped && !(gridGap && prev !== headerLine);
    if (continuation) {
      trace?.add({ rule: 'rows.continuation', page: line.page, y: line.y, detail: line.text });
      items.push({ line, section: sec });
      lineLayout.set(line, layout);
      prev = line;
      continue;
    }
    if (
      line.ocr &&
      hasAmount &&
      gapOk &&
      readDateLoose(dateText) === null &&
      cellText(cells, 'balance') &&
      (readDateLoose(firstToken(cellText(cells, 'valueDate'))) !== null || mendOcrDate(dateText) !== null)
    ) {
      // a scanned row whose date the recogniser garbled ('1112/23' for 11/12/23) beside a value
      // date it read (scan bench, round seven: dpi200 PNB lost two rows so), or whose garbled date
      // reads back (mendOcrDate: 'os/12/2023', '1671272023'; photo PNB): read, dated by its value
      // date or the date read back, and flagged (toTransaction)
      trace?.add({
        rule: 'rows.date-from-value',
        page: line.page,
        y: line.y,
        detail: `date '${dateText}', value date '${cellText(cells, 'valueDate')}'`,
      });
      const row: Row = {
        anchor: line,
        layout,
        cells,
        above: [],
        below: [],
        section: sec,
        dateFromValue: true,
      };
      rows.push(row);
      items.push({ row });
      prev = line;
      continue;
    }
    if (hasAmount && gapOk && readDateLoose(dateText) === null && cellText(cells, 'balance') && line.ocr) {
      // a scanned row whose date reads as nothing ('ovo32s'), its figures and balance read: kept, to
      // be dated by the date order where it leaves one day (account.ts, datesByOrder), else dropped
      trace?.add({ rule: 'rows.unreadable-date', page: line.page, y: line.y, detail: textAll });
      const row: Row = { anchor: line, layout, cells, above: [], below: [], section: sec, dateUnread: true };
      rows.push(row);
      items.push({ row });
      prev = line;
      continue;
    }
    if (hasAmount && gapOk && readDateLoose(dateText) === null && cellText(cells, 'balance')) {
      issues.push({
        kind: 'row',
        message: 'A row with amounts but no readable date was not read.',
        page: line.page,
        text: textAll,
      });
      // a row whose date cannot be read is a break the user sees, not the table's end: the rows
      // after it are read
      trace?.add({ rule: 'rows.unreadable-date', page: line.page, y: line.y, detail: textAll });
      prev = line;
      continue;
    }
    // anything else ends the table on this page: summary blocks, disclaimers. A narration-like
    // line set further below than usual ends it only if no dated row follows right under it.
    trace?.add({ rule: 'rows.table-end', page: line.page, y: line.y, detail: textAll });
    inTable = false;
    resumable = wrapped;
    pending = wrapped ? [line] : [];
    addLine(sec, line);
    prev = line;
  }
  finishLastRow();

  // (a gap measures the table's spacing only between lines printed one right under the other: one
  // over a header repeated mid-page is no row pitch)
  const lineIndex = new Map(lines.map((l, i) => [l, i]));
  for (const [rest, l] of standsFor) lineIndex.set(rest, lineIndex.get(l)!);
  attachContinuations(
    items,
    opts.flow,
    (l) => {
      const model = lineLayout.get(l) ?? layout;
      const cells = model ? lineCells(model, l.runs) : [];
      return cells.length > 0 && cells.every(dateCell);
    },
    (a, b) => lineIndex.get(b) === (lineIndex.get(a) ?? NaN) + 1,
  );

  let day: string | undefined;
  const rowLines = new Set<Line>();
  for (const row of rows) {
    const cellsOf = (l: Line) => lineCells(lineLayout.get(l) ?? row.layout, l.runs);
    const t = toTransaction(
      {
        anchor: row.anchor,
        cells: row.cells,
        lines: [...row.above.map(cellsOf), row.cells, ...row.below.map(cellsOf)],
      },
      opts,
      row.sameDay ? day : undefined,
      row.dateFromValue,
      row.dateUnread,
    );
    if ('tx' in t && t.tx.date !== '') day = t.tx.date;
    if ('issue' in t) {
      issues.push(t.issue);
      trace?.add({
        rule: 'values.row-unread',
        page: row.anchor.page,
        y: row.anchor.y,
        detail: t.issue.message,
      });
    } else {
      row.section.transactions.push(t.tx);
      rowLines.add(row.anchor);
      for (const l of row.above) rowLines.add(l);
      for (const l of row.below) rowLines.add(l);
      if (trace) {
        const lines = [...row.above, row.anchor, ...row.below];
        trace.rows.set(t.tx, {
          page: row.anchor.page,
          top: minOf(lines.filter((l) => l.page === row.anchor.page).map((l) => l.y)),
          bottom: maxOf(lines.filter((l) => l.page === row.anchor.page).map((l) => l.y + l.height)),
          lines: lines.length,
        });
      }
    }
  }
  // an undated scanned row stands, for the stages before the account's, on the day of the row above
  // it, or of the row below it at the top (the order's checks see no row out of order)
  for (const s of sections)
    s.transactions.forEach((t, k) => {
      if (t.date !== '') return;
      const near =
        s.transactions
          .slice(0, k)
          .reverse()
          .find((u) => u.date !== '') ?? s.transactions.slice(k + 1).find((u) => u.date !== '');
      t.date = near?.date ?? '';
    });
  for (const s of sections) {
    const lost = s.transactions.filter((t) => t.date === '');
    for (const t of lost)
      issues.push({
        kind: 'row',
        message: 'A row with amounts but no readable date was not read.',
        page: t.page,
      });
    if (lost.length) s.transactions = s.transactions.filter((t) => t.date !== '');
  }
  return {
    sections: sections.filter((s) => s.transactions.length || s.specials.length),
    headerZone,
    issues,
    headerFound: layout !== null,
    rowLines,
  };
}

/**
 * A cell a row's wrapped line may hold: any text of a column of text, whatever
 * its role (the narration, a reference, a serial set halfway down a tall row, the wrapped cell of a
 * column the reader does not read: 'Branch Name'), never a figure or a mark; in a date column only
 * a date's wrapped end ('2024', 'Apr') or the time printed under it ('10:11 AM'): a word of another
 * kind set there ('Statement From : ...' above a page's first row) is none.
 */
function continuationCell(c: Cell): boolean {
  const t = c.text.trim();
  if (dateCell(c)) return /^(\d{2}|\d{4})$/.test(t) || isMonthOrDay(t) || TIME.test(t);
  // (a ruling printed as text, '-----' under a page's last row, is no narration's)
  return !NUMERIC_ROLES.has(c.role) && c.role !== 'mark' && !RULE.test(t);
}

export function stripLeadingDate(s: string): string {
  return s.replace(/^\S*\d\S*\s+/, (m) => (readDate(m.trim()) ? '' : m));
}

function readDateLoose(s: string): string | null {
  return s ? readDate(s) : null;
}
