// A statement's rows converted and written as JSON a slice at a time (issues 37 and 38): the same
// result as the one-go map and JSON.stringify, with the event loop free between slices, so a
// request that arrives meanwhile (the health check, the office's jobs list) is not held behind a
// 500-page answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJson } from '../src/statements/routes.ts';
import { jsonArrayInSlices, jsonInSlices, mapInSlices, utf8InSlices } from '../src/slices.ts';

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
    assert.equal((await jsonInSlices(v)).join(''), JSON.stringify(v));
    assert.equal((await jsonInSlices(v, 7)).join(''), JSON.stringify(v), 'small slices too');
  }
});

test('jsonArrayInSlices writes what JSON.stringify writes', async () => {
  const rows = Array.from({ length: 2500 }, (_, i) => [
    `0${i % 9}-04-2025`,
    i % 5 ? `NEFT "${i}"` : undefined,
    i,
  ]);
  for (const v of [[], [1], rows, rows.slice(0, 1000), rows.slice(0, 1001)] as unknown[][]) {
    assert.equal((await jsonArrayInSlices(v)).join(''), JSON.stringify(v));
    assert.equal((await jsonArrayInSlices(v, 7)).join(''), JSON.stringify(v), 'small slices too');
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
  assert.ok((await turnsDuring(() => jsonArrayInSlices(rows))) >= 24, 'the first slice included');
});

test('utf8InSlices gives the bytes of the whole text, a surrogate pair never cut', async () => {
  // 256 Ki characters a slice: a pair straddling every boundary, in one piece and across pieces
  const pair = '\u{1F600}';
  const long = `${'a'.repeat(256 * 1024 - 1)}${pair}${'₹'.repeat(300_000)}${pair}`;
  for (const texts of [[], [''], ['{"a":1}'], [long], ['x', long, '', long.slice(1), 'é']]) {
    const bytes = Buffer.concat(await utf8InSlices(texts));
    assert.ok(bytes.equals(Buffer.from(texts.join(''))));
  }
});

test('a 500-page answer is encoded and gzipped a slice at a time', async () => {
  // 4.7 MB of JSON (24,000 rows): encoded for gzip in one Buffer.from it held the server's thread
  // 35-75 ms (issue 38). sendJson now encodes at most 256 Ki characters a step, a turn between.
  const rows = Array.from({ length: 24_000 }, (_, i) => ({
    Date: '01-04-2025',
    Description: `UPI/DR/${400_000 + i}/SHREE GANESH TRADERS/HDFC/ganesh${i}@okhdfc/Payment ₹`,
    Withdrawal: i % 2 ? '12,345.67' : '',
    Deposit: i % 2 ? '' : '1,00,000.00',
    ClosingBalance: '10,12,34,567.89',
    LedgerName: '',
  }));
  const text = JSON.stringify({ transactions: rows, pages: 500 });
  const request = { headers: { 'accept-encoding': 'gzip, deflate' } } as unknown as FastifyRequest;
  const headers: Record<string, string> = {};
  let sent: unknown;
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return this;
    },
    send(body: unknown) {
      sent = body;
      return this;
    },
  } as unknown as FastifyReply;
  const from = Buffer.from;
  let longest = 0;
  Buffer.from = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'string') longest = Math.max(longest, args[0].length);
    return (from as (...a: unknown[]) => Buffer).apply(this, args);
  } as typeof Buffer.from;
  try {
    await sendJson(request, reply, text);
  } finally {
    Buffer.from = from;
  }
  assert.equal(headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(sent as Buffer).toString(), text, 'the same JSON');
  assert.ok(longest <= 256 * 1024, `${longest} characters encoded in one step`);
});

test('a slice is at most 250 rows, or 64 Ki characters of text to encode (decision 052, round ten)', async () => {
  // Measured between two turns of the event loop, as a request waiting for the thread sees it.
  let sinceTurn = 0;
  let most = 0;
  let done = false;
  const tick = () => {
    most = Math.max(most, sinceTurn);
    sinceTurn = 0;
    if (!done) setImmediate(tick);
  };
  const during = async (work: () => Promise<unknown>) => {
    most = sinceTurn = 0;
    done = false;
    setImmediate(tick);
    await work();
    done = true;
    tick();
    return most;
  };
  const rows = Array.from(
    { length: 24_000 },
    (_, i) => `UPI/DR/${400_000 + i}/SHREE GANESH TRADERS/Payment ₹`,
  );
  const mapped = await during(() =>
    mapInSlices(rows, (r) => {
      sinceTurn++;
      return r.length;
    }),
  );
  assert.ok(mapped <= 250, `${mapped} rows converted without a turn between`);
  assert.ok(mapped >= 1);

  const from = Buffer.from;
  Buffer.from = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'string') sinceTurn += args[0].length;
    return (from as (...a: unknown[]) => Buffer).apply(this, args);
  } as typeof Buffer.from;
  let encoded: number;
  try {
    encoded = await during(() => utf8InSlices([rows.join(','), rows.slice(0, 5000).join('|')]));
  } finally {
    Buffer.from = from;
  }
  assert.ok(encoded <= 64 * 1024, `${encoded} characters encoded without a turn between`);
});
