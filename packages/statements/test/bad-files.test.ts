// Every malformed file in the corpus gets a clear StatementError (not a time-out), through the
// reader pool, and the pool serves the next file afterwards.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { StatementError } from '../src/errors.ts';
import type { ExtractOutput } from '../src/worker/job.ts';
import { StatementPool } from '../src/worker/pool.ts';
import { CORPUS, corpusBytes, corpusNeeded } from './read/corpus.ts';

const pool = new StatementPool({ size: 2 });
after(() => pool.close());

const bad = corpusNeeded.skip ? [] : readdirSync(path.join(CORPUS, 'bad')).filter((f) => f !== 'README.md');

test('the bad folder holds the files this test expects', corpusNeeded, () => {
  for (const f of ['truncated.pdf', 'corrupted.pdf', 'statement.pdf', 'not_a_pdf.pdf', 'rows_bomb.xlsx']) {
    assert.ok(bad.includes(f), f);
  }
});

const EXPECTED: Record<string, string[]> = {
  'truncated.pdf': ['UNREADABLE'],
  'corrupted.pdf': ['UNREADABLE'],
  'statement.pdf': ['UNREADABLE'],
  'not_a_pdf.pdf': ['UNSUPPORTED'],
  'rows_bomb.xlsx': ['TOO_LARGE'],
};

for (const name of bad) {
  // Not timed by the wall clock (a loaded machine made it fail): the pool's own limit ends a
  // job that takes too long, and a bad file must get its own clear error, not that TIMEOUT.
  test(`bad/${name}: a clear error, not a time-out`, async () => {
    const err = await pool.run({ op: 'extract', bytes: corpusBytes(`bad/${name}`), fileName: name }).then(
      () => null,
      (e: unknown) => e,
    );
    assert.ok(err instanceof StatementError, `${name}: expected a StatementError, got ${String(err)}`);
    assert.notEqual(err.code, 'TIMEOUT', `${name}: ${err.logMessage}`);
    assert.ok(err.userMessage.length > 10 && !err.userMessage.includes('\n'));
    if (EXPECTED[name]) assert.ok(EXPECTED[name].includes(err.code), `${name}: ${err.code}`);
  });
}

test('the pool still serves a good file after the bad ones', corpusNeeded, async () => {
  const out = (await pool.run({ op: 'extract', bytes: corpusBytes('SBI/SBI_report.rpt') })) as ExtractOutput;
  assert.equal(out.kind, 'rpt');
  assert.equal(out.pages, 8);
});
