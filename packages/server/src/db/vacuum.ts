// Issue 33: PGlite never vacuums (it runs PostgreSQL in single-user mode, without autovacuum), so
// every deleted upload and rewritten row stayed: the probe found 58 MB live in a 295 MB table and
// 337 MB of WAL. The embedded database is vacuumed and checkpointed on a timer; PostgreSQL has its
// own autovacuum and is left to it.
import type { Database } from './index.ts';

/** Six hours: an office drops a few hundred files a day; a vacuum of a few hundred MB takes seconds. */
export const PGLITE_VACUUM_EVERY_MS = 6 * 3600_000;

/** Marks dead rows' space free for reuse (tables and their TOAST) and trims the WAL. PGlite only. */
export async function vacuumPglite(database: Database): Promise<void> {
  if (!database.pglite) return;
  await database.pglite.exec('VACUUM');
  await database.pglite.exec('CHECKPOINT');
}

/** Vacuums PGlite every `everyMs` (and not at all on PostgreSQL); returns the stop. */
export function startVacuum(
  database: Database,
  log: { warn(obj: object, msg: string): void },
  everyMs = PGLITE_VACUUM_EVERY_MS,
): () => void {
  if (!database.pglite) return () => {};
  const timer = setInterval(() => {
    vacuumPglite(database).catch((err: unknown) =>
      log.warn({ err: { name: (err as Error).name } }, 'vacuum of the embedded database failed'),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
