import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClientInput, gstinCheckCharacter, gstinProblem, RuleInput } from '../src/office.ts';

// A client's GSTIN (issue 13): its shape, its check character (GSTN's mod-36 scheme) and its state
// code against the client's state. 27AAPFU0939F1ZV is the example GSTN publishes.

test('the check character of a published GSTIN', () => {
  assert.equal(gstinCheckCharacter('27AAPFU0939F1Z'), 'V');
  assert.equal(gstinProblem('27AAPFU0939F1ZV', '27'), null);
});

test('every single-character slip is caught', () => {
  const good = '27AAPFU0939F1ZV';
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let i = 0; i < good.length; i++) {
    for (const c of alphabet) {
      if (c === good[i]) continue;
      const typo = good.slice(0, i) + c + good.slice(i + 1);
      assert.notEqual(gstinProblem(typo, '27'), null, typo);
    }
  }
});

test('the wrong state, a state code that is none, a bad shape', () => {
  assert.match(gstinProblem('27AAPFU0939F1ZV', '29') ?? '', /Maharashtra \(27\)/);
  assert.match(gstinProblem('99AAPFU0939F1ZV', '27') ?? '', /state code/);
  assert.match(gstinProblem('27AAPFU0939F1V', '27') ?? '', /15 characters/);
});

test('ClientInput: GSTIN optional, upper-cased, spaces dropped, checked against the state', () => {
  assert.equal(ClientInput.parse({ name: 'A', state_code: '27' }).gstin, '');
  assert.equal(
    ClientInput.parse({ name: 'A', state_code: '27', gstin: ' 27aapfu0939f1zv ' }).gstin,
    '27AAPFU0939F1ZV',
  );
  assert.ok(!ClientInput.safeParse({ name: 'A', state_code: '29', gstin: '27AAPFU0939F1ZV' }).success);
  assert.ok(
    !ClientInput.safeParse({ name: 'A', state_code: '25' }).success,
    '25 (Daman and Diu) merged into 26',
  );
  assert.ok(!ClientInput.safeParse({ name: ' ', state_code: '27' }).success);
});

test('RuleInput: a rule needs at least one condition', () => {
  assert.ok(!RuleInput.safeParse({ ledger: 'All' }).success);
  assert.ok(!RuleInput.safeParse({ words: [' '], ledger: 'All' }).success);
  assert.ok(RuleInput.safeParse({ words: ['rent'], ledger: 'Rent' }).success);
  assert.ok(RuleInput.safeParse({ direction: 'deposit', ledger: 'Sales' }).success);
  assert.ok(RuleInput.safeParse({ min: '1000', ledger: 'Big' }).success);
});
