import type { ExtractAnswer } from '@bahi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BankPage from '../pages/BankPage.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { crc32, toCsv, toXlsx } from './export.ts';
import { Filters, type FilterState } from './Filters.tsx';
import { loadBankSession, saveBankSession } from './store.ts';
import { downloadProblem, fileTypeProblem, sendConfirmation, sendProblem } from './validate.ts';

const rows = [
  {
    Date: '01-04-2025',
    Description: 'UPI-RAVI-ravi@okaxis-RENT',
    Withdrawal: '12,000.00',
    Deposit: '',
    ClosingBalance: '88,000.00',
    LedgerName: '',
  },
  {
    Date: '02-04-2025',
    Description: 'NEFT-ACME TRADERS',
    Withdrawal: '',
    Deposit: '1,50,000.50',
    ClosingBalance: '2,38,000.50',
    LedgerName: 'Sales',
  },
  {
    Date: 'Opening',
    Description: 'not a row',
    Withdrawal: '',
    Deposit: '',
    ClosingBalance: '',
    LedgerName: '',
  },
  {
    Date: '03-04-2025',
    Description: 'UPI-SHOP-shop@ybl',
    Withdrawal: '500.00',
    Deposit: '',
    ClosingBalance: '2,37,500.50',
    LedgerName: '',
  },
];

describe('validations (spec section 5, in order)', () => {
  it('send to Tally', () => {
    const full = { localIp: '192.168.1.5', ledgerName: 'HDFC', companyName: 'Acme' };
    expect(sendProblem(0, full)).toBe('No transactions to send.');
    expect(sendProblem(3, { localIp: ' ', ledgerName: '', companyName: '' })).toBe(
      'Please enter the local IP of the Tally connector.',
    );
    expect(sendProblem(3, { ...full, ledgerName: '' })).toBe('Please enter a ledger name.');
    expect(sendProblem(3, { ...full, companyName: '' })).toBe('Please enter a company name.');
    expect(sendProblem(3, full)).toBeNull();
    expect(sendConfirmation(7)).toBe('Are you sure you want to send 7 transactions to Tally?');
  });
  it('download XML', () => {
    expect(downloadProblem(0, { localIp: '', ledgerName: '' })).toBe('No transactions to download.');
    expect(downloadProblem(2, { localIp: '1.2.3.4', ledgerName: '' })).toBe('Please enter a ledger name.');
    expect(downloadProblem(2, { localIp: '', ledgerName: 'X' })).toBe(
      'Please enter the local IP of the server.',
    );
    expect(downloadProblem(2, { localIp: '1.2.3.4', ledgerName: 'X' })).toBeNull();
  });
  it('file types: pdf/rpt for all, xlsx and xls only for banks that export them', () => {
    expect(fileTypeProblem('a.PDF', 'SBI')).toBeNull();
    expect(fileTypeProblem('a.rpt', 'UNION')).toBeNull();
    expect(fileTypeProblem('a.xlsx', 'HDFC')).toBeNull();
    expect(fileTypeProblem('a.xlsx', 'SBI')).toBe('Only PDF or RPT files are allowed.');
    // the old .xls that HDFC, ICICI and SBI net banking download
    expect(fileTypeProblem('a.XLS', 'SBI')).toBeNull();
    expect(fileTypeProblem('a.xls', 'HDFC')).toBeNull();
    expect(fileTypeProblem('a.xls', 'PNB')).toBe('Only PDF or RPT files are allowed.');
    expect(fileTypeProblem('a.pdf.exe', 'SBI')).toBe('Only PDF or RPT files are allowed.');
  });
});

describe('exports', () => {
  it('CSV quotes, defuses formulas and writes amounts as numbers', () => {
    const csv = toCsv([{ ...rows[0], Description: '=HYPERLINK("x"), evil' }]);
    const [head, line] = csv.trim().split('\r\n');
    expect(head).toBe('Date,Description,Withdrawal,Deposit,Closing Balance,Ledger Name');
    expect(line).toBe(`01-04-2025,"'=HYPERLINK(""x""), evil",12000.00,,88000.00,`);
  });
  it('XLSX is a zip with the workbook parts and correct checksums', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const zip = toXlsx(rows);
    expect([zip[0], zip[1], zip[2], zip[3]]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const text = new TextDecoder('latin1').decode(zip);
    expect(text).toContain('xl/worksheets/sheet1.xml');
    expect(text).toContain('<v>150000.5</v>');
    expect(text).toContain('RAVI-ravi@okaxis');
  });
});

describe('Filters', () => {
  it('remove shows only with more than one keyword; the Only filters exclude each other', () => {
    const seen: FilterState[] = [];
    function Harness() {
      const [state, setState] = useState<FilterState>({ keywords: [''], only: 'all', from: '', to: '' });
      seen.push(state);
      return <Filters value={state} onChange={setState} bounds={null} />;
    }
    renderWithProviders(<Harness />);
    expect(screen.queryByLabelText('Remove keyword 1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add keyword' }));
    expect(screen.getByLabelText('Remove keyword 1')).toBeTruthy();
    expect(screen.getByLabelText('Remove keyword 2')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Only Withdrawals'));
    expect(seen.at(-1)!.only).toBe('withdrawals');
    fireEvent.click(screen.getByLabelText('Only Deposits'));
    expect(seen.at(-1)!.only).toBe('deposits');
    expect((screen.getByLabelText('Only Withdrawals') as HTMLInputElement).checked).toBe(false);
  });
});

describe('BankPage', () => {
  beforeEach(() => {
    // Ledger memory calls: no suggestions.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ suggestions: [] }), { status: 200 })),
    );
    const answer = {
      transactions: rows,
      xml_preview: '<ENVELOPE/>',
      statement_info: {
        bank: 'HDFC',
        bank_label: 'HDFC Bank',
        account_number: '5010',
        holder: null,
        ifsc: null,
        account_type: null,
        period_from: null,
        period_to: null,
        opening_balance: '1,00,000.00',
        closing_balance: '2,37,500.50',
        transactions: 4,
      },
      fallback_accounts: {},
      reconciliation: {
        ok: true,
        message: 'ok',
        opening_balance: '1,00,000.00',
        closing_balance: '2,37,500.50',
        total_deposits: '1,50,000.50',
        total_withdrawals: '12,500.00',
        opening_source: 'printed',
        checked_balances: 3,
        breaks: [],
        notes: [],
        printed_closing: '2,37,500.50',
      },
      bank_detected: { code: 'HDFC', label: 'HDFC Bank', requested: 'HDFC', corrected: false, reason: '' },
      pages: 1,
      page_left: 9,
      format: 'pdf',
      reasons: [],
      issues: [],
      layout_used: null,
      layout_signature: null,
      statement_id: null,
    } satisfies Omit<ExtractAnswer, 'access_token'>;
    saveBankSession({ bank: 'HDFC', fileName: 'a.pdf', answer, rows });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hides rows without a date, filters by keyword, applies a ledger only to empty filtered rows', async () => {
    renderWithProviders(
      <MemoryRouter>
        <BankPage />
      </MemoryRouter>,
    );
    expect(screen.getByText('Showing 3 of 4 transactions')).toBeTruthy();
    expect(screen.getByText('Balanced')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Keyword 1'), { target: { value: 'upi' } });
    expect(screen.getByText('Showing 2 of 4 transactions')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Keyword 1'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Ledger for the rows shown'), { target: { value: 'Suspense X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Ledger to Filtered' }));
    expect(screen.getByText('2 empty ledger names filled.')).toBeTruthy();
    // Kept for a reload: the named row keeps its ledger, the hidden row is untouched.
    await waitFor(() => {
      const kept = loadBankSession()!.rows.map((r) => r.LedgerName);
      expect(kept).toEqual(['Suspense X', 'Sales', '', 'Suspense X']);
    });
  });

  it('Send to Tally validates before calling anything', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderWithProviders(
      <MemoryRouter>
        <BankPage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send to Tally' }));
    expect(alert).toHaveBeenCalledWith('Please enter the local IP of the Tally connector.');
  });
});
