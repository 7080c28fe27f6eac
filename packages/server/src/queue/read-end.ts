// The end of a dropped file's read in few statements (issue 37/38). The read-and-file transaction
// holds the embedded database's lock from its begin to its end, and every other request's query
// waits behind it; on PGlite's own thread each statement is a round trip between two busy threads,
// so at load 11 its 13-14 statements held the lock 30 ms at the median and 353 ms at most while
// its queries took 15 ms (decision 052, round eleven). Here the job's end, the spend, the history
// and the statement's row are one statement, and the job's statement with its upload's removal
// another, sent together with it (round eighteen). Same rules as credits.ts (grantPages, paidRecently) and statements/results.ts
// (saveStatementResult with staged rows); the filing between them is office/accounts.ts's.
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/index.ts';
import { FREE_REPEAT_MS, notEnoughPages } from '../credits.ts';
import { HttpError } from '../errors.ts';
import type { FilingAccount } from '../office/accounts.ts';
import { type NewStatementResult, type StagedRows, stagedStatementInsert } from '../statements/results.ts';

/** What the job's row says once read (office_jobs' columns). */
export type JobRead = {
  bank: string | null;
  accountNumber: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  rows: number;
  reconciled: boolean;
  pages: number;
  reasonCode: string | null;
  reason: string | null;
};

/**
 * Takes the lock that makes two copies of one file, read at once, pay once: the second waits here
 * for the first's commit. A statement of its own: a statement's snapshot is taken when it starts,
 * so the spend looked for after it (markRead) sees what the first one committed.
 */
export async function lockFileSpend(tx: Tx, userId: string, ref: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${userId}:${ref}`}, 0))`);
}

/**
 * In one statement: the job marked read (only a job still being read: a second delivery finds it
 * ended and answers -1, changing nothing), `cost` pages spent from the payer's balance unless the
 * same file (`ref`) was paid for within FREE_REPEAT_MS before `now`, the spend's ledger row, the
 * history row and the statement's row over its staged rows (all of them there, locked against the
 * sweep). Answers the pages charged (-1: the job had ended) and the user's live accounts of the
 * client (or of every client) the statement may be filed into. Throws, for the caller's transaction to roll back, 402 when
 * the balance is short and an error when staged rows are missing.
 */
export async function markRead(
  tx: Tx,
  e: {
    jobId: string;
    userId: string;
    ref: string;
    cost: number;
    now: Date;
    job: JobRead;
    statement: NewStatementResult & { rows: StagedRows };
    history: { bank: string | null; rows: number };
    /** the client the file was dropped on (null: the inbox): whose live accounts come back */
    clientId: string | null;
  },
): Promise<{ pay: number; accounts: FilingAccount[] }> {
  if (!Number.isInteger(e.cost) || e.cost < 0) throw new Error(`markRead: bad page count ${e.cost}`);
  const { userId, now, job } = e;
  const staged = e.statement.rows;
  const at = now.toISOString();
  const since = new Date(now.getTime() - FREE_REPEAT_MS).toISOString();
  const saved = stagedStatementInsert(e.statement);
  // Data-modifying CTEs see one snapshot and one another only through what they return: each
  // write below is a select from the one before it, so nothing is written when the job had ended,
  // the history and the statement only when the spend went through and every staged row is there.
  const res = await tx.execute(sql`
    with payer as (
      select coalesce((select m.office_id from office_members m where m.user_id = ${userId}::uuid), ${userId}::uuid) as id
    ), paid as (
      select exists (
        select 1 from page_ledger l, payer p
        where l.user_id = p.id and l.kind = 'spend' and l.ref = ${e.ref} and l.created_at >= ${since}::timestamptz
      ) as yes
    ), job as (
      update office_jobs set
        state = 'read', bank = ${job.bank}, account_number = ${job.accountNumber},
        period_from = ${job.periodFrom}, period_to = ${job.periodTo}, rows = ${job.rows},
        reconciled = ${job.reconciled}, pages_done = ${job.pages}, pages_total = ${job.pages},
        pages_charged = case when (select yes from paid) then 0 else ${e.cost}::integer end,
        reason_code = ${job.reasonCode}, reason = ${job.reason},
        updated_at = ${at}::timestamptz, finished_at = ${at}::timestamptz
      where id = ${e.jobId}::uuid and state = 'reading'
      returning pages_charged as pay
    ), spent as (
      -- the row lock makes concurrent spends queue, and each re-checks the balance the one before left
      update users u set pages_left = u.pages_left - j.pay
      from job j, payer p
      where u.id = p.id and j.pay > 0 and u.pages_left - j.pay >= 0
      returning u.pages_left
    ), ledger as (
      insert into page_ledger (user_id, kind, pages, ref)
      select p.id, 'spend', -j.pay, ${e.ref} from job j, payer p, spent
      returning id
    ), chunks as (
      select coalesce(sum(c.row_count), 0)::integer as have from (
        select row_count from statement_row_chunks
        where statement_id = ${staged.id}::uuid and user_id = ${userId}::uuid
        for share
      ) c
    ), ok as (
      select j.pay from job j, chunks c
      where c.have = ${staged.count} and (j.pay = 0 or exists (select 1 from spent))
    ), history as (
      insert into extractions (id, user_id, file_name, bank, pages, rows)
      select ${staged.id}::uuid, ${userId}::uuid, ${e.statement.fileName.slice(0, 200)}, ${e.history.bank}::text, ok.pay, ${e.history.rows}::integer
      from ok
      returning id
    ), statement as (
      insert into statement_results (${saved.columns})
      select ${saved.values} from history
      returning id
    )
    select
      (select pay from job) as pay,
      exists (select 1 from spent) as spent,
      (select count(*) from ledger)::integer as ledger,
      (select have from chunks) as have,
      exists (select 1 from statement) as saved,
      (select u.pages_left from users u, payer p where u.id = p.id) as balance,
      -- office/accounts.ts matchingAccounts's accounts (the number is matched by the caller): here
      -- rather than a round trip of its own while the read's end holds the database
      (select coalesce(json_agg(json_build_array(a.id, a.client_id, a.account_digits)), '[]')::text
        from office_accounts a join office_clients c on c.id = a.client_id
        where a.user_id = ${userId}::uuid and a.archived_at is null and c.archived_at is null
          and (${e.clientId}::uuid is null or a.client_id = ${e.clientId}::uuid)) as accounts`);
  const [r] = (res as unknown as { rows: Record<string, unknown>[] }).rows as {
    pay: number | null;
    spent: boolean;
    have: number;
    saved: boolean;
    balance: number | null;
    accounts: string;
  }[];
  if (r.pay === null || r.pay === undefined) return { pay: -1, accounts: [] };
  const pay = Number(r.pay);
  if (pay > 0 && !r.spent)
    throw new HttpError(
      'NOT_ENOUGH_PAGES',
      notEnoughPages(pay, Number(r.balance ?? 0)),
      `no balance for spend ${-pay} (have ${r.balance ?? 0})`,
    );
  if (!r.saved)
    throw new Error(
      `statement ${staged.id}: ${Number(r.have)} of its ${staged.count} rows are stored; not saved`,
    );
  const accounts = (JSON.parse(r.accounts) as [string, string, string][]).map(
    ([id, clientId, accountDigits]) => ({ id, clientId, userId, accountDigits }),
  );
  return { pay, accounts };
}

/**
 * The job's statement named and its upload's row removed, in one statement, only when markRead has
 * saved that statement in this transaction (its row is there): sent together with the spend's lock
 * and markRead, without waiting for their answers (a connection runs its statements in the order
 * sent), so a second delivery, which markRead leaves unchanged, leaves the job as the first one
 * closed it. One round trip less while the read's end holds the embedded database (decision 052,
 * round eighteen). Answers the kept file's name (removed from the disk by the caller once this is
 * committed).
 */
export async function closeJob(tx: Tx, jobId: string, statementId: string): Promise<string[]> {
  const res = await tx.execute(sql`
    with saved as (
      select 1 from statement_results where id = ${statementId}::uuid
    ), job as (
      update office_jobs set statement_id = ${statementId}::uuid
      where id = ${jobId}::uuid and exists (select 1 from saved)
    )
    delete from office_uploads
    where job_id = ${jobId}::uuid and exists (select 1 from saved)
    returning file`);
  const rows = (res as unknown as { rows: { file: string | null }[] }).rows;
  return rows.flatMap((g) => (g.file ? [g.file] : []));
}

/** The account a read statement was filed into, on its job (the jobs list's link to the book). */
export async function fileJobInto(tx: Tx, jobId: string, accountId: string): Promise<void> {
  await tx.execute(sql`update office_jobs set account_id = ${accountId}::uuid where id = ${jobId}::uuid`);
}
