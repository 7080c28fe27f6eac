import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { randomInt, seededRng } from '../src/random.ts';

test('seededRng is reproducible and stays in [0, 1)', () => {
  fc.assert(
    fc.property(fc.integer(), (seed) => {
      const a = seededRng(seed);
      const b = seededRng(seed);
      for (let i = 0; i < 50; i++) {
        const x = a();
        assert.equal(x, b());
        assert.ok(x >= 0 && x < 1);
      }
    }),
  );
  assert.notEqual(seededRng(1)(), seededRng(2)());
});

test('randomInt covers [min, max] roughly uniformly', () => {
  const rng = seededRng(7);
  const counts = new Array(6).fill(0);
  for (let i = 0; i < 6000; i++) counts[randomInt(rng, 1, 6) - 1]++;
  for (const c of counts) assert.ok(c > 850 && c < 1150, `count ${c}`);
});
