// The OCR's time budget counts the work done, the process's CPU time, with a wall-clock cap
// (read/work-budget.ts; decision 041, session 27): waiting for a core spends none of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { budgetLeft, cpuSpent, whenSpent, workBudget } from '../../src/read/work-budget.ts';

/** Work this many ms of CPU (by the process's CPU time: on a loaded machine it takes longer). */
const spin = (ms: number) => {
  const b = workBudget(ms);
  while (cpuSpent(b) < ms);
};

test('waiting spends no CPU budget; working does', async () => {
  const b = workBudget(150);
  await sleep(300);
  assert.ok(cpuSpent(b) < 100, `${cpuSpent(b)} ms of CPU while asleep`);
  assert.ok(budgetLeft(b) > 0, 'twice the budget asleep leaves it unspent');
  spin(150);
  assert.ok(budgetLeft(b) <= 0, '150 ms of work spends it');
});

test('the wall-clock cap ends a wait that does no work', async () => {
  const b = workBudget(10_000, 200);
  let spent = false;
  const cancel = whenSpent(b, () => (spent = true));
  await sleep(100);
  assert.equal(spent, false);
  await sleep(400);
  cancel();
  assert.equal(spent, true);
});

test('whenSpent calls once the CPU is spent, and its cancel stops it', async () => {
  const b = workBudget(100);
  let calls = 0;
  whenSpent(b, () => calls++);
  const cancelled = workBudget(100);
  let never = 0;
  whenSpent(cancelled, () => never++)();
  spin(150);
  await sleep(300);
  assert.equal(calls, 1);
  assert.equal(never, 0);
});
