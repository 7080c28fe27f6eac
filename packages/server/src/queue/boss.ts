// The durable statement queue (issue 13): pg-boss on the app's own database. With DATABASE_URL it
// opens its own small pool on that PostgreSQL, and any number of processes (`bahi serve`,
// `bahi worker`) share the queue; embedded, it runs on the very PGlite instance the app uses
// (STACK.md 3.12: never a second instance, never pglite-socket), with its workers in the server.
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { PgBoss, fromPglite, type Job } from 'pg-boss';
import { errorFields, type Database, type DbOrTx, type Tx } from '../db/index.ts';
import { officeJobs, officeUploads, users } from '../db/schema.ts';
import { readDroppedFile, type ReadDeps } from './read.ts';
import type { QueueSettings } from './settings.ts';
import { markFailed } from './store.ts';
import { sweepStagedRows } from '../statements/results.ts';
import type { UploadFiles } from './upload-files.ts';

/** One job per dropped file; the payload is only the file's row id (the bytes stay in their file). */
export const READ_QUEUE = 'statement-read';
/** Where pg-boss moves a read job that failed every attempt: its handler marks the file failed. */
export const READ_FAILED_QUEUE = 'statement-read-failed';

type ReadPayload = { jobId: string };

/** What the drop screen shows for a file the queue gave up on. */
export const GAVE_UP_REASON =
  'Reading this file stopped three times (the reader crashed or ran past its time limit). Check the file, or drop it again.';

/**
 * What pg-boss keeps of a failed read in its job table (for days): the error's name and code, never
 * its message or stack. A database error's message quotes its query's parameters, which were a
 * statement's rows (issue 33: a NUL's refused insert put 131 narrations in the job table).
 */
export function jobFailure(err: unknown): Error {
  const { name, code } = errorFields(err);
  const failure = new Error(`read stopped: ${name ?? 'Error'}${code ? ` ${code}` : ''}`);
  failure.name = 'ReadFailure';
  failure.stack = failure.message;
  return failure;
}

/** Days a dropped file may wait for its password before it is removed. */
export const ABANDONED_DROP_DAYS = 7;
export const ABANDONED_REASON = `No password was entered for ${ABANDONED_DROP_DAYS} days, so the file was removed. Drop it again to read it.`;

type Log = ReadDeps['log'] & { error(obj: object, msg: string): void };

export class StatementQueue {
  readonly boss: PgBoss;
  private readonly database: Database;
  private readonly settings: QueueSettings;
  private readonly log: Log;
  /** Where the dropped files' bytes are kept: the drop route writes there, the readers read. */
  readonly uploads: UploadFiles;
  private working = false;

  private constructor(
    boss: PgBoss,
    database: Database,
    settings: QueueSettings,
    log: Log,
    uploads: UploadFiles,
  ) {
    this.boss = boss;
    this.database = database;
    this.settings = settings;
    this.log = log;
    this.uploads = uploads;
  }

  /**
   * Starts pg-boss on the database (after the app's migrations: pg-boss installs its own `pgboss`
   * schema under an advisory lock) and makes sure both queues exist with the current settings.
   */
  static async open(
    database: Database,
    settings: QueueSettings,
    log: Log,
    uploads: UploadFiles,
  ): Promise<StatementQueue> {
    const timers = {
      superviseIntervalSeconds: settings.superviseIntervalSeconds,
      monitorIntervalSeconds: settings.superviseIntervalSeconds,
    };
    let boss: PgBoss;
    if (database.pglite) boss = new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...timers });
    else if (database.databaseUrl)
      boss = new PgBoss({ connectionString: database.databaseUrl, max: 5, ...timers });
    else throw new Error('the statement queue needs the PGlite instance or a DATABASE_URL');
    // An 'error' with no listener would end the process; pg-boss retries its own maintenance.
    boss.on('error', (err) =>
      log.error({ err: { name: err.name, code: (err as { code?: string }).code } }, 'queue error'),
    );
    await boss.start();
    const queue = new StatementQueue(boss, database, settings, log, uploads);
    await queue.ensureQueues();
    return queue;
  }

  private async ensureQueues() {
    const s = this.settings;
    const failed = { retryLimit: 5, retryDelay: 5, deleteAfterSeconds: s.deleteAfterSeconds };
    const read = {
      heartbeatSeconds: s.heartbeatSeconds,
      expireInSeconds: s.expireInSeconds,
      retryLimit: s.retryLimit,
      retryDelay: s.retryDelaySeconds,
      retryBackoff: s.retryDelaySeconds > 0,
      deleteAfterSeconds: s.deleteAfterSeconds,
      deadLetter: READ_FAILED_QUEUE,
    };
    // Two processes starting together may both find a queue missing: the loser's create fails
    // and it updates instead.
    for (const [name, options] of [
      [READ_FAILED_QUEUE, failed],
      [READ_QUEUE, read],
    ] as const) {
      if (!(await this.boss.getQueue(name))) {
        try {
          await this.boss.createQueue(name, options);
          continue;
        } catch (err) {
          if (!(await this.boss.getQueue(name))) throw err;
        }
      }
      await this.boss.updateQueue(name, options);
    }
  }

  /**
   * Queues dropped files by their row ids (the pg-boss job has the same id: sending twice is
   * harmless), fairly across users (issue 33: another user's file waited 374 s behind one user's
   * drop). pg-boss takes the highest priority first, then the oldest; a file's priority is minus
   * its place among its owner's files still queued, so each user's first file goes before anyone's
   * second, and a user's hundredth file never waits in front of another user's first. Then wakes
   * idle readers of this process (a drop starts now, not at their next poll).
   */
  async send(jobIds: string[]): Promise<void> {
    await this.enqueue(this.database.db, jobIds);
    this.wake(jobIds.length);
  }

  /**
   * send() within the transaction that records the files (the drop route, store.ts insertDrop):
   * their jobs commit with their rows (decision 052 round twenty). Sent after the commit, a file
   * was recorded but not queued for the send's two statements (behind the readers' on a busy
   * database), or until recover() a minute later when the send failed; the fair-queue test counts
   * from the row. The caller wakes the readers after the commit (wake).
   */
  async sendWithin(tx: Tx, jobIds: string[]): Promise<void> {
    await this.enqueue(tx, jobIds, onTransaction(tx));
  }

  private async enqueue(db: DbOrTx, jobIds: string[], bossDb?: { executeSql: ExecuteSql }): Promise<void> {
    if (jobIds.length === 0) return;
    const ranks = await db.execute(sql`
      select id, rank::int as rank from (
        select id, row_number() over (partition by user_id order by created_at, id) as rank
        from office_jobs
        where state = 'queued'
          and user_id in (select user_id from office_jobs where id = any(${sql.param(jobIds)}::uuid[]))
      ) q
      where id = any(${sql.param(jobIds)}::uuid[])`);
    const rankOf = new Map(
      (ranks as unknown as { rows: { id: string; rank: number }[] }).rows.map((r) => [r.id, r.rank]),
    );
    await this.boss.insert(
      READ_QUEUE,
      jobIds.map((id) => ({
        id,
        data: { jobId: id } satisfies ReadPayload,
        priority: 1 - (rankOf.get(id) ?? 1),
      })),
      // (pg-boss reads the queue's row from its cache, filled when ensureQueues created or updated
      // it: no statement of its own runs beside the transaction, which on PGlite would wait for it)
      bossDb ? { db: bossDb } : {},
    );
  }

  /**
   * Takes jobs in this process until stop(). Returning completes a job; throwing (the reader
   * crashed, the database went away) retries it; a worker that dies mid-job stops its heartbeat
   * and pg-boss hands the job to another worker.
   */
  async work(hooks: Pick<ReadDeps, 'beforeRead'> = {}): Promise<void> {
    if (this.working) return;
    this.working = true;
    const deps: ReadDeps = { db: this.database.db, log: this.log, uploads: this.uploads, ...hooks };
    // One registration a reader (localConcurrency 1 each, as many as localConcurrency said): each
    // has its own worker id, so send() can wake an idle one (pg-boss wakes only the first worker of
    // a registration by its id).
    for (let i = 0; i < this.settings.localConcurrency; i++) {
      const reader = { id: '', busy: false };
      reader.id = await this.boss.work<ReadPayload>(
        READ_QUEUE,
        {
          localConcurrency: 1,
          batchSize: 1,
          pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
        },
        async ([job]: Job<ReadPayload>[]) => {
          reader.busy = true;
          const id = job.data.jobId;
          let attempt: number | undefined;
          const handling = (async () => {
            try {
              const outcome = await readDroppedFile(deps, id, {
                signal: job.signal,
                claimed: (row) => void (attempt = row.attempts),
              });
              return { outcome };
            } catch (err) {
              if (this.closing && attempt !== undefined) await this.handBack(id, attempt);
              throw jobFailure(err);
            }
          })();
          this.handlers.add(handling);
          try {
            return await handling;
          } finally {
            this.handlers.delete(handling);
            reader.busy = false;
            // A reader that has just ended a job asks for the next at once, not after its poll: jobs
            // sent while every reader was busy woke none of them (a backlog would otherwise be read
            // one job a poll per reader). An empty queue answers nothing, and it sleeps its poll.
            this.boss.notifyWorker(reader.id);
          }
        },
      );
      this.readers.push(reader);
    }
    await this.boss.work<ReadPayload>(
      READ_FAILED_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.settings.pollingIntervalSeconds },
      async ([job]: Job<ReadPayload>[]) => {
        if (
          await markFailed(this.database.db, this.uploads, job.data.jobId, 'READER_STOPPED', GAVE_UP_REASON)
        )
          this.log.warn({ job: job.data.jobId }, 'dropped file failed: the queue gave up after its retries');
      },
    );
  }

  /**
   * Repairs what a process that died between two steps can leave: a file recorded but never sent
   * to the queue (sent again; the same id makes that harmless), a password attempt cut short
   * (the file waits for its password again), and kept files no row names (removed).
   */
  async recover(olderThanMs = 60_000): Promise<number> {
    const db = this.database.db;
    const before = new Date(Date.now() - olderThanMs);
    const queued = await db
      .select({ id: officeJobs.id })
      .from(officeJobs)
      .where(and(eq(officeJobs.state, 'queued'), lt(officeJobs.updatedAt, before)));
    await this.send(queued.map((r) => r.id));
    await db
      .update(officeJobs)
      .set({ state: 'needs_password', updatedAt: new Date() })
      .where(
        and(
          eq(officeJobs.state, 'reading'),
          inArray(officeJobs.reasonCode, ['PASSWORD_REQUIRED', 'WRONG_PASSWORD']),
          lt(officeJobs.updatedAt, new Date(Date.now() - Math.max(olderThanMs, 10 * 60_000))),
        ),
      );
    // A file left waiting for its password is not kept for ever (issue 33): its bytes go, its row
    // says why.
    const abandoned = await db
      .select({ id: officeJobs.id })
      .from(officeJobs)
      .where(
        and(
          eq(officeJobs.state, 'needs_password'),
          lt(officeJobs.updatedAt, new Date(Date.now() - ABANDONED_DROP_DAYS * 24 * 3600_000)),
        ),
      );
    for (const { id } of abandoned)
      await markFailed(db, this.uploads, id, 'PASSWORD_NEVER_GIVEN', ABANDONED_REASON);
    // Files no row keeps any more: a deleted account's, a deleted client's jobs', or left by a
    // process that died between its commit and its removal (issue 33).
    await this.uploads.sweep(
      {
        keys: async () =>
          new Set(
            (await db.select({ file: officeUploads.file }).from(officeUploads)).flatMap((r) =>
              r.file ? [r.file] : [],
            ),
          ),
        users: async (ids) =>
          new Set(
            (await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((u) => u.id),
          ),
      },
      Date.now(),
    );
    // Rows a killed process staged for a statement it never committed (never seen; issue 38).
    await sweepStagedRows(db, new Date());
    return queued.length;
  }

  private stopping: (() => void)[] = [];

  /** Runs `fn` when the queue stops (timers of its owner). */
  onStop(fn: () => void): void {
    this.stopping.push(fn);
  }

  /** Set when stop() begins: a read that ends in an error from then on was cut by the stop. */
  private closing = false;
  /** The reads running in this process. */
  private readonly handlers = new Set<Promise<unknown>>();
  /** This process's readers (work()): their pg-boss worker ids, and whether each has a job in hand. */
  private readonly readers: { id: string; busy: boolean }[] = [];

  /**
   * Wakes up to `n` of this process's idle readers, so a job sent here starts now rather than at
   * their next poll (decision 052 round nineteen). A reader woken while it fetches fetches again at
   * once; one woken for nothing finds no job and goes back to its poll. Readers of other processes
   * (`bahi worker`) still find the job at their poll (pollingIntervalSeconds).
   */
  wake(n: number): void {
    for (const reader of this.readers) {
      if (n <= 0) return;
      if (reader.busy) continue;
      this.boss.notifyWorker(reader.id);
      n -= 1;
    }
  }

  /**
   * A read cut by stop() goes back to `queued`, so the screen says it waits rather than showing it
   * read forever by a process that is gone; pg-boss has already failed its job for a retry. Only
   * this attempt's row is changed: a worker that took the retry meanwhile counted another attempt.
   */
  private async handBack(jobId: string, attempt: number) {
    try {
      await this.database.db
        .update(officeJobs)
        .set({ state: 'queued', pagesDone: 0, pagesTotal: null, updatedAt: new Date() })
        .where(
          and(eq(officeJobs.id, jobId), eq(officeJobs.state, 'reading'), eq(officeJobs.attempts, attempt)),
        );
      this.log.warn({ job: jobId }, 'stopping: a read past the grace period was handed back to the queue');
    } catch (err) {
      // The row stays `reading`; the queue still retries its job, which reads it again.
      this.log.error(
        { job: jobId, err: errorFields(err) },
        'stopping: a read in hand could not be handed back',
      );
    }
  }

  /**
   * Stops taking jobs, lets the running ones finish (up to `timeoutMs`), and closes pg-boss. A read
   * still running then is handed back: pg-boss fails its job for a retry and aborts its signal (the
   * reader stops, and handBack marks its row queued). A read that finishes after its job was
   * failed finds the row no longer `reading` and changes nothing; the file is read again.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.closing = true;
    for (const fn of this.stopping.splice(0)) fn();
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
    // pg-boss does not wait for a handler it aborted: wait (briefly) for the cut reads to notice
    // and hand their rows back before the caller closes the database under them.
    await Promise.race([Promise.allSettled(this.handlers), sleep(5_000, undefined, { ref: false })]);
  }
}

type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * pg-boss's statements (text with $1, $2, ... and their values) on a transaction of the app's, so
 * its jobs commit or roll back with the app's rows (pg-boss's `db` option).
 */
function onTransaction(tx: Tx): { executeSql: ExecuteSql } {
  return {
    async executeSql(text, values = []) {
      // even pieces are text, odd ones the number of a placeholder
      const pieces = text.split(/\$(\d+)/);
      const query = sql.join(
        pieces.map((piece, i) => (i % 2 ? sql`${values[Number(piece) - 1]}` : sql.raw(piece))),
      );
      const res = await tx.execute(query);
      return { rows: (res as unknown as { rows: unknown[] }).rows };
    },
  };
}
