// The durable statement queue (issue 13): pg-boss on the app's own database. With DATABASE_URL it
// opens its own small pool on that PostgreSQL, and any number of processes (`bahi serve`,
// `bahi worker`) share the queue; embedded, it runs on the very PGlite instance the app uses
// (STACK.md 3.12: never a second instance, never pglite-socket), with its workers in the server.
import { and, eq, inArray, lt } from 'drizzle-orm';
import { PgBoss, fromPglite, type Job } from 'pg-boss';
import type { Database } from '../db/index.ts';
import { officeJobs } from '../db/schema.ts';
import { readDroppedFile, type ReadDeps } from './read.ts';
import type { QueueSettings } from './settings.ts';
import { markFailed } from './store.ts';

/** One job per dropped file; the payload is only the file's row id (the bytes stay in the table). */
export const READ_QUEUE = 'statement-read';
/** Where pg-boss moves a read job that failed every attempt: its handler marks the file failed. */
export const READ_FAILED_QUEUE = 'statement-read-failed';

type ReadPayload = { jobId: string };

/** What the drop screen shows for a file the queue gave up on. */
export const GAVE_UP_REASON =
  'Reading this file stopped three times (the reader crashed or ran past its time limit). Check the file, or drop it again.';

type Log = ReadDeps['log'] & { error(obj: object, msg: string): void };

export class StatementQueue {
  readonly boss: PgBoss;
  private readonly database: Database;
  private readonly settings: QueueSettings;
  private readonly log: Log;
  private working = false;

  private constructor(boss: PgBoss, database: Database, settings: QueueSettings, log: Log) {
    this.boss = boss;
    this.database = database;
    this.settings = settings;
    this.log = log;
  }

  /**
   * Starts pg-boss on the database (after the app's migrations: pg-boss installs its own `pgboss`
   * schema under an advisory lock) and makes sure both queues exist with the current settings.
   */
  static async open(database: Database, settings: QueueSettings, log: Log): Promise<StatementQueue> {
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
    const queue = new StatementQueue(boss, database, settings, log);
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

  /** Queues dropped files by their row ids (the pg-boss job has the same id: sending twice is harmless). */
  async send(jobIds: string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.boss.insert(
      READ_QUEUE,
      jobIds.map((id) => ({ id, data: { jobId: id } satisfies ReadPayload })),
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
    const deps: ReadDeps = { db: this.database.db, log: this.log, ...hooks };
    await this.boss.work<ReadPayload>(
      READ_QUEUE,
      {
        localConcurrency: this.settings.localConcurrency,
        batchSize: 1,
        pollingIntervalSeconds: this.settings.pollingIntervalSeconds,
      },
      async ([job]: Job<ReadPayload>[]) => {
        const outcome = await readDroppedFile(deps, job.data.jobId, { signal: job.signal });
        return { outcome };
      },
    );
    await this.boss.work<ReadPayload>(
      READ_FAILED_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.settings.pollingIntervalSeconds },
      async ([job]: Job<ReadPayload>[]) => {
        if (await markFailed(this.database.db, job.data.jobId, 'READER_STOPPED', GAVE_UP_REASON))
          this.log.warn({ job: job.data.jobId }, 'dropped file failed: the queue gave up after its retries');
      },
    );
  }

  /**
   * Repairs what a process that died between two steps can leave: a file recorded but never sent
   * to the queue (sent again; the same id makes that harmless), and a password attempt cut short
   * (the file waits for its password again).
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
    return queued.length;
  }

  private stopping: (() => void)[] = [];

  /** Runs `fn` when the queue stops (timers of its owner). */
  onStop(fn: () => void): void {
    this.stopping.push(fn);
  }

  /** Stops taking jobs, lets the running ones finish (up to `timeoutMs`), and closes pg-boss. */
  async stop(timeoutMs = 30_000): Promise<void> {
    for (const fn of this.stopping.splice(0)) fn();
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
  }
}
