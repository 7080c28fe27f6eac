// Reader processes (issue 18, decision 027): a reader runs under a hard memory limit the kernel
// enforces, so a file that makes pdf.js allocate without bound ends that reader only; the caller's
// process does not grow. Idle readers leave, and a reader is replaced after so many jobs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { indirectFilterBombPdf } from '../../scripts/bombs.ts';
import { checkPdfStreams } from '../../src/read/pdf-streams.ts';
import type { ExtractOutput } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes, corpusNeeded } from '../read/corpus.ts';
import { errorOf } from './pool-checks.ts';

const MB = 1024 * 1024;
const report = () => corpusBytes('UNION/UNION_report.rpt');

/** Wait for a condition (never for a fixed time): the test does not depend on the machine's speed. */
async function until(what: string, ok: () => boolean, limitMs = 60_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!ok()) {
    if (Date.now() > end) assert.fail(`still waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('the bomb whose filters are named by reference passes the pre-scan: only the reader limits can stop it', () => {
  const bomb = indirectFilterBombPdf();
  assert.ok(bomb.length < 2.2 * MB, `${bomb.length} bytes`);
  checkPdfStreams(bomb); // `/Filter 5 0 R` is not followed, and hex text has no zlib header
});

test(
  'a reader killed by its hard limit fails its job with TOO_LARGE; the caller does not grow; the next job works',
  corpusNeeded,
  async () => {
    // The watchdog is out of the way (a cap no reader reaches), and so is the clock (pdf.js's own
    // inflate of 1 GiB takes a while on a busy machine): only the kernel's limit acts.
    const pool = new StatementPool({
      baseMs: 10 * 60_000,
      maxJobMs: 10 * 60_000,
      size: 1,
      readerMemoryMb: 100_000,
      memoryBudgetMb: 1_000_000,
      hardLimitMb: 1536,
    });
    try {
      const bomb = indirectFilterBombPdf();
      const before = process.memoryUsage.rss();
      const err = await errorOf(pool.run({ op: 'extract', bytes: bomb, ocr: false }));
      const grew = (process.memoryUsage.rss() - before) / MB;
      assert.equal(err.code, 'TOO_LARGE', err.logMessage);
      assert.equal(err.userMessage, 'The file needs too much memory to process.');
      assert.ok(grew < 64, `this process grew by ${Math.round(grew)} MB`);
      assert.equal(pool.threads, 0, 'the reader is gone');
      const out = (await pool.run({ op: 'extract', bytes: report() })) as ExtractOutput;
      assert.equal(out.pages, 7);
      assert.equal(pool.readersStarted, 2, 'a new reader replaced it');
    } finally {
      await pool.close();
    }
  },
);

test(
  'over the budget (this process and its readers), the reader that grows is ended, not the one beside it',
  corpusNeeded,
  async () => {
    // Room for this process and two readers at rest with ~100 MB to spare: a bomb the pre-scan
    // cannot read (its filters named by reference) grows past that long before its 512 MB cap.
    // (A reader at rest holds ~122 MB.) This process is made to hold 300 MB more, so that the
    // budget is above one reader's cap plus another's rest: counting the readers alone, the bomb
    // would reach its 512 MB cap first.
    const ballast = Buffer.alloc(300 * MB, 1);
    const own = process.memoryUsage.rss() / MB;
    const budget = Math.round(own + 2 * 130 + 100);
    assert.ok(budget > 512 + 130, `budget ${budget} MB`);
    const tight = new StatementPool({ size: 2, memoryBudgetMb: budget, watchdogMs: 20 });
    try {
      const bomb = tight.run({ op: 'extract', bytes: indirectFilterBombPdf(), ocr: false });
      const normal = tight.run({ op: 'extract', bytes: report() });
      const err = await errorOf(bomb);
      assert.equal(err.code, 'TOO_LARGE');
      assert.match(
        err.logMessage,
        new RegExp(`this process and its readers at \\d+ MB, budget ${budget} MB`),
      );
      assert.equal(((await normal) as ExtractOutput).pages, 7, 'the job beside it was not ended');
    } finally {
      await tight.close();
      assert.equal(ballast[0], 1);
    }
  },
);

test('idle readers exit, and the next job starts a new one', corpusNeeded, async () => {
  const pool = new StatementPool({ size: 2, idleMs: 100 });
  try {
    await Promise.all([
      pool.run({ op: 'extract', bytes: report() }),
      pool.run({ op: 'extract', bytes: report() }),
    ]);
    assert.equal(pool.readersStarted, 2);
    await until('idle readers exit', () => pool.threads === 0);
    const out = (await pool.run({ op: 'extract', bytes: report() })) as ExtractOutput;
    assert.equal(out.pages, 7);
    assert.equal(pool.readersStarted, 3);
  } finally {
    await pool.close();
  }
});

test('a reader is replaced after maxJobsPerReader jobs', corpusNeeded, async () => {
  const pool = new StatementPool({ size: 1, maxJobsPerReader: 2 });
  try {
    for (let i = 0; i < 5; i++) await pool.run({ op: 'extract', bytes: report() });
    // Jobs 1-2 on the first reader, 3-4 on the second, 5 on the third.
    assert.equal(pool.readersStarted, 3);
  } finally {
    await pool.close();
  }
});

test("the caller's bytes are sent as they are: not detached, not changed", corpusNeeded, async () => {
  const pool = new StatementPool({ size: 1 });
  try {
    const bytes = report();
    const copy = bytes.slice();
    await pool.run({ op: 'extract', bytes });
    assert.deepEqual(bytes, copy);
  } finally {
    await pool.close();
  }
});
