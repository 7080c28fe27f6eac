import { seededRng, type DuplicateCopy } from '@bahi/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DuplicateDialog } from './DuplicateDialog.tsx';
import { emptyRow, type EditorRow } from './rows.ts';

const source: EditorRow = {
  ...emptyRow(),
  date: '2025-04-10',
  voucherType: 'Receipt',
  ledgerName: 'Cash',
  partyName: 'Asha Traders',
  description: 'Rent',
  netAmount: '250',
};

function open(row: EditorRow = source) {
  const onDuplicate = vi.fn<(copies: DuplicateCopy<EditorRow>[], replace: boolean) => void>();
  const onCancel = vi.fn();
  renderWithProviders(
    <DuplicateDialog row={row} onCancel={onCancel} onDuplicate={onDuplicate} rng={seededRng(7)} />,
  );
  return { onDuplicate, onCancel, user: userEvent.setup() };
}

const box = (name: string | RegExp) => screen.getByRole('checkbox', { name });

describe('Duplicate Settings dialog', () => {
  it('shows the fields of the specification with their defaults', () => {
    open();
    expect(screen.getByLabelText('How many copies?')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Interval (days)')).toHaveProperty('value', '1');
    expect(screen.getByLabelText(/Start Date \(optional\)/)).toHaveProperty('value', '');
    expect(screen.getByRole('radio', { name: 'Forward' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Backward' })).toHaveProperty('checked', false);
    expect(box('Increment Amount by ₹1')).toHaveProperty('checked', false);
    expect(box('Add "(Copy n)" to Description')).toHaveProperty('checked', true);
    expect(box(/Randomly Split Amount/)).toHaveProperty('checked', false);
    expect(screen.queryByLabelText('Min Value')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeTruthy();
  });

  it('random split reveals Min and Max (1 and 100) and clears the increment, and back', async () => {
    const { user } = open();
    await user.click(box('Increment Amount by ₹1'));
    await user.click(box(/Randomly Split Amount/));
    expect(box('Increment Amount by ₹1')).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Min Value')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Max Value')).toHaveProperty('value', '100');
    await user.click(box('Increment Amount by ₹1'));
    expect(box(/Randomly Split Amount/)).toHaveProperty('checked', false);
    expect(screen.queryByLabelText('Min Value')).toBeNull();
  });

  it('turns invalid numbers into 1 when the field is left', async () => {
    const { user } = open();
    const copies = screen.getByLabelText('How many copies?');
    await user.clear(copies);
    await user.type(copies, '0');
    await user.tab();
    expect(copies).toHaveProperty('value', '1');
  });

  it('makes the copies with the chosen settings', async () => {
    const { user, onDuplicate } = open();
    const copies = screen.getByLabelText('How many copies?');
    await user.clear(copies);
    await user.type(copies, '3');
    const interval = screen.getByLabelText('Interval (days)');
    await user.clear(interval);
    await user.type(interval, '2');
    await user.click(screen.getByRole('radio', { name: 'Backward' }));
    await user.click(box('Increment Amount by ₹1'));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(onDuplicate).toHaveBeenCalledOnce();
    const made = onDuplicate.mock.calls[0][0];
    expect(made.map((c) => [c.date, c.netAmount, c.description])).toEqual([
      ['2025-04-08', 251, 'Rent (Copy 1)'],
      ['2025-04-06', 252, 'Rent (Copy 2)'],
      ['2025-04-04', 253, 'Rent (Copy 3)'],
    ]);
  });

  it('splits the amount within the bounds across the copies', async () => {
    const { user, onDuplicate } = open();
    const copies = screen.getByLabelText('How many copies?');
    await user.clear(copies);
    await user.type(copies, '5');
    await user.click(box(/Randomly Split Amount/));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    const parts = onDuplicate.mock.calls[0][0].map((c) => c.netAmount as number);
    expect(parts).toHaveLength(5);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(250);
    for (const p of parts) expect(p >= 1 && p <= 100).toBe(true);
    // issue 34: the parts replace the row unless the user keeps it
    expect(box(/Replace the row by its parts/)).toHaveProperty('checked', true);
    expect(onDuplicate.mock.calls[0][1]).toBe(true);
  });

  it('says why when no split within the bounds exists and makes nothing', async () => {
    const { user, onDuplicate } = open({ ...source, netAmount: '1000' });
    const copies = screen.getByLabelText('How many copies?');
    await user.clear(copies);
    await user.type(copies, '5');
    await user.click(box(/Randomly Split Amount/));
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(onDuplicate).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toMatch(
      /1000 cannot be split into 5 parts between 1 and 100/,
    );
  });

  it('Cancel closes without copies', async () => {
    const { user, onCancel, onDuplicate } = open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onDuplicate).not.toHaveBeenCalled();
  });
});
