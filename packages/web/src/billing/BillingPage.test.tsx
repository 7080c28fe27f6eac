import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BillingPage from '../pages/BillingPage.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { resetTallyCompany } from '../tally/useTallyCompany.ts';
import { storeBillingData } from './storage.ts';

// Issue 12 on the billing screen: the specification's settings stay as they were until a company is
// read from Tally; then the ledger fields offer its ledgers, Force State starts at its state, and the
// download names the company (so the server takes its state, GSTIN and release).

const company = {
  company: {
    name: 'Kirana & Co',
    state: 'Bihar',
    gstin: '10AAACK1234L1Z9',
    version: 'TallyPrime 4.1',
    booksFrom: '',
  },
  ledgers: [
    { name: 'Cash', parent: 'Cash-in-Hand' },
    { name: 'Counter Sales', parent: 'Sales Accounts' },
    { name: 'CGST 9%', parent: 'Duties & Taxes', gstDutyHead: 'CGST' },
    { name: 'CGST 2.5%', parent: 'Duties & Taxes', gstDutyHead: 'CGST' },
  ],
  groups: [],
  stockItems: [],
  units: [{ name: 'Kgs', parent: '' }],
  voucherTypes: [],
  registrations: [
    { name: 'Bihar Registration', parent: '', state: 'Bihar', gstin: '10AAACK1234L1Z9' },
    { name: 'Jharkhand Branch', parent: '', state: 'Jharkhand', gstin: '20AAACK1234L1Z7' },
  ],
  loaded: ['Kirana & Co'],
  source: 'bridge',
  read_at: '2026-11-24T02:00:00.000Z',
};

function seed() {
  storeBillingData({
    vouchers: [
      {
        Reference: 'INV-0001',
        Date: '2025-04-05',
        Items: [{ 'Item Name': 'Rice', Quantity: 1, 'Selling Price': 100, GST: 5, Total: 105 }],
      },
    ],
    totals: { amount: 105, lines: 1, vouchers: 1, round_off: 0 },
    seed: 1,
    start_reference: 'INV-0001',
    set_name: 'default',
  });
}

function server(withCompany: boolean) {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/tally/company'))
      return withCompany
        ? new Response(JSON.stringify(company), { status: 200 })
        : new Response('null', { status: 200 });
    if (url.includes('/generatee-tax-invoice')) {
      posted.push(JSON.parse(String(init?.body)));
      return new Response('<ENVELOPE/>', { status: 200, headers: { 'Content-Type': 'application/xml' } });
    }
    return new Response('{}', { status: 200 });
  });
  return { fetch, posted };
}

const page = () =>
  renderWithProviders(
    <MemoryRouter>
      <BillingPage />
    </MemoryRouter>,
  );

afterEach(() => {
  resetTallyCompany();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

describe('billing settings and the Tally company', () => {
  it('without a company: the specification’s defaults, shown', async () => {
    seed();
    vi.stubGlobal('fetch', server(false).fetch);
    page();
    expect((screen.getByLabelText('Party Ledger') as HTMLInputElement).value).toBe('Cash');
    expect((screen.getByLabelText('Sales Ledger') as HTMLInputElement).value).toBe('Sales A/c');
    expect((screen.getByLabelText('Force State') as HTMLInputElement).value).toBe('Uttar Pradesh');
    await screen.findByText(/No Tally company read yet/);
  });

  it('with a company: Force State starts at its state, the sales ledger is checked, the download names it', async () => {
    seed();
    const s = server(true);
    vi.stubGlobal('fetch', s.fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    page();
    await waitFor(() =>
      expect((screen.getByLabelText('Force State') as HTMLInputElement).value).toBe('Bihar'),
    );
    expect(screen.getByText('Not in Kirana & Co: it will be created')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sales Ledger'), { target: { value: 'counter sales' } });
    expect(await screen.findByText('In Tally under Sales Accounts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download (XML)' }));
    await waitFor(() => expect(s.posted).toHaveLength(1));
    expect(s.posted[0]).toMatchObject({
      company_name: 'Kirana & Co',
      company_state: 'Bihar',
      force_state: 'Bihar',
      sales_ledger: 'counter sales',
    });
    expect(s.posted[0]).not.toHaveProperty('voucher_type');
  });

  it("the tax ledgers and the unit are picked from the company's masters and go with the download (issue 31)", async () => {
    seed();
    const s = server(true);
    vi.stubGlobal('fetch', s.fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const view = page();
    await waitFor(() =>
      expect((screen.getByLabelText('Force State') as HTMLInputElement).value).toBe('Bihar'),
    );
    // The pickers offer the company's tax ledgers (not its others) and its units.
    const cgst = screen.getByLabelText('CGST Ledger') as HTMLInputElement;
    const offered = (input: HTMLInputElement) =>
      [...(view.container.querySelector(`datalist[id="${input.getAttribute('list')}"]`)?.children ?? [])].map(
        (o) => (o as HTMLOptionElement).value,
      );
    expect(offered(cgst)).toEqual(['CGST 2.5%', 'CGST 9%']);
    expect(offered(screen.getByLabelText(/^Unit of new items/) as HTMLInputElement)).toEqual(['Kgs']);
    fireEvent.change(cgst, { target: { value: 'CGST 9%' } });
    expect(await screen.findByText('In Tally under Duties & Taxes')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Unit of new items/), { target: { value: 'Kgs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download (XML)' }));
    await waitFor(() => expect(s.posted).toHaveLength(1));
    expect(s.posted[0]).toMatchObject({ cgst_ledger: 'CGST 9%', unit: 'Kgs' });
    // Left blank: the server's choice (the company's ledger of the head, else SGST/IGST).
    expect(s.posted[0]).not.toHaveProperty('sgst_ledger');
  });

  it('a voucher type of their own, numbered by hand, goes with the download (issue 31)', async () => {
    seed();
    const s = server(true);
    vi.stubGlobal('fetch', s.fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    page();
    expect((screen.getByLabelText(/^Voucher Type/) as HTMLInputElement).value).toBe('Sales');
    fireEvent.change(screen.getByLabelText(/^Voucher Type/), { target: { value: 'Bahi Sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download (XML)' }));
    await waitFor(() => expect(s.posted).toHaveLength(1));
    expect(s.posted[0]).toMatchObject({ voucher_type: 'Bahi Sales' });
  });

  it("the GST registration is picked from the company's and goes with the download (issue 31)", async () => {
    seed();
    const s = server(true);
    vi.stubGlobal('fetch', s.fetch);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const view = page();
    await waitFor(() =>
      expect((screen.getByLabelText('Force State') as HTMLInputElement).value).toBe('Bihar'),
    );
    const field = screen.getByLabelText(/^GST registration/) as HTMLInputElement;
    expect(field.placeholder).toBe('Bihar Registration');
    const offered = [
      ...(view.container.querySelector(`datalist[id="${field.getAttribute('list')}"]`)?.children ?? []),
    ].map((o) => (o as HTMLOptionElement).value);
    expect(offered).toEqual(['Bihar Registration', 'Jharkhand Branch']);
    fireEvent.change(field, { target: { value: 'Jharkhand Branch' } });
    expect(await screen.findByText('Issued from Jharkhand under 20AAACK1234L1Z7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download (XML)' }));
    await waitFor(() => expect(s.posted).toHaveLength(1));
    expect(s.posted[0]).toMatchObject({ gst_registration: 'Jharkhand Branch' });
  });
});
