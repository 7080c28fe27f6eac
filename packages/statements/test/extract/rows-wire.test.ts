// A statement's rows cross from a reader to the server packed in columns (src/worker/rows-wire.ts,
// issues 37/38): what arrives is what was sent, key for key and in the same key order, and the rows
// are made again in slices with the event loop free between them.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cleanValues } from '@bahi/core';
import type { Transaction } from '../../src/parse/types.ts';
import type { FromChild } from '../../src/worker/child.ts';
import { runJob, type ExtractOutput } from '../../src/worker/job.ts';
import {
  packAnswer,
  packTransactions,
  PART_ROWS,
  unpackAnswer,
  unpackTransactions,
} from '../../src/worker/rows-wire.ts';

const rows = (n: number): Transaction[] =>
  Array.from({ length: n }, (_, i) => {
    const t: Transaction = {
      date: `2025-04-${String((i % 28) + 1).padStart(2, '0')}`,
      valueDate: i % 3 ? null : '2025-04-02',
      description: i % 7 ? `NEFT ${i} “Sharma” \t\n ₹` : '',
      reference: i % 5 ? null : `REF${i}`,
      withdrawal: i % 2 ? 100_00 + i : 0,
      deposit: i % 2 ? 0 : 0.5 + i,
      balance: i % 11 ? -12_345_67 + i : null,
    };
    if (i % 4) t.page = (i >> 6) + 1;
    if (i % 9 === 0) t.ocrFlag = i % 2 === 0;
    if (i % 13 === 0) t.balanceComputed = true;
    if (i % 17 === 0) t.balanceComputed = false;
    return t;
  });

test('rows packed and unpacked are the same rows, key order kept', async () => {
  for (const list of [rows(0), rows(1), rows(5000)]) {
    const p = packTransactions(list);
    assert.ok(p);
    assert.equal(p.length, Math.ceil(list.length / PART_ROWS), 'parts of 2,000 rows');
    const back = await unpackTransactions(p);
    assert.deepStrictEqual(back, list);
    assert.equal(JSON.stringify(back), JSON.stringify(list), 'the same keys in the same order');
  }
});

test('a row of another shape is not packed; the answer keeps it as it is', async () => {
  const odd = rows(3);
  (odd[1] as unknown as Record<string, unknown>).extra = 1;
  assert.equal(packTransactions(odd), null);
  const reordered = rows(2).map(({ valueDate, ...t }) => ({ valueDate, ...t }) as Transaction);
  assert.equal(packTransactions(reordered), null, 'keys in another order');
  const answer = {
    result: { accounts: [{ transactions: rows(3000) }, { transactions: odd }, { transactions: [] }] },
    other: { result: { accounts: [{ transactions: rows(10) }] } },
  };
  const before = JSON.stringify(answer);
  const packed = packAnswer(answer);
  assert.ok(packed);
  assert.deepEqual(
    packed.map((p) => p?.map((part) => part.count) ?? null),
    [[2000, 1000], null, null, [10]],
  );
  assert.equal(answer.result.accounts[0]!.transactions.length, 0, 'packed rows leave the answer');
  assert.equal(answer.result.accounts[1]!.transactions.length, 3, 'an odd list stays');
  await unpackAnswer(answer, packed);
  assert.equal(JSON.stringify(answer), before);
  assert.equal(packAnswer({ pages: 3 }), null, 'nothing to pack');
});

test('other callbacks run while 24,000 rows are made again', async () => {
  const p = packTransactions(rows(24_000))!;
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await unpackTransactions(p);
  done = true;
  assert.ok(turns >= 11, `${turns} turns: one a part of 2,000 after the first`);
});

test('a reader sends a long statement’s rows in messages of 2,000 rows at most', async () => {
  // One message of a 500-page statement's rows (3 MB) cost the server's thread 13-35 ms of CPU in
  // one piece, Node's IPC joining and deserializing it whole (issue 38); parts of 2,000 rows 1-5 ms.
  const lines = ['Date,Narration,Withdrawal,Deposit,Balance'];
  let balance = 10_000_000;
  for (let i = 0; i < 5000; i++) {
    const w = i % 2 ? 1000 + (i % 97) : 0;
    const d = i % 2 ? 0 : 500 + (i % 89);
    balance = balance - w + d;
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `${day}/04/2025,UPI-PAYEE${i}/REF${i},${w ? w.toFixed(2) : ''},${d ? d.toFixed(2) : ''},${balance.toFixed(2)}`,
    );
  }
  const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
  const raw = (await runJob({ op: 'extract', bytes, fileName: 'a.csv' })) as ExtractOutput;
  assert.equal(raw.result.accounts[0]!.transactions.length, 5000, 'the rows are read');

  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.resolve('@bahi/statements/reader-child'))],
    { stdio: ['pipe', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' },
  );
  const messages: FromChild[] = [];
  try {
    const done = new Promise<void>((resolve, reject) => {
      child.on('message', (m: FromChild) => {
        if (!('id' in m)) {
          child.send({
            id: 1,
            job: { op: 'extract', bytes: new Uint8Array(0), fileName: 'a.csv' },
            bytes: bytes.length,
          });
          child.stdin!.write(bytes);
          return;
        }
        messages.push(m);
        if (m.type === 'done') resolve();
        if (m.type === 'error') reject(new Error(m.error.code));
      });
      child.once('exit', () => reject(new Error('the reader exited')));
    });
    await done;
  } finally {
    child.kill();
  }
  const rowsIn = (m: FromChild): number =>
    m.type === 'rows'
      ? m.part.count
      : m.type === 'done'
        ? ((m.value as ExtractOutput).result.accounts[0]?.transactions.length ?? 0) +
          ((m as { rows?: ({ count: number } | number | null)[] }).rows ?? []).reduce<number>(
            (n, p) => n + (typeof p === 'object' && p ? p.count : 0),
            0,
          )
        : 0;
  const counts = messages.map(rowsIn).filter((n) => n > 0);
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    5000,
    'every row crossed',
  );
  assert.ok(Math.max(...counts) <= PART_ROWS, `rows a message: ${counts.join(', ')}`);
  const parts = messages.flatMap((m) => (m.type === 'rows' ? [m.part] : []));
  assert.equal(
    JSON.stringify(await unpackTransactions(parts)),
    JSON.stringify(cleanValues(raw).result.accounts[0]!.transactions),
  );
});
