import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createPool, type DbLog } from './connection.ts';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export { schema };
export { isDatabaseDown, isDiskFull, errorFields, stackFrames } from './connection.ts';

/** The database handle every module takes: the same type on PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of Db (what db.transaction hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: helpers that may run inside or outside a transaction take this. */
export type DbOrTx = Db | Tx;

export type DbKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /**
   * The embedded database (PGlite only): the job queue runs on this same instance. On its own
   * thread for `bahi serve` (BAHI_PGLITE_THREAD=0 keeps it in the server's), inline elsewhere
   * unless BAHI_PGLITE_THREAD=1 (decision 052, rounds three and six).
   */
  pglite?: PGliteThread | PGlite;
  /** PostgreSQL only: where the database is (the job queue opens its own pool there). */
  databaseUrl?: string;
};

/**
 * PGlite's PostgreSQL runs with 16 MB of shared buffers instead of PostgreSQL's 128 MB (issue 19:
 * they live in the server's own memory, and the embedded server rested at 523 MB). One office's
 * books are a few thousand pages of 8 kB; pages not in the buffers come from the OS's file cache.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `pgliteDir` (or in memory when that is
 * 'memory://'), and applies every migration before returning.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir: string;
  /** Where PostgreSQL's lost connections are reported (stderr lines without it). */
  log?: DbLog;
  /**
   * PGlite on its own thread (decision 052, rounds three and six). `bahi serve` asks for it unless
   * BAHI_PGLITE_THREAD=0; other callers (tests, benches) get it with BAHI_PGLITE_THREAD=1.
   */
  thread?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = createPool(opts.databaseUrl, opts.log);
    const db = drizzlePg(pool, { schema });
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS });
    } catch (err) {
      await pool.end();
      throw err;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      databaseUrl: opts.databaseUrl,
    };
  }
  const dataDir = opts.pgliteDir === 'memory://' ? undefined : opts.pgliteDir;
  // (its own thread ends the multi-second tails of a busy machine: the 20-user office bench at load
  // 13-17, health p99 22.5 s inline against 0.18 s; it costs ~30 MB at rest; decision 052, round six)
  const client =
    (opts.thread ?? process.env.BAHI_PGLITE_THREAD === '1')
      ? await PGliteThread.create(dataDir, { startParams: PGLITE_START })
      : await PGlite.create(dataDir, { startParams: PGLITE_START });
  // (the thread's handle answers every call drizzle's PGlite session makes)
  const db = drizzlePglite(client as PGlite, { schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
  } catch (err) {
    await client.close();
    throw err;
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), pglite: client };
}

/** PostgreSQL's unique_violation, with the constraint name, from either driver. */
export function uniqueViolation(err: unknown): string | undefined {
  // drizzle wraps driver errors; the driver's error is the cause.
  for (let e: any = err; e; e = e.cause) {
    if (e.code === '23505') return String(e.constraint ?? e.detail ?? '');
  }
  return undefined;
}
