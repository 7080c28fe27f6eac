import { describe, expect, it } from 'vitest';
import { defaultForm, formSettings, setIncrement, setRandomSplit, settleField } from './duplicateForm.ts';

describe('duplicate form', () => {
  it('starts with the defaults of spec section 9', () => {
    expect(defaultForm()).toEqual({
      copies: '1',
      customStartDate: '',
      interval: '1',
      direction: 'forward',
      amountIncrement: false,
      descriptionSuffix: true,
      randomAmountSplit: false,
      splitMin: '1',
      splitMax: '100',
    });
  });

  it('never has increment and random split on together', () => {
    const inc = setIncrement(defaultForm(), true);
    expect([inc.amountIncrement, inc.randomAmountSplit]).toEqual([true, false]);
    const split = setRandomSplit(inc, true);
    expect([split.amountIncrement, split.randomAmountSplit]).toEqual([false, true]);
    const back = setIncrement(split, true);
    expect([back.amountIncrement, back.randomAmountSplit]).toEqual([true, false]);
    // Turning one off leaves the other as it was.
    expect(setRandomSplit(back, false).amountIncrement).toBe(true);
  });

  it.each([
    ['0', '1'],
    ['-3', '1'],
    ['2.5', '1'],
    ['abc', '1'],
    ['', '1'],
    ['7', '7'],
  ])('copies and interval %j become %j when the field is left', (typed, shown) => {
    expect(settleField({ ...defaultForm(), copies: typed }, 'copies').copies).toBe(shown);
    expect(settleField({ ...defaultForm(), interval: typed }, 'interval').interval).toBe(shown);
  });

  it('keeps the split minimum at least 1 and the maximum at least the minimum', () => {
    expect(settleField({ ...defaultForm(), splitMin: '0' }, 'splitMin').splitMin).toBe('1');
    const raised = settleField({ ...defaultForm(), splitMin: '150', splitMax: '100' }, 'splitMin');
    expect([raised.splitMin, raised.splitMax]).toEqual(['150', '150']);
    expect(settleField({ ...defaultForm(), splitMin: '5', splitMax: '3' }, 'splitMax').splitMax).toBe('5');
    expect(settleField({ ...defaultForm(), splitMin: '5', splitMax: 'x' }, 'splitMax').splitMax).toBe('5');
  });

  it('hands the core valid settings', () => {
    const s = formSettings({
      ...defaultForm(),
      copies: '5',
      interval: '2',
      direction: 'backward',
      randomAmountSplit: true,
      splitMin: '10',
      splitMax: '50',
    });
    expect(s).toMatchObject({
      copies: 5,
      interval: 2,
      direction: 'backward',
      randomAmountSplit: true,
      splitMin: 10,
      splitMax: 50,
      amountIncrement: false,
    });
  });
});
