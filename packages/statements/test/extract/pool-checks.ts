// Checks the pool tests share: the error a refused job ends with, and what a job that follows reads.
import assert from 'node:assert/strict';
import { StatementError } from '../../src/errors.ts';
import type { ExtractOutput } from '../../src/worker/job.ts';
import type { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes } from '../read/corpus.ts';

/** The StatementError `p` rejects with; fails the test when it resolves or rejects with anything else. */
export async function errorOf(p: Promise<unknown>): Promise<StatementError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof StatementError, `expected a StatementError, got ${String(err)}`);
  return err;
}

/** How many pages the pool read of a corpus file (after a refusal: the pool still works). */
export async function pagesRead(pool: StatementPool, corpusFile: string): Promise<number> {
  return ((await pool.run({ op: 'extract', bytes: corpusBytes(corpusFile) })) as ExtractOutput).pages;
}
