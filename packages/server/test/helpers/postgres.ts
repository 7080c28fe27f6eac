import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../scripts/pg-test-cluster.sh',
);
const INITDB = `${process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'}/initdb`;

export type Cluster = {
  databaseUrl: string;
  stop(): Promise<void>;
  /** Stops the PostgreSQL server, keeping its data (an outage: 'fast' ends sessions, 'immediate' crashes). */
  down(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port. */
  up(): Promise<void>;
};

/**
 * Starts a throwaway PostgreSQL cluster when BAHI_TEST_POSTGRES is 'required' or an initdb is
 * installed. Returns a reason string instead when it cannot (which fails when required).
 */
export async function startPostgres(): Promise<Cluster | string> {
  const required = process.env.BAHI_TEST_POSTGRES === 'required';
  if (!required && !existsSync(INITDB)) return `no PostgreSQL installed (${INITDB})`;
  try {
    const { stdout } = await run('bash', [SCRIPT, 'start'], { timeout: 60_000 });
    const dir = /^DIR=(.*)$/m.exec(stdout)?.[1];
    const databaseUrl = /^DATABASE_URL=(.*)$/m.exec(stdout)?.[1];
    if (!dir || !databaseUrl) throw new Error(`unexpected output: ${stdout}`);
    return {
      databaseUrl,
      stop: async () => void (await run('bash', [SCRIPT, 'stop', dir])),
      down: async (mode = 'fast') =>
        void (await run('bash', [SCRIPT, 'down', dir, mode], { timeout: 60_000 })),
      up: async () => void (await run('bash', [SCRIPT, 'up', dir], { timeout: 60_000 })),
    };
  } catch (err) {
    if (required) throw err;
    return `PostgreSQL could not start: ${String(err)}`;
  }
}

/**
 * The cluster for a file of PostgreSQL tests; or, when none can start (and none is required), null
 * after registering `name` as a test skipped with the reason, so the skip shows in the run.
 */
export async function postgresOrSkip(name: string): Promise<Cluster | null> {
  const cluster = await startPostgres();
  if (typeof cluster !== 'string') return cluster;
  test(name, { skip: `${cluster} (set BAHI_TEST_POSTGRES=required to fail instead)` }, () => {});
  return null;
}
