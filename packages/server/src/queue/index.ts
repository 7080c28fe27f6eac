// The statement queue's way in for the server (`bahi serve`) and `bahi worker`.
import path from 'node:path';
import type { Database } from '../db/index.ts';
import { StatementQueue } from './boss.ts';
import { UploadFiles } from './upload-files.ts';
import { queueSettings, type QueueSettings } from './settings.ts';

export { StatementQueue, READ_QUEUE, READ_FAILED_QUEUE, GAVE_UP_REASON } from './boss.ts';
export { queueSettings, DEFAULT_QUEUE_SETTINGS, type QueueSettings } from './settings.ts';
export { UploadFiles } from './upload-files.ts';

export type QueueLog = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/**
 * A log that writes where it is pointed later: the queue starts before the HTTP app (which owns
 * the server's logger) exists.
 */
export function deferredLog(initial: QueueLog): QueueLog & { use(log: QueueLog): void } {
  let target = initial;
  return {
    use: (log) => void (target = log),
    info: (o, m) => target.info(o, m),
    warn: (o, m) => target.warn(o, m),
    error: (o, m) => target.error(o, m),
  };
}

/** A log of one JSON line per message on stderr, for `bahi worker` and before the app's logger. */
export const lineLog: QueueLog = {
  info: (o, m) =>
    process.stderr.write(`${JSON.stringify({ level: 'info', time: Date.now(), ...o, msg: m })}\n`),
  warn: (o, m) =>
    process.stderr.write(`${JSON.stringify({ level: 'warn', time: Date.now(), ...o, msg: m })}\n`),
  error: (o, m) =>
    process.stderr.write(`${JSON.stringify({ level: 'error', time: Date.now(), ...o, msg: m })}\n`),
};

/** How often a process repairs rows a dead process left half-done (see StatementQueue.recover). */
const RECOVER_EVERY_MS = 60_000;

/** Where dropped files are kept under a data directory (BAHI_DATA_DIR). */
export const uploadsDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'uploads');

/**
 * Opens the queue on the database and, unless `workers` is false (BAHI_QUEUE_WORKERS=0), takes
 * jobs in this process. Embedded (PGlite) the workers always run here: no other process can
 * reach that database. Dropped files are kept in `uploadsDir` (by default BAHI_DATA_DIR's), which
 * every process of one database must share.
 */
export async function startQueue(
  database: Database,
  log: QueueLog,
  opts: {
    env?: Record<string, string | undefined>;
    settings?: Partial<QueueSettings>;
    workers?: boolean;
    uploadsDir?: string;
  } = {},
): Promise<StatementQueue> {
  const env = opts.env ?? process.env;
  const settings = queueSettings(env, opts.settings);
  const uploads = new UploadFiles(opts.uploadsDir ?? uploadsDirOf(env.BAHI_DATA_DIR || './data'));
  const queue = await StatementQueue.open(database, settings, log, uploads);
  const workers = database.pglite ? true : (opts.workers ?? env.BAHI_QUEUE_WORKERS !== '0');
  if (workers) await queue.work();
  const repair = () =>
    queue
      .recover()
      .catch((err: unknown) => log.warn({ err: { name: (err as Error).name } }, 'queue repair failed'));
  await repair();
  const timer = setInterval(repair, RECOVER_EVERY_MS);
  timer.unref();
  queue.onStop(() => clearInterval(timer));
  return queue;
}
