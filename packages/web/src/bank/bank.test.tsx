import type { StoredStatement } from '@bahi/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BankPage from '../pages/BankPage.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { SAMPLE_ROWS } from '../test/rows.ts';
import { crc32, toCsv, toXlsx } from './export.ts';
import { UNSURE } from './TransactionsTable.tsx';
import { Filters, type FilterState } from './Filters.tsx';
import { filterIndexes, indexRows } from './rows-index.ts';
import { filterTransactionIndexes } from '@bahi/core';
import {
  bankMismatch,
  bankUnconfirmed,
  downloadProblem,
  fileTypeProblem,
  isSheetFile,
  sendConfirmation,
  sendProblem,
} from './validate.ts';

const said = vi.hoisted(() => ({ tell: vi.fn(), tellDone: vi.fn() }));
vi.mock('../components/toasts.tsx', async (original) => ({ ...(await original<object>()), ...said }));
/** The titles of what the screen said in the page (issue 34: never window.alert). */
const saidTexts = () => [...said.tell.mock.calls, ...said.tellDone.mock.calls].map((c) => c[0]);

const rows = [
  ...SAMPLE_ROWS,
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
    expect(sendConfirmation(7, 2)).toBe(
      "Are you sure you want to send 7 transactions to Tally? 2 of them have no ledger: they go to 'Suspense' (cash withdrawals and deposits to 'Cash' as Contra).",
    );
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
  it('issue 35: a CSV or text download when no bank is chosen, its columns marked if need be', () => {
    expect(fileTypeProblem('frobnitz.CSV', '')).toBeNull();
    expect(fileTypeProblem('export.txt', '')).toBeNull();
    expect(fileTypeProblem('frobnitz.csv', 'SBI')).toBe('Only PDF or RPT files are allowed.');
    expect(isSheetFile('a.csv')).toBe(true);
    expect(isSheetFile('a.XLSX')).toBe(true);
    expect(isSheetFile('a.pdf')).toBe(false);
  });
  it('issue 34: photos for every bank, Excel when no bank is chosen (the bank is read from the file)', () => {
    expect(fileTypeProblem('scan.JPG', 'SBI')).toBeNull();
    expect(fileTypeProblem('scan.jpeg', '')).toBeNull();
    expect(fileTypeProblem('scan.png', 'PNB')).toBeNull();
    expect(fileTypeProblem('a.xlsx', '')).toBeNull();
    expect(fileTypeProblem('a.docx', '')).toBe('Only PDF or RPT files are allowed.');
  });
  it('issue 34: a warning whenever the bank read differs from the bank chosen', () => {
    const d = {
      code: 'SBI',
      label: 'State Bank of India',
      requested: 'SBI',
      corrected: false,
      reason: 'IFSC',
    };
    expect(bankMismatch(d)).toBeNull();
    expect(bankMismatch({ ...d, requested: null })).toBeNull();
    expect(bankMismatch({ ...d, code: 'HDFC', label: 'HDFC Bank', corrected: true })).toBe(
      'This statement is from HDFC Bank, not the bank chosen (SBI): it was read as HDFC Bank.',
    );
    // a bank without a profile (its IFSC names it): not corrected by the reader, still warned about
    expect(bankMismatch({ ...d, code: null, label: 'Central Bank of India' })).toContain(
      'from Central Bank of India, not the bank chosen (SBI)',
    );
    expect(
      bankUnconfirmed({ ...d, reason: 'no IFSC or bank name found in the header; using the requested bank' }),
    ).toContain('does not name its bank');
    expect(bankUnconfirmed(d)).toBeNull();
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

describe('row index (issue 19: filters on precomputed fields)', () => {
  it("answers exactly what @bahi/core's filterTransactionIndexes answers", () => {
    const many = Array.from({ length: 400 }, (_, i) => ({
      ...rows[i % rows.length],
      Description: `${rows[i % rows.length].Description} N${i % 7}`,
      Date: i % 13 === 0 ? 'Opening' : `${String(1 + (i % 28)).padStart(2, '0')}-0${1 + (i % 9)}-2025`,
      Withdrawal: i % 3 === 0 ? '' : i % 5 === 0 ? '0.00' : '1,000.00',
      Deposit: i % 3 === 0 ? '2,000.00' : '',
    }));
    const index = indexRows(many);
    const filters: FilterState[] = [
      { keywords: [''], only: 'all', from: '', to: '' },
      { keywords: ['upi', ' n3 '], only: 'all', from: '', to: '' },
      { keywords: ['ACME'], only: 'deposits', from: '2025-03-01', to: '2025-06-15' },
      { keywords: [''], only: 'withdrawals', from: '2025-02-10', to: '' },
    ];
    for (const f of filters) expect(filterIndexes(index, f)).toEqual(filterTransactionIndexes(many, f));
  });
});

const ID = '0b9b6f62-8f3c-4b53-9d7e-2f1f4c1e9a10';

/** The server of issue 19, in memory: the statement, its rows and the ledger saves it received. */
function fakeServer(
  opts: { failLedgers?: boolean; ocrFlags?: number[]; crops?: Record<string, string> } = {},
) {
  const meta: StoredStatement = {
    id: ID,
    requested_bank: 'HDFC',
    file_name: 'a.pdf',
    format: 'pdf',
    created_at: '2025-04-05T10:00:00.000Z',
    updated_at: '2025-04-05T10:00:00.000Z',
    row_count: rows.length,
    revision: 1,
    edited: false,
    accepted: false,
    statement_info: ANSWER.statement_info,
    bank_detected: ANSWER.bank_detected,
    reconciliation: { ...ANSWER.reconciliation, ocr_flags: opts.ocrFlags ?? [] },
    reasons: [],
    issues: [],
    layout_used: null,
    other_read: null,
    xml_preview: '',
    fallback_accounts: {},
  };
  const ledgers = rows.map((r) => r.LedgerName);
  const saves: unknown[] = [];
  const plans: unknown[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(`/statements/${ID}`)) return json(meta);
    if (url.endsWith(`/statements/${ID}/scan-crops`)) return json({ crops: opts.crops ?? {} });
    if (url.endsWith(`/statements/${ID}/rows`))
      return json({
        id: ID,
        offset: 0,
        total: rows.length,
        revision: 1,
        rows: rows.map((r) => [r.Date, r.Description, r.Withdrawal, r.Deposit, r.ClosingBalance]),
        ledgers,
      });
    if (url.endsWith(`/statements/${ID}/ledgers`)) {
      if (opts.failLedgers) return json({ detail: 'The database is not answering.' }, 503);
      const body = JSON.parse(String(init?.body)) as { changes: { rows: number[]; ledger: string }[] };
      saves.push(body);
      for (const c of body.changes) for (const i of c.rows) ledgers[i] = c.ledger;
      return json({ ok: true, revision: 1, saved: 1 });
    }
    if (url.endsWith('/tally/push-plan')) {
      // The rows shown (the 'Opening' line is hidden): 0 and 2 of them have no ledger.
      plans.push(JSON.parse(String(init?.body)));
      return json({
        vouchers: 3,
        already_sent: 0,
        already_downloaded: 0,
        already_in_tally: 0,
        without_ledger: 2,
        without_ledger_rows: [0, 2],
        suggestions: [{ index: 0, ledger: 'Rent', reason: "You used 'Rent' for ravi@okaxis" }],
        masters: [],
        groups: ['Indirect Expenses'],
      });
    }
    if (url.includes('/download-xml')) return new Response('<ENVELOPE/>', { status: 200 });
    return json({ suggestions: [] });
  });
  return { fetch, ledgers, saves, plans };
}

function renderBank() {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/app/bank/${ID}`]}>
      <Routes>
        <Route path="/app/bank/:id" element={<BankPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('BankPage', () => {
  // a whole screen rendered in jsdom: seconds on a loaded two-core machine
  vi.setConfig({ testTimeout: 30_000 });
  afterEach(() => {
    cleanup(); // unmounted (its last flush) while the fake server still answers
    vi.unstubAllGlobals();
  });

  it('loads the statement by id, hides rows without a date, filters, and saves Apply Ledger to Filtered to the server', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    renderBank();
    expect(await screen.findByText('Showing 3 of 4 transactions')).toBeTruthy();
    expect(screen.getByText('Balanced')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Keyword 1'), { target: { value: 'upi' } });
    expect(screen.getByText('Showing 2 of 4 transactions')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Keyword 1'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Ledger for the rows shown'), { target: { value: 'Suspense X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Ledger to Filtered' }));
    expect(screen.getByText('2 empty ledger names filled.')).toBeTruthy();
    // On the server, in one change: the named row keeps its ledger, the hidden row is untouched.
    await waitFor(() => expect(server.ledgers).toEqual(['Suspense X', 'Sales', '', 'Suspense X']));
    expect(server.saves).toEqual([{ revision: 1, changes: [{ ledger: 'Suspense X', rows: [0, 3] }] }]);
    expect(await screen.findByText('All changes saved')).toBeTruthy();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('issue 32: a row read from a scan unsure is marked, and no other', async () => {
    const server = fakeServer({ ocrFlags: [3] });
    vi.stubGlobal('fetch', server.fetch);
    renderBank();
    await screen.findByText('Showing 3 of 4 transactions');
    const marked = document.querySelectorAll('tr[data-unsure]');
    expect([...marked].map((r) => r.getAttribute('data-row'))).toEqual(['3']);
    expect(screen.getByRole('row', { name: `Row 4: ${UNSURE}` })).toBeTruthy();
  });

  it('issue 32: an unsure row is shown with the strip of the scan it was read from, and no other row', async () => {
    // row 1 has a strip but no flag (the flag decides), row 4 both
    const server = fakeServer({ ocrFlags: [3], crops: { '3': 'QUJD', '1': 'WFla' } });
    vi.stubGlobal('fetch', server.fetch);
    renderBank();
    const strip = await screen.findByRole('img', { name: 'Row 4 as scanned' });
    expect(strip.getAttribute('src')).toBe('data:image/jpeg;base64,QUJD');
    expect(screen.getAllByRole('img', { name: /as scanned$/ })).toHaveLength(1);
    const figure = screen.getByRole('figure', { name: 'Row 4 on the scan' });
    expect(figure.textContent).toContain(rows[3]!.Date);
    expect(screen.getByRole('button', { name: 'Show row 4' })).toBeTruthy();
    expect(server.fetch.mock.calls.some(([u]) => String(u).endsWith('/scan-crops'))).toBe(true);
  });

  it('issue 32: a statement with no unsure row does not ask for strips', async () => {
    const server = fakeServer({ crops: { '3': 'QUJD' } });
    vi.stubGlobal('fetch', server.fetch);
    renderBank();
    await screen.findByText('Showing 3 of 4 transactions');
    expect(screen.queryByRole('img', { name: /as scanned$/ })).toBeNull();
    expect(server.fetch.mock.calls.some(([u]) => String(u).endsWith('/scan-crops'))).toBe(false);
  });

  it('a ledger save that fails is shown with a retry, never swallowed', async () => {
    const server = fakeServer({ failLedgers: true });
    vi.stubGlobal('fetch', server.fetch);
    renderBank();
    await screen.findByText('Showing 3 of 4 transactions');
    fireEvent.change(screen.getByLabelText('Ledger for the rows shown'), { target: { value: 'Rent' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Ledger to Filtered' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('Your changes are not saved');
    expect(alert.textContent).toContain('The database is not answering.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it("the plan's ledgers for rows without one are kept on the rows and saved (issue 31)", async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    renderBank();
    await screen.findByText('Showing 3 of 4 transactions');
    fireEvent.change(screen.getByLabelText(/Local IP of the Tally connector/), {
      target: { value: '192.168.1.5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download XML' }));
    const plan = await screen.findByRole('dialog', { name: 'Before Download XML' });
    fireEvent.change(within(plan).getByLabelText('One ledger for the rows without one'), {
      target: { value: 'Office Expenses' },
    });
    fireEvent.click(within(plan).getByRole('button', { name: 'Apply' }));
    // Planned again with the rows filled, then confirmed.
    await waitFor(() => expect(server.plans).toHaveLength(2));
    fireEvent.click(within(plan).getByRole('button', { name: 'Download XML' }));
    // Statement rows 0 and 3 (the panel's 0 and 2) take it; row 1 keeps Sales, the hidden row stays empty.
    await waitFor(() => expect(server.ledgers).toEqual(['Office Expenses', 'Sales', '', 'Office Expenses']));
    expect(server.saves).toEqual([{ revision: 1, changes: [{ ledger: 'Office Expenses', rows: [0, 3] }] }]);
  });

  it('Send to Tally validates before calling anything', async () => {
    vi.stubGlobal('fetch', fakeServer().fetch);
    renderBank();
    fireEvent.click(await screen.findByRole('button', { name: 'Send to Tally' }));
    expect(saidTexts()).toContain('Please enter the local IP of the Tally connector.');
  });
});

const ANSWER = {
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
    opening_source: 'printed' as const,
    checked_balances: 3,
    breaks: [],
    notes: [],
    printed_closing: '2,37,500.50',
    ocr_flags: [],
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
};
