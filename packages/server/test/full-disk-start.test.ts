// A start on a full disk (issue 37). The embedded database cannot open with no byte free (PGlite
// "failed to initialize properly"), and `bahi serve` ended with that line. Now, with no reserve,
// the start ends with one clear line, and nothing in the data directory is lost: once there is room
// the next start has every row. With the reserve a previous start kept in the data directory, the
// start gives it back and runs on it: what is stored is answered (new work gets 507, full-disk.test.ts).
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { RESERVE_FILE } from '../src/db/disk.ts';
import { users } from '../src/db/schema.ts';
import { startServer } from '../src/start.ts';
import { TEST_SECRET } from './helpers/harness.ts';
import { smallDisk, type SmallDisk } from './helpers/small-disk.ts';

const disk = await smallDisk(128);

describe('a start on a full disk', { skip: typeof disk === 'string' ? disk : false }, () => {
  const d = disk as SmallDisk;
  const config = () =>
    loadConfig({
      BAHI_DATA_DIR: d.dir,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
    });
  const email = 'kept@example.com';
  const hasRow = async (s: Awaited<ReturnType<typeof startServer>>) =>
    (await s.database.db.select().from(users).where(eq(users.email, email))).length === 1;

  test('without a reserve one clear line and nothing lost; with one it starts, answers what it has', async () => {
    try {
      // a first start on an empty disk: migrations, a row, and the reserve kept
      let s = await startServer(config());
      await s.database.db.insert(users).values({ name: 'Kept', email });
      await s.stop(2_000);
      assert.ok(existsSync(path.join(d.dir, RESERVE_FILE)), 'a start with room keeps a reserve');

      // a data directory without a reserve (made before it, or given back already) on a disk that
      // fills up while the server is down: one clear error, not PGlite's "failed to initialize"
      rmSync(path.join(d.dir, RESERVE_FILE));
      await d.fill();
      const err = await startServer(config()).then(
        (late) => late.stop(2_000).then(() => null),
        (e: unknown) => e as Error,
      );
      assert.ok(err, 'a start with no byte free and no reserve fails');
      assert.match(err.message, /the disk of the data directory \(.+\) is full/);
      assert.match(err.message, /Nothing in it was changed; free some space/);
      assert.equal((err as { code?: string }).code, 'DISK_FULL');

      // room again: every row is there, and a new reserve is kept
      await d.free();
      s = await startServer(config());
      try {
        assert.ok(await hasRow(s), 'nothing was lost');
        assert.ok(existsSync(path.join(d.dir, RESERVE_FILE)), 'a reserve is kept again');
      } finally {
        await s.stop(2_000);
      }

      // full again, with the reserve: the start gives it back and runs on it
      await d.fill();
      s = await startServer(config());
      try {
        assert.ok(!existsSync(path.join(d.dir, RESERVE_FILE)), 'the reserve was given back');
        const health = await fetch(`${s.url}/api/health`);
        assert.equal(health.status, 200, 'the server answers');
        assert.ok(await hasRow(s), 'what is stored is there');
      } finally {
        await s.stop(2_000);
      }
    } finally {
      await d.unmount();
    }
  });
});
