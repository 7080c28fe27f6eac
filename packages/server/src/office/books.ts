// An account's book as the client page shows it, and ledgers set by hand. The push is pushes.ts.
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  balanceGaps,
  bookMonths,
  formatDisplayDate,
  formatIndian,
  parseAmount,
  parseSpecDate,
  ruleFromFilter,
  ruleMatches,
  uncoveredPeriods,
  type LedgerRule,
  type LedgerRuleMatch,
  type OnlyFilter,
  type TaxSplit,
} from '@bahi/core';
import {
  type AccountInfo,
  type BookAnswer,
  type BookRowInfo,
  type FiledStatementInfo,
  type FixRowAnswer,
  type FixRowRequest,
} from '@bahi/contract';
import type { Db, DbOrTx } from '../db/index.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { assignLedgers, loadRules, rememberClientLedgers, type LedgerChoice } from './ledgers.ts';
import { accountStatements, bookRows, officeAccounts } from './tables.ts';
import { recordRowChanges, type Actor } from './team.ts';
import { pushAwaitingAnswer } from '../tally/pushes.ts';

type AccountRow = typeof officeAccounts.$inferSelect;

const money = (p: number | null) => (p === null ? '' : formatIndian(p));
const amount = (p: number) => (p ? formatIndian(p) : '');
const day = (iso: string | null) => (iso ? formatDisplayDate(iso) : '');

/** Row counts and the book's span for each account (one query for a client's accounts). */
export async function accountInfos(db: DbOrTx, accounts: readonly AccountRow[]): Promise<AccountInfo[]> {
  if (accounts.length === 0) return [];
  const ids = accounts.map((a) => a.id);
  const stats = await db
    .select({
      accountId: bookRows.accountId,
      rows: sql<number>`count(*)::int`,
      pushed: sql<number>`count(${bookRows.pushedAt})::int`,
      first: sql<string | null>`min(${bookRows.date})`,
      last: sql<string | null>`max(${bookRows.date})`,
    })
    .from(bookRows)
    .where(inArray(bookRows.accountId, ids))
    .groupBy(bookRows.accountId);
  const byId = new Map(stats.map((s) => [s.accountId, s]));
  const gaps = new Map<string, number>();
  // Gaps need the rows in order: only their balances and amounts are read.
  const chains = await db
    .select({
      accountId: bookRows.accountId,
      withdrawal: bookRows.withdrawal,
      deposit: bookRows.deposit,
      balance: bookRows.balance,
    })
    .from(bookRows)
    .where(inArray(bookRows.accountId, ids))
    .orderBy(asc(bookRows.accountId), asc(bookRows.position));
  for (const id of ids) {
    const rows = chains
      .filter((c) => c.accountId === id)
      .map((c) => ({ ...c, date: '', description: '', reference: null }));
    gaps.set(id, balanceGaps(rows).length);
  }
  return accounts.map((a) => {
    const s = byId.get(a.id);
    const rows = Number(s?.rows ?? 0);
    const pushed = Number(s?.pushed ?? 0);
    return {
      id: a.id,
      client_id: a.clientId,
      bank: a.bank,
      account_number: a.accountNumber,
      tally_ledger: a.tallyLedger,
      archived: a.archivedAt !== null,
      rows,
      pushed,
      unpushed: rows - pushed,
      first_date: day(s?.first ?? null),
      last_date: day(s?.last ?? null),
      gaps: gaps.get(a.id) ?? 0,
    };
  });
}

export const filedInfo = (s: typeof accountStatements.$inferSelect): FiledStatementInfo => ({
  statement_id: s.statementId,
  file_name: s.fileName,
  period_from: day(s.periodFrom),
  period_to: day(s.periodTo),
  rows: s.rows,
  added: s.added,
  recognised: s.recognised,
  filed_at: s.filedAt.toISOString(),
});

type BookRowRecord = typeof bookRows.$inferSelect;

/** The screen's view of a book (its filter): the rule it would make. */
export type BookView = { words?: string; only?: OnlyFilter; min?: string; max?: string; month?: string };

/** The view as a rule's match; null when it sets no condition (every row is shown). */
function viewRule(view: BookView): LedgerRuleMatch | null {
  const bound = (s?: string) => (s?.trim() ? parseAmount(s) : null);
  const rule = ruleFromFilter(
    { keywords: (view.words ?? '').split(/\s+/), only: view.only ?? 'all' },
    { min: bound(view.min), max: bound(view.max) },
  );
  const any = rule.words.length > 0 || rule.direction !== 'any' || rule.min !== null || rule.max !== null;
  return any ? rule : null;
}

/** A book row as the book's answer and its suggestions read it. */
type BookRecord = Pick<
  BookRowRecord,
  | 'id'
  | 'date'
  | 'description'
  | 'withdrawal'
  | 'deposit'
  | 'balance'
  | 'reference'
  | 'ledger'
  | 'ledgerSource'
  | 'ledgerReason'
  | 'voucherType'
  | 'taxSplit'
  | 'changedByName'
  | 'changedAt'
> & { pushed: boolean };

/** json or its text, as the driver gives it (node-postgres and PGlite parse json; a thread may not). */
const fromJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * The book in one query (issue 37: it took nine round trips, each a wait for the embedded
 * database's thread): the account (only where `where` finds it: the route's access check), every
 * row's date, amounts, balance and state in position order, the whole row only where it is needed
 * (the page the view asks for, a row open for a suggestion, every row when the view has a rule:
 * its words need the narration), the statements filed, and the client's rules. Rows come as JSON
 * arrays, not objects: a book of thousands of rows is one string to parse. The subqueries name
 * office_accounts' columns in full: drizzle writes a one-table select's own columns unqualified,
 * and inside them "id" would be the inner table's.
 */
async function readBook(
  db: DbOrTx,
  where: SQL | undefined,
  page: { from: number; end: number | null },
  view: BookView,
) {
  const rule = viewRule(view);
  const { month } = view;
  const a = officeAccounts;
  const shown = month ? sql`left(r.date, ${month.length}) = ${month}` : sql`true`;
  const inPage =
    page.end === null ? sql`b.place >= ${page.from}` : sql`b.place >= ${page.from} and b.place < ${page.end}`;
  const whole = rule ? sql`true` : sql`(b.open or (b.shown and ${inPage}))`;
  const [found] = await db
    .select({
      account: a,
      rows: sql<unknown>`(select coalesce(json_agg(json_build_array(b.id, b.date, b.withdrawal, b.deposit, b.balance,
          b.pushed_at is not null, b.open, case when ${whole} then json_build_array(b.description, b.reference,
          b.ledger, b.ledger_source, b.ledger_reason, b.voucher_type, b.tax_split, b.changed_by_name, b.changed_at) end)
          order by b.position), '[]'::json)
        from (select r.*, (r.pushed_at is null and btrim(r.ledger) = '') as open, ${shown} as shown,
            count(*) filter (where ${shown}) over (order by r.position rows between unbounded preceding and current row) - 1 as place
          from book_rows r where r.account_id = office_accounts.id) b)`,
      statements: sql<unknown>`(select coalesce(json_agg(json_build_array(s.statement_id, s.file_name, s.period_from,
          s.period_to, s.rows, s.added, s.recognised, s.filed_at) order by s.filed_at desc), '[]'::json)
        from account_statements s where s.account_id = office_accounts.id)`,
      rules: sql<unknown>`(select coalesce(json_agg(json_build_array(c.id, c.name, c.words, c.match, c.direction,
          c.min_paise, c.max_paise, c.ledger, c.voucher_type, c.tax_split) order by c.position, c.created_at), '[]'::json)
        from client_rules c where c.client_id = office_accounts.client_id)`,
    })
    .from(a)
    .where(where);
  if (!found) return undefined;
  type Whole = [
    string,
    string | null,
    string,
    string | null,
    string,
    string | null,
    TaxSplit | null,
    string | null,
    string | null,
  ];
  type Lean = [string, string, number, number, number | null, boolean, boolean, Whole | null];
  const lean = fromJson<Lean[]>(found.rows);
  const record = (r: Lean): BookRecord => {
    const w = r[7]!;
    return {
      id: r[0],
      date: r[1],
      withdrawal: r[2],
      deposit: r[3],
      balance: r[4],
      pushed: r[5],
      description: w[0],
      reference: w[1],
      ledger: w[2],
      ledgerSource: w[3] as BookRecord['ledgerSource'],
      ledgerReason: w[4],
      voucherType: w[5] as BookRecord['voucherType'],
      taxSplit: w[6],
      changedByName: w[7],
      changedAt: w[8] === null ? null : new Date(w[8]),
    };
  };
  type Filed = [string, string, string | null, string | null, number, number, number, string];
  const statements = fromJson<Filed[]>(found.statements).map((s) => ({
    accountId: found.account.id,
    statementId: s[0],
    userId: found.account.userId,
    fileName: s[1],
    periodFrom: s[2],
    periodTo: s[3],
    rows: s[4],
    added: s[5],
    recognised: s[6],
    filedAt: new Date(s[7]),
  }));
  type Rule = [
    string,
    string,
    string[],
    LedgerRule['match'],
    LedgerRule['direction'],
    number | null,
    number | null,
    string,
    LedgerRule['voucherType'],
    TaxSplit | null,
  ];
  const rules = fromJson<Rule[]>(found.rules).map((c): LedgerRule => ({
    id: c[0],
    name: c[1],
    words: c[2],
    match: c[3],
    direction: c[4],
    min: c[5],
    max: c[6],
    ledger: c[7],
    voucherType: c[8] ?? null,
    taxSplit: c[9] ?? null,
  }));
  return { account: found.account, lean, record, statements, rules };
}

/**
 * The account's book: months, gaps, days no statement covers, statements filed, and its rows, all
 * of them or the page `page` asks for, of the rows `view` shows (every row without one). The
 * summaries need every row's date, amounts and balance only; a page's rows alone are read whole
 * (their narrations are most of a book's bytes), and every row's narration only to filter by
 * words. Suggestions are counted over the whole book (the screen's "Use all suggestions").
 * One query (readBook), and a second to recall ledgers when open rows are left that no rule sets.
 */
export async function loadBook(
  db: Db,
  account: AccountRow,
  page: { from?: number; limit?: number } = {},
  view: BookView = {},
): Promise<BookAnswer> {
  return (await bookWhere(db, eq(officeAccounts.id, account.id), page, view))!.answer;
}

/**
 * The book of the account `where` finds (the route's access check as a condition of the same
 * query), with the account; undefined when it finds none.
 */
export async function bookWhere(
  db: Db,
  where: SQL | undefined,
  page: { from?: number; limit?: number } = {},
  view: BookView = {},
): Promise<{ account: AccountRow; answer: BookAnswer } | undefined> {
  const rule = viewRule(view);
  const { month } = view;
  const from = page.from ?? 0;
  const read = await readBook(
    db,
    where,
    { from, end: page.limit === undefined ? null : from + page.limit },
    view,
  );
  if (!read) return undefined;
  const { account, lean, record, statements } = read;
  // the book's places of the rows the view shows, and of this page's
  const shows = (r: Lean) =>
    (!month || r[1].startsWith(month)) &&
    (!rule || ruleMatches(rule, { withdrawal: r[2], deposit: r[3], description: r[7]![0] }));
  type Lean = (typeof lean)[number];
  const places = rule || month ? lean.flatMap((r, i) => (shows(r) ? [i] : [])) : lean.map((_, i) => i);
  const pagePlaces = places.slice(from, from + (page.limit ?? places.length));
  const records = pagePlaces.map((p) => record(lean[p]));
  const rows = lean.map((r) => ({
    date: r[1],
    withdrawal: r[2],
    deposit: r[3],
    balance: r[4],
    description: '',
    reference: null,
  }));
  const gaps = balanceGaps(rows);
  const gapBefore = new Set(gaps.map((g) => g.before));
  const pushedByMonth = new Map<string, number>();
  // what a push of each month asks Tally about: its unpushed rows' first and last day
  const unpushedSpan = new Map<string, { from: string; to: string }>();
  let pushedRows = 0;
  let first: string | null = null;
  let last: string | null = null;
  for (const r of lean) {
    const date = r[1];
    if (first === null || date < first) first = date;
    if (last === null || date > last) last = date;
    const month = date.slice(0, 7);
    if (r[5]) {
      pushedRows++;
      pushedByMonth.set(month, (pushedByMonth.get(month) ?? 0) + 1);
      continue;
    }
    const span = unpushedSpan.get(month);
    if (!span) unpushedSpan.set(month, { from: date, to: date });
    else {
      if (date < span.from) span.from = date;
      if (date > span.to) span.to = date;
    }
  }
  // as accountInfos counts it, from the rows already here
  const info: AccountInfo = {
    id: account.id,
    client_id: account.clientId,
    bank: account.bank,
    account_number: account.accountNumber,
    tally_ledger: account.tallyLedger,
    archived: account.archivedAt !== null,
    rows: lean.length,
    pushed: pushedRows,
    unpushed: lean.length - pushedRows,
    first_date: day(first),
    last_date: day(last),
    gaps: gaps.length,
  };
  // Every open row (unpushed, without a ledger) is offered its suggestion: counted over the whole
  // book, shown on the page's rows.
  const open = lean.filter((r) => r[6]).map(record);
  const suggested = await suggestWith(db, account.clientId, read.rules, open);
  const answer: BookAnswer = {
    account: info,
    months: bookMonths(rows).map((m) => {
      const pushed = pushedByMonth.get(m.month) ?? 0;
      return {
        month: m.month,
        rows: m.rows,
        withdrawals: money(m.withdrawals),
        deposits: money(m.deposits),
        opening: money(m.opening),
        closing: money(m.closing),
        pushed,
        unpushed: m.rows - pushed,
        unpushed_from: unpushedSpan.get(m.month)?.from ?? null,
        unpushed_to: unpushedSpan.get(m.month)?.to ?? null,
      };
    }),
    gaps: gaps.map((g) => ({
      after_date: day(rows[g.after].date),
      before_date: day(rows[g.before].date),
      expected: money(g.expected),
      printed: money(g.printed),
      difference: money(g.difference),
    })),
    uncovered: uncoveredPeriods(
      statements.flatMap((s) => (s.periodFrom && s.periodTo ? [{ from: s.periodFrom, to: s.periodTo }] : [])),
    ).map((p) => ({ from: day(p.from), to: day(p.to) })),
    statements: statements.map(filedInfo),
    rows: records.map((r, i): BookRowInfo => ({
      id: r.id,
      Date: day(r.date),
      Description: r.description,
      Withdrawal: amount(r.withdrawal),
      Deposit: amount(r.deposit),
      ClosingBalance: money(r.balance),
      LedgerName: r.ledger,
      TaxSplit: r.taxSplit ?? null,
      reference: r.reference ?? '',
      ledger_source: r.ledgerSource ?? null,
      ledger_reason: r.ledgerReason,
      voucher_type: r.voucherType ?? null,
      ...(suggested.has(r.id)
        ? { suggested_ledger: suggested.get(r.id)!.ledger, suggested_reason: suggested.get(r.id)!.reason }
        : {}),
      pushed: r.pushed,
      // who last changed it and when (issue 35): the row's line of the trail
      ...(r.changedAt ? { changed_by: r.changedByName ?? '', changed_at: r.changedAt.toISOString() } : {}),
      gap_before: gapBefore.has(pagePlaces[i]),
    })),
    rows_total: places.length,
    rows_from: from,
    suggested_rows: suggested.size,
  };
  return { account, answer };
}

/**
 * The ledger the client's rules, then its memory, give each unpushed row without one, now: a row
 * filed before the memory learnt its payee has none, and the book offers it (issue 31).
 */
export async function suggestFor(
  db: DbOrTx,
  clientId: string,
  records: readonly BookRowRecord[],
): Promise<Map<string, LedgerChoice>> {
  const open = records.filter((r) => !r.ledger.trim() && r.pushedAt === null);
  if (open.length === 0) return new Map();
  return suggestWith(db, clientId, await loadRules(db, clientId), open);
}

/** suggestFor with the client's rules already read, of rows known unpushed. */
async function suggestWith(
  db: DbOrTx,
  clientId: string,
  rules: readonly LedgerRule[],
  records: readonly Pick<BookRecord, 'id' | 'ledger' | 'description' | 'withdrawal' | 'deposit'>[],
): Promise<Map<string, LedgerChoice>> {
  const open = records.filter((r) => !r.ledger.trim());
  const out = new Map<string, LedgerChoice>();
  if (open.length === 0) return out;
  const choices = await assignLedgers(db, clientId, rules, open);
  open.forEach((r, i) => {
    const c = choices[i];
    if (c) out.set(r.id, c);
  });
  return out;
}

/**
 * Ledgers a person set on rows of this account's book: kept as 'manual' (a rule made later does not
 * change them) and remembered for the client. Rows already pushed keep what went to Tally.
 */
export async function setLedgers(
  db: Db,
  account: AccountRow,
  changes: readonly { id: string; ledger: string }[],
  now: Date,
  /** who set them: the rows say so, the trail records it, their months' approvals go (issue 35) */
  actor: Actor = { id: null, name: '' },
): Promise<{ updated: number; remembered: number }> {
  return db.transaction(async (tx) => {
    // Every change of a book takes the account's lock first, as filing and the push do: a push
    // checking the month's approval then sees this change whole or not at all (decision 057).
    await lockAccount(tx, account.id);
    const ids = changes.map((c) => c.id);
    const found = await tx
      .select({
        id: bookRows.id,
        description: bookRows.description,
        date: bookRows.date,
        pushId: bookRows.pushId,
      })
      .from(bookRows)
      .where(and(eq(bookRows.accountId, account.id), inArray(bookRows.id, ids), isNull(bookRows.pushedAt)));
    // a row in a push that waits for Tally's answer is refused, as its fix is (decision 057)
    await refuseAwaitingAnswer(tx, found, now, 'set its ledger');
    const descriptionOf = new Map(found.map((f) => [f.id, f.description]));
    const wanted = changes.filter((c) => descriptionOf.has(c.id));
    for (let i = 0; i < wanted.length; i += 2000) {
      const chunk = JSON.stringify(wanted.slice(i, i + 2000));
      await tx.execute(sql`
        UPDATE book_rows SET ledger = v.ledger,
          ledger_source = CASE WHEN v.ledger = '' THEN NULL ELSE 'manual' END,
          ledger_reason = '', voucher_type = NULL
        FROM jsonb_to_recordset(${chunk}::jsonb) AS v(id uuid, ledger text)
        WHERE book_rows.id = v.id AND book_rows.account_id = ${account.id} AND book_rows.pushed_at IS NULL`);
    }
    const dateOf = new Map(found.map((f) => [f.id, f.date]));
    await recordRowChanges(
      tx,
      account,
      wanted.map((c) => ({ id: c.id, date: dateOf.get(c.id) as string })),
      'ledger',
      actor,
      now,
      wanted.length === 1 ? `ledger set to ${wanted[0].ledger || '(none)'}` : 'ledgers set',
    );
    const remembered = await rememberClientLedgers(
      tx,
      account.clientId,
      wanted.map((c) => ({ description: descriptionOf.get(c.id) as string, ledger: c.ledger })),
      now,
    );
    return { updated: wanted.length, remembered };
  });
}

/**
 * Of these pushes, the ones still waiting for Tally's answer (pushAwaitingAnswer, decision 057): a
 * bulk change (a rule applied to the books) leaves their rows as they went, rather than refusing.
 */
export async function pushesAwaitingAnswer(
  tx: DbOrTx,
  pushIds: Iterable<string | null>,
  now: Date,
): Promise<Set<string>> {
  const out = new Set<string>();
  for (const id of new Set(pushIds)) if (id && (await pushAwaitingAnswer(tx, id, now))) out.add(id);
  return out;
}

/**
 * Refuses (409) a change of rows of which one is in a push still waiting for Tally's answer
 * (decision 057): a fix, a ledger set, a split set. The book would then say what the file Tally is
 * taking does not (another ledger, no GST leg), and a fix of the date or amount makes a new voucher
 * id beside the old. Nothing is half changed: the whole request is refused, naming the row's day.
 * `what`: the words of the change, as "fix it", "set its ledger".
 */
export async function refuseAwaitingAnswer(
  tx: DbOrTx,
  rows: readonly { pushId: string | null; date: string }[],
  now: Date,
  what: string,
): Promise<void> {
  const asked = new Map<string, Date | undefined>();
  for (const r of rows) {
    if (!r.pushId) continue;
    if (!asked.has(r.pushId)) asked.set(r.pushId, await pushAwaitingAnswer(tx, r.pushId, now));
    const waiting = asked.get(r.pushId);
    if (!waiting) continue;
    const pushed = formatDisplayDate(waiting.toISOString().slice(0, 10));
    throw conflict(
      rows.length === 1
        ? `This row is in a push waiting for Tally’s answer (pushed ${pushed}): ${what} once Tally has answered. ` +
            'If the answer never comes, send the push again from History.'
        : `The row of ${formatDisplayDate(r.date)} is in a push waiting for Tally’s answer (pushed ${pushed}): ` +
            `${what} once Tally has answered; nothing was changed. If the answer never comes, send the push again from History.`,
    );
  }
}

/** Locks every account of a client (in one order, so two such changes never deadlock). */
export async function lockClientAccounts(tx: DbOrTx, clientId: string): Promise<void> {
  await tx
    .select({ id: officeAccounts.id })
    .from(officeAccounts)
    .where(eq(officeAccounts.clientId, clientId))
    .orderBy(asc(officeAccounts.id))
    .for('update');
}

/**
 * Locks the account's row until the transaction ends: everything that writes its book (filing a
 * statement, pushing rows) takes turns, so two queue workers or two pushes never interleave.
 */
export async function lockAccount(tx: DbOrTx, accountId: string): Promise<void> {
  await tx
    .select({ id: officeAccounts.id })
    .from(officeAccounts)
    .where(eq(officeAccounts.id, accountId))
    .for('update');
}

/**
 * One unpushed row of the account's book fixed in place (decision 057): its date, amounts, balance,
 * narration or ledger, as the person typed them. Like every change of a book: the account locked,
 * the row marked with who and when, a `fix` line in the trail (its old month's and, when the date
 * moved it, its new month's) saying what was and what is, and those months' approvals withdrawn.
 * A row that went to Tally stays as it went (409). A ledger fixed is remembered for the client, as
 * a ledger set is. The row keeps its place in the book.
 */
export async function fixRow(
  db: Db,
  account: AccountRow,
  fix: FixRowRequest,
  now: Date,
  actor: Actor,
): Promise<FixRowAnswer> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const [row] = await tx
      .select()
      .from(bookRows)
      .where(and(eq(bookRows.accountId, account.id), eq(bookRows.id, fix.id)));
    if (!row) throw notFound('No such row.');
    if (row.pushedAt) throw conflict('This row has gone to Tally: it stays as it went.');
    // In a push that waits for Tally's answer (decision 057): a fix now would change what Tally is
    // taking (a new date or amount is a new voucher id, so an import of the old file and a push of
    // the fixed row would both be in Tally). Refused until Tally answers; a row it did not take may
    // then be fixed, one it took has gone.
    await refuseAwaitingAnswer(tx, [row], now, 'fix it');
    const rupees = (text: string | undefined, field: string, was: number | null) => {
      if (text === undefined) return was;
      if (text === '') return null;
      const p = parseAmount(text);
      if (p === null) throw badRequest(`${field}: enter an amount in rupees, like 1500 or 1,500.00.`);
      return p;
    };
    let date = row.date;
    if (fix.Date !== undefined) {
      const iso = parseSpecDate(fix.Date);
      if (!iso) throw badRequest('Date: enter it as DD-MM-YYYY, like 05-01-2026.');
      date = iso;
    }
    const withdrawal = rupees(fix.Withdrawal, 'Withdrawal', row.withdrawal) ?? 0;
    const deposit = rupees(fix.Deposit, 'Deposit', row.deposit) ?? 0;
    const balance = rupees(fix.ClosingBalance, 'Closing balance', row.balance);
    if (withdrawal === 0 && deposit === 0) throw badRequest('A row needs a withdrawal or a deposit.');
    const description = fix.Description ?? row.description;
    const ledger = fix.LedgerName ?? row.ledger;
    const changed = [
      { field: 'Date', from: day(row.date), to: day(date) },
      { field: 'Description', from: row.description, to: description },
      { field: 'Withdrawal', from: amount(row.withdrawal), to: amount(withdrawal) },
      { field: 'Deposit', from: amount(row.deposit), to: amount(deposit) },
      { field: 'ClosingBalance', from: money(row.balance), to: money(balance) },
      { field: 'LedgerName', from: row.ledger, to: ledger },
    ].filter((c) => c.from !== c.to);
    if (changed.length === 0) return { ok: true, changed };
    const ledgerChanged = ledger !== row.ledger;
    await tx
      .update(bookRows)
      .set({
        date,
        description,
        withdrawal,
        deposit,
        balance,
        ...(ledgerChanged
          ? { ledger, ledgerSource: ledger ? 'manual' : null, ledgerReason: '', voucherType: null }
          : {}),
      })
      .where(and(eq(bookRows.id, row.id), isNull(bookRows.pushedAt)));
    const detail = changed
      .map((c) => `${c.field} ${c.from ? `“${c.from}”` : '(none)'} → ${c.to ? `“${c.to}”` : '(none)'}`)
      .join('; ');
    await recordRowChanges(
      tx,
      account,
      date.slice(0, 7) === row.date.slice(0, 7)
        ? [{ id: row.id, date }]
        : [
            { id: row.id, date: row.date },
            { id: row.id, date },
          ],
      'fix',
      actor,
      now,
      detail,
    );
    if (ledgerChanged && ledger)
      await rememberClientLedgers(tx, account.clientId, [{ description, ledger }], now);
    return { ok: true, changed };
  });
}
