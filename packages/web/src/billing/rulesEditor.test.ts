import { describe, expect, test } from 'vitest';
import { addRule, deleteRule, fromSaved, toSaved, updateRule } from './rulesEditor.ts';

const r = (min: string, max: string, cmin: string, cmax: string) => ({
  min,
  max,
  chunk_min: cmin,
  chunk_max: cmax,
});

describe('rules editor', () => {
  test('add, update, delete; a type with no rules disappears', () => {
    let rules = addRule({}, 'RATE', r('0', '100', '1', '10'));
    rules = addRule(rules, 'QUANTITY', r('0', '50', '2', '4'));
    rules = updateRule(rules, 'RATE', 0, 'RATE', r('0', '200', '1', '5'));
    expect(rules.RATE).toEqual([r('0', '200', '1', '5')]);
    rules = deleteRule(rules, 'QUANTITY', 0);
    expect('QUANTITY' in rules).toBe(false);
    rules = updateRule(rules, 'RATE', 0, 'QUANTITY', r('1', '2', '3', '4'));
    expect(rules).toEqual({ QUANTITY: [r('1', '2', '3', '4')] });
  });

  test('save converts min/max to decimals and chunks to integers', () => {
    expect(toSaved({ RATE: [r('0.5', '99.75', '2.9', '10')] })).toEqual({
      RATE: [{ min: 0.5, max: 99.75, chunk_min: 2, chunk_max: 10 }],
    });
    expect(fromSaved({ RATE: [{ min: 1, max: 2.5, chunk_min: 1, chunk_max: 3 }], QUANTITY: [] })).toEqual({
      RATE: [r('1', '2.5', '1', '3')],
    });
  });
});
