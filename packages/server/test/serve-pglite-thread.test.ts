// `bahi serve` runs the embedded database on its own thread (decision 052, round six): its queries
// no longer hold the requests' thread. BAHI_PGLITE_THREAD=0 keeps it in the server's thread.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { PGliteThread } from '../src/db/pglite-thread.ts';
import { startServer } from '../src/start.ts';
import { TEST_SECRET } from './helpers/harness.ts';

async function pgliteOfServe(env: string | undefined): Promise<unknown> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-serve-thread-'));
  const before = process.env.BAHI_PGLITE_THREAD;
  if (env === undefined) delete process.env.BAHI_PGLITE_THREAD;
  else process.env.BAHI_PGLITE_THREAD = env;
  try {
    const s = await startServer(
      loadConfig({
        BAHI_DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        JWT_SECRET: TEST_SECRET,
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      assert.equal((await fetch(`${s.url}/api/health`)).status, 200);
      return s.database.pglite;
    } finally {
      await s.stop(2_000);
    }
  } finally {
    if (before === undefined) delete process.env.BAHI_PGLITE_THREAD;
    else process.env.BAHI_PGLITE_THREAD = before;
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the server runs PGlite on its own thread by default, inline with BAHI_PGLITE_THREAD=0', async () => {
  assert.ok((await pgliteOfServe(undefined)) instanceof PGliteThread, 'on its own thread by default');
  assert.ok(!((await pgliteOfServe('0')) instanceof PGliteThread), 'inline when asked');
});
