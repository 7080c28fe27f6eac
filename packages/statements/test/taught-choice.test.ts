// Issue 34: a taught layout is used only where the built-in read fails or balances worse.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { preferTaught, readQuality } from '../src/index.ts';

const q = (rows: number, ok: boolean, breaks: number) => ({ rows, ok, breaks });

test('the built-in read is kept when it balances, even when the taught one reads more rows', () => {
  // the HDFC statement: 817/817 balanced built-in, 801 rows with 15 breaks taught
  assert.equal(preferTaught(q(817, true, 0), q(801, false, 15)).taught, false);
  assert.equal(preferTaught(q(817, true, 0), q(900, true, 0)).taught, false);
});

test('the taught read is used when the built-in read finds nothing or balances worse', () => {
  assert.deepEqual(preferTaught(q(0, false, 0), q(12, true, 0)), {
    taught: true,
    why: "Bahi's own reader found no transactions",
  });
  assert.equal(preferTaught(q(40, false, 3), q(40, true, 0)).taught, true);
  assert.equal(preferTaught(q(40, false, 3), q(40, false, 1)).taught, true);
});

test('a tie, or a taught read with no rows, goes to the built-in read', () => {
  assert.equal(preferTaught(q(40, false, 2), q(40, false, 2)).taught, false);
  assert.equal(preferTaught(q(0, false, 0), q(0, false, 0)).taught, false);
});

test('readQuality counts the accounts with rows only', () => {
  const account = (n: number, ok: boolean, breaks: number) => ({
    transactions: Array.from({ length: n }),
    reconciliation: { ok, breaks: Array.from({ length: breaks }) },
  });
  assert.deepEqual(readQuality({ accounts: [account(3, true, 0), account(0, false, 0)] }), q(3, true, 0));
  assert.deepEqual(readQuality({ accounts: [account(3, true, 0), account(2, false, 1)] }), q(5, false, 1));
  assert.deepEqual(readQuality({ accounts: [] }), q(0, false, 0));
});
