// Filing a read statement into a client's books (issue 13). The queue's job handler calls
// fileReadStatement once a statement is read; the single-statement screen's "File to account" and
// the "new account" offer end here too. The account is found by its number; the statement's rows
// are merged into the account's one continuous book by @bahi/core/book.ts (rows already there are
// recognised, not doubled); each new row gets its ledger from the client's rules, then from the
// client's ledger memory.
import { and, eq, isNull } from 'drizzle-orm';
import { BahiError, balanceGaps, mergeStatement, narrationKeys, type BookRow } from '@bahi/core';
import { MAX_BOOK_ROWS } from '@bahi/contract';
import type { Db, DbOrTx, Tx } from '../db/index.ts';
import { lockAccount } from './books.ts';
import { readForFiling, writeFiling, type NewBookRow } from './filing.ts';
import { ledgersOf } from './ledgers.ts';
import type { Actor } from './team.ts';
import { rowsSummary, storedRowsGiveBack, unfiledRows } from './unfiled-rows.ts';
import { officeAccounts, officeClients, unfiledStatements, type UnfiledRow } from './tables.ts';

/** A row as the reader gives it: ISO date, paise. @bahi/statements' Transaction fits as it is. */
export interface StatementRowInput {
  date: string;
  description: string;
  withdrawal: number;
  deposit: number;
  balance: number | null;
  reference?: string | null;
}

export interface ReadStatementForFiling {
  userId: string;
  /** the client the file was dropped on; null: the inbox (every client's accounts are looked at) */
  clientId: string | null;
  /** statement_results.id; filing the same statement into the same account twice adds nothing */
  statementId: string;
  fileName: string;
  bank: string | null;
  /** as the statement prints it ('XXXXXX1234' is matched on its visible tail) */
  accountNumber: string | null;
  /** one account's rows (a statement of several accounts is filed once per account) */
  rows: readonly StatementRowInput[];
  /**
   * The period the statement prints (ISO), when it prints one: the days it vouches for, though its
   * first and last rows fall inside them. Without it the rows' dates stand for the period.
   */
  period?: { from: string | null; to: string | null };
  /** who filed it, for the book's trail (issue 35); none: the queue (a drop) */
  actor?: Actor;
  /**
   * The rows are statement `statementId`'s stored rows (statement_row_chunks, written by the queue
   * before the read's end): kept as unfiled, the statement names them rather than copying them
   * (office/unfiled-rows.ts), when they give every row back as it is.
   */
  rowsStored?: boolean;
  /**
   * The user's live accounts (of `clientId`, or of every live client) as a statement of the caller's
   * transaction read them (queue/read-end.ts markRead), the same as matchingAccounts reads: the
   * number's match is made among them rather than in a statement of its own.
   */
  liveAccounts?: readonly FilingAccount[];
  /**
   * `db` is a transaction that rolls back whole when the filing throws (the queue's read end): the
   * filing runs in it as it is, without a savepoint of its own (two round trips fewer).
   */
  inTransaction?: boolean;
}

/** A statement the queue filed (dropped files): no person's hand in the book's trail. */
const DROPPED: Actor = { id: null, name: '' };

export type FilingOutcome =
  | {
      kind: 'filed';
      clientId: string;
      accountId: string;
      added: number;
      recognised: number;
      /** balance gaps in the whole book after filing */
      gaps: number;
      /** this statement was filed into this account before: nothing changed */
      alreadyFiled: boolean;
    }
  | {
      /** no account of the client (or of any client, from the inbox) has this number */
      kind: 'new-account';
      clientId: string | null;
      unfiledId: string;
      accountNumber: string;
    }
  | {
      /** a masked number whose visible tail fits several accounts: the user chooses */
      kind: 'ambiguous';
      clientId: string | null;
      unfiledId: string;
      accountNumber: string;
      accountIds: string[];
    };

/**
 * An account number as compared: its digits with leading zeros dropped (banks pad to 14 or 16
 * digits in one export and not in another). A masked number ('XXXXXXXX1234', '****1234') shows
 * only its tail: `masked` says so and `digits` is that visible tail.
 */
export function normaliseAccountNumber(text: string | null | undefined): { digits: string; masked: boolean } {
  const s = (text ?? '').trim();
  const masked = /[xX*•#]/.test(s);
  if (masked) {
    const tail = /(\d+)\D*$/.exec(s)?.[1] ?? '';
    return { digits: tail, masked: true };
  }
  return { digits: s.replace(/\D/g, '').replace(/^0+/, ''), masked: false };
}

/** The shortest visible tail we trust to name an account among a client's few. */
export const MIN_MASKED_TAIL = 4;

/** Does a statement's account number name this account (whose digits are `accountDigits`)? */
export function accountNumberMatches(
  statementNumber: string | null | undefined,
  accountDigits: string,
): boolean {
  const n = normaliseAccountNumber(statementNumber);
  if (!n.digits || !accountDigits) return false;
  if (!n.masked) return n.digits === accountDigits;
  return (
    n.digits.length >= MIN_MASKED_TAIL && accountDigits.endsWith(n.digits.replace(/^0+/, '') || n.digits)
  );
}

type AccountRow = typeof officeAccounts.$inferSelect;

/** What filing needs of an account: which it is, whose, of which client, and its number's digits. */
export type FilingAccount = Pick<AccountRow, 'id' | 'userId' | 'clientId' | 'accountDigits'>;

/** The live accounts of the user (of one client, or of every live client) that the number names. */
export async function matchingAccounts(
  db: DbOrTx,
  userId: string,
  clientId: string | null,
  accountNumber: string | null,
): Promise<FilingAccount[]> {
  const rows = await db
    .select({
      id: officeAccounts.id,
      userId: officeAccounts.userId,
      clientId: officeAccounts.clientId,
      accountDigits: officeAccounts.accountDigits,
    })
    .from(officeAccounts)
    .innerJoin(officeClients, eq(officeClients.id, officeAccounts.clientId))
    .where(
      and(
        eq(officeAccounts.userId, userId),
        isNull(officeAccounts.archivedAt),
        isNull(officeClients.archivedAt),
        clientId ? eq(officeAccounts.clientId, clientId) : undefined,
      ),
    );
  return rows.filter((a) => accountNumberMatches(accountNumber, a.accountDigits));
}

// Amounts keep the statement's sign: a reversal printed as a negative withdrawal is money in, and
// the book's balance chain (and its push) must see it so (issue 31).
const toBookRow = (r: StatementRowInput): BookRow => ({
  date: r.date,
  description: r.description ?? '',
  withdrawal: r.withdrawal || 0,
  deposit: r.deposit || 0,
  balance: r.balance ?? null,
  reference: r.reference?.trim() || null,
});

/**
 * The one live account a statement's number names, which fileReadStatement files it into (none:
 * no account or more than one; the statement is kept as unfiled).
 */
export function filedInto(
  accountNumber: string | null | undefined,
  liveAccounts: readonly FilingAccount[],
): FilingAccount | undefined {
  const matches = liveAccounts.filter((a) => accountNumberMatches(accountNumber, a.accountDigits));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Files a read statement: into the one account its number names, or keeps it as unfiled and says
 * "new account" (or "ambiguous") so the screen offers to create or choose the account.
 */
export async function fileReadStatement(
  db: Db,
  input: ReadStatementForFiling,
  now: Date,
): Promise<FilingOutcome> {
  const rows = input.rows.map(toBookRow);
  const matches = input.liveAccounts
    ? input.liveAccounts.filter((a) => accountNumberMatches(input.accountNumber, a.accountDigits))
    : await matchingAccounts(db, input.userId, input.clientId, input.accountNumber);
  if (matches.length === 1) {
    const filed = await fileIntoAccount(
      db,
      matches[0],
      input.statementId,
      input.fileName,
      rows,
      now,
      input.period,
      input.actor,
      input.inTransaction === true,
    );
    return { kind: 'filed', clientId: matches[0].clientId, ...filed };
  }
  // Named, not copied: the copy was a fifth of a dropped file's end (decision 052, round thirteen).
  const named = input.rowsStored === true && storedRowsGiveBack(rows);
  const [kept] = await db
    .insert(unfiledStatements)
    .values({
      userId: input.userId,
      clientId: input.clientId,
      statementId: input.statementId,
      fileName: input.fileName.slice(0, 200),
      bank: input.bank ?? '',
      accountNumber: (input.accountNumber ?? '').slice(0, 60),
      rows: named ? null : (rows satisfies UnfiledRow[]),
      ...rowsSummary(rows),
      createdAt: now,
    })
    .returning({ id: unfiledStatements.id });
  const accountNumber = input.accountNumber ?? '';
  if (matches.length > 1) {
    return {
      kind: 'ambiguous',
      clientId: input.clientId,
      unfiledId: kept.id,
      accountNumber,
      accountIds: matches.map((m) => m.id),
    };
  }
  return { kind: 'new-account', clientId: input.clientId, unfiledId: kept.id, accountNumber };
}

/** Files an unfiled statement into an account the user chose or just created; null if either is not theirs. */
export async function fileUnfiled(
  db: Db,
  userId: string,
  unfiledId: string,
  accountId: string,
  now: Date,
  actor?: Actor,
): Promise<Extract<FilingOutcome, { kind: 'filed' }> | null> {
  const [u] = await db
    .select()
    .from(unfiledStatements)
    .where(and(eq(unfiledStatements.id, unfiledId), eq(unfiledStatements.userId, userId)));
  const [account] = await db
    .select()
    .from(officeAccounts)
    .where(and(eq(officeAccounts.id, accountId), eq(officeAccounts.userId, userId)));
  if (!u || !account) return null;
  // Dropped on a client: only that client's accounts. From the inbox: any of the user's.
  if (u.clientId && u.clientId !== account.clientId) return null;
  const rows = await unfiledRows(db, u);
  const filed = await fileIntoAccount(db, account, u.statementId, u.fileName, rows, now, undefined, actor);
  await db.delete(unfiledStatements).where(eq(unfiledStatements.id, u.id));
  return { kind: 'filed', clientId: account.clientId, ...filed };
}

/** After an account is created: files the client's waiting statements that name it. */
export async function fileWaitingStatements(
  db: Db,
  account: AccountRow,
  now: Date,
  actor?: Actor,
): Promise<number> {
  const waiting = await db
    .select({
      id: unfiledStatements.id,
      accountNumber: unfiledStatements.accountNumber,
      clientId: unfiledStatements.clientId,
    })
    .from(unfiledStatements)
    .where(eq(unfiledStatements.userId, account.userId));
  let filed = 0;
  for (const w of waiting) {
    if (w.clientId && w.clientId !== account.clientId) continue;
    if (!accountNumberMatches(w.accountNumber, account.accountDigits)) continue;
    if (await fileUnfiled(db, account.userId, w.id, account.id, now, actor)) filed++;
  }
  return filed;
}

/**
 * A statement that would take an account's book past MAX_BOOK_ROWS (issue 33: books had no limit,
 * and a 200,000-row book held 3.5 GB of the server). Answered 413; a dropped file fails with it.
 */
export class BookFull extends BahiError {
  constructor(rows: number) {
    super(
      'BOOK_FULL',
      `This account's book would hold ${rows.toLocaleString('en-IN')} rows; one book holds at most ${MAX_BOOK_ROWS.toLocaleString('en-IN')}. ` +
        'Archive this account and add a new one for the later statements.',
    );
    this.name = 'BookFull';
  }
}

/**
 * Merges the rows into the account's book in one transaction, the account row locked so two
 * statements of one account filed at once (two queue workers) take turns: the lock, what the merge
 * reads, what it writes (office/filing.ts), with the transaction's begin and end (none inside the
 * queue's read end, whose transaction it is), so a dropped file's end holds the database for few
 * round trips.
 */
async function fileIntoAccount(
  db: Db,
  account: FilingAccount,
  statementId: string,
  fileName: string,
  rows: readonly BookRow[],
  now: Date,
  period?: { from: string | null; to: string | null },
  actor: Actor = DROPPED,
  inTransaction = false,
): Promise<{ accountId: string; added: number; recognised: number; gaps: number; alreadyFiled: boolean }> {
  // every key of every row: the memory is read with the book, before the merge says which rows are
  // new and the rules which of those the memory decides (a few keys more than needed, no statement more)
  const keys = [...new Set(rows.flatMap((r) => narrationKeys(r.description).map((k) => k.key)))];
  const within = <T>(fn: (tx: Tx) => Promise<T>) =>
    inTransaction ? fn(db as unknown as Tx) : db.transaction(fn);
  return within(async (tx) => {
    await lockAccount(tx, account.id);
    const { before, book, rules, known } = await readForFiling(tx, {
      accountId: account.id,
      clientId: account.clientId,
      statementId,
      keys,
    });
    if (before) {
      return {
        accountId: account.id,
        added: 0,
        recognised: before.recognised,
        gaps: balanceGaps(book).length,
        alreadyFiled: true,
      };
    }
    const merge = mergeStatement(book, rows);
    if (merge.order.length > MAX_BOOK_ROWS) throw new BookFull(merge.order.length);
    const newRows = merge.added.map((i) => rows[i]);
    const ledgers = ledgersOf(rules, newRows, known);
    const ledgerOf = new Map(merge.added.map((s, k) => [s, ledgers[k]]));

    // New positions: the merge's order. Only rows whose position changed are written.
    const moved: { id: string; pos: number }[] = [];
    const inserts: NewBookRow[] = [];
    merge.order.forEach((step, pos) => {
      if (step.from === 'book') {
        const r = book[step.index];
        if (r.position !== pos) moved.push({ id: r.id, pos });
        return;
      }
      const r = rows[step.index];
      const l = ledgerOf.get(step.index);
      inserts.push({
        position: pos,
        date: r.date,
        description: r.description,
        withdrawal: r.withdrawal,
        deposit: r.deposit,
        balance: r.balance,
        reference: r.reference,
        ledger: l?.ledger ?? '',
        ledgerSource: l?.source ?? null,
        ledgerReason: l?.reason ?? '',
        voucherType: l?.voucherType ?? null,
        taxSplit: l?.taxSplit ?? null,
      });
    });
    // New rows in a month change it: in the trail, and its approval is withdrawn (issue 35).
    const byMonth = new Map<string, number>();
    for (const r of newRows) byMonth.set(r.date.slice(0, 7), (byMonth.get(r.date.slice(0, 7)) ?? 0) + 1);
    const dates = rows.map((r) => r.date).sort();
    await writeFiling(tx, {
      account,
      statementId,
      fileName,
      moved,
      inserts,
      months: [...byMonth].sort().map(([month, n]) => ({ month, rows: n })),
      actor,
      now,
      filed: {
        // The printed period only when it holds the rows (a misread header must not hide a gap).
        periodFrom: period?.from && (!dates[0] || period.from <= dates[0]) ? period.from : (dates[0] ?? null),
        periodTo:
          period?.to && (!dates.length || period.to >= dates[dates.length - 1])
            ? period.to
            : (dates[dates.length - 1] ?? null),
        rows: rows.length,
        added: merge.added.length,
        recognised: merge.recognised.length,
      },
    });
    const merged = merge.order.map((o) => (o.from === 'book' ? book[o.index] : rows[o.index]));
    return {
      accountId: account.id,
      added: merge.added.length,
      recognised: merge.recognised.length,
      gaps: balanceGaps(merged).length,
      alreadyFiled: false,
    };
  });
}
