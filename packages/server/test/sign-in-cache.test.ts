// The guard's kept answers (src/auth/sign-in-cache.ts): how long one lives, and that a forget
// drops the answers of queries still running.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIGN_IN_TTL_MS, SignInCache } from '../src/auth/sign-in-cache.ts';

test('an answer lives under SIGN_IN_TTL_MS from the start of its query, and no longer', () => {
  assert.ok(SIGN_IN_TTL_MS <= 1000, 'the lead’s bound: at most a second');
  let now = 0;
  const cache = new SignInCache<string>(SIGN_IN_TTL_MS, () => now);
  const mark = cache.mark();
  now = 300; // the query's time counts in the answer's age
  cache.keep('u s', 'row', mark);
  now = SIGN_IN_TTL_MS - 1;
  assert.equal(cache.get('u s'), 'row');
  now = SIGN_IN_TTL_MS;
  assert.equal(cache.get('u s'), undefined);
});

test('a query running while the cache was forgotten does not keep its answer', () => {
  const cache = new SignInCache<string>(SIGN_IN_TTL_MS, () => 0);
  const before = cache.mark();
  cache.keep('a', 'old', cache.mark());
  cache.forget();
  assert.equal(cache.get('a'), undefined);
  cache.keep('b', 'read before the change', before);
  assert.equal(cache.get('b'), undefined);
  cache.keep('b', 'read after', cache.mark());
  assert.equal(cache.get('b'), 'read after');
});
