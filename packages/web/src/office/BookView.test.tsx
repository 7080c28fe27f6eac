import type { BookAnswer, BookRowInfo } from '@bahi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { renderWithProviders } from '../test/render.tsx';
import * as api from './api.ts';
import { BookView } from './BookView.tsx';

// The office book (issue 31): a row without a ledger is offered what the client's memory learnt
// since it was filed, the push can take every suggestion at once, and each new ledger gets a group
// of its own.

vi.mock('./api.ts', () => ({
  getBook: vi.fn(),
  pushBook: vi.fn(),
  setLedgers: vi.fn(async () => ({ updated: 1, remembered: 1 })),
  createRule: vi.fn(),
  exportXml: vi.fn(async () => '<ENVELOPE/>'),
}));
vi.mock('../api/client.ts', async (original) => ({
  ...(await original<typeof import('../api/client.ts')>()),
  saveBlob: vi.fn(),
}));
// the client's Tally company (issue 35): none kept in these tests
vi.mock('../tally/api.ts', () => ({
  fetchCompany: vi.fn(async () => null),
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

afterEach(() => vi.clearAllMocks());

const row = (id: string, over: Partial<BookRowInfo>): BookRowInfo => ({
  id,
  Date: '02-01-2026',
  Description: `UPI-KIRANA STORE-${id}`,
  Withdrawal: '100.00',
  Deposit: '',
  ClosingBalance: '1,000.00',
  LedgerName: '',
  reference: '',
  ledger_source: null,
  ledger_reason: '',
  voucher_type: null,
  pushed: false,
  gap_before: false,
  ...over,
});

const book = {
  account: {
    unpushed: 3,
    rows: 3,
    pushed: 0,
    bank: 'HDFC',
    account_number: '50100999',
    tally_ledger: 'HDFC',
  },
  months: [
    {
      month: '2026-01',
      rows: 3,
      withdrawals: '300.00',
      deposits: '',
      opening: '1,300.00',
      closing: '1,000.00',
      pushed: 0,
      unpushed: 3,
      unpushed_from: '2026-01-02',
      unpushed_to: '2026-01-02',
    },
  ],
  gaps: [],
  uncovered: [],
  statements: [],
  rows: [
    row('a', { suggested_ledger: 'Purchases', suggested_reason: "You used 'Purchases' for KIRANA STORE" }),
    row('b', { Description: 'NEFT-SHARMA ESTATES', suggested_ledger: 'Office Rent' }),
    row('c', { Description: 'NEFT-ACME CORP' }),
  ],
  rows_total: 3,
  rows_from: 0,
  suggested_rows: 2,
} as unknown as BookAnswer;

describe('the office book', () => {
  it('marks a ledger the payee’s memory set on its own, and undoes it in one click', async () => {
    vi.mocked(api.getBook).mockResolvedValue({
      ...book,
      rows: [
        row('m', {
          LedgerName: 'Purchases',
          ledger_source: 'memory',
          ledger_reason: "You used 'Purchases' for KIRANA STORE",
        }),
        row('h', { LedgerName: 'Rent', ledger_source: 'manual', Description: 'NEFT-SHARMA ESTATES' }),
      ],
    } as unknown as BookAnswer);
    renderWithProviders(<BookView clientId="c1" accountId="a1" onChanged={() => {}} />);
    const undo = await screen.findByRole('button', {
      name: 'Undo the remembered Purchases for 02-01-2026 UPI-KIRANA STORE-m',
    });
    // only the memory's row has it: a ledger set by hand is the person's own
    expect(screen.getAllByRole('button', { name: /^Undo the remembered/ })).toHaveLength(1);
    fireEvent.click(undo);
    await waitFor(() => expect(api.setLedgers).toHaveBeenCalledWith('a1', [{ id: 'm', ledger: '' }]));
  });

  it("reads what Tally holds from the client's company", async () => {
    const bridge = await import('../bank/bridge.ts');
    // asked when the book opens (Push and send is offered when it answers) and again by the push
    vi.mocked(bridge.bridgeAvailable).mockResolvedValue(true);
    vi.mocked(bridge.readHeldThroughBridge).mockResolvedValueOnce(null);
    vi.mocked(bridge.rememberedTallyIp).mockReturnValue('192.168.1.5');
    vi.mocked(api.getBook).mockResolvedValue(book);
    vi.mocked(api.pushBook).mockResolvedValueOnce({
      ok: true,
      xml_id: '',
      xml: '',
      vouchers: 0,
      rows: 0,
      masters: [],
    });
    renderWithProviders(
      <BookView clientId="c1" accountId="a1" tallyCompany=" Suggest Traders " onChanged={() => {}} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Push 3 unpushed row(s) to Tally' }));
    await waitFor(() =>
      expect(bridge.readHeldThroughBridge).toHaveBeenCalledWith(
        '192.168.1.5',
        'Suggest Traders',
        'HDFC',
        '2026-01-02',
        '2026-01-02',
      ),
    );
    vi.mocked(bridge.rememberedTallyIp).mockReturnValue('');
    vi.mocked(bridge.bridgeAvailable).mockResolvedValue(false);
  });

  it('offers the suggestions, pushes with all of them, and asks a group per new ledger', async () => {
    vi.mocked(api.getBook).mockResolvedValue(book);
    vi.mocked(api.pushBook)
      .mockRejectedValueOnce(
        new ApiError(422, 'Choose the group', {
          new_ledgers: ['Purchases', 'Office Rent'],
          groups: ['Indirect Expenses', 'Purchase Accounts'],
        }),
      )
      .mockResolvedValueOnce({ ok: true, xml_id: 'x', xml: '<x/>', vouchers: 3, rows: 3, masters: [] });
    renderWithProviders(<BookView clientId="c1" accountId="a1" onChanged={() => {}} />);
    // The suggestion is shown on its row, and taken for that row alone with Use.
    expect(await screen.findByPlaceholderText('Suggested: Purchases')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Use Office Rent for 02-01-2026 NEFT-SHARMA ESTATES' }),
    );
    await waitFor(() =>
      expect(api.setLedgers).toHaveBeenCalledWith('a1', [{ id: 'b', ledger: 'Office Rent' }]),
    );

    fireEvent.click(screen.getByLabelText('Use all suggestions (2 row(s) without a ledger)'));
    fireEvent.click(screen.getByRole('button', { name: 'Push 3 unpushed row(s) to Tally' }));
    await waitFor(() =>
      expect(api.pushBook).toHaveBeenCalledWith('a1', undefined, undefined, { use_suggestions: true }),
    );
    // Two new ledgers: a group each; the push waits until both have one.
    const go = await screen.findByRole('button', { name: 'Push with these groups' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    const user = userEvent.setup();
    // native lists since issue 34 round five (one action a choice)
    const choose = async (select: string, group: string) => {
      await user.selectOptions(screen.getByRole('combobox', { name: select }), group);
    };
    await choose('Group of Purchases', 'Purchase Accounts');
    expect((go as HTMLButtonElement).disabled).toBe(true);
    await choose('Group of Office Rent', 'Indirect Expenses');
    expect((go as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(go);
    await waitFor(() =>
      expect(api.pushBook).toHaveBeenLastCalledWith('a1', undefined, undefined, {
        ledger_groups: { Purchases: 'Purchase Accounts', 'Office Rent': 'Indirect Expenses' },
        use_suggestions: true,
      }),
    );
  });

  it('asks the book a page at a time, and the view of the filter from its first page', async () => {
    // Issue 33: the screen asked for every row of the book (up to 50,000) and filtered them itself.
    const big = { ...book, rows_total: 1_234 } as BookAnswer;
    vi.mocked(api.getBook).mockResolvedValue(big);
    renderWithProviders(<BookView clientId="c1" accountId="a1" onChanged={() => {}} />);
    await screen.findByText('Rows 1–3 of 1,234');
    expect(api.getBook).toHaveBeenLastCalledWith('a1', { rows_from: 0, rows_limit: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Next 500' }));
    await waitFor(() =>
      expect(api.getBook).toHaveBeenLastCalledWith('a1', { rows_from: 500, rows_limit: 500 }),
    );
    fireEvent.change(screen.getByLabelText('Narration words'), { target: { value: 'kirana' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Deposits' }));
    await waitFor(() =>
      expect(api.getBook).toHaveBeenLastCalledWith('a1', {
        words: 'kirana',
        only: 'deposits',
        rows_from: 0,
        rows_limit: 500,
      }),
    );
  });

  it('downloads a push of more than one part by its id: its answer carries no file (issue 33)', async () => {
    const client = await import('../api/client.ts');
    vi.mocked(api.getBook).mockResolvedValue(book);
    vi.mocked(api.pushBook).mockResolvedValueOnce({
      ok: true,
      xml_id: 'e1',
      xml: '',
      vouchers: 1200,
      rows: 1200,
      masters: [],
    });
    renderWithProviders(<BookView clientId="c1" accountId="a1" onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Push 3 unpushed row(s) to Tally' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download the file' }));
    await waitFor(() => expect(client.saveBlob).toHaveBeenCalledTimes(1));
    expect(api.exportXml).toHaveBeenCalledWith('e1');
    const [blob, name] = vi.mocked(client.saveBlob).mock.calls[0]!;
    expect(await (blob as Blob).text()).toBe('<ENVELOPE/>');
    expect(name).toBe('book_50100999.xml');
  });

  it('sends a push of more than one part through the bridge a part at a time (issue 33)', async () => {
    const bridge = await import('../bank/bridge.ts');
    vi.mocked(api.getBook).mockResolvedValue(book);
    vi.mocked(api.pushBook).mockResolvedValueOnce({
      ok: true,
      xml_id: 'e1',
      xml: '',
      vouchers: 1200,
      rows: 1200,
      masters: [],
    });
    vi.mocked(bridge.bridgeAvailable).mockResolvedValue(true);
    vi.mocked(bridge.pushThroughBridge).mockResolvedValue({ ok: true, status: 'success' });
    renderWithProviders(<BookView clientId="c1" accountId="a1" onChanged={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Push 3 unpushed row(s) to Tally' }));
    fireEvent.change(await screen.findByLabelText('Tally address (IP)'), { target: { value: '10.0.0.5' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Send through the bridge' }));
    await waitFor(() => expect(bridge.pushThroughBridge).toHaveBeenCalledTimes(3));
    // 1,200 vouchers in parts of 500: parts 0, 1 and 2, each asked alone (never the whole export)
    expect(vi.mocked(bridge.pushThroughBridge).mock.calls.map((c) => [c[1], c[2]])).toEqual([
      ['e1', 0],
      ['e1', 1],
      ['e1', 2],
    ]);
  });
});
