import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { configurePool } from '@bahi/statements';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { deferredLog, lineLog, startQueue, type StatementQueue } from './queue/index.ts';

/** Opens the database (migrating it), builds the app and listens. Used by `bahi serve`. */
export async function startServer(
  config: Config,
): Promise<{ app: FastifyInstance; database: Database; url: string; stop(): Promise<void> }> {
  // The queue and the database report before the HTTP app (which owns the server's logger) exists.
  const queueLog = deferredLog(lineLog);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    log: queueLog,
  });
  // The readers (for uploads and the office queue alike) share the server's memory budget.
  configurePool({ memoryBudgetMb: config.memoryMb });
  let app: FastifyInstance;
  let queue: StatementQueue | undefined;
  try {
    // After the migrations: the office drop's queue, with its workers in this process unless
    // BAHI_QUEUE_WORKERS=0 (then only `bahi worker` processes read, on PostgreSQL).
    queue = await startQueue(database, queueLog);
    app = await buildApp(config, { db: database.db, dbKind: database.kind, queue });
    queueLog.use(app.log);
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await queue?.stop(5_000);
    await database.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await app.close(); // stops accepting, waits for requests in flight
      await queue?.stop(); // lets running reads finish; unfinished ones are retried later
      await database.close();
    })());
  return { app, database, url: `http://localhost:${port}`, stop };
}
