// Reader paths linear in their input (issue 37): a CSV of 124,000 rows (a year of a busy current
// account) threw RangeError in the reader (a Math.max spread over the sheet's rows) and the user
// saw "The statement could not be processed". Read here as the server reads it, through the
// reader pool and its child processes.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { closePool, extractStatement } from '../../src/extract.ts';
import { isStatementError } from '../../src/errors.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { maxOf, minOf, pushAll } from '../../src/parse/extent.ts';
import { longCsv } from './long-csv.ts';

after(() => closePool());

test('a 124,000-row CSV reads through the reader pool, every row, reconciled', async () => {
  const rows = 124_000;
  const bytes = new TextEncoder().encode(longCsv(rows));
  const x = await extractStatement(bytes, { fileName: 'long.csv' });
  const [account] = x.result.accounts;
  assert.equal(account!.transactions.length, rows);
  assert.equal(account!.reconciliation.ok, true);
});

// Issue 33, session 10: a 200,000-row CSV was read, then its parse took the reader past its 512 MB
// ("needs too much memory" after 43 s). It is refused once its lines are counted, naming the limit.
test('a 200,000-row CSV is refused before it is parsed, naming the limit, through the reader pool', async () => {
  const bytes = new TextEncoder().encode(longCsv(200_000));
  const started = Date.now();
  const err = await extractStatement(bytes, { fileName: 'long.csv' }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(isStatementError(err), `refused, not ${String(err)}`);
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.userMessage, /more than 1,25,000 rows: too many to be a bank statement\. Split it/);
  assert.ok(Date.now() - started < 20_000, `${Date.now() - started} ms`);
});

// The reader's time limit for a sheet follows its size, not its "one page": a CSV's page count (1)
// re-armed its limit to base + one page (20 s by default), and on a busy machine the 124,000-row
// CSV (7 MB, which earns 10 s + 10 s a megabyte) ended TIMEOUT. Here base 300 ms and 0 ms a page:
// the 30,000 rows (1.8 MB) take longer than 300 ms to parse anywhere, and the size earns ~18 s.
test('a long CSV keeps the time its size earns once its one "page" is counted', async () => {
  const pool = new StatementPool({ size: 1, baseMs: 300, perPageMs: 0, maxJobMs: 5 * 60_000 });
  try {
    const rows = 30_000;
    const bytes = new TextEncoder().encode(longCsv(rows));
    const got = await pool.run({ op: 'extract', bytes, fileName: 'long.csv' }).then(
      (x) =>
        String(
          (x as { result: { accounts: { transactions: unknown[] }[] } }).result.accounts[0]!.transactions
            .length,
        ),
      (err: unknown) => (isStatementError(err) ? err.code : String(err)),
    );
    assert.equal(got, String(rows));
  } finally {
    await pool.close();
  }
});

// A run of spaces that ends in a tab: the old delimited reader's backtracking `/ {2,}\S/` tried
// every start in the run to its end (12.7 s for 200 KB, held until the reader's time limit). At
// 1 MB the old pass would need minutes and the linear one takes well under a second, so a limit of
// a minute tells them apart on any machine without timing anything.
test('a 1 MB one-line text file of spaces is read or refused within a reader time limit', async () => {
  const pool = new StatementPool({ size: 1, baseMs: 60_000, perPageMs: 0, maxJobMs: 60_000 });
  try {
    const bytes = new TextEncoder().encode(`Statement\na${' '.repeat(1_000_000)}\tb\n`);
    const code = await pool.run({ op: 'extract', bytes, fileName: 'one-line.txt' }).then(
      () => 'read',
      (err: unknown) => (isStatementError(err) ? err.code : String(err)),
    );
    assert.ok(!['TIMEOUT', 'INTERNAL'].includes(code), `read or refused as a statement, not ${code}`);
  } finally {
    await pool.close();
  }
});

test('maxOf, minOf and pushAll answer as Math.max, Math.min and push with spread arguments', () => {
  for (const xs of [[], [3], [1, 5, -2], [Infinity, 2], [-Infinity], [1, NaN, 3], [0.5, 0.25]]) {
    assert.equal(maxOf(xs), Math.max(...xs), `max of ${xs}`);
    assert.equal(minOf(xs), Math.min(...xs), `min of ${xs}`);
  }
  const many = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 300_001);
  assert.equal(
    maxOf(many),
    many.reduce((a, b) => Math.max(a, b)),
  );
  assert.equal(
    minOf(many),
    many.reduce((a, b) => Math.min(a, b)),
  );
  const to = [1];
  pushAll(to, many);
  assert.equal(to.length, many.length + 1);
});
