import type { StatementTransaction, TaxSplitInfo } from '@bahi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { TransactionsTable } from './TransactionsTable.tsx';

// The statement table's GST/TDS column (issue 35, decision 057): each row's split with the ledger
// parts its voucher carries (named as the export names them), set in one dialog for the table.

const ROWS: StatementTransaction[] = [
  {
    Date: '01-04-2025',
    Description: 'BANK CHARGES INCL GST',
    Withdrawal: '590.00',
    Deposit: '',
    ClosingBalance: '9,410.00',
    LedgerName: 'Bank Charges',
    TaxSplit: { kind: 'gst', ratePercent: 18, interstate: false },
  },
  {
    Date: '02-04-2025',
    Description: 'FD INTEREST',
    Withdrawal: '',
    Deposit: '900.00',
    ClosingBalance: '10,310.00',
    LedgerName: 'Interest Received',
  },
];

/** The table as the screen holds it: a split saved goes onto the row. */
function Screen({ onSplit }: { onSplit: (i: number, split: TaxSplitInfo | null) => Promise<void> }) {
  const [rows, setRows] = useState(ROWS);
  return (
    <TransactionsTable
      rows={rows}
      height={400}
      label="Transactions"
      onLedger={vi.fn()}
      splits={{
        bankLedger: 'HDFC Bank A/c',
        taxLedgers: { cgst: 'Central Tax Input', sgst: 'State Tax Input' },
        onSplit: async (i, split) => {
          await onSplit(i, split);
          setRows((all) => all.map((r, j) => (j === i ? { ...r, TaxSplit: split } : r)));
        },
      }}
    />
  );
}

describe('TransactionsTable GST/TDS column', () => {
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it('shows each row’s split with its ledger parts, and a split set in the dialog lands on its row', async () => {
    const onSplit = vi.fn(async () => undefined);
    renderWithProviders(<Screen onSplit={onSplit} />);
    expect(await screen.findByRole('columnheader', { name: 'GST/TDS' })).toBeTruthy();
    // Row 1: ₹590.00 is ₹500.00 of charges and ₹45.00 + ₹45.00 of GST, on the company's own ledgers.
    const charged = screen.getByRole('button', { name: 'GST/TDS split, row 1: GST 18% (CGST + SGST)' });
    expect(charged.title).toBe(
      'Cr HDFC Bank A/c 590.00\nDr Bank Charges 500.00\nDr Central Tax Input 45.00\nDr State Tax Input 45.00',
    );
    expect(screen.getByTestId('split-legs-1').textContent).toBe(
      'Bank Charges 500.00 · Central Tax Input 45.00 · State Tax Input 45.00',
    );
    // Row 2 has none: offered. Interest of ₹900.00 received less 10% TDS.
    expect(screen.queryByTestId('split-legs-2')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'GST/TDS split, row 2: none' }));
    const dialog = await screen.findByRole('dialog', { name: 'GST/TDS split: row 2' });
    fireEvent.click(within(dialog, 'Less TDS'));
    fireEvent.click(await screen.findByRole('button', { name: 'Save split' }));
    await waitFor(() => expect(onSplit).toHaveBeenCalledWith(1, { kind: 'tds', ratePercent: 10 }));
    await waitFor(() =>
      expect(screen.getByTestId('split-legs-2').textContent).toBe(
        'Interest Received 1,000.00 · TDS Receivable 100.00',
      ),
    );
    expect(screen.getByRole('button', { name: 'GST/TDS split, row 2: TDS 10%' })).toBeTruthy();
  });

  it('has no column without the splits prop, nor while rows are being fixed', async () => {
    renderWithProviders(
      <TransactionsTable rows={ROWS} height={400} label="Transactions" onLedger={vi.fn()} />,
    );
    await screen.findByLabelText('Ledger Name, row 1');
    expect(screen.queryByRole('columnheader', { name: 'GST/TDS' })).toBeNull();
    expect(screen.queryByTestId('split-legs-1')).toBeNull();
  });
});

function within(root: HTMLElement, text: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('label, button')].find((e) => e.textContent === text);
  if (!found) throw new Error(`no ${text} in the dialog`);
  return found;
}
