// The background database probe behind /api/health (issue 37): health answers from the last probe
// while it is fresh (no statement of its own behind the reads' statements), and a failed probe
// answers 'down' until a probe succeeds again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DatabaseProbe } from '../src/db/probe.ts';

test('fresh answers come from the last probe; a failure shows until a probe succeeds', async () => {
  let up = true;
  let checks = 0;
  const probe = new DatabaseProbe(async () => {
    checks++;
    if (!up) throw new Error('connection refused');
  }, 50);
  assert.equal(await probe.healthy(), true);
  assert.equal(checks, 1);
  for (let i = 0; i < 20; i++) assert.equal(await probe.healthy(), true);
  assert.equal(checks, 1, 'no statement per call while the answer is fresh');
  up = false;
  probe.start();
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(await probe.healthy(), false, 'the background probe saw it go down');
  up = true;
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(await probe.healthy(), true, 'and come back');
  probe.stop();
  const at = checks;
  await new Promise((r) => setTimeout(r, 120));
  assert.equal(checks, at, 'stopped: no more probes');
});

test('callers that come while a probe runs share it', async () => {
  let checks = 0;
  const probe = new DatabaseProbe(async () => {
    checks++;
    await new Promise((r) => setTimeout(r, 30));
  });
  const answers = await Promise.all(Array.from({ length: 10 }, () => probe.healthy()));
  assert.deepEqual(answers, Array(10).fill(true));
  assert.equal(checks, 1);
});
