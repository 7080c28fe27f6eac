import type { AccountInfo } from '@bahi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import * as bank from '../bank/api.ts';
import * as api from './api.ts';
import { ReadAndFile } from './ClientPage.tsx';

// "Read and file" (issue 31, round 3f): the statement read is kept on the server, and the filing
// names it, so the book takes each row's reference (cheque number, UTR) from what was printed.

vi.mock('../bank/api.ts', () => ({ extractStatement: vi.fn() }));
vi.mock('./api.ts', () => ({ fileStatement: vi.fn() }));

afterEach(() => vi.clearAllMocks());

describe('read and file', () => {
  it('names the statement kept on the server when it files its rows', async () => {
    const transactions = [
      {
        Date: '03-06-2025',
        Description: 'CHQ PAID',
        Withdrawal: '45,000.00',
        Deposit: '',
        ClosingBalance: '',
      },
    ];
    vi.mocked(bank.extractStatement).mockResolvedValueOnce({
      statement_info: {
        bank: 'HDFC',
        account_number: '50100012345678',
        period_from: '01-06-2025',
        period_to: '30-06-2025',
      },
      transactions,
      statement_id: '7f0c3a52-1111-4222-8333-944455556666',
    } as unknown as Awaited<ReturnType<typeof bank.extractStatement>>);
    vi.mocked(api.fileStatement).mockResolvedValueOnce({ message: 'Filed 1 row.' } as Awaited<
      ReturnType<typeof api.fileStatement>
    >);
    const { container } = renderWithProviders(
      <ReadAndFile clientId="c1" accounts={[{ bank: 'HDFC' } as AccountInfo]} onFiled={() => {}} />,
    );
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'june.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Read and file' }));
    await waitFor(() => expect(api.fileStatement).toHaveBeenCalled());
    expect(vi.mocked(api.fileStatement).mock.calls[0][0]).toMatchObject({
      client_id: 'c1',
      transactions,
      statement_id: '7f0c3a52-1111-4222-8333-944455556666',
    });
  });
});
