// The account stage: one table section as an account statement. Its facts (number, holder, period,
// printed opening and closing), the year of dates printed without one, the order of rows printed
// newest first, the side of amounts printed without one, OCR'd figures mended, and the
// reconciliation; every change a decision in the trace. Then the check that the read accounts for
// every dated line with figures.
import { type Facts, emptyFacts, holderFallback, readFacts } from './facts.ts';
import { findDates, nearYear, readDate, withYear } from './dates.ts';
import type { Line } from './lines.ts';
import { sideOf } from './amount.ts';
import { datesByOrder, mendOcrDates } from './ocr-dates.ts';
import { mendDigitAndPoint, mendDigitTooMany, mendOcrFigures } from './ocr-figures.ts';
import { fillBalances, fixSidesFromBalance, newestFirst, reconcile, totalsMatch } from './reconcile.ts';
import type { Special, SpecialKind, TableSection } from './rows.ts';
import type { Trace } from './trace.ts';
import type { AccountStatement, ParseIssue, Transaction } from './types.ts';
import { AMOUNT_PLACE, DATE_UNREAD, NO_YEAR, OCR_CONFIDENCE, SIDE_BY_BALANCE } from './values.ts';

export interface AccountContext {
  /** the lines before the first table: the first account's facts, and the latest date printed */
  headerZone: Line[];
  /** the period the header zone prints */
  period: { from: string | null; to: string | null };
  /** the document is a workbook: its withdrawal and deposit columns are exact */
  sheets: boolean;
  /** pages whose words came from OCR */
  ocrPages: ReadonlySet<number>;
  issues: ParseIssue[];
  trace?: Trace;
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

/** One table section as an account statement (`i`: its place in the statement; the first takes the header zone's facts). */
export function readAccount(sec: TableSection, i: number, ctx: AccountContext): AccountStatement {
  // where a row was printed, for the decisions taken on it after the table was read
  const where = (t: Transaction | undefined) => {
    const s = t && ctx.trace?.rows.get(t);
    return s ? { page: s.page, y: s.top } : t?.page !== undefined ? { page: t.page } : {};
  };
  const facts = emptyFacts();
  // the line that started the section (a consolidated statement's account line) is its first fact
  // line; the first section's facts come next from the header zone, which may print other accounts
  if (sec.accountLine) readFacts([sec.accountLine], facts);
  if (i === 0) readFacts(ctx.headerZone, facts);
  readFacts(sec.lines, facts);
  summaryFacts(sec.specials, facts);
  if (i === 0 && !facts.holder) facts.holder = holderFallback(ctx.headerZone);
  // (an opening line after the first row is a page's balance brought forward: 'Balance B/F' atop page 2)
  const opening =
    sec.specials.find((s) => (s.kind === 'opening' || s.kind === 'broughtForward') && s.beforeRows)
      ?.balance ?? facts.opening;
  const closingRow = [...sec.specials].reverse().find((s) => s.kind === 'closing');
  let closing = closingRow?.balance ?? facts.closing;
  // dates printed without a year take it from the statement period
  if (sec.transactions.some((t) => t.date.startsWith(NO_YEAR))) {
    let from = facts.from ?? ctx.period.from;
    let to = facts.to ?? ctx.period.to;
    if (!from && !to) {
      // no period printed: the rows lie in the year up to the latest date the statement prints
      // outside its rows (the day it was generated; a narration's figures may look like dates)
      const latest = latestDate([...ctx.headerZone, ...sec.lines]);
      if (latest) {
        [from, to] = [yearBefore(latest), latest];
        ctx.issues.push({
          kind: 'layout',
          message: `The statement prints no period and its rows no year: the year up to ${latest}, the latest date it prints, was taken.`,
        });
      }
    }
    sec.transactions = sec.transactions.filter((t) => {
      if (!t.date.startsWith(NO_YEAR)) return true;
      const dated = withYear(t.date.slice(5), from, to);
      if (dated) {
        ctx.trace?.add({
          rule: 'account.year-from-period',
          ...where(t),
          detail: `${t.date.slice(5)} -> ${dated} (period ${from ?? '?'} to ${to ?? '?'})`,
        });
        t.date = dated;
      } else
        ctx.issues.push({
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
    ctx.trace?.add({
      rule: 'account.newest-first',
      ...where(sec.transactions[0]),
      detail: `${sec.transactions.length} rows turned into date order`,
    });
  }
  // a scanned row whose date read as nothing: the day the rows around it (or the period's ends) leave
  sec.transactions = datesByOrder(
    sec.transactions,
    (t) => DATE_UNREAD.has(t),
    { from: facts.from ?? ctx.period.from, to: facts.to ?? ctx.period.to },
    opening,
    ctx,
    where,
  );
  const sides = ctx.trace ? sec.transactions.map((t) => t.withdrawal) : [];
  // a sheet's withdrawal and deposit columns are exact: their rows keep their side; on a page a
  // figure may have been placed in the wrong column, and the balance chain still decides
  const guessed = (t: Transaction) => SIDE_BY_BALANCE.has(t);
  fixSidesFromBalance(sec.transactions, opening, ctx.sheets ? guessed : undefined, guessed);
  // (a page's total is no statement's)
  const totalRow = sec.specials.find((s) => s.kind === 'total' && !/^\s*page\s+total/i.test(s.text));
  const totals = {
    debitCount: facts.debitCount,
    creditCount: facts.creditCount,
    debitTotal: facts.debitTotal ?? totalRow?.debit ?? null,
    creditTotal: facts.creditTotal ?? totalRow?.credit ?? null,
  };
  if (opening === null) sideByPlace(sec.transactions);
  if (opening === null && sideByTotals(sec.transactions, totals))
    ctx.trace?.add({
      rule: 'account.side-by-totals',
      ...where(sec.transactions[0]),
      detail: `${sec.transactions[0]!.date}: a ${sec.transactions[0]!.withdrawal ? 'withdrawal' : 'deposit'}, as the printed totals say`,
    });
  const byWords = opening === null && sideByNarration(sec.transactions);
  if (ctx.trace && byWords) {
    const t = sec.transactions[0]!;
    ctx.trace.add({
      rule: 'account.side-by-narration',
      ...where(t),
      detail: `${t.date}: a ${t.withdrawal ? 'withdrawal' : 'deposit'}, as its narration's Dr/Cr word and every row the balance proves say`,
    });
  }
  if (ctx.trace)
    sec.transactions.forEach((t, k) => {
      if (t.withdrawal !== sides[k] && !(byWords && k === 0))
        ctx.trace!.add({
          rule: 'account.side-by-balance',
          ...where(t),
          detail: `${t.date}: a ${t.withdrawal ? 'withdrawal' : 'deposit'} by the balance movement`,
        });
    });
  const ocrRow = (t: Transaction) => t.page !== undefined && ctx.ocrPages.has(t.page);
  const mended = mendOcrFigures(sec.transactions, opening, closing, ocrRow);
  // two adjacent rows misread together, a digit on one and a point lost on the other
  mended.push(...mendDigitAndPoint(sec.transactions, opening, closing, ocrRow));
  mendOcrDates(sec.transactions, ocrRow, ctx, where);
  // a balance at either end read with a digit too many (and a closing line read the same way)
  const ends = mendDigitTooMany(sec.transactions, opening, closing, ocrRow);
  const closingMended = ends.closing !== closing;
  closing = ends.closing;
  mended.push(...ends.mended.filter((t) => !mended.includes(t)));
  for (const t of mended) {
    ctx.trace?.add({ rule: 'account.ocr-mended', ...where(t), detail: `${t.date}` });
    // a figure the balance mended was misread on the scan: the user checks it against the paper
    t.ocrFlag = true;
  }
  // a note on how the rows were read ('row' would say rows were skipped)
  if (mended.length > 0)
    ctx.issues.push({
      kind: 'layout',
      message: `${mended.length} figure(s) of the scan read one digit wrong were mended by the running balance (rows dated ${mended.map((t) => t.date).join(', ')}${closingMended ? ', and the closing balance' : ''}): check them against the paper.`,
      page: mended[0]!.page,
    });
  const rec = reconcile(sec.transactions, { opening, closing, ...totals });
  for (const note of rec.notes ?? []) ctx.issues.push({ kind: 'totals', message: note });
  // where no row prints its side (no column, mark or sign: the chain gave every side; a row of 0.00
  // shows none), the first row's side rests on nothing without an opening balance (the opening is
  // derived from that very row): no success on a guess
  const first = sec.transactions[0];
  if (
    rec.ok &&
    rec.openingSource === 'derived' &&
    first &&
    sec.transactions.every((t) => SIDE_BY_BALANCE.has(t) || (t.withdrawal === 0 && t.deposit === 0))
  ) {
    rec.ok = false;
    rec.message = `The first row (${first.date}) prints no side and no opening balance shows it: it was read as a ${first.withdrawal ? 'withdrawal' : 'deposit'}; check it.`;
  }
  // rows dated well outside the period the statement prints prove nothing by their balances (dates
  // are in no chain): a serial read into a year-less date ('10' 'Jan 04': row 10 of January 2023
  // read as 10 January 2004) is no success. A row a few days past the period is a bank's own.
  const from = facts.from ?? ctx.period.from;
  const to = facts.to ?? ctx.period.to;
  if (rec.ok && from && to && from <= to) {
    const [lo, hi] = [shiftDays(from, -PERIOD_SLACK_DAYS), shiftDays(to, PERIOD_SLACK_DAYS)];
    const far = sec.transactions.filter((t) => t.date < lo || t.date > hi);
    if (far.length) {
      rec.ok = false;
      rec.message = `${far.length} row(s) are dated outside the statement's period (${from} to ${to}), the first ${far[0]!.date}: check their dates.`;
    }
  }
  // (after the check, which counts printed balances only)
  const printed = sec.transactions.filter((t) => t.balance !== null).length;
  if (rec.checkedBalances > 0) {
    const filled = fillBalances(sec.transactions, rec.openingBalance);
    for (const t of filled)
      ctx.trace?.add({
        rule: 'account.balance-computed',
        ...where(t),
        detail: `${t.date}: no balance printed`,
      });
    // a scanned row without a balance where the statement prints one on (nearly) every row: its
    // balance was there and not read, and the figures the chain filled it from are unchecked
    if (printed >= PRINTS_BALANCES * sec.transactions.length)
      for (const t of filled) if (ocrRow(t)) t.ocrFlag = true;
  }
  for (const b of rec.breaks)
    ctx.trace?.add({ rule: 'account.break', ...where(sec.transactions[b.index]), detail: b.reason });
  flagUnsureOcrRows(
    sec.transactions,
    rec,
    closing,
    facts.from ?? ctx.period.from,
    facts.to ?? ctx.period.to,
    ocrRow,
  );
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
}

/**
 * The facts a summary printed after the rows labels ('Total Debits (16) 97,399.58', 'Closing
 * Balance 4,99,357.90 Cr.'), read from its words where the table's columns placed its figure in
 * no column of the special's kind (a scanned summary's figures sit left of the balance column,
 * under the deposits: PNB_scanned read its debit total as a credit total). Only the fields the
 * special's kind names, and only where nothing earlier set them.
 */
function summaryFacts(specials: Special[], facts: Facts): void {
  const fields: Partial<Record<SpecialKind, (keyof Facts)[]>> = {
    total: ['debitCount', 'creditCount', 'debitTotal', 'creditTotal'],
    closing: ['closing'],
    opening: ['opening'],
  };
  for (const s of specials) {
    // (an opening printed before the rows is read from its columns: see readAccount)
    const keys = s.kind === 'opening' && s.beforeRows ? undefined : fields[s.kind];
    if (!keys) continue;
    const read = readFacts([{ page: 0, y: 0, height: 1, runs: [], text: s.text }]);
    const take = <K extends keyof Facts>(k: K) => {
      if (facts[k] === null) facts[k] = read[k];
    };
    keys.forEach(take);
  }
}

/** A statement prints a balance on a row when it does on this share of its rows or more. */
const PRINTS_BALANCES = 0.9;

/**
 * OCR'd rows whose figures the checks could not vouch for, flagged for the user to compare with
 * the paper (`ocrFlag`): the chain tests amounts and balances, never dates, and a scan's misread
 * can hide where the chain is not closed.
 * - An account that does not reconcile: the rows its breaks can be placed among (breakRows: from
 *   the last balance read before a break to the break) and every row no check vouches for
 *   (vouchedByChecks). A stretch of rows between two balances read that follow each other is
 *   proven by them; a misread date is in no chain, and is flagged by its order or period below.
 *   (Until decision 041 round six every scanned row of such an account was flagged: 126 of the
 *   scan bench's right rows.)
 * - A row whose balance does not follow.
 * - A date before the previous row's, or outside the statement's period (dates are in no chain):
 *   both rows of an order broken, since either may be the misread one.
 * - The last row when nothing printed closes the statement (no closing balance, no totals): the
 *   rows the recogniser never made at the end of a scan are in no line check either; and the rows
 *   after the last balance read, whose figures nothing checks.
 * - A row whose figures the recogniser read unsure (under UNSURE_CONFIDENCE) where no check vouches
 *   for them (vouchedByChecks): the first row of a statement that prints no opening balance, the
 *   rows after the last balance read.
 */
function flagUnsureOcrRows(
  txs: Transaction[],
  rec: AccountStatement['reconciliation'],
  closing: number | null,
  from: string | null | undefined,
  to: string | null | undefined,
  ocrRow: (t: Transaction) => boolean,
): void {
  const flag = (t: Transaction | undefined) => {
    if (t && ocrRow(t)) t.ocrFlag = true;
  };
  // figures the recogniser was unsure of where no check vouches for them (a date's confidence says
  // nothing: the scan bench's dates read right at 0-60 on 25 rows, none read wrong)
  const vouched = vouchedByChecks(txs, rec, closing);
  txs.forEach((t, k) => {
    if ((OCR_CONFIDENCE.get(t) ?? 100) < UNSURE_CONFIDENCE && !vouched[k]) flag(t);
  });
  // an account that does not reconcile: the rows the break can be placed among, and every row no
  // check vouches for
  if (!rec.ok) {
    for (const k of breakRows(txs, rec.breaks)) flag(txs[k]);
    txs.forEach((t, k) => {
      if (!vouched[k]) flag(t);
    });
  }
  for (const b of rec.breaks) flag(txs[b.index]);
  txs.forEach((t, k) => {
    if ((from && t.date < from) || (to && t.date > to)) flag(t);
    const prev = txs[k - 1];
    if (prev && t.date < prev.date) {
      flag(prev);
      flag(t);
    }
  });
  if (closing === null && rec.printedTotals === undefined) {
    flag(txs.at(-1));
    // and every row after the last balance read: nothing checks their figures (a photo's last
    // rows with their balances read into the deposit column "reconciled")
    for (let k = txs.length - 1; k >= 0 && (txs[k]!.balance === null || txs[k]!.balanceComputed); k--)
      flag(txs[k]);
  }
}

/**
 * The rows a break of the balance chain can be placed among (by index): for a row whose balance
 * does not follow, the rows since the last balance read before it (their amounts or its balance
 * were misread), with that row too (its balance may be the misread one: the chain then broke on it
 * and went on from the misread figure); for the printed closing, the rows after the last balance
 * read and that row. Every other stretch between two balances read is a closed link of the chain:
 * its amounts are proven by the balances at both its ends.
 */
export function breakRows(txs: Transaction[], breaks: readonly { index: number }[]): Set<number> {
  const read = txs.map((t) => t.balance !== null && !t.balanceComputed);
  const rows = new Set<number>();
  for (const b of breaks) {
    let k = Math.min(b.index, txs.length) - 1;
    if (b.index < txs.length) rows.add(b.index);
    for (; k >= 0 && !read[k]; k--) rows.add(k);
    if (k >= 0) rows.add(k);
  }
  return rows;
}

/**
 * A scanned word the recogniser gave less than this confidence (0-100) may be misread. Tesseract
 * gives a cleanly printed figure 85-96 (PNB_scanned's 31 rows: 86-96, PNB_photo's 13: 82-92).
 */
export const UNSURE_CONFIDENCE = 60;

/**
 * Rows whose figures the checks vouch for (by index): a printed balance (or the printed opening)
 * before the row and one at or after it (or the printed closing), so that the row's amount and
 * balance are a link of a chain read at both ends; or debit and credit totals printed and matched,
 * which vouch for every amount. A misread then would have to be undone by another. Not vouched:
 * the first rows where the opening was derived from them, the rows after the last balance read
 * when no closing balance is printed, every row where no balance was read.
 */
function vouchedByChecks(
  txs: Transaction[],
  rec: AccountStatement['reconciliation'],
  closing: number | null,
): boolean[] {
  const totals =
    rec.printedTotals?.matches === true &&
    rec.printedTotals.debitTotal !== null &&
    rec.printedTotals.creditTotal !== null;
  const read = txs.map((t) => t.balance !== null && !t.balanceComputed);
  const after: boolean[] = [];
  let later = closing !== null;
  for (let k = txs.length - 1; k >= 0; k--) {
    later ||= read[k]!;
    after[k] = later;
  }
  let before = rec.openingSource === 'printed';
  return txs.map((_, k) => {
    const ok = totals || (before && after[k]!);
    before ||= read[k]!;
    return ok;
  });
}

// Lines of a statement that no read row accounts for, named one by one up to this many.
const UNREAD_NAMED = 10;

/**
 * A read is a success only when it accounts for the whole statement: a dated line with figures that
 * became no row fails its account's reconciliation, and is named. When the statement prints no
 * closing balance and no totals, its end cannot be checked against a printed figure: the message
 * says that the lines were checked instead.
 */
export function accountForEveryLine(
  /** the dated lines with figures no row accounts for (coverage.ts unreadLines) */
  unread: Line[],
  accounts: AccountStatement[],
  issues: ParseIssue[],
  trace?: Trace,
): void {
  if (accounts.length === 0) return;
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
      // a scanned page with a line the rows miss: its rows are no more vouched for than the line
      const scanned = new Set(mine.filter((l) => l.ocr).map((l) => l.page));
      for (const t of a.transactions) if (t.page !== undefined && scanned.has(t.page)) t.ocrFlag = true;
      rec.ok = false;
      rec.message = `${mine.length} dated line(s) with figures on page(s) ${pages.slice(0, 5).join(', ')}${pages.length > 5 ? '…' : ''} were not read as rows: the statement was not read whole.${rec.breaks.length ? ` ${rec.message}` : ''}`;
    } else if (rec.ok && a.closingBalance === null && rec.printedTotals === undefined) {
      rec.message = `${rec.message} The statement prints no closing balance or totals, so its end was checked line by line, not against a printed figure.`;
    }
  }
}

// 'Page 34 of 35', 'Page No: 2/3' (printed text only: a recogniser's digit proves nothing)
const PAGE_OF = /\bpage\s*(?:no\.?\s*)?[.:]*\s*(\d{1,4})\s*(?:of|\/)\s*(\d{1,4})\b/i;

/**
 * A statement that numbers its pages ('Page 34 of 35') and a file that holds fewer of them: the rows
 * of the missing pages were never read, and the rows that were chain among themselves all the same
 * (a download cut short, one page left out of a merge). No success.
 */
export function accountForEveryPage(
  lines: Line[],
  /** pages of the file that were read */
  pagesInFile: number,
  accounts: AccountStatement[],
): void {
  const last = accounts.at(-1);
  if (!last) return;
  // page numbers seen, by the count they are printed with
  const seen = new Map<number, Set<number>>();
  for (const l of lines) {
    if (l.ocr) continue;
    const m = PAGE_OF.exec(l.text);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) continue;
    const of = Number(m[2]);
    if (!seen.has(of)) seen.set(of, new Set());
    seen.get(of)!.add(Number(m[1]));
  }
  const printed = Math.max(0, ...seen.keys());
  if (printed <= pagesInFile) return;
  // (the last page's number printed is the statement's end in the file: a text redrawn onto fewer
  // pages keeps it; a download cut short does not)
  const lastSeen = Math.max(...seen.get(printed)!);
  if (lastSeen >= printed) return;
  const message = `The statement numbers its pages to ${printed}, and the last page this file holds is page ${lastSeen} of ${printed}: the rows of the pages after it were not read. Upload the whole statement.`;
  last.reconciliation.ok = false;
  last.reconciliation.message = message;
}

// How far outside its printed period a statement's row may be dated (a posting the day after).
const PERIOD_SLACK_DAYS = 31;

/** An ISO date moved by some days. */
function shiftDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The first row's side where no opening balance proves it and its one amount stands in one of two
 * amount columns no header names (AMOUNT_PLACE): the rows after it whose balance the chain proves
 * show which place is which side, when at least three do and all agree, and both places are seen.
 * The row is then no longer one whose side is a guess.
 */
/**
 * The side a narration's Dr/Cr words name ('UPI/DR/4122...', 'NACH DR ...', 'IMPS/CR/...'): one
 * side named, else null.
 */
function narrationSide(t: Transaction): 'Dr' | 'Cr' | null {
  const sides = new Set(
    t.description.split(/[^A-Za-z]+/).map((w) => (/^(dr|cr)$/i.test(w) ? sideOf(w) : null)),
  );
  sides.delete(null);
  return sides.size === 1 ? [...sides][0]! : null;
}

/**
 * With no opening balance and no place to show it, the first row's side is the one its narration's
 * Dr/Cr word names, where the rows the balance proves show that word naming their side every time
 * (at least three of them, none against): a statement whose narrations say 'UPI/DR/' on every
 * withdrawal and 'UPI/CR/' on every deposit says it of its first row as well.
 */
function sideByNarration(txs: Transaction[]): boolean {
  const first = txs[0];
  const named = first && narrationSide(first);
  if (!first || !named || !SIDE_BY_BALANCE.has(first)) return false;
  let same = 0;
  let crossed = 0;
  for (const t of provenRows(txs)) {
    const side = narrationSide(t);
    if (!side) continue;
    if ((side === 'Dr') === t.withdrawal > 0) same++;
    else crossed++;
  }
  if (same < 3 || crossed > 0) return false;
  setFirstSide(first, named === 'Dr');
  return true;
}

/**
 * With no opening balance, the first row's side is the one on which the rows give the counts and totals
 * the statement prints, where they print some and only that side gives them.
 */
function sideByTotals(txs: Transaction[], totals: Parameters<typeof totalsMatch>[1]): boolean {
  const first = txs[0];
  if (!first || !SIDE_BY_BALANCE.has(first) || Object.values(totals).every((v) => v === null)) return false;
  const asWithdrawal = (withdrawal: boolean) => {
    const amount = first.withdrawal + first.deposit;
    return [
      { ...first, withdrawal: withdrawal ? amount : 0, deposit: withdrawal ? 0 : amount },
      ...txs.slice(1),
    ];
  };
  const debit = totalsMatch(asWithdrawal(true), totals);
  if (debit === totalsMatch(asWithdrawal(false), totals)) return false;
  setFirstSide(first, debit);
  return true;
}

function sideByPlace(txs: Transaction[]): void {
  const first = txs[0];
  const place = first && AMOUNT_PLACE.get(first);
  if (!first || !place || !SIDE_BY_BALANCE.has(first)) return;
  let same = 0;
  let crossed = 0;
  const seen = new Set<string>();
  for (const t of provenRows(txs)) {
    const p = AMOUNT_PLACE.get(t);
    if (!p) continue;
    seen.add(p);
    if ((p === 'debit') === t.withdrawal > 0) same++;
    else crossed++;
  }
  if (seen.size < 2 || same + crossed < 3 || (same > 0 && crossed > 0)) return;
  setFirstSide(first, (place === 'debit') === same > 0);
}

/** The rows after the first whose balance moved by their amount, on the side each row now has. */
function provenRows(txs: Transaction[]): Transaction[] {
  return txs.filter((t, k) => {
    const before = txs[k - 1]?.balance;
    if (k === 0 || t.balance === null || before === null || before === undefined) return false;
    return t.balance - before === t.deposit - t.withdrawal && t.deposit !== t.withdrawal;
  });
}

/** The first row's amount on the side shown, no longer a guess. */
function setFirstSide(first: Transaction, withdrawal: boolean): void {
  const amount = first.withdrawal + first.deposit;
  first.withdrawal = withdrawal ? amount : 0;
  first.deposit = withdrawal ? 0 : amount;
  SIDE_BY_BALANCE.delete(first);
}
