// A queued job starts on the first reader ready (decision 052 round twenty): a reader that ends its
// job takes it, rather than the job waiting for a reader still being started. Bound to a starting
// reader, another user's one file waited for Node to start (0.1-0.5 s) while the reader already up
// read a backlog's files beside it (the server's fair-queue test: 27 of them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { StatementPool } from '../../src/worker/pool.ts';

const csv = (rows: number) =>
  new TextEncoder().encode(
    'Date,Narration,Debit,Credit,Balance\n' +
      Array.from(
        { length: rows },
        (_, i) => `0${(i % 9) + 1}/01/2025,Item ${i},10.00,,${(100000 - 10 * (i + 1)).toFixed(2)}`,
      ).join('\n') +
      '\n',
  );

test(
  'a job waits for the first reader ready, not for the one started for it',
  { skip: process.platform === 'win32' && 'needs SIGSTOP' },
  async () => {
    const pool = new StatementPool({ size: 2, maxPerOwner: 1 });
    let stopped: number | undefined;
    try {
      await pool.run({ op: 'extract', bytes: csv(5), fileName: 'warm.csv' }, undefined, 'a');
      const [first] = pool.pids;
      const a = pool.run({ op: 'extract', bytes: csv(200), fileName: 'a.csv' }, undefined, 'a');
      // b's job finds no reader free: a second one is started, and held still here
      const b = pool.run({ op: 'extract', bytes: csv(5), fileName: 'b.csv' }, undefined, 'b').then(
        () => 'read',
        (err: unknown) => String(err),
      );
      stopped = pool.pids.find((pid) => pid !== first);
      assert.ok(stopped, 'a second reader was started for b');
      process.kill(stopped, 'SIGSTOP');
      await a;
      // a's reader is free: b's job runs on it (bound to the stopped reader, it never ran)
      assert.equal(await Promise.race([b, sleep(15_000, 'still waiting')]), 'read');
    } finally {
      if (stopped) process.kill(stopped, 'SIGCONT');
      await pool.close();
    }
  },
);
