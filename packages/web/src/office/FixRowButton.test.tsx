import type { BookRowInfo } from '@bahi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FixRowButton, fixOf } from './FixRowButton.tsx';

// A book row fixed in place (decision 057): only the fields the person changed are sent.

const row: BookRowInfo = {
  id: '7b0e0a52-4d3c-4c1e-9a55-1f0f3f0c2a11',
  Date: '05-01-2026',
  Description: 'UPI-SHOP 1',
  Withdrawal: '132.00',
  Deposit: '',
  ClosingBalance: '9,868.00',
  LedgerName: 'Shop',
  reference: '',
  ledger_source: 'manual',
  ledger_reason: '',
  voucher_type: null,
  pushed: false,
  gap_before: false,
};

describe('FixRowButton', () => {
  it('sends only what changed, and nothing when nothing did', () => {
    const same = {
      Date: '05-01-2026',
      Description: 'UPI-SHOP 1',
      Withdrawal: '132.00',
      Deposit: '',
      ClosingBalance: '9,868.00',
    };
    expect(fixOf(row, same)).toBeNull();
    expect(fixOf(row, { ...same, Withdrawal: ' 123.00 ', Date: '06-01-2026' })).toEqual({
      id: row.id,
      Date: '06-01-2026',
      Withdrawal: '123.00',
    });
  });

  it('opens with the row’s values and saves the changed amount', async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(<FixRowButton row={row} onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: `Fix the row ${row.Date} ${row.Description}` }));
    const save = await screen.findByRole('button', { name: 'Save the fix' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const withdrawal = screen.getByLabelText('Withdrawal');
    expect((withdrawal as HTMLInputElement).value).toBe('132.00');
    await userEvent.clear(withdrawal);
    await userEvent.type(withdrawal, '123.00');
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({ id: row.id, Withdrawal: '123.00' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save the fix' })).toBeNull());
  });
});
