// Issue 18, 'free, unbounded work': one user's queue of jobs never keeps another user's job
// waiting for all of it, no user holds every thread, and a page of noise cannot fill OCR's time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import { StatementError } from '../../src/errors.ts';
import { closeOcr, ocrCanvas } from '../../src/read/ocr.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes, corpusNeeded } from '../read/corpus.ts';

const report = () => corpusBytes('UNION/UNION_report.rpt');

test("a queued job of another owner goes before the rest of one owner's queue", corpusNeeded, async () => {
  const pool = new StatementPool({ size: 1 });
  try {
    const order: string[] = [];
    const run = (owner: string, name: string) =>
      pool.run({ op: 'extract', bytes: report() }, undefined, owner).then(() => order.push(name));
    const jobs = [run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('b', 'b1')];
    await Promise.all(jobs);
    assert.deepEqual(order, ['a1', 'b1', 'a2', 'a3']);
  } finally {
    await pool.close();
  }
});

test('one owner holds at most all threads but one: another owner starts at once', corpusNeeded, async () => {
  const pool = new StatementPool({ size: 2 });
  try {
    // (a job starts once a reader is up, not when one is started for it: decision 052 round twenty)
    const until = async (ok: () => boolean) => {
      for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
    };
    const ended: string[] = [];
    const a = [1, 2, 3].map((i) =>
      pool.run({ op: 'extract', bytes: report() }, undefined, 'a').then(() => ended.push(`a${i}`)),
    );
    await until(() => pool.busyThreads > 0);
    assert.equal(pool.busyThreads, 1, 'owner a runs one job at a time on a 2-thread pool');
    assert.equal(pool.threads, 1, 'and no second reader is started for its queue');
    const b = pool.run({ op: 'extract', bytes: report() }, undefined, 'b').then(() => ended.push('b'));
    await new Promise((r) => setImmediate(r));
    assert.equal(pool.threads, 2, "a reader is started for owner b's job");
    await Promise.all([...a, b]);
    // b's job started on the first reader ready, before the rest of a's queue
    assert.ok(ended.indexOf('b') < ended.indexOf('a3'), ended.join(' '));
  } finally {
    await pool.close();
  }
});

test('a page of noise is stopped at its OCR time budget', async () => {
  const canvas = createCanvas(2480, 3508);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(canvas.width, canvas.height);
  let seed = 7;
  for (let i = 0; i < img.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const v = seed & 0x100 ? 255 : 0;
    img.data[i] = img.data[i + 1] = img.data[i + 2] = v;
    img.data[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  const started = Date.now();
  try {
    const err = await ocrCanvas(canvas, 72 / 300, { budgetMs: 1500 }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof StatementError, `expected a TIMEOUT, got ${String(err)}`);
    assert.equal(err.code, 'TIMEOUT');
    // The budget is 1.5 s; the bound leaves room for a loaded machine starting the recogniser.
    assert.ok(Date.now() - started < 15_000, `${Date.now() - started} ms`);
  } finally {
    await closeOcr();
  }
});
