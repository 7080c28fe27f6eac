// A statement's rows converted and written as JSON a slice at a time (issues 37 and 38): the same
// result as the one-go map and JSON.stringify, with the event loop free between slices, so a
// request that arrives meanwhile (the health check, the office's jobs list) is not held behind a
// 500-page answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonArrayInSlices, jsonInSlices, mapInSlices } from '../src/slices.ts';

/** How many callbacks queued for the next turn ran while `work` went on (0: it held the loop). */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  done = true;
  return turns;
}

test('jsonInSlices writes what JSON.stringify writes', async () => {
  const rows = Array.from({ length: 2500 }, (_, i) => ({ Date: `0${i % 9}-04-2025`, n: i, s: 'a"\u2028\\' }));
  const values: Record<string, unknown>[] = [
    {},
    { transactions: rows, xml: '<x/>', pages: 3, gone: undefined, f: () => 1, when: new Date(0), nil: null },
    { a: [1, undefined, 3], b: Array.from({ length: 1001 }, (_, i) => (i % 3 ? i : undefined)) },
    { only: [] as unknown[], nested: { rows: rows.slice(0, 1500) } },
  ];
  for (const v of values) {
    assert.equal(await jsonInSlices(v), JSON.stringify(v));
    assert.equal(await jsonInSlices(v, 7), JSON.stringify(v), 'small slices too');
  }
});

test('jsonArrayInSlices writes what JSON.stringify writes', async () => {
  const rows = Array.from({ length: 2500 }, (_, i) => [
    `0${i % 9}-04-2025`,
    i % 5 ? `NEFT "${i}"` : undefined,
    i,
  ]);
  for (const v of [[], [1], rows, rows.slice(0, 1000), rows.slice(0, 1001)] as unknown[][]) {
    assert.equal(await jsonArrayInSlices(v), JSON.stringify(v));
    assert.equal(await jsonArrayInSlices(v, 7), JSON.stringify(v), 'small slices too');
  }
});

test('mapInSlices maps as Array.map does', async () => {
  const xs = Array.from({ length: 2345 }, (_, i) => i);
  assert.deepEqual(
    await mapInSlices(xs, (x, i) => x * 2 + i),
    xs.map((x, i) => x * 2 + i),
  );
  assert.deepEqual(await mapInSlices([], (x: number) => x), []);
});

test('other callbacks run between slices of a long statement', async () => {
  const rows = Array.from({ length: 24_000 }, (_, i) => [
    '01-04-2025',
    `NEFT ${i}`,
    '1,000.00',
    '',
    '9,99,999.00',
  ]);
  // one turn per slice after the first at least: 24 slices of 1,000
  assert.ok((await turnsDuring(() => mapInSlices(rows, (r) => r.join('|')))) >= 23);
  assert.ok((await turnsDuring(() => jsonInSlices({ transactions: rows }))) >= 23);
  // the stored rows' JSONB (saveStatementResult) as well, the first slice included
  assert.ok((await turnsDuring(() => jsonArrayInSlices(rows))) >= 24);
});
