// How the server reads a database failure (issue 37): the database away, a full disk, what of an
// error may be logged, and the retry of idempotent work while the database is away.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { errorFields, isDatabaseDown, isDiskFull, stackFrames } from '../src/db/connection.ts';
import { whileDatabaseDown } from '../src/db/retry.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) =>
  Object.assign(
    new Error('Failed query: insert into "office_uploads" values ($1)\nparams: %PDF-1.4 secret'),
    {
      cause,
    },
  );

test('the database away: refused connections, admin shutdown, lost connections, wrapped or not', () => {
  for (const e of [
    withCode('ECONNREFUSED'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    wrapped(withCode('ECONNRESET')),
  ])
    assert.ok(isDatabaseDown(e), String(e));
  for (const e of [withCode('23505'), withCode('22P02'), withCode('53100'), new Error('boom'), undefined])
    assert.ok(!isDatabaseDown(e), String(e));
});

test('a full disk: disk_full, ENOSPC, or the words, wrapped or not', () => {
  assert.ok(
    isDiskFull(wrapped(withCode('53100', 'could not extend file "base/5/1": No space left on device'))),
  );
  assert.ok(isDiskFull(withCode('ENOSPC')));
  assert.ok(isDiskFull(withCode('58030', 'could not write to file "pg_wal/x": No space left on device')));
  assert.ok(!isDiskFull(withCode('ECONNREFUSED')));
});

test("a driver error's log fields never quote the failed query's parameters", () => {
  const e = wrapped(withCode('53100', 'could not extend file'));
  const fields = JSON.stringify({ ...errorFields(e), stack: stackFrames(e) });
  assert.doesNotMatch(fields, /secret|PDF|params/);
  assert.match(fields, /53100/);
  assert.doesNotMatch(JSON.stringify(errorFields(new Error('Failed query: x\nparams: secret'))), /secret/);
  assert.doesNotMatch(JSON.stringify(errorFields(new Error('bad row params: secret'))), /secret/);
  // a message whose lines look like frames (bytes can hold anything) is still cut off whole
  const forged = new Error('Failed query\nparams: \n    at secret (x:1:1)');
  assert.doesNotMatch(stackFrames(forged)!, /secret/);
  assert.match(stackFrames(forged)!, /^\s+at /);
});

test('idempotent work is retried while the database is away, and only then', async () => {
  const warnings: string[] = [];
  const log = { warn: (_o: object, m: string) => void warnings.push(m) };
  let calls = 0;
  const value = await whileDatabaseDown(
    async () => {
      if (++calls < 3) throw withCode('ECONNREFUSED');
      return 'done';
    },
    { log, what: 'the test' },
  );
  assert.equal(value, 'done');
  assert.equal(calls, 3);
  assert.equal(warnings.length, 2);

  calls = 0;
  await assert.rejects(
    whileDatabaseDown(
      async () => {
        calls++;
        throw withCode('23505');
      },
      { log, what: 'the test' },
    ),
    /x/,
  );
  assert.equal(calls, 1, 'a statement that failed on its own is not repeated');

  calls = 0;
  await assert.rejects(
    whileDatabaseDown(
      async () => {
        calls++;
        throw withCode('ECONNREFUSED');
      },
      { log, what: 'the test', forMs: 300 },
    ),
  );
  assert.ok(calls >= 2 && calls <= 3, `given up after its time (${calls} calls)`);
});
