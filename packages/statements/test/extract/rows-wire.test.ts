// A statement's rows cross from a reader to the server packed in columns (src/worker/rows-wire.ts,
// issues 37/38): what arrives is what was sent, key for key and in the same key order, and the rows
// are made again in slices with the event loop free between them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Transaction } from '../../src/parse/types.ts';
import {
  packAnswer,
  packTransactions,
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
    packed.map((p) => p?.count ?? null),
    [3000, null, null, 10],
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
  assert.ok(turns >= 11, `${turns} turns: one a slice of 2,000 after the first`);
});
