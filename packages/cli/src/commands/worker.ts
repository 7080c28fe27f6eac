import { EXIT, fail, parseCommand, untilStopped } from '../args.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '@bahi/server/config.ts';
import { restartWith } from '../node-flags.ts';
import { configOrExit, environmentHelp } from '../server-config.ts';

const USAGE = `Usage: bahi worker [--concurrency N]

Reads dropped statements from the office queue in the PostgreSQL database that DATABASE_URL names,
until Ctrl+C (or SIGTERM), then finishes the files it is reading. Run as many as you like, on any
machines: each file is read by one of them. A worker that dies mid-file loses nothing: the file is
read again by another worker (or by this one when it comes back). The dropped files are kept under
BAHI_DATA_DIR: every worker and \`bahi serve\` must see the same directory (a shared volume).

The embedded database (no DATABASE_URL) cannot be shared: there, \`bahi serve\` reads the files.

Options:
  --concurrency N   files read at once by this process (default: BAHI_QUEUE_CONCURRENCY or 2)
  -h, --help        show this help

${environmentHelp(['DATABASE_URL', 'BAHI_DATA_DIR'])}
  BAHI_QUEUE_CONCURRENCY, BAHI_QUEUE_HEARTBEAT_SECONDS, BAHI_QUEUE_EXPIRE_SECONDS,
  BAHI_QUEUE_RETRY_LIMIT, BAHI_QUEUE_RETRY_DELAY_SECONDS, BAHI_QUEUE_POLL_SECONDS,
  BAHI_QUEUE_SUPERVISE_SECONDS: the queue's timers (docs/decisions/050-durable-queue.md)`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(
    { name: 'worker', usage: USAGE, options: { concurrency: { type: 'string' } } },
    args,
  );
  if (typeof parsed === 'number') return parsed;
  const config = configOrExit('worker');
  if (typeof config === 'number') return config;
  if (!config.databaseUrl)
    return fail('worker', EXIT.usage, 'set DATABASE_URL: workers share the queue through PostgreSQL');
  const concurrency = parsed.values.concurrency;
  if (concurrency !== undefined && !/^[1-9]\d{0,2}$/.test(concurrency))
    return fail('worker', EXIT.usage, `--concurrency must be a whole number from 1, got '${concurrency}'`);
  restartWith(SERVER_NODE_FLAGS, SERVER_ENV);

  const { openDatabase, startQueue, lineLog, uploadsDirOf } = await import('@bahi/server');
  const { closePool, configurePool } = await import('@bahi/statements');
  // readers below this process's priority, as `bahi serve`'s (issue 38)
  configurePool({ readerNice: config.readerNice });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: '' });
  try {
    const queue = await startQueue(database, lineLog, {
      workers: true,
      // the files `bahi serve` kept: BAHI_DATA_DIR must be the same directory (a shared volume)
      uploadsDir: uploadsDirOf(config.dataDir),
      ...(concurrency ? { settings: { localConcurrency: Number(concurrency) } } : {}),
    });
    lineLog.info({ pid: process.pid }, 'worker started');
    const signal = await untilStopped();
    lineLog.info({ pid: process.pid, signal }, 'worker stopping: finishing the files in hand');
    await queue.stop();
    return EXIT.ok;
  } finally {
    await closePool();
    await database.close();
  }
}
