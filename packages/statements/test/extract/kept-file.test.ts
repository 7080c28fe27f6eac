// Issue 33: a file the caller keeps on disk (the server streams uploads there) is piped to its
// reader from the disk when its job starts; a job waiting in the queue holds its first bytes only.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import type { ExtractOutput, KeptFile } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { isHeavyTable } from '../../src/worker/schedule.ts';
import { corpusBytes, corpusNeeded } from '../read/corpus.ts';
import { errorOf } from './pool-checks.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-kept-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** `bytes` written to a file, described as the server describes an upload: path, size, first 64 KB. */
function kept(name: string, bytes: Uint8Array): KeptFile {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return { path: file, size: bytes.byteLength, head: bytes.slice(0, 64 * 1024) };
}

const EMPTY = new Uint8Array(0);
const rowsOf = (out: ExtractOutput) => out.result.accounts.flatMap((a) => a.transactions);

test(
  'a kept file is read from the disk as its bytes would be, a shared PDF by both readers',
  corpusNeeded,
  async () => {
    const pool = new StatementPool({ size: 2, maxPerOwner: 2, sharePagesFrom: 4 });
    try {
      for (const name of ['HDFC/HDFC_short.pdf', 'HDFC/HDFC_multi.pdf']) {
        const bytes = corpusBytes(name);
        const fromBytes = (await pool.run({ op: 'extract', bytes })) as ExtractOutput;
        const fromFile = (await pool.run({
          op: 'extract',
          bytes: EMPTY,
          file: kept(path.basename(name), bytes),
        })) as ExtractOutput;
        assert.ok(rowsOf(fromBytes).length > 0);
        assert.deepEqual(rowsOf(fromFile), rowsOf(fromBytes), name);
        assert.equal(fromFile.pages, fromBytes.pages);
      }
    } finally {
      await pool.close();
    }
  },
);

test(
  'a kept file that is gone, or shorter than said, fails its job; the pool goes on',
  corpusNeeded,
  async () => {
    const pool = new StatementPool({ size: 1, baseMs: 20_000 });
    try {
      const bytes = corpusBytes('HDFC/HDFC_short.pdf');
      const gone = kept('gone.pdf', bytes);
      rmSync(gone.path);
      const started = Date.now();
      assert.equal((await errorOf(pool.run({ op: 'extract', bytes: EMPTY, file: gone }))).code, 'INTERNAL');
      const short = kept('short.pdf', bytes);
      writeFileSync(short.path, bytes.subarray(0, 1000));
      assert.equal((await errorOf(pool.run({ op: 'extract', bytes: EMPTY, file: short }))).code, 'INTERNAL');
      assert.ok(Date.now() - started < 15_000, 'failed at once, not at the time limit');
      const out = (await pool.run({
        op: 'extract',
        bytes: EMPTY,
        file: kept('next.pdf', bytes),
      })) as ExtractOutput;
      assert.ok(rowsOf(out).length > 0);
    } finally {
      await pool.close();
    }
  },
);

test('a kept table is heavy by its size and first bytes: two large HTML tables on disk are read one at a time', async () => {
  const table = (tag: string) =>
    new TextEncoder().encode(
      `<table>${`<tr><td>${tag}</td><td>${'x'.repeat(400)}</td></tr>`.repeat(3_200)}</table>`,
    );
  const a = kept('a.xls', table('a'));
  assert.ok(a.head.byteLength < a.size);
  assert.equal(isHeavyTable(a.head, a.size), true, 'heavy from 64 KB of a 1.3 MB table');
  assert.equal(isHeavyTable(a.head), false, 'the head alone is small');
  const pool = new StatementPool({ size: 2, maxPerOwner: 2 });
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, pool.busyThreads)), 2);
  const settle = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { code?: string }) => e.code,
    );
  try {
    await Promise.all([
      settle(pool.run({ op: 'extract', bytes: EMPTY, file: a }, undefined, 'a')),
      settle(pool.run({ op: 'extract', bytes: EMPTY, file: kept('b.xls', table('b')) }, undefined, 'b')),
    ]);
    most = Math.max(most, pool.busyThreads);
    assert.equal(most, 1, 'the second table waited for the first');
  } finally {
    clearInterval(watch);
    await pool.close();
  }
});
