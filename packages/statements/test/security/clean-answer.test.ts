// Issue 33's cleaning happens in the reader process (issues 37/38): the pool's answer itself holds
// no control characters, so the server's thread need not walk a whole statement to clean it.
// C1 controls (U+0080-U+009F), which a text file may hold without looking binary. Fails if worker/child.ts sends its answer uncleaned (the job's own output keeps them: checked).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanValues } from '@bahi/core';
import { runJob, type ExtractOutput } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';

// eslint-disable-next-line no-control-regex -- the characters the cleaning removes
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

function csvWithControls(): Uint8Array {
  const lines = ['Date,Narration,Withdrawal,Deposit,Balance'];
  let balance = 100_000;
  for (let i = 1; i <= 8; i++) {
    const w = i % 2 ? 1000 + i : 0;
    const d = i % 2 ? 0 : 500 + i;
    balance = balance - w + d;
    lines.push(
      `0${i}/04/2025,UPI-\u0085PAYEE${i}\u009f/X\u0080REF,${w ? w.toFixed(2) : ''},${d ? d.toFixed(2) : ''},${balance.toFixed(2)}`,
    );
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

test('a reader answers without control characters; the job itself reads them', async () => {
  const bytes = csvWithControls();
  const raw = (await runJob({ op: 'extract', bytes, fileName: 'a.csv' })) as ExtractOutput;
  const rawText = JSON.stringify(raw.result.accounts[0]!.transactions);
  assert.ok(raw.result.accounts[0]!.transactions.length >= 8, 'the rows are read');
  assert.match(rawText, /\u0085PAYEE1\u009f/, 'the file’s control characters reach the job’s output');

  const pool = new StatementPool({ size: 1 });
  try {
    const out = (await pool.run({ op: 'extract', bytes, fileName: 'a.csv' })) as ExtractOutput;
    const rows = out.result.accounts[0]!.transactions;
    assert.equal(rows.length, raw.result.accounts[0]!.transactions.length);
    const text = JSON.stringify(out);
    assert.doesNotMatch(text, CONTROL, 'no control character in the pool’s answer');
    for (const r of rows) assert.doesNotMatch(r.description, CONTROL);
    assert.equal(rows[0]!.description, 'UPI-PAYEE1/XREF');
    // the rows crossed packed (worker/rows-wire.ts): the same answer as the job's, cleaned
    assert.equal(text, JSON.stringify(cleanValues(raw)));
  } finally {
    await pool.close();
  }
});
