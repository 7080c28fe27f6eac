// A client's month report (issue 35, decision 055): core's monthReport over every open account's
// book, the pushes that took the month's rows with what Tally answered, on screen and as XLSX.
import type { MonthReportAnswer } from '@bahi/contract';
import {
  formatDisplayDate,
  formatIndian,
  monthReport,
  toXlsxWorkbook,
  type Paise,
  type ReportAccount,
  type XlsxSheet,
} from '@bahi/core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { loadCompany, splitTaxLedgersOf } from '../tally/company.ts';
import { pushSummaries } from '../tally/pushes.ts';
import { accountStatements, bookPushes, bookRows, officeAccounts, type officeClients } from './tables.ts';

type ClientRow = typeof officeClients.$inferSelect;

const money = (p: Paise | null) => (p === null ? '' : formatIndian(p));
const day = (iso: string) => formatDisplayDate(iso);

export async function clientMonthReport(
  db: Db,
  client: ClientRow,
  month: string,
): Promise<MonthReportAnswer> {
  const accounts = await db
    .select()
    .from(officeAccounts)
    .where(and(eq(officeAccounts.clientId, client.id), isNull(officeAccounts.archivedAt)))
    .orderBy(asc(officeAccounts.createdAt));
  const inputs: ReportAccount[] = [];
  // the month's rows' pushes: push id -> account label and rows of the month
  const pushRows = new Map<string, { account: string; rows: number }>();
  let foundInTally = 0;
  for (const a of accounts) {
    const rows = await db
      .select({
        date: bookRows.date,
        description: bookRows.description,
        withdrawal: bookRows.withdrawal,
        deposit: bookRows.deposit,
        balance: bookRows.balance,
        ledger: bookRows.ledger,
        taxSplit: bookRows.taxSplit,
        pushedAt: bookRows.pushedAt,
        pushId: bookRows.pushId,
      })
      .from(bookRows)
      .where(eq(bookRows.accountId, a.id))
      .orderBy(asc(bookRows.position));
    const statements = await db
      .select({ from: accountStatements.periodFrom, to: accountStatements.periodTo })
      .from(accountStatements)
      .where(eq(accountStatements.accountId, a.id));
    const label = `${a.bank} ${a.accountNumber}`.trim();
    for (const r of rows) {
      if (!r.date.startsWith(month)) continue;
      // a row in a push is listed with that push whatever Tally answered, or before it has
      // (issue 35: what was pushed and what Tally answered; "No answer" while it waits); a row
      // marked pushed with no push was found already in Tally
      if (!r.pushId) {
        if (r.pushedAt) foundInTally++;
        continue;
      }
      const p = pushRows.get(r.pushId) ?? { account: label, rows: 0 };
      p.rows++;
      pushRows.set(r.pushId, p);
    }
    inputs.push({
      ledger: a.tallyLedger,
      label,
      rows: rows.map((r) => ({ ...r, reference: null, pushed: r.pushedAt !== null })),
      statements: statements.flatMap((s) => (s.from && s.to ? [{ from: s.from, to: s.to }] : [])),
    });
  }
  const company = client.tallyCompany ? await loadCompany(db, client.userId, client.tallyCompany) : undefined;
  const report = monthReport(month, inputs, { taxLedgers: splitTaxLedgersOf(company) });

  const pushes = await db
    .select()
    .from(bookPushes)
    .where(eq(bookPushes.userId, client.userId))
    .orderBy(asc(bookPushes.createdAt));
  const mine = pushes.filter((p) => pushRows.has(p.id));
  const summaries = await pushSummaries(
    db,
    client.userId,
    mine.flatMap((p) => (p.exportId ? [p.exportId] : [])),
  );

  return {
    client: { id: client.id, name: client.name },
    month,
    accounts: report.accounts.map((a, i) => ({
      account_id: accounts[i].id,
      label: a.label,
      ledger: a.ledger,
      opening: money(a.opening),
      closing: money(a.closing),
      inflow: money(a.inflow),
      outflow: money(a.outflow),
      rows: a.rows,
      pushed: a.pushed,
      gaps: a.gaps.map((g) => ({
        after_date: day(g.afterDate),
        before_date: day(g.beforeDate),
        difference: money(g.difference),
      })),
      uncovered: a.uncovered.map((p) => ({ from: day(p.from), to: day(p.to) })),
    })),
    ledgers: report.byLedger.map((l) => ({
      ledger: l.ledger,
      inflow: money(l.inflow),
      outflow: money(l.outflow),
      rows: l.rows,
    })),
    suspense: report.suspense.map((s) => ({
      account: s.account,
      date: day(s.date),
      description: s.description,
      inflow: s.inflow ? money(s.inflow) : '',
      outflow: s.outflow ? money(s.outflow) : '',
    })),
    taxes: report.taxes.map((t) => ({
      ledger: t.ledger,
      head: t.head,
      debit: t.drPaise > 0 ? money(t.drPaise) : '',
      credit: t.drPaise < 0 ? money(-t.drPaise) : '',
      rows: t.rows,
    })),
    pushes: mine.map((p) => {
      const s = p.exportId ? summaries.get(p.exportId) : undefined;
      return {
        id: p.id,
        account: pushRows.get(p.id)!.account,
        created_at: p.createdAt.toISOString(),
        rows: pushRows.get(p.id)!.rows,
        vouchers: p.vouchers,
        in_tally: s?.in_tally ?? 0,
        // the kept file is gone past retention: what Tally answered is no longer known
        state: s?.state ?? 'expired',
        problems: s?.problems ?? [],
      };
    }),
    found_in_tally: foundInTally,
  };
}

/** Amounts of the answer back to numbers for the workbook: '1,23,456.78' -> 123456.78. */
const num = (text: string) => (text === '' ? null : Number(text.replace(/,/g, '')));
const iso = (ddmmyyyy: string) => {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(ddmmyyyy);
  return m ? { date: `${m[3]}-${m[2]}-${m[1]}` } : ddmmyyyy;
};

/** The report as a workbook: a sheet per part, amounts as numbers, dates as dates. */
export function monthReportXlsx(r: MonthReportAnswer): Uint8Array {
  const sheets: XlsxSheet[] = [
    {
      name: 'Accounts',
      columns: [
        { header: 'Account', width: 28 },
        { header: 'Tally ledger', width: 24 },
        { header: 'Opening', width: 16, format: 'money' },
        { header: 'Money in', width: 16, format: 'money' },
        { header: 'Money out', width: 16, format: 'money' },
        { header: 'Closing', width: 16, format: 'money' },
        { header: 'Rows', width: 8 },
        { header: 'Pushed', width: 8 },
      ],
      rows: r.accounts.map((a) => [
        a.label,
        a.ledger,
        num(a.opening),
        num(a.inflow),
        num(a.outflow),
        num(a.closing),
        a.rows,
        a.pushed,
      ]),
    },
    {
      name: 'By ledger',
      columns: [
        { header: 'Ledger', width: 32 },
        { header: 'Money in', width: 16, format: 'money' },
        { header: 'Money out', width: 16, format: 'money' },
        { header: 'Rows', width: 8 },
      ],
      rows: r.ledgers.map((l) => [l.ledger, num(l.inflow), num(l.outflow), l.rows]),
    },
    {
      name: 'On Suspense',
      columns: [
        { header: 'Account', width: 28 },
        { header: 'Date', width: 12 },
        { header: 'Description', width: 60 },
        { header: 'Money in', width: 16, format: 'money' },
        { header: 'Money out', width: 16, format: 'money' },
      ],
      rows: r.suspense.map((s) => [s.account, iso(s.date), s.description, num(s.inflow), num(s.outflow)]),
    },
    {
      name: 'GST and TDS',
      columns: [
        { header: 'Ledger', width: 28 },
        { header: 'Head', width: 8 },
        { header: 'Debit', width: 16, format: 'money' },
        { header: 'Credit', width: 16, format: 'money' },
        { header: 'Rows', width: 8 },
      ],
      rows: r.taxes.map((t) => [t.ledger, t.head.toUpperCase(), num(t.debit), num(t.credit), t.rows]),
    },
    {
      name: 'Pushes',
      columns: [
        { header: 'Account', width: 28 },
        { header: 'Pushed at (UTC)', width: 22 },
        { header: 'Rows of the month', width: 10 },
        { header: 'Vouchers', width: 10 },
        { header: 'In Tally', width: 10 },
        { header: 'State', width: 10 },
        { header: "Tally's answer", width: 60 },
      ],
      rows: r.pushes.map((p) => [
        p.account,
        p.created_at.replace('T', ' ').slice(0, 19),
        p.rows,
        p.vouchers,
        p.in_tally,
        p.state,
        p.problems.join('; '),
      ]),
    },
    {
      name: 'Missing statements',
      columns: [
        { header: 'Account', width: 28 },
        { header: 'What', width: 40 },
        { header: 'From', width: 12 },
        { header: 'To', width: 12 },
        { header: 'Difference', width: 16, format: 'money' },
      ],
      rows: r.accounts.flatMap((a) => [
        ...a.gaps.map((g) => [
          a.label,
          'Balance breaks: money missing',
          iso(g.after_date),
          iso(g.before_date),
          num(g.difference),
        ]),
        ...a.uncovered.map((u) => [a.label, 'No statement covers these days', iso(u.from), iso(u.to), null]),
      ]),
    },
  ];
  return toXlsxWorkbook(sheets);
}
