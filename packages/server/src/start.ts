import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { closePool, configurePool } from '@bahi/statements';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { DiskFullAtStart, diskIsFull, keepReserve, releaseReserve } from './db/disk.ts';
import { openDatabase, type Database } from './db/index.ts';
import { startVacuum } from './db/vacuum.ts';
import { deferredLog, lineLog, startQueue, uploadsDirOf, type StatementQueue } from './queue/index.ts';
import { sweepIncoming } from './statements/upload.ts';

/**
 * How long a stopping server lets the work in hand finish: the queue's reads and the requests in
 * flight (an upload being read). Reads still running then are handed back to the queue (another
 * process, or this one restarted, reads them) and requests are cut. Under a service manager's
 * own limit (systemd waits 90 s before SIGKILL).
 */
export const SHUTDOWN_GRACE_MS = 30_000;

/** Opens the database (migrating it), builds the app and listens. Used by `bahi serve`. */
export async function startServer(config: Config): Promise<{
  app: FastifyInstance;
  database: Database;
  url: string;
  stop(graceMs?: number): Promise<void>;
}> {
  // The queue and the database report before the HTTP app (which owns the server's logger) exists.
  const queueLog = deferredLog(lineLog);
  // A full disk (issue 37): the embedded database cannot open with no byte free. The reserve kept
  // in the data directory (db/disk.ts) is given back first; if that is not enough, one clear line.
  const embedded = !config.databaseUrl;
  const full = () => embedded && diskIsFull(config.dataDir);
  const onReserve = full() && releaseReserve(config.dataDir);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      log: queueLog,
      // the embedded database off the requests' thread (decision 052, round six)
      thread: process.env.BAHI_PGLITE_THREAD !== '0',
    });
  } catch (err) {
    throw full() ? new DiskFullAtStart(config.dataDir, err) : err;
  }
  // Uploads a killed process left on disk (they are removed when their request ends).
  await sweepIncoming(config.dataDir, Date.now());
  // The readers (for uploads and the office queue alike) share the server's memory budget, and run
  // below its priority so that the API answers first while they read (issue 38).
  configurePool({ memoryBudgetMb: config.memoryMb, readerNice: config.readerNice });
  let app: FastifyInstance;
  let queue: StatementQueue | undefined;
  try {
    // After the migrations: the office drop's queue, with its workers in this process unless
    // BAHI_QUEUE_WORKERS=0 (then only `bahi worker` processes read, on PostgreSQL).
    queue = await startQueue(database, queueLog, { uploadsDir: uploadsDirOf(config.dataDir) });
    app = await buildApp(config, { db: database.db, dbKind: database.kind, queue, keepReaderPool: true });
    queueLog.use(app.log);
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await queue?.stop(5_000);
    await closePool();
    await database.close();
    throw full() ? new DiskFullAtStart(config.dataDir, err) : err;
  }
  if (onReserve) {
    app.log.warn(
      "the data directory's disk is full: started on the space kept in reserve; what is stored " +
        'is answered, new work is refused (507) until there is room',
    );
  } else if (embedded) keepReserve(config.dataDir);
  // The embedded database has no autovacuum (issue 33).
  const stopVacuum = startVacuum(database, app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | undefined;
  // In order (issue 37): stop taking work, let the work in hand finish, then close what it uses.
  // The queue and the HTTP server stop together, each waiting for its own work; the reader
  // processes and the database close only after both, since a read in hand needs them to its end.
  const stop = (graceMs = SHUTDOWN_GRACE_MS) =>
    (stopping ??= (async () => {
      const cut = setTimeout(() => {
        app.log.warn('shutdown grace period over: requests still in flight are cut');
        app.server.closeAllConnections();
      }, graceMs);
      try {
        await Promise.all([
          // stops fetching at once; the reads in hand get graceMs, then go back to the queue
          queue?.stop(graceMs),
          // stops listening at once (a request on an open connection answers 503); waits for the rest
          app.close(),
        ]);
      } finally {
        clearTimeout(cut);
      }
      stopVacuum();
      await closePool();
      await database.close();
    })());
  return { app, database, url: `http://localhost:${port}`, stop };
}
