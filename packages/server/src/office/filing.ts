// Filing a statement into an account's book in few statements (issue 37/38, decision 052 round
// fourteen). Inside a dropped file's read end every statement is a round trip while the embedded
// database is held; the filing was ~11 of them (the account's lock, the repeat check, the book, the
// rules, the memory, the moves, the inserts a 500 at a time, the trail a month at a time, the
// approvals, their trail, the statement's row). Here, after the lock (a statement of its own: a
// statement's snapshot is taken when it starts, so only a statement begun after the lock sees what
// the filing before it committed), one statement reads what the merge needs, and one writes all of
// it. Same rules as office/accounts.ts's merge, office/ledgers.ts's choice and team.ts's
// recordFiling (a 'file' line per month, the months' approvals withdrawn with a 'withdraw' line).
import { sql } from 'drizzle-orm';
import type { BookRow, LedgerRule, TaxSplit } from '@bahi/core';
import type { Tx } from '../db/index.ts';
import type { UnfiledRow } from './tables.ts';
import type { Actor } from './team.ts';

/** A row of the book as the merge needs it, with its id and place. */
export type FilingBookRow = BookRow & { id: string; position: number };

export type FilingRead = {
  /** this statement was filed into this account before: its row's `recognised` */
  before: { recognised: number } | null;
  book: FilingBookRow[];
  rules: LedgerRule[];
  /** the client's remembered ledgers of the keys asked for (key -> ledger) */
  known: Map<string, string>;
};

const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

/**
 * In one statement (run it after the account's lock): the repeat check, the account's book in
 * order, the client's rules in the order they apply, and the client's memory of `keys`.
 */
export async function readForFiling(
  tx: Tx,
  q: { accountId: string; clientId: string; statementId: string; keys: readonly string[] },
): Promise<FilingRead> {
  // as text, parsed here: the same on PGlite and node-postgres, whatever each does with json
  const [r] = rowsOf(
    await tx.execute(sql`
    select
      (select s.recognised from account_statements s
        where s.account_id = ${q.accountId}::uuid and s.statement_id = ${q.statementId}::uuid) as before,
      (select coalesce(json_agg(json_build_array(b.id, b.position, b.date, b.description, b.withdrawal,
          b.deposit, b.balance, b.reference) order by b.position), '[]')::text
        from book_rows b where b.account_id = ${q.accountId}::uuid) as book,
      (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name, 'words', r.words,
          'match', r.match, 'direction', r.direction, 'min', r.min_paise, 'max', r.max_paise,
          'ledger', r.ledger, 'voucherType', r.voucher_type, 'taxSplit', r.tax_split)
          order by r.position, r.created_at), '[]')::text
        from client_rules r where r.client_id = ${q.clientId}::uuid) as rules,
      (select coalesce(json_agg(json_build_array(m.key, m.ledger)), '[]')::text
        from client_ledger_memory m
        where m.client_id = ${q.clientId}::uuid
          and m.key in (select jsonb_array_elements_text(${JSON.stringify(q.keys)}::jsonb))) as memory`),
  ) as { before: number | null; book: string; rules: string; memory: string }[];
  type Cells = [string, number, string, string, number, number, number | null, string | null];
  return {
    before: r.before === null || r.before === undefined ? null : { recognised: Number(r.before) },
    book: (JSON.parse(r.book) as Cells[]).map(
      ([id, position, date, description, withdrawal, deposit, balance, reference]) => ({
        id,
        position,
        date,
        description,
        withdrawal,
        deposit,
        balance,
        reference,
      }),
    ),
    rules: (JSON.parse(r.rules) as LedgerRule[]).map((rule) => ({
      ...rule,
      voucherType: rule.voucherType ?? null,
      taxSplit: rule.taxSplit ?? null,
    })),
    known: new Map(JSON.parse(r.memory) as [string, string][]),
  };
}

/** A new row of the book, as book_rows takes it (the account, user and statement are the filing's). */
export type NewBookRow = UnfiledRow & {
  position: number;
  ledger: string;
  ledgerSource: 'rule' | 'memory' | null;
  ledgerReason: string;
  voucherType: 'Contra' | null;
  taxSplit: TaxSplit | null;
};

// Text goes into the statement as JSON, which PostgreSQL refuses with a lone surrogate; as a
// parameter of its own such text was sent as UTF-8, a lone surrogate as U+FFFD: the same here.
const wellFormed = (s: string) => s.toWellFormed();

/**
 * In one statement: the moved rows' new places, the new rows, a 'file' line in the trail for each
 * month with new rows, those months' approvals withdrawn (each with its 'withdraw' line), and the
 * statement's row in account_statements. Answers how many rows each part wrote, for the caller to
 * check against what it sent.
 */
export async function writeFiling(
  tx: Tx,
  w: {
    account: { id: string; clientId: string; userId: string };
    statementId: string;
    fileName: string;
    moved: readonly { id: string; pos: number }[];
    inserts: readonly NewBookRow[];
    /** new rows by month (YYYY-MM), in month order */
    months: readonly { month: string; rows: number }[];
    actor: Actor;
    now: Date;
    filed: {
      periodFrom: string | null;
      periodTo: string | null;
      rows: number;
      added: number;
      recognised: number;
    };
  },
): Promise<{ moved: number; added: number; filed: number }> {
  const { account, actor, filed } = w;
  const at = w.now.toISOString();
  const actorName = actor.name.slice(0, 200);
  const detail = `statement ${w.fileName.slice(0, 200)} filed`.slice(0, 500);
  const inserts = JSON.stringify(
    w.inserts.map((r) => ({
      ...r,
      description: wellFormed(r.description.slice(0, 2000)),
      reference: r.reference === null ? null : wellFormed(r.reference.slice(0, 100)),
      ledger: wellFormed(r.ledger),
      ledgerReason: wellFormed(r.ledgerReason),
    })),
  );
  const [r] = rowsOf(
    await tx.execute(sql`
    with moved as (
      update book_rows set position = v.pos
      from jsonb_to_recordset(${JSON.stringify(w.moved)}::jsonb) as v(id uuid, pos integer)
      where book_rows.id = v.id and book_rows.account_id = ${account.id}::uuid
      returning 1
    ), added as (
      insert into book_rows (user_id, account_id, statement_id, position, date, description,
        withdrawal, deposit, balance, reference, ledger, ledger_source, ledger_reason, voucher_type, tax_split)
      select ${account.userId}::uuid, ${account.id}::uuid, ${w.statementId}::uuid, v.position, v.date,
        v.description, v.withdrawal, v.deposit, v.balance, v.reference, v.ledger, v."ledgerSource",
        v."ledgerReason", v."voucherType", v."taxSplit"
      from jsonb_to_recordset(${inserts}::jsonb) as v(position integer, date text, description text,
        withdrawal bigint, deposit bigint, balance bigint, reference text, ledger text,
        "ledgerSource" text, "ledgerReason" text, "voucherType" text, "taxSplit" jsonb)
      returning 1
    ), withdrawn as (
      delete from month_approvals
      where client_id = ${account.clientId}::uuid
        and month in (select v.month from jsonb_to_recordset(${JSON.stringify(w.months)}::jsonb) as v(month text))
      returning month
    ), trail as (
      insert into book_changes (client_id, account_id, month, kind, actor_id, actor_name, rows, detail, at)
      select ${account.clientId}::uuid, ${account.id}::uuid, v.month, 'file', ${actor.id}::uuid,
        ${actorName}, v.rows, ${detail}, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(w.months)}::jsonb) as v(month text, rows integer)
      union all
      select ${account.clientId}::uuid, null, g.month, 'withdraw', ${actor.id}::uuid, ${actorName}, 0,
        ${detail}, ${at}::timestamptz
      from withdrawn g
      returning 1
    ), filed as (
      insert into account_statements (account_id, statement_id, user_id, file_name, period_from,
        period_to, rows, added, recognised, filed_at)
      values (${account.id}::uuid, ${w.statementId}::uuid, ${account.userId}::uuid,
        ${wellFormed(w.fileName.slice(0, 200))}, ${filed.periodFrom}, ${filed.periodTo}, ${filed.rows},
        ${filed.added}, ${filed.recognised}, ${at}::timestamptz)
      returning 1
    )
    select (select count(*) from moved)::integer as moved, (select count(*) from added)::integer as added,
      (select count(*) from filed)::integer as filed`),
  ) as { moved: number; added: number; filed: number }[];
  const out = { moved: Number(r.moved), added: Number(r.added), filed: Number(r.filed) };
  // every row sent must be written: a row of the book not moved would leave two rows in one place
  if (out.moved !== w.moved.length || out.added !== w.inserts.length || out.filed !== 1)
    throw new Error(
      `filing ${w.statementId}: wrote ${out.moved}/${w.moved.length} moves, ${out.added}/${w.inserts.length} rows`,
    );
  return out;
}
