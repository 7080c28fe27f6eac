// A long PDF read by two reader processes at once gives exactly what one reader alone gives:
// the same result, the same first failure in page order, the same password handling and limits.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { StatementError } from '../../src/errors.ts';
import { runJob, type ExtractOutput, type Job } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes, corpusNeeded } from '../read/corpus.ts';
import { makeStatement } from './make-statement.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-share-'));
const PAGES = 60;
let statement: Uint8Array;
let pool: StatementPool;
let onePage: Uint8Array;

before(async () => {
  const file = path.join(dir, 'long.pdf');
  await makeStatement(file, PAGES, 7);
  statement = new Uint8Array(readFileSync(file));
  const short = path.join(dir, 'short.pdf');
  await makeStatement(short, 1, 3);
  const warm = new Uint8Array(readFileSync(short));
  onePage = warm;
  pool = new StatementPool({ size: 2 });
  // Both readers up and warm, so the helper joins at once.
  await Promise.all([0, 1].map(() => pool.run({ op: 'extract', bytes: warm })));
  assert.equal(pool.threads, 2);
});

after(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

async function outcome(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    (out) => ({ result: (out as ExtractOutput).result, pages: (out as ExtractOutput).pages }),
    (err: unknown) => {
      assert.ok(err instanceof StatementError, `not a StatementError: ${String(err)}`);
      return { code: err.code, userMessage: err.userMessage, logMessage: err.logMessage };
    },
  );
}

/** The job in this process, reading alone, and through the pool. */
async function bothWays(job: Job): Promise<{ alone: unknown; shared: unknown; out: unknown }> {
  const alone = await outcome(runJob({ ...job, bytes: job.bytes.slice() }));
  let out: unknown = null;
  const shared = await outcome(
    pool.run({ ...job, bytes: job.bytes.slice() }).then((o) => {
      out = o;
      return o;
    }),
  );
  return { alone, shared, out };
}

test('a long statement: both readers read pages, the result is exactly the one-reader result', async () => {
  const { alone, shared, out } = await bothWays({ op: 'extract', bytes: statement });
  assert.deepEqual(shared, alone);
  const o = out as ExtractOutput;
  assert.equal(o.pages, PAGES);
  assert.ok(o.sharedPages > 0 && o.sharedPages < PAGES, `helper read ${o.sharedPages} pages`);
  assert.ok(o.result.accounts.every((a) => a.reconciliation.ok));
});

// Issue 38: the pool keeps one reader back from any one owner (maxPerOwner, all but one), so on 2
// cores a signed-in user's long statement was read by one reader while the other sat idle. The
// idle reader is lent while nobody else waits, and given back when another owner's file arrives.
test("a user's long statement borrows the idle reader; another user's file takes it back", async () => {
  const { alone } = await bothWays({ op: 'extract', bytes: statement });
  const lone = (await pool.run({ op: 'extract', bytes: statement.slice() }, undefined, 'a')) as ExtractOutput;
  assert.deepEqual(await outcome(Promise.resolve(lone)), alone);
  assert.ok(lone.sharedPages > 0, "the second reader read pages of the one user's statement");

  const long = path.join(dir, 'longer-b.pdf');
  await makeStatement(long, 160, 9);
  const bytes = new Uint8Array(readFileSync(long));
  const order: string[] = [];
  const a = pool.run({ op: 'extract', bytes }, undefined, 'a').then((o) => (order.push('a'), o));
  while (pool.busyThreads < 2) await new Promise((r) => setTimeout(r, 5));
  const b = pool.run({ op: 'extract', bytes: onePage.slice() }, undefined, 'b').then(() => order.push('b'));
  const [out] = await Promise.all([a, b]);
  assert.deepEqual(order, ['b', 'a'], "the other user's file was read while the long one went on");
  assert.deepEqual(
    await outcome(Promise.resolve(out)),
    await outcome(runJob({ op: 'extract', bytes: bytes.slice() })),
  );
});

test('a budget that cannot hold two readers at their cap: a long PDF is read by one (issue 32)', async () => {
  // room for this process, one reader at its 512 MB cap and one at rest, not two at the cap
  const budget = Math.round(process.memoryUsage.rss() / 2 ** 20 + 512 + 200);
  const tight = new StatementPool({ size: 2, memoryBudgetMb: budget });
  try {
    const out = (await tight.run({ op: 'extract', bytes: statement.slice() })) as ExtractOutput;
    assert.equal(out.pages, PAGES);
    assert.equal(out.sharedPages, 0);
  } finally {
    await tight.close();
  }
});

test('a short PDF is read by one reader', corpusNeeded, async () => {
  const out = (await pool.run({ op: 'extract', bytes: corpusBytes('AXIS/AXIS_short.pdf') })) as ExtractOutput;
  assert.ok(out.pages < 8, 'below the default sharePagesFrom');
  assert.equal(out.sharedPages, 0);
});

/** The statement with these pages made to draw an XObject that does not exist. */
function breakPages(bytes: Uint8Array, pages: number[]): Uint8Array {
  const out = bytes.slice();
  const text = Buffer.from(bytes).toString('latin1');
  // makeStatement's content streams come in page order, each after its /Filter and /Length.
  const streams: number[] = [];
  for (let i = text.indexOf('stream\n'); i >= 0; i = text.indexOf('stream\n', i + 1)) {
    if (text.slice(i - 3, i) !== 'end') streams.push(i + 'stream\n'.length);
  }
  for (const page of pages) {
    const start = streams[page - 1];
    const filter = text.lastIndexOf('/Filter /FlateDecode', start);
    const length = Number(/\/Length (\d+)/.exec(text.slice(filter - 30, start))![1]);
    out.set(Buffer.from(' '.repeat('/Filter /FlateDecode'.length), 'latin1'), filter);
    out.set(Buffer.from('q /Missing Do Q'.padEnd(length, ' '), 'latin1'), start);
  }
  return out;
}

test('a broken page: the same error as reading alone', async () => {
  const { alone, shared } = await bothWays({ op: 'extract', bytes: breakPages(statement, [47]) });
  assert.match((alone as { logMessage: string }).logMessage, /page 47 failed/);
  assert.deepEqual(shared, alone);
});

test('two broken pages: the first in page order is reported, whichever reader met it', async () => {
  const bytes = breakPages(statement, [21, 52]);
  for (let i = 0; i < 3; i++) {
    const { alone, shared } = await bothWays({ op: 'extract', bytes });
    assert.match((alone as { logMessage: string }).logMessage, /page 21 failed/);
    assert.deepEqual(shared, alone);
  }
});

test('a long protected statement: the helper opens it with the job password', async (t) => {
  if (!hasQpdf()) return t.skip('qpdf not installed');
  const plain = path.join(dir, 'long.pdf');
  const locked = path.join(dir, 'locked.pdf');
  execFileSync('qpdf', ['--encrypt', 'USER12', 'owner', '256', '--', plain, locked]);
  const bytes = new Uint8Array(readFileSync(locked));
  const { alone, shared, out } = await bothWays({ op: 'extract', bytes, password: 'USER12' });
  assert.deepEqual(shared, alone);
  assert.ok((out as ExtractOutput).sharedPages > 0);
  const wrong = await bothWays({ op: 'extract', bytes, password: 'nope' });
  assert.equal((wrong.shared as { code: string }).code, 'WRONG_PASSWORD');
  assert.deepEqual(wrong.shared, wrong.alone);
});

test(
  'a job ended from outside (abort, time limit) ends its helper too; the pool goes on',
  corpusNeeded,
  async () => {
    const long = path.join(dir, 'longer.pdf');
    await makeStatement(long, 160, 8);
    const own = new StatementPool({ size: 2 });
    try {
      await Promise.all(
        [0, 1].map(() => own.run({ op: 'extract', bytes: corpusBytes('AXIS/AXIS_short.pdf') })),
      );
      const ac = new AbortController();
      const job = own.run({ op: 'extract', bytes: new Uint8Array(readFileSync(long)) }, ac.signal);
      // Abort once the helper has joined (both readers busy).
      while (own.busyThreads < 2) await new Promise((r) => setTimeout(r, 5));
      ac.abort();
      const err = await job.then(
        () => null,
        (e: unknown) => e,
      );
      assert.ok(err instanceof StatementError);
      assert.equal(err.code, 'CANCELLED');
      assert.equal(own.threads, 0, 'the helper reader ended with its job');
      const next = (await own.run({
        op: 'extract',
        bytes: corpusBytes('AXIS/AXIS_short.pdf'),
      })) as ExtractOutput;
      assert.ok(next.result.accounts.length > 0);
    } finally {
      await own.close();
    }
  },
);

function hasQpdf(): boolean {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
