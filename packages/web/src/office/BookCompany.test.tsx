import type { BookAnswer, BookRowInfo, TallyCompanyAnswer } from '@bahi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import * as tallyApi from '../tally/api.ts';
import { resetTallyCompany } from '../tally/useTallyCompany.ts';
import * as api from './api.ts';
import { BookView } from './BookView.tsx';

// The client's company in the book (issue 35): its ledgers offered in the ledger cells and the rule
// field, a ledger it does not keep marked before the push; a row's GST/TDS split saved.

vi.mock('./api.ts', () => ({
  getBook: vi.fn(),
  pushBook: vi.fn(),
  setLedgers: vi.fn(),
  setSplits: vi.fn(async () => ({ updated: 1 })),
  createRule: vi.fn(),
}));
vi.mock('../tally/api.ts', () => ({
  fetchCompany: vi.fn(),
  readCompanyThroughBridge: vi.fn(),
  uploadMastersFile: vi.fn(),
}));
vi.mock('../bank/bridge.ts', () => ({
  bridgeAvailable: vi.fn(async () => false),
  pushThroughBridge: vi.fn(),
  readHeldThroughBridge: vi.fn(),
  rememberTallyIp: vi.fn(),
  rememberedTallyIp: vi.fn(() => ''),
}));
afterEach(() => {
  vi.clearAllMocks();
  resetTallyCompany();
});

const row = (id: string, over: Partial<BookRowInfo>): BookRowInfo => ({
  id,
  Date: '05-07-2025',
  Description: `ROW ${id}`,
  Withdrawal: '590.00',
  Deposit: '',
  ClosingBalance: '1,000.00',
  LedgerName: '',
  reference: '',
  ledger_source: 'manual',
  ledger_reason: '',
  voucher_type: null,
  pushed: false,
  gap_before: false,
  ...over,
});

const book = {
  account: {
    unpushed: 2,
    rows: 2,
    pushed: 0,
    bank: 'HDFC',
    account_number: '501',
    tally_ledger: 'HDFC Bank',
  },
  months: [],
  gaps: [],
  uncovered: [],
  statements: [],
  rows: [row('a', { LedgerName: 'Bank Charges' }), row('b', { LedgerName: 'Misc Expenses' })],
  rows_total: 2,
  rows_from: 0,
  suggested_rows: 0,
} as unknown as BookAnswer;

const company = {
  company: { name: 'Report Traders', state: 'Maharashtra', gstin: '', version: 'TallyPrime 4.1' },
  ledgers: [
    { name: 'Bank Charges', parent: 'Indirect Expenses' },
    { name: 'HDFC Bank', parent: 'Bank Accounts' },
  ],
  stockItems: [],
  voucherTypes: [],
  source: 'bridge',
  read_at: '2025-07-01T00:00:00.000Z',
} as unknown as TallyCompanyAnswer;

describe("the client's company in the book", () => {
  it('loads the client’s company, offers its ledgers and marks a ledger it lacks', async () => {
    vi.mocked(tallyApi.fetchCompany).mockResolvedValue(company);
    vi.mocked(api.getBook).mockResolvedValue(book);
    renderWithProviders(
      <BookView clientId="c1" accountId="a1" tallyCompany="Report Traders" onChanged={() => {}} />,
    );
    await waitFor(() => expect(tallyApi.fetchCompany).toHaveBeenCalledWith('Report Traders'));
    const cell = await screen.findByRole('combobox', { name: 'Ledger for 05-07-2025 ROW b' });
    // the picker offers the company's ledgers as the name is typed (issue 34 round four)
    await waitFor(() => expect(screen.queryByText('New ledger')).toBeTruthy());
    fireEvent.change(cell, { target: { value: 'ba' } });
    const list = screen.getByRole('listbox', { name: 'Ledgers for 05-07-2025 ROW b' });
    expect([...list.querySelectorAll('[role=option]')].map((o) => o.textContent)).toEqual([
      'Bank Charges',
      'HDFC Bank',
    ]);
    // only the ledger the company does not keep is marked
    expect(screen.getAllByText('New ledger')).toHaveLength(1);
    expect(screen.getByText('New ledger').closest('[title]')?.getAttribute('title')).toMatch(
      /Not in Report Traders/,
    );
  });

  it("saves a row's split from its legs", async () => {
    vi.mocked(tallyApi.fetchCompany).mockResolvedValue(null);
    vi.mocked(api.getBook).mockResolvedValue(book);
    renderWithProviders(<BookView clientId="c1" accountId="a1" onChanged={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add GST/TDS for 05-07-2025 ROW a' }));
    await userEvent.click(screen.getByText('Charge + GST'));
    await userEvent.click(screen.getByText('Save split'));
    await waitFor(() =>
      expect(api.setSplits).toHaveBeenCalledWith('a1', [
        { id: 'a', tax_split: { kind: 'gst', ratePercent: 18, interstate: false } },
      ]),
    );
  });
});
