// The pool's limits: a job past its time or memory limit is killed and reported, its thread is
// replaced, and the pool keeps working.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StatementError } from '../../src/errors.ts';
import type { ExtractOutput } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes } from '../read/corpus.ts';

async function errorOf(p: Promise<unknown>): Promise<StatementError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof StatementError, `expected a StatementError, got ${String(err)}`);
  return err;
}

test('a job past its time limit is killed with TIMEOUT; the pool runs the next job', async () => {
  // OCR of a photo takes seconds; a 1.5 s cap cannot be met.
  const pool = new StatementPool({ size: 1, maxJobMs: 1500 });
  try {
    const started = Date.now();
    const err = await errorOf(pool.run({ op: 'extract', bytes: corpusBytes('PNB/PNB_photo.png') }));
    const ms = Date.now() - started;
    assert.equal(err.code, 'TIMEOUT');
    assert.ok(ms >= 1400 && ms < 3000, `killed at ${ms} ms`);
    assert.equal(pool.threads, 0, 'the killed thread is gone');
    const out = (await pool.run({
      op: 'extract',
      bytes: corpusBytes('UNION/UNION_report.rpt'),
    })) as ExtractOutput;
    assert.equal(out.pages, 7);
  } finally {
    await pool.close();
  }
});

test('the budget is base + per page: 13 text pages fit in 3 s, one OCR page does not', async () => {
  const pool = new StatementPool({ size: 1, baseMs: 3000, perPageMs: 0 });
  try {
    const ok = (await pool.run({
      op: 'extract',
      bytes: corpusBytes('HDFC/HDFC_multi.pdf'),
    })) as ExtractOutput;
    assert.equal(ok.pages, 13);
    const started = Date.now();
    const err = await errorOf(pool.run({ op: 'extract', bytes: corpusBytes('BOB/BOB_scanned.pdf') }));
    assert.equal(err.code, 'TIMEOUT');
    assert.ok(Date.now() - started < 4000);
  } finally {
    await pool.close();
  }
});

test('a job past its memory cap is killed with TOO_LARGE; a new thread replaces it', async () => {
  const pool = new StatementPool({ size: 1, maxOldGenerationSizeMb: 12 });
  try {
    const err = await errorOf(pool.run({ op: 'extract', bytes: corpusBytes('KOTAK/KOTAK_multi.pdf') }));
    assert.equal(err.code, 'TOO_LARGE');
    assert.equal(pool.threads, 0);
  } finally {
    await pool.close();
  }
});

test('an aborted job is cancelled and the caller is told so', async () => {
  const pool = new StatementPool({ size: 1 });
  try {
    const ac = new AbortController();
    const p = pool.run({ op: 'extract', bytes: corpusBytes('PNB/PNB_photo.png') }, ac.signal);
    setTimeout(() => ac.abort(), 100);
    const err = await errorOf(p);
    assert.equal(err.code, 'CANCELLED');
  } finally {
    await pool.close();
  }
});

test('jobs queue beyond the pool size and all complete; bytes are transferred', async () => {
  const pool = new StatementPool({ size: 2 });
  try {
    const files = [
      'SBI/SBI_report.rpt',
      'UNION/UNION_report.rpt',
      'AXIS/AXIS_short.pdf',
      'KOTAK/KOTAK_short.pdf',
    ];
    const inputs = files.map((f) => corpusBytes(f));
    const outs = (await Promise.all(
      inputs.map((bytes) => pool.run({ op: 'extract', bytes })),
    )) as ExtractOutput[];
    assert.deepEqual(
      outs.map((o) => o.kind),
      ['rpt', 'rpt', 'pdf', 'pdf'],
    );
    assert.ok(pool.threads <= 2);
    assert.equal(inputs[0].byteLength, 0, 'the bytes were transferred, not copied');
  } finally {
    await pool.close();
  }
});

test('a closed pool refuses work', async () => {
  const pool = new StatementPool({ size: 1 });
  await pool.close();
  const err = await errorOf(pool.run({ op: 'checkPassword', bytes: corpusBytes('SBI/SBI_report.rpt') }));
  assert.equal(err.code, 'INTERNAL');
});
