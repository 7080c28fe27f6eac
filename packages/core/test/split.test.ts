import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { seededRng } from '../src/random.ts';
import { randomSplit } from '../src/split.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test('examples', () => {
  const r = randomSplit(500.9, 10, 1, 100, seededRng(1));
  assert.equal(r.ok, true);
  assert.equal(sum(r.parts), 500);
  assert.equal(r.parts.length, 10);
  assert.deepEqual(randomSplit(1000, 10, 1, 100, seededRng(1)).parts, new Array(10).fill(100));
  assert.deepEqual(randomSplit(10, 10, 1, 100, seededRng(1)).parts, new Array(10).fill(1));
  assert.deepEqual(randomSplit(0, 3), {
    ok: false,
    parts: [0, 0, 0],
    reason: 'no-amount',
    message: 'The amount to split must be more than 0.',
  });
  assert.equal(randomSplit(100, 0).parts.length, 0);
  assert.equal(randomSplit(100, -2).ok, false);
  const bad = randomSplit(100, 3, 50, 10);
  assert.equal(bad.ok === false && bad.reason, 'min-above-max');
  assert.deepEqual(bad.parts, [0, 0, 0]);
  const tooMuch = randomSplit(1001, 10, 1, 100);
  assert.equal(tooMuch.ok === false && tooMuch.reason, 'infeasible');
  assert.match(tooMuch.ok ? '' : tooMuch.message, /1001 cannot be split into 10 parts between 1 and 100/);
  assert.equal(randomSplit(9, 10).ok, false);
});

const args = fc.record({
  amount: fc.double({ min: -100, max: 20000, noNaN: true }),
  n: fc.integer({ min: -2, max: 200 }),
  min: fc.integer({ min: 0, max: 150 }),
  max: fc.integer({ min: 0, max: 300 }),
  seed: fc.integer(),
});

test('ok splits have n whole parts within [min, max] summing to the floored amount', () => {
  fc.assert(
    fc.property(args, ({ amount, n, min, max, seed }) => {
      const r = randomSplit(amount, n, min, max, seededRng(seed));
      assert.equal(r.parts.length, Math.max(0, n));
      if (!r.ok) return;
      assert.equal(sum(r.parts), Math.floor(amount));
      for (const p of r.parts)
        assert.ok(Number.isInteger(p) && p >= min && p <= max, `${p} in [${min}, ${max}]`);
    }),
    { numRuns: 2000 },
  );
});

test('a split fails exactly when the spec says zeros or no split exists, and then every part is 0', () => {
  fc.assert(
    fc.property(args, ({ amount, n, min, max, seed }) => {
      const r = randomSplit(amount, n, min, max, seededRng(seed));
      const total = Math.floor(amount);
      const impossible = n <= 0 || total <= 0 || min > max || n * min > total || n * max < total;
      assert.equal(r.ok, !impossible);
      if (!r.ok) assert.ok(r.parts.every((p) => p === 0));
    }),
    { numRuns: 2000 },
  );
});

test('the same seed gives the same split', () => {
  fc.assert(
    fc.property(args, ({ amount, n, min, max, seed }) => {
      assert.deepEqual(
        randomSplit(amount, n, min, max, seededRng(seed)),
        randomSplit(amount, n, min, max, seededRng(seed)),
      );
    }),
  );
});

test('splits are spread out, not stuck at the bounds or in position', () => {
  // 5 parts of 250 within [1, 100]: every position should see many different values, averaging ~50.
  const rng = seededRng(99);
  const seen = Array.from({ length: 5 }, () => new Set<number>());
  const totals = new Array(5).fill(0);
  const runs = 2000;
  for (let i = 0; i < runs; i++) {
    const r = randomSplit(250, 5, 1, 100, rng);
    r.parts.forEach((p, k) => {
      seen[k].add(p);
      totals[k] += p;
    });
  }
  for (let k = 0; k < 5; k++) {
    assert.ok(seen[k].size > 60, `position ${k} saw ${seen[k].size} values`);
    assert.ok(Math.abs(totals[k] / runs - 50) < 3, `position ${k} mean ${totals[k] / runs}`);
  }
});
