import type { PushPlanAnswer } from '@bahi/contract';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SAMPLE_ROWS } from '../test/rows.ts';
import { PushPlanModal } from './PushPlanModal.tsx';
import { fillRows } from './plan-fill.ts';

// Before a push (issue 31): the rows without a ledger get what the user chooses, and a new ledger's
// group must be chosen before the push can go.

const plan: PushPlanAnswer = {
  vouchers: 3,
  already_sent: 1,
  already_downloaded: 0,
  already_in_tally: 0,
  without_ledger: 2,
  without_ledger_rows: [0, 2],
  suggestions: [{ index: 2, ledger: 'Rent', reason: 'You used Rent for ravi@okaxis' }],
  masters: [
    { name: 'HDFC Bank A/c', group: 'Bank Accounts', kind: 'bank', needs_group: false },
    { name: 'Power', group: 'Suspense A/c', kind: 'ledger', needs_group: true },
  ],
  groups: ['Indirect Expenses', 'Sundry Creditors', 'Suspense A/c'],
};

describe('the plan of a push', () => {
  it('fills the rows without a ledger: the remembered ones, or one ledger for all, or none', () => {
    const rows = [...SAMPLE_ROWS, ...SAMPLE_ROWS].slice(0, 3).map((r) => ({ ...r, LedgerName: '' }));
    expect(fillRows(rows, plan, { kind: 'suggested' }).map((r) => r.LedgerName)).toEqual(['', '', 'Rent']);
    expect(fillRows(rows, plan, { kind: 'one', ledger: ' Misc ' }).map((r) => r.LedgerName)).toEqual([
      'Misc',
      '',
      'Misc',
    ]);
    expect(fillRows(rows, plan, { kind: 'none' })).toEqual(rows);
  });

  it('says what goes and what is created, and will not go on until the new ledger has a group', async () => {
    const onConfirm = vi.fn();
    const onFill = vi.fn();
    renderWithProviders(
      <PushPlanModal
        plan={plan}
        action="Send to Tally"
        question="Are you sure you want to send 4 transactions to Tally?"
        fill={{ kind: 'none' }}
        onFill={onFill}
        onCancel={() => {}}
        onConfirm={onConfirm}
      />,
    );
    expect(await screen.findByText('Are you sure you want to send 4 transactions to Tally?')).toBeTruthy();
    expect(screen.getByText(/3 voucher\(s\) go to Tally\. 1 left out/)).toBeTruthy();
    expect(screen.getByText('Bank Accounts')).toBeTruthy();
    const go = screen.getByRole('button', { name: 'Send to Tally' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Choose the group of Power');
    fireEvent.click(screen.getByLabelText(/Use the remembered ledgers \(1 row/));
    expect(onFill).toHaveBeenCalledWith({ kind: 'suggested' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Group of Power' }));
    await user.click(await screen.findByRole('option', { name: 'Indirect Expenses', hidden: true }));
    expect((go as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(go);
    expect(onConfirm).toHaveBeenCalledWith({ ledger_groups: { Power: 'Indirect Expenses' } });
  });
});
