// `bahi worker` refuses what it cannot do, in one line: the embedded database cannot be shared
// (its files are read by `bahi serve`), and a bad --concurrency is named. The worker's real work
// is tested against PostgreSQL in packages/server/test/queue-postgres.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { bahiWith } from './run.ts';

/** `bahi ARGS` with only PATH, HOME and `env` in the environment. */
const bahi = (env: Record<string, string>, ...args: string[]) =>
  bahiWith({ PATH: process.env.PATH, HOME: process.env.HOME, ...env }, ...args);

test('bahi worker: needs DATABASE_URL, says why in one line, exits 1; --help and a bad --concurrency', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-worker-'));
  try {
    const env = { BAHI_DATA_DIR: dataDir };
    const bare = await bahi(env, 'worker');
    assert.equal(bare.code, 1);
    assert.equal(bare.stderr, 'bahi worker: set DATABASE_URL: workers share the queue through PostgreSQL\n');
    const help = await bahi(env, 'worker', '--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: bahi worker \[--concurrency N\]/);
    const bad = await bahi(
      { ...env, DATABASE_URL: 'postgres://127.0.0.1:1/x' },
      'worker',
      '--concurrency',
      '0',
    );
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--concurrency must be a whole number from 1, got '0'/);
    assert.match((await bahi(env, '--help')).stdout, /bahi worker \[--concurrency N\]/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
