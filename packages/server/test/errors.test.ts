// The server's one way of failing (src/errors.ts): a code picks the status in one table, and every
// failure answer, the app's own and Fastify's, carries { detail, code }.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BahiError } from '@bahi/core';
import { HttpError, nextStep, statusOf } from '../src/errors.ts';
import { startApp } from './helpers/harness.ts';
import { dropFiles, makeMember, startQueuedApp, stopQueuedApp } from './helpers/queue.ts';
import { zipOf } from './helpers/zip.ts';

let h: Awaited<ReturnType<typeof startApp>>;
before(async () => {
  h = await startApp();
});
after(async () => h.close());

test('the status comes from the code: server codes, other packages codes, 422 for the rest', () => {
  assert.equal(statusOf(new HttpError('STALE_REVISION', 'Reload.')), 409);
  assert.equal(statusOf(new HttpError('TOO_LARGE', 'Too big.')), 413);
  assert.equal(statusOf(new HttpError('UPSTREAM', 'Mail is down.')), 502);
  assert.equal(statusOf(new BahiError('WRONG_PASSWORD', 'Wrong password.')), 400);
  assert.equal(statusOf(new BahiError('bad-input', 'Bad quantity.')), 400);
  assert.equal(statusOf(new BahiError('io', 'Tally did not answer.')), 502);
  assert.equal(statusOf(new BahiError('insufficient-stock', 'Not enough stock.')), 422);
  assert.equal(nextStep('NOT_ENOUGH_PAGES'), 'Buy pages on the Pay screen, then try again.');
});

async function inject(method: 'GET' | 'POST', url: string, body?: string) {
  const res = await h.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.statusCode, body: res.json<{ detail?: unknown; code?: unknown }>() };
}

test("Fastify's own refusals and an unknown API path answer with a code too", async () => {
  const badJson = await inject('POST', '/api/auth/signUp', '{"name":');
  assert.equal(badJson.status, 400);
  assert.equal(badJson.body.code, 'BAD_REQUEST');
  assert.equal(typeof badJson.body.detail, 'string');

  const unknown = await inject('GET', '/api/no-such-thing');
  assert.equal(unknown.status, 404);
  assert.deepEqual(unknown.body, { detail: 'Not found: GET /api/no-such-thing', code: 'NOT_FOUND' });
});

test('a .zip the office drop refuses is answered 400 with its words by the one handler', async () => {
  // the drop keeps its files where its queue keeps them: an app with a queue
  const q = await startQueuedApp();
  try {
    const { token } = await makeMember(q.h, 0);
    const zip = zipOf([{ name: 'a.pdf', bytes: Buffer.from('%PDF-1.4') }]);
    zip[2] = 0; // the entry's local header no longer starts where the directory says (queue/unzip.ts)
    const res = await dropFiles(q.h, token, null, [{ name: 'statements.zip', bytes: zip }]);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { detail: '"a.pdf" in the .zip is damaged.', code: 'BAD_REQUEST' });
  } finally {
    await stopQueuedApp(q);
  }
});
