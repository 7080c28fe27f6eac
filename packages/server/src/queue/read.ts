// Reading one dropped file: the queue's job handler, and the password attempt of the drop screen.
// The file is read through the same extraction API as the single-statement route; the pages are
// charged in the same transaction that marks the file read, so a file is charged once whatever
// retries, duplicate deliveries or concurrent workers happen.
import { createHash, randomUUID } from 'node:crypto';
import {
  formatDisplayDate,
  pagesForExtraction,
  type StatementFormat,
  readReason,
  reasonForFailure,
} from '@bahi/core';
import {
  extractStatement,
  isStatementError,
  type Extraction,
  type StatementError,
  type StatementResult,
} from '@bahi/statements';
import type { Db } from '../db/index.ts';
import { whileDatabaseDown } from '../db/retry.ts';
import type { OfficeJobRow } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import {
  BookFull,
  fileReadStatement,
  filedInto,
  type FilingAccount,
  type FilingOutcome,
} from '../office/accounts.ts';
import { candidatesFor, layoutInfo } from '../statements/layouts.ts';
import {
  dropStagedRows,
  stageStatementRows,
  statementDetail,
  type StagedRows,
} from '../statements/results.ts';
import { readReasons, toRow } from '../statements/shape.ts';
import { mapInSlices } from '../slices.ts';
import { closeJob, fileJobInto, lockFileSpend, markRead } from './read-end.ts';
import { markFailed, markNeedsPassword, progressWriter, startReading, uploadBytes } from './store.ts';
import type { UploadFiles } from './upload-files.ts';

/** Thrown to make the queue retry the job: the read stopped for a reason that is not the file's. */
export class RetryableReadError extends Error {
  constructor(code: string) {
    super(`read stopped (${code}); the job will be retried`);
    this.name = 'RetryableReadError';
  }
}

export type ReadOutcome = 'read' | 'needs_password' | 'failed' | 'skipped';

export type ReadDeps = {
  db: Db;
  /** where the dropped files' bytes are kept (the data directory every process shares) */
  uploads: UploadFiles;
  /** pino-like; only ids and codes are logged, never a file's contents or a password */
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
  /** Test hook: runs after the job is claimed and before the file is read (with the job's signal). */
  beforeRead?: (jobId: string, signal?: AbortSignal) => Promise<void>;
};

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const displayDate = (iso: string | null) => (iso ? formatDisplayDate(iso) : null);

function billingFormat(format: Extraction['format']): StatementFormat {
  return format === 'pdf' || format === 'pdf-scanned' ? 'pdf' : format;
}

/**
 * Each account of the statement with rows, filed by its number (H8's office/accounts.ts). `staged`
 * is the account whose rows are the statement's stored rows: kept as unfiled, it names them.
 * `liveAccounts`: the user's accounts markRead read, among which each number is matched.
 */
async function fileAccounts(
  db: Db,
  row: OfficeJobRow,
  statementId: string,
  result: StatementResult,
  staged: StatementResult['accounts'][number],
  liveAccounts: readonly FilingAccount[],
  now: Date,
): Promise<FilingOutcome[]> {
  const out: FilingOutcome[] = [];
  for (const account of result.accounts) {
    if (account.transactions.length === 0) continue;
    out.push(
      await fileReadStatement(
        db,
        {
          userId: row.userId,
          clientId: row.clientId,
          statementId,
          fileName: row.fileName,
          bank: result.bank ?? result.detection.name ?? null,
          accountNumber: account.number,
          rows: account.transactions,
          rowsStored: account === staged,
          liveAccounts,
          // the read's end: any error of the filing rolls the whole end back
          inTransaction: true,
        },
        now,
      ),
    );
  }
  return out;
}

/** The reader's refusal in plain words, with the same codes as the single-statement answer. */
function reasonOf(err: StatementError): { code: string; message: string } {
  const page = /page (\d+) failed/.exec(err.logMessage)?.[1];
  if (err.code === 'UNREADABLE' && page)
    return {
      code: 'PAGE_UNREADABLE',
      message: `Page ${page} of the file could not be read. ${err.userMessage}`,
    };
  const code = reasonForFailure(err.code);
  return { code: code ?? err.code, message: err.userMessage };
}

/**
 * Reads one dropped file and records what became of it. Returns 'skipped' when the job had already
 * ended (a second delivery). Throws RetryableReadError (or a database error) when the queue should
 * try again: the reader was cancelled or crashed, not the file refused.
 */
export async function readDroppedFile(
  deps: ReadDeps,
  jobId: string,
  opts: { signal?: AbortSignal; password?: string; claimed?: (row: OfficeJobRow) => void } = {},
): Promise<ReadOutcome> {
  const { db, log } = deps;
  const row = await startReading(db, jobId, opts.password ? ['needs_password'] : ['queued', 'reading']);
  if (!row) return 'skipped';
  opts.claimed?.(row);
  const kept = await uploadBytes(db, deps.uploads, jobId);
  if (kept === 'missing') {
    // The row names a file this process cannot see: a directory not shared by every server and
    // worker (decision 019). Retried, perhaps by a process that sees it; failed after the retries.
    log.warn({ job: jobId }, 'dropped file not found under the data directory: is it shared?');
    throw new RetryableReadError('UPLOAD_MISSING');
  }
  // A kept file is checked against the row (a disk or a hand that changed it); bytes kept in the
  // database before the files came in with their row.
  const whole =
    kept && (kept.file === null || (kept.bytes.length === row.size && sha256(kept.bytes) === row.sha256));
  if (!kept || !whole) {
    // cannot happen while the row is not ended: the bytes are flushed before the row is committed
    await markFailed(db, deps.uploads, jobId, 'INTERNAL', 'The file was not kept. Drop it again.');
    return 'failed';
  }
  const { bytes } = kept;
  await deps.beforeRead?.(jobId, opts.signal);
  // A read done is worth keeping: its end waits for the database rather than reading again.
  const ending = <T>(fn: () => Promise<T>) =>
    whileDatabaseDown(fn, { log, what: `the end of job ${jobId}`, signal: opts.signal });

  const progress = progressWriter(db, jobId, {
    // progress is for the screen: a failed write is logged, the read goes on
    onError: (err) => log.warn({ job: jobId, err: { name: (err as Error).name } }, 'page progress not saved'),
  });
  // what the user marked before (a PDF layout, a sheet's columns: issue 35) reads a dropped file of
  // that shape too, by the same rule as the single read (only where it does better)
  const taught = await candidatesFor(db, row.userId, undefined, row.clientId);
  let extraction: Extraction;
  try {
    extraction = await extractStatement(bytes, {
      password: opts.password,
      fileName: row.fileName,
      owner: row.userId,
      scanCrops: true,
      ...(taught.candidates.length ? { taught: taught.candidates } : {}),
      ...(taught.mapped.length ? { mapped: taught.mapped } : {}),
      signal: opts.signal,
      onProgress: (p) => void progress(p),
    });
  } catch (err) {
    if (!isStatementError(err)) throw err;
    if (err.code === 'PASSWORD_REQUIRED' || err.code === 'WRONG_PASSWORD') {
      const r = reasonOf(err);
      await ending(() => markNeedsPassword(db, jobId, err.code, r.message));
      log.info({ job: jobId, code: err.code }, 'dropped file waits for a password');
      return 'needs_password';
    }
    // The reader died or the job was cancelled (a worker stopping, the queue's time limit): the
    // file may be fine, so the queue tries again (and fails it after its retry limit). What the
    // reader answered, an unexpected exception of its parser too, it would answer on every try:
    // the file fails now, read once (issue 33: a table that crashed the parser was read three
    // times, the first try and two retries, each reading the file and a reader's time).
    if (err.code === 'CANCELLED' || (err.code === 'INTERNAL' && err.stopped))
      throw new RetryableReadError(err.code);
    const r = reasonOf(err);
    await ending(() => markFailed(db, deps.uploads, jobId, r.code, r.message));
    log.info({ job: jobId, code: err.code }, `dropped file failed: ${err.logMessage}`);
    return 'failed';
  }

  const { result } = extraction;
  const first = result.accounts.find((a) => a.transactions.length > 0);
  if (!first) {
    const reason = readReasons(result)[0] ?? readReason('NO_TABLE');
    await ending(() => markFailed(db, deps.uploads, jobId, reason.code, reason.message));
    return 'failed';
  }
  const rowCount = result.accounts.reduce((n, a) => n + a.transactions.length, 0);
  const cost = pagesForExtraction({
    format: billingFormat(extraction.format),
    pdfPages: extraction.pages,
    transactions: rowCount,
  });
  const reasons = readReasons(result);
  const now = deps.now?.() ?? new Date();
  const ref = `statement:${row.sha256}`;
  const stagedId = randomUUID();

  let charged: number;
  // the kept file, removed once the row that named it is gone (committed)
  let files: string[] = [];
  // The rows first, a chunk at a time with other requests' queries between (issue 38), unseen
  // until the statement's row is committed below; removed when it is not (withStagedRows). Written
  // again after the database was away, a chunk already there is kept.
  let staged: StagedRows | undefined;
  try {
    staged = await ending(() =>
      mapInSlices(first.transactions, toRow).then((rows) =>
        stageStatementRows(db, { id: stagedId, userId: row.userId, rows, sources: first.transactions }),
      ),
    );
    // The whole end is one transaction guarded by the row's state: run again after a lost answer
    // it finds the row ended and returns -1, so it is retried while the database is away.
    charged = await ending(() =>
      db.transaction(async (tx) => {
        // Two copies of one file read at once by two workers: the second waits at the lock and then
        // finds the first one's spend, so the user pays once (the same 24-hour rule as the single
        // route). markRead is sent behind the lock without waiting for its answer: a connection
        // runs its statements in the order sent (PGlite's thread, node-postgres's client), so it
        // still starts, and takes its snapshot, once the lock is held; one round trip less while
        // this transaction holds the embedded database (decision 052, round seventeen).
        // Only a job still being read becomes read: a duplicate delivery finds it ended and pays
        // nothing. The result is what stays (the statement store, where the result screen opens it
        // by id); the bytes go with the job.
        // closeJob travels with them too: it names the statement and removes the upload's row only
        // once markRead has saved the statement (round eighteen).
        const [, { pay, accounts }, closed] = await Promise.all([
          lockFileSpend(tx, row.userId, ref),
          markRead(tx, {
            jobId,
            userId: row.userId,
            ref,
            cost,
            now,
            job: {
              bank: result.bank ?? result.detection.name ?? null,
              accountNumber: first.number,
              periodFrom: displayDate(first.period.from ?? first.transactions[0]?.date ?? null),
              periodTo: displayDate(first.period.to ?? first.transactions.at(-1)?.date ?? null),
              rows: rowCount,
              reconciled: result.accounts.every((a) => a.transactions.length === 0 || a.reconciliation.ok),
              pages: extraction.pages,
              reasonCode: reasons[0]?.code ?? null,
              reason: reasons[0]?.message ?? null,
            },
            statement: {
              userId: row.userId,
              requestedBank: result.bank ?? '',
              fileName: row.fileName,
              format: extraction.format,
              detail: statementDetail(
                result,
                first,
                reasons,
                (() => {
                  const used = taught.rows.find((r) => r.id === extraction.layoutUsed);
                  return used ? layoutInfo(used) : null;
                })(),
              ),
              rows: staged!,
              now,
            },
            history: { bank: result.bank, rows: rowCount },
            clientId: row.clientId,
          }),
          closeJob(tx, jobId, staged!.id),
        ]);
        if (pay < 0) return -1;
        files = closed;
        // Filed to the client's account its number names (or kept as unfiled for the user to
        // choose), in this same transaction: a retry after a crash never files twice. Nested
        // transactions inside run as savepoints of this one.
        // The job names the account the statement files into (the first account of it whose number
        // names one live account, as fileReadStatement files it): sent ahead of the filing's own
        // statements without waiting for its answer, one round trip less (round eighteen).
        const into = result.accounts
          .filter((a) => a.transactions.length > 0)
          .map((a) => filedInto(a.number, accounts))
          .find((a) => a !== undefined);
        await Promise.all([
          into ? fileJobInto(tx, jobId, into.id) : undefined,
          fileAccounts(tx as unknown as Db, row, staged!.id, result, first, accounts, now),
        ]);
        return pay;
      }),
    );
  } catch (err) {
    // a statement not saved leaves no rows (a saved one's are never removed: a lost answer is safe)
    await dropStagedRows(db, [stagedId]).catch(() => {});
    if (err instanceof HttpError && err.status === 402) {
      await markFailed(
        db,
        deps.uploads,
        jobId,
        'NOT_ENOUGH_PAGES',
        `${err.detail} Buy pages, then drop the file again.`,
      );
      return 'failed';
    }
    // Nothing was kept or charged (the transaction rolled back): the file fails with the words.
    if (err instanceof BookFull) {
      await markFailed(db, deps.uploads, jobId, 'BOOK_FULL', err.userMessage);
      return 'failed';
    }
    throw err;
  }
  await deps.uploads.remove(files);
  if (charged < 0) {
    // the job was ended by another delivery: this one's rows are nobody's
    await dropStagedRows(db, [stagedId]).catch(() => {});
    return 'skipped';
  }
  log.info(
    {
      job: jobId,
      format: extraction.format,
      rows: rowCount,
      charged,
      ms: extraction.meta.ms,
      reasons: reasons.map((r) => r.code),
    },
    'dropped file read',
  );
  return 'read';
}
