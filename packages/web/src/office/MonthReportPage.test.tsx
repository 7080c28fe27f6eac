import type { MonthReportAnswer } from '@bahi/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as client from '../api/client.ts';
import { renderWithProviders } from '../test/render.tsx';
import MonthReportPage from './MonthReportPage.tsx';

// The month report (issue 35): what the server answers, shown part by part.

vi.mock('../api/client.ts', async (real) => ({
  ...(await real<typeof import('../api/client.ts')>()),
  call: vi.fn(),
  callForFile: vi.fn(),
}));
afterEach(() => vi.clearAllMocks());

const report: MonthReportAnswer = {
  client: { id: 'c1', name: 'Report Traders' },
  month: '2025-07',
  accounts: [
    {
      account_id: 'a1',
      label: 'HDFC 50100111',
      ledger: 'HDFC',
      opening: '1,25,000.00',
      closing: '1,61,069.58',
      inflow: '50,900.00',
      outflow: '14,830.42',
      rows: 5,
      pushed: 5,
      gaps: [],
      uncovered: [{ from: '11-07-2025', to: '13-07-2025' }],
    },
  ],
  ledgers: [{ ledger: 'Suspense', inflow: '0.00', outflow: '1,234.56', rows: 1 }],
  suspense: [
    {
      account: 'HDFC 50100111',
      date: '09-07-2025',
      description: 'UPI-UNKNOWN',
      inflow: '',
      outflow: '1,234.56',
    },
  ],
  taxes: [{ ledger: 'Input CGST', head: 'cgst', debit: '45.00', credit: '', rows: 1 }],
  pushes: [
    {
      id: 'p1',
      account: 'HDFC 50100111',
      created_at: '2025-08-02T10:00:00.000Z',
      rows: 5,
      vouchers: 5,
      in_tally: 5,
      state: 'done',
      problems: [],
    },
  ],
  found_in_tally: 0,
};

describe('the month report', () => {
  it('shows each part of the report for the month asked', async () => {
    vi.mocked(client.call).mockResolvedValue(report as never);
    renderWithProviders(
      <MemoryRouter initialEntries={['/app/clients/c1/report']}>
        <Routes>
          <Route path="/app/clients/:id/report" element={<MonthReportPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const accounts = await screen.findByRole('table', { name: 'Accounts' });
    expect(within(accounts).getByText('1,61,069.58')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Statements missing' })).getByText('11-07-2025 – 13-07-2025'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Still on Suspense' })).getByText('UPI-UNKNOWN'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'GST input and TDS' })).getByText('Input CGST'),
    ).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Pushed to Tally' })).getByText('In Tally')).toBeTruthy();
    const [, opts] = vi.mocked(client.call).mock.calls[0];
    expect(opts).toMatchObject({ params: { id: 'c1' } });
  });
});
