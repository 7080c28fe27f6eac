// Statements kept on the server (issue 19): a read statement is stored with the user's history and
// the result screen loads it by id, so a reload, a second tab or another machine shows the same
// result. Other areas (the office's clients and books) keep a statement through saveStatementResult
// and read it through loadStatementResult / loadStatementRows; nothing else touches the table.
//
// Rows are one JSONB array per statement and ledger names a second array beside it (measured in
// docs/decisions/029): a ledger save rewrites only the ledger array. Every call takes the user id
// and finds nothing for another user's statement: callers answer 404 for both.
import { and, count, desc, eq, sql } from 'drizzle-orm';
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
import type { AccountStatement, StatementResult } from '@bahi/statements';
import type { DbOrTx } from '../db/index.ts';
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
import { statementResults } from './tables.ts';
import { jsonbInSlices, mapInSlices } from '../slices.ts';

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
  rows: readonly StatementTransaction[];
  /** The engine's rows behind `rows`, one each: their reference and value date are kept (issue 12). */
  sources?: readonly RowSource[];
  now: Date;
};

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

/** Stores a read statement for `userId`; answers its id. Runs inside the caller's transaction if given one. */
export async function saveStatementResult(db: DbOrTx, s: NewStatementResult): Promise<{ id: string }> {
  const info = s.detail.statement_info;
  const [row] = await db
    .insert(statementResults)
    .values({
      ...(s.id ? { id: s.id } : {}),
      userId: s.userId,
      requestedBank: s.requestedBank.toUpperCase(),
      bank: info.bank,
      fileName: s.fileName.slice(0, 200),
      format: s.format,
      accountNumber: info.account_number,
      periodFrom: info.period_from,
      periodTo: info.period_to,
      rowCount: s.rows.length,
      detail: s.detail,
      // ~3 MB of JSON for 500 pages: written in slices, not by the driver in one go (issue 38)
      rows: await jsonbInSlices(
        await mapInSlices(s.rows, (r, i) => withPrinted(toStoredRow(r), s.sources?.[i], formatDisplayDate)),
      ),
      ledgers: s.rows.map((r) => r.LedgerName ?? ''),
      createdAt: s.now,
      updatedAt: s.now,
    })
    .returning({ id: statementResults.id });
  return { id: row.id };
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
  const [read] = await tx
    .insert(extractions)
    .values({ userId: s.userId, fileName: s.fileName.slice(0, 200), ...s.history })
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
      rows: statementResults.rows,
      ledgers: statementResults.ledgers,
      splits: statementResults.splits,
      revision: statementResults.revision,
    })
    .from(statementResults)
    .where(owned(userId, id));
  if (!r) return null;
  const rows = r.rows as StoredRow[];
  const ledgers = r.ledgers as string[];
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
      rows: sql<string>`${statementResults.rows}::text`,
      ledgers: sql<string>`${statementResults.ledgers}::text`,
      splits: sql<string | null>`${statementResults.splits}::text`,
      total: statementResults.rowCount,
      revision: statementResults.revision,
    })
    .from(statementResults)
    .where(owned(userId, id));
  if (!r) return null;
  return `{"id":${JSON.stringify(id)},"offset":0,"total":${r.total},"revision":${r.revision},"rows":${r.rows},"ledgers":${r.ledgers},"splits":${r.splits ?? 'null'}}`;
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
        rows: statementResults.rows,
        revision: statementResults.revision,
      })
      .from(statementResults)
      .where(owned(userId, id))
      .for('update');
    if (!r) return 'missing';
    if (r.revision !== req.revision) return 'stale';
    const ledgers = (r.ledgers as string[]).slice();
    const rows = r.rows as StoredRow[];
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
      await tx.update(statementResults).set({ ledgers, updatedAt: now }).where(owned(userId, id));
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
        rows: statementResults.rows,
        revision: statementResults.revision,
      })
      .from(statementResults)
      .where(owned(userId, id))
      .for('update');
    if (!r) return 'missing';
    if (r.revision !== req.revision) return 'stale';
    const rows = r.rows as StoredRow[];
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
  const [before] = await db
    .select({ rows: statementResults.rows })
    .from(statementResults)
    .where(owned(userId, id));
  if (!before) return 'missing';
  const [r] = await db
    .update(statementResults)
    .set({
      rows: keepPrinted(before.rows as StoredRow[], req.rows),
      ledgers: req.ledgers,
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
