import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import CreateVoucherPage from '../pages/CreateVoucherPage.tsx';
import { makeToken, renderWithProviders } from '../test/render.tsx';
import { draftKey, loadDraft, saveDraft } from './storage.ts';
import { emptyRow } from './rows.ts';
import { resetTallyCompany } from '../tally/useTallyCompany.ts';

const said = vi.hoisted(() => ({ tell: vi.fn(), tellDone: vi.fn() }));
vi.mock('../components/toasts.tsx', async (original) => ({ ...(await original<object>()), ...said }));
/** The titles of what the screen said in the page (issue 34: never window.alert). */
const saidTexts = () => [...said.tell.mock.calls, ...said.tellDone.mock.calls].map((c) => c[0]);

// happy-dom lays nothing out, so the virtualiser would see a 0-pixel window and render no rows:
// give every element a viewport-sized box for these tests.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const TOKEN = makeToken({ sub: 'user-1', name: 'Asha', exp: Math.floor(Date.now() / 1000) + 3600 });

function renderPage() {
  localStorage.setItem('access_token', TOKEN);
  const user = userEvent.setup();
  const view = renderWithProviders(<CreateVoucherPage />);
  return { user, ...view };
}

const cell = (label: string, n: number) => screen.getByLabelText(`${label}, row ${n}`) as HTMLInputElement;
const rowCount = () => screen.queryAllByLabelText(/^Ledger Name, row \d+$/).length;

describe('Create Vouchers screen', () => {
  it('has the columns and controls of the specification', () => {
    renderPage();
    for (const name of [
      'Date',
      'Voucher Type',
      'Ledger Name',
      'Party Name',
      'Description',
      'Net Amount',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Export XML from Backend' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Row' })).toBeTruthy();
    // Dates are typed DD-MM-YYYY whatever the browser's locale (not <input type="date">).
    expect(cell('Date', 1).placeholder).toBe('DD-MM-YYYY');
    expect(cell('Net Amount', 1).type).toBe('number');
    const types = within(cell('Voucher Type', 1) as unknown as HTMLElement)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(types).toEqual(['', 'Receipt', 'Journal', 'Payment', 'Sales', 'Purchase']);
  });

  it('Enter in a cell adds a row at the end and focuses it; Remove takes a row out', async () => {
    const { user } = renderPage();
    await user.type(cell('Ledger Name', 1), 'Cash{Enter}');
    expect(rowCount()).toBe(2);
    await waitFor(() => expect(document.activeElement).toBe(cell('Date', 2)));
    await user.click(screen.getByRole('button', { name: 'Add Row' }));
    expect(rowCount()).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(rowCount()).toBe(2);
    expect(cell('Ledger Name', 1).value).toBe('Cash');
  });

  it('Up and Down move to the same cell of the next or previous row', async () => {
    localStorage.setItem('access_token', TOKEN);
    saveDraft(draftKey(TOKEN), [emptyRow(), emptyRow(), emptyRow()]);
    const { user } = renderPage();
    await user.click(cell('Ledger Name', 1));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(cell('Ledger Name', 2)));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(cell('Ledger Name', 3)));
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(document.activeElement).toBe(cell('Ledger Name', 2)));
    expect(rowCount()).toBe(3);
  });

  it('keeps the rows for the signed-in user across a reload', async () => {
    const { user, unmount } = renderPage();
    await user.type(cell('Party Name', 1), 'Asha Traders');
    await user.selectOptions(cell('Voucher Type', 1) as unknown as HTMLElement, 'Payment');
    unmount();
    renderPage();
    expect(cell('Party Name', 1).value).toBe('Asha Traders');
    expect((cell('Voucher Type', 1) as unknown as HTMLSelectElement).value).toBe('Payment');
    expect(loadDraft(draftKey(TOKEN))?.[0].partyName).toBe('Asha Traders');
  });

  it('Clear all asks first, then empties the table and the draft', async () => {
    localStorage.setItem('access_token', TOKEN);
    saveDraft(draftKey(TOKEN), [
      { ...emptyRow(), ledgerName: 'A' },
      { ...emptyRow(), ledgerName: 'B' },
    ]);
    const { user } = renderPage();
    expect(rowCount()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all rows?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(rowCount()).toBe(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(rowCount()).toBe(1));
    expect(cell('Ledger Name', 1).value).toBe('');
    expect(loadDraft(draftKey(TOKEN))).toBeNull();
  });

  it('Duplicate inserts the copies right after the source row', async () => {
    localStorage.setItem('access_token', TOKEN);
    saveDraft(draftKey(TOKEN), [
      { ...emptyRow(), description: 'first', date: '2025-04-10', netAmount: '100' },
      { ...emptyRow(), description: 'last' },
    ]);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Duplicate row 1' }));
    const copies = await screen.findByLabelText('How many copies?');
    await user.clear(copies);
    await user.type(copies, '2');
    await user.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(rowCount()).toBe(4));
    expect([1, 2, 3, 4].map((n) => cell('Description', n).value)).toEqual([
      'first',
      'first (Copy 1)',
      'first (Copy 2)',
      'last',
    ]);
    expect(cell('Date', 3).value).toBe('12-04-2025');
  });

  it('sends the rows with the token and says the server message on failure', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Row 1: Date is missing.' }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    said.tell.mockReset();
    const { user } = renderPage();
    await user.type(cell('Ledger Name', 1), 'Cash');
    await user.click(screen.getByRole('button', { name: 'Export XML from Backend' }));
    await waitFor(() => expect(saidTexts()).toContain('Error exporting XML: Row 1: Date is missing.'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/voucher-importer/generate-xml');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(init.body as string)).toEqual({
      rows: [
        { date: '', voucherType: '', ledgerName: 'Cash', partyName: '', description: '', netAmount: '' },
      ],
    });
    // A failed export keeps the draft.
    expect(loadDraft(draftKey(TOKEN))?.[0].ledgerName).toBe('Cash');
  });

  it('the bank and GST columns (issue 31) go with the export, kept in the draft, shown while a row has them', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ detail: 'nope', problems: [] }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { user, unmount } = renderPage();
    expect(screen.queryByRole('columnheader', { name: 'HSN/SAC' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Bank and GST columns' }));
    for (const name of ['Instrument No.', 'GST %', 'HSN/SAC', 'Party GSTIN', 'Party State'])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    await user.selectOptions(cell('Voucher Type', 1), 'Sales');
    await user.type(cell('GST %', 1), '18');
    await user.type(cell('HSN/SAC', 1), '8471');
    await user.type(cell('Party GSTIN', 1), '27AAPFU0939F1ZV');
    await user.type(cell('Party State', 1), 'Gujarat');
    await user.type(screen.getByLabelText(/Company's state/), 'Maharashtra');
    await user.click(screen.getByRole('button', { name: 'Export XML from Backend' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      rows: [
        {
          date: '',
          voucherType: 'Sales',
          ledgerName: '',
          partyName: '',
          description: '',
          netAmount: '',
          gstRate: '18',
          hsn: '8471',
          partyGstin: '27AAPFU0939F1ZV',
          partyState: 'Gujarat',
        },
      ],
      company_state: 'Maharashtra',
    });
    // A reload keeps them, and their columns show without asking.
    expect(loadDraft(draftKey(TOKEN))?.[0].hsn).toBe('8471');
    unmount();
    renderPage();
    expect(cell('HSN/SAC', 1).value).toBe('8471');
  });

  it('a date is typed DD-MM-YYYY and kept ISO; a wrong one is marked when the cell is left', async () => {
    const { user } = renderPage();
    await user.type(cell('Date', 1), '5-4-2025');
    await user.tab();
    expect(cell('Date', 1).value).toBe('05-04-2025');
    expect(loadDraft(draftKey(TOKEN))?.[0].date).toBe('2025-04-05');
    await user.clear(cell('Date', 1));
    await user.type(cell('Date', 1), '31-02-2025');
    await user.tab();
    expect(cell('Date', 1).getAttribute('aria-invalid')).toBe('true');
    // The text goes to the server as typed, which names the row (nothing is silently dropped).
    expect(loadDraft(draftKey(TOKEN))?.[0].date).toBe('31-02-2025');
  });

  it('marks the rows the server refused and unmarks a row once it is edited', async () => {
    const answer = {
      detail: 'Nothing was exported: 1 row is incomplete. Row 2: Date is missing.',
      problems: [{ row: 2, problems: ['Date is missing.'] }],
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(answer), { status: 422, headers: { 'Content-Type': 'application/json' } }),
    );
    said.tell.mockReset();
    localStorage.setItem('access_token', TOKEN);
    saveDraft(draftKey(TOKEN), [
      { ...emptyRow(), ledgerName: 'A' },
      { ...emptyRow(), ledgerName: 'B' },
    ]);
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Export XML from Backend' }));
    await waitFor(() => expect(saidTexts()).toContain(`Error exporting XML: ${answer.detail}`));
    const marked = () => [...document.querySelectorAll('tr[data-problem]')].map((tr) => tr.textContent);
    expect(marked()).toHaveLength(1);
    expect(marked()[0]).toContain('! 2');
    expect(screen.getByText('1 row needs fixing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Row 2' }));
    await waitFor(() => expect(document.activeElement).toBe(cell('Date', 2)));
    await user.type(cell('Date', 2), '01-04-2025');
    expect(marked()).toHaveLength(0);
    expect(screen.queryByText('1 row needs fixing')).toBeNull();
  });

  it('a successful export downloads vouchers.xml and drops the draft', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('<ENVELOPE/>', {
        status: 200,
        headers: {
          'Content-Type': 'application/xml',
          'Content-Disposition': 'attachment; filename="vouchers.xml"',
        },
      }),
    );
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderPage();
    await user.type(cell('Ledger Name', 1), 'Cash');
    expect(loadDraft(draftKey(TOKEN))).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export XML from Backend' }));
    await waitFor(() => expect(clicked).toEqual(['vouchers.xml']));
    expect(loadDraft(draftKey(TOKEN))).toBeNull();
    // Rows stay on screen; the next edit starts a new draft.
    await user.type(cell('Party Name', 1), 'X');
    expect(loadDraft(draftKey(TOKEN))?.[0].partyName).toBe('X');
  });

  it('renders a window of a thousand rows, not all of them', () => {
    localStorage.setItem('access_token', TOKEN);
    saveDraft(
      draftKey(TOKEN),
      Array.from({ length: 1000 }, (_, i) => ({ ...emptyRow(), description: `row ${i + 1}` })),
    );
    renderPage();
    const shown = rowCount();
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(60);
    expect(screen.getByText('1000 rows', { exact: false })).toBeTruthy();
  });

  it('with the company read: picked, its ledgers offered, and the groups of new ledgers asked', async () => {
    resetTallyCompany();
    const company = {
      company: {
        name: 'Kiran Traders',
        state: 'Maharashtra',
        gstin: '',
        version: 'TallyPrime 4.1',
        booksFrom: '',
      },
      ledgers: [
        { name: 'ICICI Current', parent: 'Bank Accounts' },
        { name: 'Cash', parent: 'Cash-in-Hand' },
      ],
      groups: [],
      stockItems: [],
      units: [],
      voucherTypes: [],
      loaded: ['Kiran Traders'],
      source: 'bridge',
      read_at: '2026-11-24T02:00:00.000Z',
    };
    const exports: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const json = (body: unknown, status = 200) =>
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        if (url.includes('/tally/company')) return json(company);
        exports.push(JSON.parse(init?.body as string));
        if (exports.length === 1)
          return json(
            {
              detail: 'Choose the group of the new ledger(s) Office Rent.',
              new_ledgers: ['Office Rent'],
              groups: ['Indirect Expenses', 'Sundry Creditors'],
            },
            422,
          );
        return new Response('<ENVELOPE/>', {
          status: 200,
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': 'attachment; filename="vouchers.xml"',
          },
        });
      }),
    );
    const row = {
      ...emptyRow(),
      date: '2025-04-01',
      voucherType: 'Payment' as const,
      ledgerName: 'ICICI Current',
      partyName: 'Office Rent',
      netAmount: 500,
    };
    localStorage.setItem('access_token', TOKEN);
    saveDraft(draftKey(TOKEN), [row]);
    const { user } = renderPage();
    // The company read is picked, not typed; the Ledger and Party cells offer its ledgers.
    const name = screen.getByRole('textbox', { name: /Tally company \(optional\)/ }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Kiran Traders'));
    expect(cell('Ledger Name', 1).getAttribute('list')).toBe('bahi-tally-ledgers');
    expect(cell('Party Name', 1).getAttribute('list')).toBe('bahi-tally-ledgers');
    const offered = [...document.querySelectorAll('#bahi-tally-ledgers option')].map(
      (o) => (o as HTMLOptionElement).value,
    );
    expect(offered).toEqual(['ICICI Current', 'Cash']);

    await user.click(screen.getByRole('button', { name: 'Export XML from Backend' }));
    await waitFor(() => expect(screen.getByLabelText('New ledgers')).toBeTruthy());
    expect(exports[0]).toMatchObject({ company_name: 'Kiran Traders', ledger_groups: {} });
    const go = screen.getByRole('button', { name: 'Export with this group' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    const box = screen.getByRole('combobox', { name: 'Group of the new ledgers' });
    await user.click(box);
    const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls') ?? '')!);
    await user.click(within(list).getByRole('option', { name: 'Indirect Expenses', hidden: true }));
    await user.click(go);
    await waitFor(() => expect(exports).toHaveLength(2));
    expect(exports[1]).toMatchObject({
      company_name: 'Kiran Traders',
      ledger_groups: { 'Office Rent': 'Indirect Expenses' },
    });
    await waitFor(() => expect(screen.queryByLabelText('New ledgers')).toBeNull());
  });
});
