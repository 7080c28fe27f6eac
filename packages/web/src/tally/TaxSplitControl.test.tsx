import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { splitTaxLedgersOfCompany } from '@bahi/core';
import { renderWithProviders } from '../test/render.tsx';
import { rowMovement } from './row-movement.ts';
import { TaxSplitControl } from './TaxSplitControl.tsx';

// The GST/TDS split of a bank row (issue 35): the legs shown as typed are the voucher's.

describe('the tax split of a row', () => {
  it('reads the movement as the builder does: a negative withdrawal is money in', () => {
    expect(rowMovement({ Withdrawal: '590.00', Deposit: '' })).toEqual({ paise: 59000, moneyIn: false });
    expect(rowMovement({ Withdrawal: '-1.00', Deposit: '' })).toEqual({ paise: 100, moneyIn: true });
    expect(rowMovement({ Withdrawal: '', Deposit: '900.00' })).toEqual({ paise: 90000, moneyIn: true });
    expect(rowMovement({ Withdrawal: '', Deposit: '' })).toBeNull();
  });

  it('shows a charge split into its legs, summing to the bank amount, and saves it', async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <TaxSplitControl
        value={null}
        movement={{ paise: 59000, moneyIn: false }}
        ledger="Bank Charges"
        bankLedger="HDFC"
        label="05-07-2025 CHRG"
        onSave={onSave}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add GST/TDS for 05-07-2025 CHRG' }));
    await userEvent.click(screen.getByText('Charge + GST'));
    // the dropdown is still in its opening transition for the accessibility tree: read its cells
    const legs = await screen.findByLabelText('Voucher legs for 05-07-2025 CHRG');
    const cells = [...legs.querySelectorAll('tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['HDFC', '', '590.00'],
      ['Bank Charges', '500.00', ''],
      ['Input CGST', '45.00', ''],
      ['Input SGST', '45.00', ''],
    ]);
    await userEvent.click(screen.getByText('IGST'));
    await userEvent.click(screen.getByText('Save split'));
    expect(onSave).toHaveBeenCalledWith({ kind: 'gst', ratePercent: 18, interstate: true });
  });

  it('names the legs with the company’s own tax ledgers, as the push will', async () => {
    const taxLedgers = splitTaxLedgersOfCompany({
      ledgers: [
        { name: 'CGST Input @9%', gstDutyHead: 'Central Tax' },
        { name: 'SGST Input @9%', gstDutyHead: 'State Tax' },
        { name: 'Output CGST', gstDutyHead: 'Central Tax' },
        { name: 'Rent', gstDutyHead: undefined },
      ],
    });
    renderWithProviders(
      <TaxSplitControl
        value={{ kind: 'gst', ratePercent: 18, interstate: false }}
        movement={{ paise: 59000, moneyIn: false }}
        ledger="Bank Charges"
        bankLedger="HDFC"
        label="05-07-2025 CHRG"
        taxLedgers={taxLedgers}
        onSave={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /05-07-2025 CHRG/ }));
    const legs = await screen.findByLabelText('Voucher legs for 05-07-2025 CHRG');
    const names = [...legs.querySelectorAll('tbody tr')].map((r) => r.querySelector('td')?.textContent);
    // of two Central Tax ledgers, the one named Input; the SGST one alone
    expect(names).toEqual(['HDFC', 'Bank Charges', 'CGST Input @9%', 'SGST Input @9%']);
  });

  it('a pushed row shows its split, without a way to change it', () => {
    renderWithProviders(
      <TaxSplitControl
        value={{ kind: 'tds', ratePercent: 10, section: '194A' }}
        movement={{ paise: 90000, moneyIn: true }}
        ledger="Interest"
        bankLedger="SBI"
        label="row"
        readOnly
        onSave={() => {}}
      />,
    );
    expect(screen.getByText('TDS 10% u/s 194A')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
