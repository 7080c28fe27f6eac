// Statements kept on the server (issue 19): a read statement is stored with the user's history and
// the result screen loads it by id, so a reload, a second tab or another machine shows the same
// result. Other areas (the office's clients and books) keep a statement through saveStatementResult
// and read it through loadStatementResult / loadStatementRows; nothing else touches the table.
//
// Rows are JSONB arrays in chunks of up to 250 (statement_row_chunks, issue 38) and ledger names one
// array beside them (measured in docs/decisions/029): a ledger save rewrites only the ledger array.
// Every call takes the user id and finds nothing for another user's statement: callers answer 404
// for both.
//
// A read's rows are staged before its transaction (stageStatementRows): each chunk committed by
// itself, so the embedded database, one connection, answers other requests between chunks instead
// of being held ~100 ms by one 3 MB insert (decision 052, round seven). They are seen only through
// the statement's row, which the transaction that spends the pages writes after checking every
// chunk is there: a statement appears whole or not at all. Chunks of a save that failed are removed
// at once (dropStagedRows), those of a killed process by the queue's periodic repair
// (sweepStagedRows).
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type {
  SaveLedgersRequest,
  SaveRowsRequest,
  SaveSplitsRequest,
  StatementListItem,
  StatementRowsPage,
  StatementTransaction,
  StoredRow,
  StoredStatement,
} from '@bahi/contract';
import { formatDisplayDate, parseAmount, parseSpecDate, type ReadReason, type TaxSplit } from '@bahi/core';
import { checkSplit } from '../office/tax-splits.ts';
import { keepUnfiledRows } from '../office/unfiled-rows.ts';
import type { AccountStatement, StatementResult } from '@bahi/statements';
import type { Db, DbOrTx } from '../db/index.ts';
import { extractions } from '../db/schema.ts';
import { keepPrinted, withPrinted, type RowSource } from '../tally/printed-rows.ts';
import {
  bankDetected,
  fallbackAccounts,
  readIssues,
  reconciliationInfo,
  statementInfo,
  xmlPreview,
} from './shape.ts';
import { statementResults, statementRowChunks } from './tables.ts';
import { mapInSlices } from '../slices.ts';

/** What the result screen shows beside the rows, as the extraction answered it. */
export type StatementDetail = Pick<
  StoredStatement,
  | 'statement_info'
  | 'bank_detected'
  | 'reconciliation'
  | 'reasons'
  | 'issues'
  | 'layout_used'
  | 'xml_preview'
  | 'fallback_accounts'
> & {
  other_read?: StoredStatement['other_read'];
  /**
   * the strips of the scanned page beside the rows the reader flagged (row index -> base64 JPEG;
   * issue 32): kept with the detail, answered by GET /statements/{id}/scan-crops only, never with
   * the statement itself (loadStatementResult leaves them out)
   */
  scan_crops?: Record<string, string>;
};

/** What the result screen shows beside the rows of `first`, the statement's first account with rows. */
export function statementDetail(
  result: StatementResult,
  first: AccountStatement,
  reasons: ReadReason[],
  layoutUsed: StatementDetail['layout_used'] = null,
): StatementDetail {
  return {
    statement_info: statementInfo(result.bank, first, result.detection.name),
    bank_detected: bankDetected(result),
    reconciliation: reconciliationInfo(first),
    reasons,
    issues: readIssues(result),
    layout_used: layoutUsed,
    other_read: null,
    xml_preview: xmlPreview(result.bank, first),
    fallback_accounts: fallbackAccounts(result.accounts),
    ...scanCrops(first),
  };
}

/** The strips the reader cut beside `account`'s flagged rows, by row index (none: nothing). */
function scanCrops(account: AccountStatement): Pick<StatementDetail, 'scan_crops'> {
  const crops = Object.fromEntries(
    account.transactions.flatMap((t, i) => (t.ocrFlag && t.scanCrop ? [[String(i), t.scanCrop]] : [])),
  );
  return Object.keys(crops).length ? { scan_crops: crops } : {};
}

export type NewStatementResult = {
  /** an id chosen by the caller (the extraction's, so the history links to it); random otherwise */
  id?: string;
  userId: string;
  /** the bank chosen on upload */
  requestedBank: string;
  fileName: string;
  format: string;
  detail: StatementDetail;
  /** the rows, or rows stageStatementRows wrote already (then `id` is theirs) */
  rows: readonly StatementTransaction[] | StagedRows;
  /** The engine's rows behind `rows`, one each: their reference and value date are kept (issue 12). */
  sources?: readonly RowSource[];
  now: Date;
};

/**
 * Rows a chunk at most: one insert of about a millisecond of the embedded database's thread. 1,000
 * until session 15: a 1,000-row insert (~120 KB of JSON) held that thread 16 ms at the median and
 * 85 ms at p99 under four 500-page reads at load 10, and every request's query that arrived
 * meanwhile waited for it (decision 052, round eleven).
 */
export const CHUNK_ROWS = 250;

/** Characters of text a chunk at most (a row's fields summed): long narrations make shorter chunks. */
export const CHUNK_CHARS = 32 * 1024;

/**
 * Where each chunk of `rows` starts: at most CHUNK_ROWS rows and CHUNK_CHARS characters each (a row
 * longer than that alone is one chunk), so that no insert holds the database long.
 */
export function chunkStarts(
  rows: readonly StoredRow[],
  maxRows = CHUNK_ROWS,
  maxChars = CHUNK_CHARS,
): number[] {
  const starts: number[] = [];
  let rowsIn = maxRows;
  let charsIn = 0;
  for (let i = 0; i < rows.length; i++) {
    let chars = 0;
    for (const field of rows[i]!) chars += field?.length ?? 0;
    if (rowsIn >= maxRows || charsIn + chars > maxChars) {
      starts.push(i);
      rowsIn = charsIn = 0;
    }
    rowsIn++;
    charsIn += chars;
  }
  return starts;
}

/**
 * How long chunks with no statement are kept before the sweep removes them: far longer than any
 * save takes from its first chunk to its commit (the queue's reads end within 5 minutes; a save
 * waiting for the database to come back is retried for minutes, not a day).
 */
export const STAGED_KEPT_MS = 24 * 3600_000;

/** A statement's rows written before its own row (stageStatementRows). */
export type StagedRows = { staged: true; id: string; count: number; ledgers: string[] };

const isStaged = (rows: NewStatementResult['rows']): rows is StagedRows => 'staged' in rows;

const storedRows = (rows: readonly StatementTransaction[], sources?: readonly RowSource[]) =>
  mapInSlices(rows, (r, i) => withPrinted(toStoredRow(r), sources?.[i], formatDisplayDate));

/**
 * Writes `rows` as chunks of statement `statementId`, one insert each, in order. Through `db`
 * outside a transaction each is committed by itself and other queries run between them; inside one
 * they are part of it. A chunk written before (a retried save) is left as it is.
 */
async function writeChunks(db: DbOrTx, statementId: string, userId: string, rows: readonly StoredRow[]) {
  const starts = chunkStarts(rows);
  for (let n = 0; n < starts.length; n++) {
    const part = rows.slice(starts[n], starts[n + 1] ?? rows.length);
    await db
      .insert(statementRowChunks)
      .values({ statementId, n, userId, rowCount: part.length, rows: part })
      .onConflictDoNothing();
    // a turn of the event loop: requests that arrived meanwhile send their queries before the next
    // chunk's (PGlite in the server's thread answers in microtasks only and would hold them all);
    // none after the last, where it only delayed the save (inside a transaction, holding the database)
    if (n + 1 < starts.length) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Writes a read statement's rows ahead of its transaction, a chunk at a time, each committed by
 * itself (pass the database, not a transaction). Nobody sees them until saveStatementResult writes
 * the statement's row with the answer as `rows`; the caller removes them with dropStagedRows when it
 * does not (withStagedRows does both). Running it again for the same id adds nothing.
 */
export async function stageStatementRows(
  db: Db,
  s: { id?: string; userId: string; rows: readonly StatementTransaction[]; sources?: readonly RowSource[] },
): Promise<StagedRows> {
  return stageStored(db, s, await storedRows(s.rows, s.sources));
}

/** stageStatementRows with the rows' stored form made already (withStagedRows makes it once). */
async function stageStored(
  db: Db,
  s: Parameters<typeof stageStatementRows>[1],
  rows: readonly StoredRow[],
): Promise<StagedRows> {
  const id = s.id ?? randomUUID();
  await writeChunks(db, id, s.userId, rows);
  return { staged: true, id, count: rows.length, ledgers: s.rows.map((r) => r.LedgerName ?? '') };
}

/**
 * Removes staged rows whose statement was not saved (its transaction failed). A saved statement's
 * rows are never removed, so it is safe after a commit whose answer was lost.
 */
export async function dropStagedRows(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    delete from statement_row_chunks c
    where c.statement_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
      and not exists (select 1 from statement_results r where r.id = c.statement_id)`);
}

/**
 * Chunks no statement took, older than `olderThanMs`: what a process killed between its chunks and
 * its commit left (they were never seen). Answers how many chunks went.
 */
export async function sweepStagedRows(db: Db, now: Date, olderThanMs = STAGED_KEPT_MS): Promise<number> {
  const gone = await db.execute(sql`
    delete from statement_row_chunks c
    where c.created_at < ${new Date(now.getTime() - olderThanMs).toISOString()}::timestamptz
      and not exists (select 1 from statement_results r where r.id = c.statement_id)
    returning c.n`);
  return (gone as unknown as { rows: unknown[] }).rows.length;
}

/** A statement's rows as withStagedRows hands them to its save: staged, or (one chunk) the rows themselves. */
export type RowsToSave = Pick<NewStatementResult, 'rows' | 'sources'>;

/**
 * Stages each statement's rows (stageStatementRows), then runs `save` with them; when `save` throws,
 * the staged rows go with it. `save` passes them to saveStatementResult inside its transaction
 * (spread: `...rows`). Rows that make one chunk are not staged but written by that transaction: one
 * insert either way, and without staging neither a commit of its own nor the check that every
 * staged chunk is there (issue 38: two round trips to the database of a one-page read's dozen).
 */
export async function withStagedRows<T>(
  db: Db,
  statements: Parameters<typeof stageStatementRows>[1][],
  save: (rows: RowsToSave[]) => Promise<T>,
): Promise<T> {
  const staged: StagedRows[] = [];
  try {
    const rows: RowsToSave[] = [];
    for (const s of statements) {
      // (made once here, not once to count its chunks and again to stage them)
      const stored = await storedRows(s.rows, s.sources);
      if (chunkStarts(stored).length <= 1) {
        rows.push({ rows: s.rows, ...(s.sources ? { sources: s.sources } : {}) });
        continue;
      }
      const one = await stageStored(db, s, stored);
      staged.push(one);
      rows.push({ rows: one });
    }
    return await save(rows);
  } catch (err) {
    await dropStagedRows(
      db,
      staged.map((s) => s.id),
    ).catch(() => {}); // the sweep removes them later; the save's own error is what matters
    throw err;
  }
}

/** A statement id as the routes receive it: anything but a UUID is no statement (and no SQL error). */
export const isStatementId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const toStoredRow = (r: StatementTransaction): StoredRow => [
  r.Date ?? '',
  r.Description ?? '',
  r.Withdrawal ?? '',
  r.Deposit ?? '',
  r.ClosingBalance ?? '',
];

export const fromStoredRow = (r: StoredRow, ledger = ''): StatementTransaction => ({
  Date: r[0],
  Description: r[1],
  Withdrawal: r[2],
  Deposit: r[3],
  ClosingBalance: r[4],
  LedgerName: ledger,
});

/**
 * Stores a read statement for `userId`; answers its id. Runs inside the caller's transaction if
 * given one. With staged rows it writes only the statement's row, after checking that every staged
 * row is there (locked against the sweep): a statement is committed whole or not at all.
 */
export async function saveStatementResult(db: DbOrTx, s: NewStatementResult): Promise<{ id: string }> {
  const staged = isStaged(s.rows) ? s.rows : null;
  const id = staged?.id ?? s.id ?? randomUUID();
  if (staged) {
    const chunks = await db
      .select({ n: statementRowChunks.rowCount })
      .from(statementRowChunks)
      .where(and(eq(statementRowChunks.statementId, id), eq(statementRowChunks.userId, s.userId)))
      .for('share');
    const have = chunks.reduce((sum, c) => sum + c.n, 0);
    if (have !== staged.count)
      throw new Error(`statement ${id}: ${have} of its ${staged.count} rows are stored; not saved`);
  } else {
    await writeChunks(db, id, s.userId, await storedRows(s.rows as StatementTransaction[], s.sources));
  }
  const [row] = await db
    .insert(statementResults)
    .values(statementRow(s, id))
    .returning({ id: statementResults.id });
  return { id: row.id };
}

/** The statement's own row as saveStatementResult writes it (its rows are in their chunks). */
function statementRow(s: NewStatementResult, id: string) {
  const info = s.detail.statement_info;
  const staged = isStaged(s.rows) ? s.rows : null;
  return {
    id,
    userId: s.userId,
    requestedBank: s.requestedBank.toUpperCase(),
    bank: info.bank,
    fileName: s.fileName.slice(0, 200),
    format: s.format,
    accountNumber: info.account_number,
    periodFrom: info.period_from,
    periodTo: info.period_to,
    rowCount: staged ? staged.count : (s.rows as StatementTransaction[]).length,
    detail: s.detail,
    ledgers: storedLedgers(
      staged ? staged.ledgers : (s.rows as StatementTransaction[]).map((r) => r.LedgerName ?? ''),
    ),
    createdAt: s.now,
    updatedAt: s.now,
  } satisfies typeof statementResults.$inferInsert;
}

/**
 * The ledger names as stored: without the blank ones at the end. A statement just read has no
 * ledger yet, and its 24,000 blank names for 500 pages were the longest hold of the embedded
 * database left in a read's save (8-35 ms for the one insert; decision 052, round twelve). Stored
 * shorter than the rows, the names past the end are blank (fullLedgers).
 */
export function storedLedgers(ledgers: readonly string[]): string[] {
  let end = ledgers.length;
  while (end > 0 && !ledgers[end - 1]) end--;
  return end === ledgers.length ? (ledgers as string[]) : ledgers.slice(0, end);
}

/** The stored ledger names made as long as the rows again (storedLedgers cut the blank end off). */
export function fullLedgers(stored: unknown, rowCount: number): string[] {
  const ledgers = (stored as string[] | null) ?? [];
  if (ledgers.length >= rowCount) return ledgers;
  const out = ledgers.slice();
  for (let i = ledgers.length; i < rowCount; i++) out.push('');
  return out;
}

/**
 * The same as JSON text, without parsing it: the database's text of the stored array, with blank
 * names added up to `rowCount`.
 */
export function fullLedgersJson(stored: string, length: number, rowCount: number): string {
  if (length >= rowCount) return stored;
  const blanks = new Array<string>(rowCount - length).fill('""').join(', ');
  return length === 0 ? `[${blanks}]` : `${stored.slice(0, stored.lastIndexOf(']'))}, ${blanks}]`;
}

/**
 * saveStatementResult's insert of a statement with staged rows as SQL, for a caller that writes it
 * in one statement with others (the queue's end of a read, queue/read-end.ts): the columns, and
 * their values as a select list. The check that every staged row is there is the caller's.
 */
export function stagedStatementInsert(s: NewStatementResult & { rows: StagedRows }): {
  columns: SQL;
  values: SQL;
} {
  const r = statementRow(s, s.rows.id);
  const pairs: [string, SQL][] = [
    ['id', sql`${r.id}::uuid`],
    ['user_id', sql`${r.userId}::uuid`],
    ['requested_bank', sql`${r.requestedBank}::text`],
    ['bank', sql`${r.bank}::text`],
    ['file_name', sql`${r.fileName}::text`],
    ['format', sql`${r.format}::text`],
    ['account_number', sql`${r.accountNumber}::text`],
    ['period_from', sql`${r.periodFrom}::text`],
    ['period_to', sql`${r.periodTo}::text`],
    ['row_count', sql`${r.rowCount}::integer`],
    ['detail', sql`${JSON.stringify(r.detail)}::jsonb`],
    ['ledgers', sql`${JSON.stringify(r.ledgers)}::jsonb`],
    ['created_at', sql`${r.createdAt.toISOString()}::timestamptz`],
    ['updated_at', sql`${r.updatedAt.toISOString()}::timestamptz`],
  ];
  return {
    columns: sql.raw(pairs.map(([c]) => `"${c}"`).join(', ')),
    values: sql.join(
      pairs.map(([, v]) => v),
      sql`, `,
    ),
  };
}

/**
 * Records a read in the user's history (the bank it found, the pages it cost, its row count) and
 * stores its result under the history row's id, so the history links to it. Called inside the
 * transaction that spends the pages: the spend, the history and the result happen or none does.
 */
export async function saveReadStatement(
  tx: DbOrTx,
  s: Omit<NewStatementResult, 'id'> & { history: { bank: string | null; pages: number; rows: number } },
): Promise<{ id: string }> {
  // staged rows name the statement's id ahead: the history row takes it
  const id = isStaged(s.rows) ? s.rows.id : undefined;
  const [read] = await tx
    .insert(extractions)
    .values({ ...(id ? { id } : {}), userId: s.userId, fileName: s.fileName.slice(0, 200), ...s.history })
    .returning({ id: extractions.id });
  return saveStatementResult(tx, { ...s, id: read.id });
}

// The columns of a statement without its rows (the rows are read only by loadStatementRows).
const META = {
  id: statementResults.id,
  requestedBank: statementResults.requestedBank,
  fileName: statementResults.fileName,
  format: statementResults.format,
  rowCount: statementResults.rowCount,
  revision: statementResults.revision,
  edited: statementResults.edited,
  accepted: statementResults.accepted,
  detail: statementResults.detail,
  createdAt: statementResults.createdAt,
  updatedAt: statementResults.updatedAt,
};

const owned = (userId: string, id: string) =>
  and(eq(statementResults.id, id), eq(statementResults.userId, userId));

// A statement's rows from its chunks, in a select of statement_results (its id named in full:
// drizzle leaves a one-table select's own columns unqualified): the chunks' arrays in order, as one
// JSON array of arrays (flatRows joins them), or as one JSON text of every row.
const CHUNKS = sql<
  StoredRow[][] | null
>`(select json_agg(c.rows order by c.n) from statement_row_chunks c where c.statement_id = "statement_results"."id")`;
const CHUNKS_TEXT = sql<string>`(select '[' || coalesce(string_agg(nullif(substr(t.text, 2, length(t.text) - 2), ''), ', ' order by c.n), '') || ']' from statement_row_chunks c, lateral (select c.rows::text as text) t where c.statement_id = "statement_results"."id")`;
const flatRows = (chunks: StoredRow[][] | null): StoredRow[] => (chunks ?? []).flat();

/** The statement without its rows, or null when `userId` has no statement `id`. */
export async function loadStatementResult(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<StoredStatement | null> {
  if (!isStatementId(id)) return null;
  const [r] = await db.select(META).from(statementResults).where(owned(userId, id));
  if (!r) return null;
  const { scan_crops: _crops, ...detail } = r.detail as StatementDetail;
  return {
    id: r.id,
    requested_bank: r.requestedBank,
    file_name: r.fileName,
    format: r.format,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    row_count: r.rowCount,
    revision: r.revision,
    edited: r.edited,
    accepted: r.accepted,
    ...detail,
    layout_used: detail.layout_used ?? null,
    other_read: detail.other_read ?? null,
  };
}

/**
 * The strips of the scanned page beside the statement's flagged rows (issue 32), read from the
 * stored detail alone; null when `userId` has no statement `id`.
 */
export async function loadScanCrops(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<{ crops: Record<string, string> } | null> {
  if (!isStatementId(id)) return null;
  const [r] = await db
    .select({ crops: sql<Record<string, string> | null>`${statementResults.detail} -> 'scan_crops'` })
    .from(statementResults)
    .where(owned(userId, id));
  if (!r) return null;
  return { crops: r.crops ?? {} };
}

/** Rows `offset` .. `offset + limit` with their ledgers, or null when `userId` has no statement `id`. */
export async function loadStatementRows(
  db: DbOrTx,
  userId: string,
  id: string,
  page: { offset: number; limit: number },
): Promise<StatementRowsPage | null> {
  if (!isStatementId(id)) return null;
  const [r] = await db
    .select({
      chunks: CHUNKS,
      ledgers: statementResults.ledgers,
      splits: statementResults.splits,
      revision: statementResults.revision,
    })
    .from(statementResults)
    .where(owned(userId, id));
  if (!r) return null;
  const rows = flatRows(r.chunks);
  const ledgers = fullLedgers(r.ledgers, rows.length);
  const end = Math.min(rows.length, page.offset + page.limit);
  const whole = page.offset === 0 && end === rows.length;
  return {
    id,
    offset: page.offset,
    total: rows.length,
    revision: r.revision,
    rows: whole ? rows : rows.slice(page.offset, end),
    ledgers: whole ? ledgers : ledgers.slice(page.offset, end),
    splits: r.splits ? (whole ? r.splits : r.splits.slice(page.offset, end)) : null,
  };
}

/**
 * The whole rows answer as JSON text, straight from the database's own text of the two arrays: no
 * parse and no stringify of 20,000 rows on the server. Null when `userId` has no statement `id`.
 */
export async function loadStatementRowsJson(db: DbOrTx, userId: string, id: string): Promise<string | null> {
  if (!isStatementId(id)) return null;
  const [r] = await db
    .select({
      rows: CHUNKS_TEXT,
      ledgers: sql<string>`${statementResults.ledgers}::text`,
      ledgerCount: sql<number>`jsonb_array_length(${statementResults.ledgers})`,
      splits: sql<string | null>`${statementResults.splits}::text`,
      total: statementResults.rowCount,
      revision: statementResults.revision,
    })
    .from(statementResults)
    .where(owned(userId, id));
  if (!r) return null;
  const ledgers = fullLedgersJson(r.ledgers, Number(r.ledgerCount), r.total);
  return `{"id":${JSON.stringify(id)},"offset":0,"total":${r.total},"revision":${r.revision},"rows":${r.rows},"ledgers":${ledgers},"splits":${r.splits ?? 'null'}}`;
}

/** Every row of the statement in the specification's shape, ledgers included (exports, the office). */
export async function loadStatementTransactions(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<StatementTransaction[] | null> {
  const page = await loadStatementRows(db, userId, id, { offset: 0, limit: Number.MAX_SAFE_INTEGER });
  return (
    page &&
    page.rows.map((r, i) => {
      const row = fromStoredRow(r, page.ledgers[i]);
      const split = page.splits?.[i];
      return split ? { ...row, TaxSplit: split } : row;
    })
  );
}

/** The user's statements, newest first. */
export async function listStatementResults(
  db: DbOrTx,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ statements: StatementListItem[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: statementResults.id,
        fileName: statementResults.fileName,
        bank: statementResults.bank,
        accountNumber: statementResults.accountNumber,
        periodFrom: statementResults.periodFrom,
        periodTo: statementResults.periodTo,
        rowCount: statementResults.rowCount,
        createdAt: statementResults.createdAt,
      })
      .from(statementResults)
      .where(eq(statementResults.userId, userId))
      .orderBy(desc(statementResults.createdAt), desc(statementResults.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(statementResults).where(eq(statementResults.userId, userId)),
  ]);
  return {
    total: Number(total.n),
    statements: rows.map((r) => ({
      id: r.id,
      file_name: r.fileName,
      bank: r.bank,
      account_number: r.accountNumber,
      period_from: r.periodFrom,
      period_to: r.periodTo,
      row_count: r.rowCount,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Why a change was refused: no such statement (404), or rows changed since the client read them (409). */
export type ChangeRefused = 'missing' | 'stale' | 'out-of-range';

/**
 * Applies ledger changes (POST /statements/{id}/ledgers). Answers the rows' revision and the
 * assignments made (description and ledger, for ledger memory), or why it was refused.
 */
export async function saveStatementLedgers(
  db: DbOrTx,
  userId: string,
  id: string,
  req: SaveLedgersRequest,
  now: Date,
): Promise<
  { revision: number; saved: number; assignments: { description: string; ledger: string }[] } | ChangeRefused
> {
  if (!isStatementId(id)) return 'missing';
  return db.transaction(async (tx) => {
    // Locked: two saves of the same statement (two tabs) apply one after the other, neither lost.
    const [r] = await tx
      .select({
        ledgers: statementResults.ledgers,
        chunks: CHUNKS,
        revision: statementResults.revision,
      })
      .from(statementResults)
      .where(owned(userId, id))
      .for('update');
    if (!r) return 'missing';
    if (r.revision !== req.revision) return 'stale';
    const rows = flatRows(r.chunks);
    const ledgers = fullLedgers(r.ledgers, rows.length).slice();
    const assignments: { description: string; ledger: string }[] = [];
    let saved = 0;
    for (const change of req.changes) {
      for (const i of change.rows) if (i >= ledgers.length) return 'out-of-range';
      for (const i of change.rows) {
        if (ledgers[i] === change.ledger) continue;
        ledgers[i] = change.ledger;
        saved++;
        if (change.ledger) assignments.push({ description: rows[i][1], ledger: change.ledger });
      }
    }
    if (saved > 0)
      await tx
        .update(statementResults)
        .set({ ledgers: storedLedgers(ledgers), updatedAt: now })
        .where(owned(userId, id));
    return { revision: r.revision, saved, assignments };
  });
}

/**
 * Gives rows a GST/TDS split, or clears it (POST /statements/{id}/splits, decision 057). A split a
 * row's amount cannot take is refused whole (422, naming the row's date). Answers the rows'
 * revision and how many rows changed, or why it was refused.
 */
export async function saveStatementSplits(
  db: DbOrTx,
  userId: string,
  id: string,
  req: SaveSplitsRequest,
  now: Date,
): Promise<{ revision: number; saved: number } | ChangeRefused> {
  if (!isStatementId(id)) return 'missing';
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select({
        splits: statementResults.splits,
        chunks: CHUNKS,
        revision: statementResults.revision,
      })
      .from(statementResults)
      .where(owned(userId, id))
      .for('update');
    if (!r) return 'missing';
    if (r.revision !== req.revision) return 'stale';
    const rows = flatRows(r.chunks);
    for (const i of req.rows) if (i >= rows.length) return 'out-of-range';
    if (req.split) {
      for (const i of req.rows) {
        const date = parseSpecDate(rows[i][0]) ?? rows[i][0];
        checkSplit(
          { date, withdrawal: parseAmount(rows[i][2]) ?? 0, deposit: parseAmount(rows[i][3]) ?? 0 },
          req.split,
        );
      }
    }
    const splits = r.splits ? r.splits.slice() : rows.map(() => null);
    const key = JSON.stringify(req.split ? canonicalSplit(req.split) : null);
    let saved = 0;
    for (const i of req.rows) {
      const was = splits[i] ?? null;
      if (JSON.stringify(was ? canonicalSplit(was) : null) === key) continue;
      splits[i] = req.split;
      saved++;
    }
    if (saved > 0)
      await tx
        .update(statementResults)
        .set({ splits: splits.some(Boolean) ? splits : null, updatedAt: now })
        .where(owned(userId, id));
    return { revision: r.revision, saved };
  });
}

/** A split's keys in one order (jsonb keeps its own): two equal splits compare equal. */
const canonicalSplit = (split: TaxSplit) =>
  Object.entries(split)
    .filter(([, v]) => v !== undefined && v !== '')
    .sort(([a], [b]) => a.localeCompare(b));

/**
 * Replaces the rows and their ledgers (PUT /statements/{id}/rows: rows fixed in place, added or
 * deleted). Marks the statement edited and answers the next revision.
 */
export async function saveStatementRows(
  db: DbOrTx,
  userId: string,
  id: string,
  req: SaveRowsRequest,
  now: Date,
): Promise<{ revision: number } | ChangeRefused> {
  if (!isStatementId(id)) return 'missing';
  // What the statement printed beside each row stays as read: the browser's rows only show it.
  const [before] = await db.select({ chunks: CHUNKS }).from(statementResults).where(owned(userId, id));
  if (!before) return 'missing';
  const rows = keepPrinted(flatRows(before.chunks), req.rows);
  // the statement's row and its chunks change together (a user's edit: one transaction is fine)
  const r = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(statementResults)
      .set({
        ledgers: storedLedgers(req.ledgers),
        // the splits follow the rows as the screen sent them; none sent, none kept (indexes moved)
        splits: req.splits?.some(Boolean) ? req.splits : null,
        rowCount: req.rows.length,
        edited: true,
        revision: sql`${statementResults.revision} + 1`,
        updatedAt: now,
      })
      // Only from the revision the client saw: a second tab's older rows never overwrite newer ones.
      .where(and(owned(userId, id), eq(statementResults.revision, req.revision)))
      .returning({ revision: statementResults.revision });
    if (!done) return undefined;
    // an unfiled statement of this file names these rows: it keeps them as read (unfiled-rows.ts)
    await keepUnfiledRows(tx, id, flatRows(before.chunks));
    await tx.delete(statementRowChunks).where(eq(statementRowChunks.statementId, id));
    await writeChunks(tx, id, userId, rows);
    return done;
  });
  if (r) return { revision: r.revision };
  return (await loadStatementResult(db, userId, id)) ? 'stale' : 'missing';
}

/** The user accepts (or withdraws accepting) a read that does not reconcile. False when missing. */
export async function setStatementAccepted(
  db: DbOrTx,
  userId: string,
  id: string,
  accepted: boolean,
  now: Date,
): Promise<boolean> {
  if (!isStatementId(id)) return false;
  const r = await db
    .update(statementResults)
    .set({ accepted, updatedAt: now })
    .where(owned(userId, id))
    .returning({ id: statementResults.id });
  return r.length > 0;
}

/** Names the taught layout that read the statement (saved after the read, issue 17). */
export async function setStatementLayout(
  db: DbOrTx,
  userId: string,
  id: string,
  layout: StoredStatement['layout_used'],
  now: Date,
): Promise<boolean> {
  if (!isStatementId(id)) return false;
  const r = await db
    .update(statementResults)
    .set({
      detail: sql`jsonb_set(${statementResults.detail}, '{layout_used}', ${JSON.stringify(layout)}::jsonb)`,
      updatedAt: now,
    })
    .where(owned(userId, id))
    .returning({ id: statementResults.id });
  return r.length > 0;
}
