import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatRupees } from '@bahi/core';
import type { BillingVoucher, TallyCompanyAnswer, TallyMaster } from '@bahi/contract';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { reasonOf, saveBlob } from '../api/client.ts';
import {
  downloadTaxInvoices,
  downloadVouchersCsv,
  downloadVouchersXlsx,
  type BillingSettings,
} from '../billing/api.ts';
import { ItemLedgerTable } from '../billing/ItemLedgerTable.tsx';
import { ledgerTotals } from '../billing/ledger.ts';
import { loadBillingData, storeBillingData } from '../billing/storage.ts';
import { notifyError } from '../components/notify.ts';
import { tell } from '../components/toasts.tsx';
import { CompanyCard } from '../tally/CompanyCard.tsx';
import { LedgerPicker } from '../tally/LedgerPicker.tsx';
import { useTallyCompany } from '../tally/useTallyCompany.ts';

// The billing result (/app/billing): settings, downloads, and the editable Item Ledger Table.

/** Spec section 9, billing defaults. */
const BILLING_SETTINGS_DEFAULTS: BillingSettings = {
  party_ledger: 'Cash',
  sales_ledger: 'Sales A/c',
  narration: 'Being sale.',
  force_state: 'Uttar Pradesh',
  typess: 'Tax Invoice',
};

const money = (rupees: number) => formatRupees(rupees);

const TEXT_SETTINGS = [
  ['party_ledger', 'Party Ledger'],
  ['sales_ledger', 'Sales Ledger'],
  ['narration', 'Narration'],
  ['force_state', 'Force State'],
] as const satisfies readonly (readonly [keyof BillingSettings, string])[];

/** The tax ledger pickers (issue 31): the company's ledgers under Duties & Taxes or with a duty head. */
const TAX_LEDGERS = [
  ['cgst_ledger', 'CGST Ledger'],
  ['sgst_ledger', 'SGST Ledger'],
  ['igst_ledger', 'IGST Ledger'],
] as const;

/** What the registration field says: the one picked (its state and GSTIN), or what is left to Tally. */
function registrationNote(registrations: readonly TallyMaster[], typed: string): string {
  const found = registrations.find((r) => r.name.trim().toLowerCase() === typed.trim().toLowerCase());
  if (found) return `Issued from ${found.state || 'its state'} under ${found.gstin || 'its GSTIN'}`;
  if (typed.trim() && registrations.length) return 'Not one of the company’s registrations in Tally';
  return 'TallyPrime 3.0 and later: the registration the invoices are issued under';
}

/** The company as the tax pickers offer it: its tax ledgers only. */
function taxLedgersOnly(company: TallyCompanyAnswer | null): TallyCompanyAnswer | null {
  if (!company) return null;
  const tax = company.ledgers.filter((l) => l.gstDutyHead || /^duties\s*&\s*taxes$/i.test(l.parent.trim()));
  return { ...company, ledgers: tax };
}

/** Ledger fields: they offer the company's ledgers when one has been read from Tally. */
const LEDGER_SETTINGS = new Set<keyof BillingSettings>(['party_ledger', 'sales_ledger']);

export default function BillingPage() {
  const initial = useMemo(() => loadBillingData(), []);
  const [vouchers, setVouchers] = useState<BillingVoucher[]>(initial?.vouchers ?? []);
  const [settings, setSettings] = useState<BillingSettings>(BILLING_SETTINGS_DEFAULTS);
  const [page, setPage] = useState(1);
  const [fullScreen, setFullScreen] = useState(false);
  const [busy, setBusy] = useState(false);
  // 'Sales' (the specification's): Tally numbers the invoices itself. Another name: a type of its
  // own, numbered by hand, so the numbers issued reach GSTR-1 (issue 31).
  const [voucherType, setVoucherType] = useState('Sales');
  const totals = ledgerTotals(vouchers);
  const { company } = useTallyCompany();
  // The tax ledgers and the unit of new items (issue 31): blank leaves them to the server (the
  // company's ledger of each duty head, else CGST/SGST/IGST; Nos).
  const [masters, setMasters] = useState({
    cgst_ledger: '',
    sgst_ledger: '',
    igst_ledger: '',
    unit: '',
    gst_registration: '',
  });
  const registrationsId = useId();
  const registrations = company?.registrations ?? [];
  const taxCompany = useMemo(() => taxLedgersOnly(company), [company]);
  const unitsId = useId();
  const companyName = company?.company.name ?? '';
  const companyState = company?.company.state ?? '';

  // Issue 12: the company's own state comes from Tally, never a silent default. Force State (the
  // state of supply) keeps the specification's visible default until a company is read; then, if the
  // user has not changed it, it starts as the company's state (a sale within the state).
  useEffect(() => {
    if (!companyState) return;
    setSettings((s) =>
      s.force_state === BILLING_SETTINGS_DEFAULTS.force_state ? { ...s, force_state: companyState } : s,
    );
  }, [companyState]);

  // Edits survive a reload like the upload did.
  useEffect(() => {
    if (initial) storeBillingData({ ...initial, vouchers });
  }, [initial, vouchers]);

  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullScreen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullScreen]);

  if (!initial) {
    return (
      <Paper withBorder p="lg">
        <Title order={2}>Billing</Title>
        <Text mt="xs">
          No billing data yet. Upload a workbook on <Link to="/app/selectbilling">Select Billing</Link> first.
        </Text>
      </Paper>
    );
  }

  const set = (key: keyof BillingSettings) => (value: string) => setSettings((s) => ({ ...s, [key]: value }));

  async function downloadXml() {
    setBusy(true);
    try {
      const { blob, filename } = await downloadTaxInvoices(vouchers, {
        ...settings,
        ...(companyName ? { company_name: companyName } : {}),
        ...(companyState ? { company_state: companyState } : {}),
        ...(voucherType.trim() && voucherType.trim().toLowerCase() !== 'sales'
          ? { voucher_type: voucherType.trim() }
          : {}),
        ...Object.fromEntries(Object.entries(masters).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : []))),
      });
      saveBlob(blob, filename);
    } catch (err) {
      console.error('Tax invoice download failed', err);
      tell('Download failed. Please check console for more info.', reasonOf(err, 'Try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function download(what: 'xlsx' | 'csv') {
    setBusy(true);
    try {
      const { blob, filename } = await (what === 'xlsx' ? downloadVouchersXlsx : downloadVouchersCsv)(
        vouchers,
      );
      saveBlob(blob, filename);
    } catch (err) {
      notifyError('Download failed', err);
    } finally {
      setBusy(false);
    }
  }

  const table = <ItemLedgerTable vouchers={vouchers} onChange={setVouchers} page={page} onPage={setPage} />;

  return (
    <Stack gap="md">
      <Title order={2}>Billing</Title>
      <CompanyCard
        localIp={localStorage.getItem('bahi.tally.local_ip') ?? ''}
        companyName={localStorage.getItem('bahi.tally.company') ?? ''}
      />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {TEXT_SETTINGS.map(([key, label]) =>
            LEDGER_SETTINGS.has(key) ? (
              <LedgerPicker
                key={key}
                label={label}
                company={company}
                value={settings[key] ?? ''}
                onChange={set(key)}
              />
            ) : (
              <TextInput
                key={key}
                label={label}
                value={settings[key]}
                onChange={(e) => set(key)(e.currentTarget.value)}
              />
            ),
          )}
          <TextInput
            label="Voucher Type"
            description="Not 'Sales': a type of its own, numbered by hand, so Tally keeps your invoice numbers"
            value={voucherType}
            onChange={(e) => setVoucherType(e.currentTarget.value)}
          />
          {TAX_LEDGERS.map(([key, label]) => (
            <LedgerPicker
              key={key}
              label={label}
              placeholder={`The company's, else ${label.split(' ')[0]}`}
              company={taxCompany}
              value={masters[key]}
              onChange={(v) => setMasters((m) => ({ ...m, [key]: v }))}
            />
          ))}
          <TextInput
            label="Unit of new items"
            placeholder="Nos"
            description="Items the company keeps stay in their own unit"
            list={company ? unitsId : undefined}
            autoComplete="off"
            value={masters.unit}
            onChange={(e) => {
              const unit = e.currentTarget.value;
              setMasters((m) => ({ ...m, unit }));
            }}
          />
          {company && (
            <datalist id={unitsId}>
              {company.units.map((u) => (
                <option key={u.name} value={u.name} />
              ))}
            </datalist>
          )}
          {/* TallyPrime 3.0+ issues an invoice under one of the company's GST registrations (issue 31). */}
          <TextInput
            label="GST registration"
            placeholder={companyState ? `${companyState} Registration` : '<State> Registration'}
            description={registrationNote(registrations, masters.gst_registration)}
            list={registrations.length ? registrationsId : undefined}
            autoComplete="off"
            value={masters.gst_registration}
            onChange={(e) => {
              const gst_registration = e.currentTarget.value;
              setMasters((m) => ({ ...m, gst_registration }));
            }}
          />
          {registrations.length > 0 && (
            <datalist id={registrationsId}>
              {registrations.map((r) => (
                <option key={r.name} value={r.name} label={[r.state, r.gstin].filter(Boolean).join(' · ')} />
              ))}
            </datalist>
          )}
          <NativeSelect
            label="Invoice Type"
            data={['Tax Invoice', 'Bill of Supply']}
            value={settings.typess}
            onChange={(e) => set('typess')(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group mt="md">
          <Button onClick={downloadXml} loading={busy} disabled={vouchers.length === 0}>
            Download (XML)
          </Button>
          <Button variant="default" onClick={() => download('xlsx')} disabled={busy || vouchers.length === 0}>
            Download (Excel)
          </Button>
          <Button variant="default" onClick={() => download('csv')} disabled={busy || vouchers.length === 0}>
            Download (CSV)
          </Button>
        </Group>
      </Paper>
      <Group gap="lg" data-testid="billing-totals">
        <Text size="sm">
          Vouchers: <b>{vouchers.length}</b>
        </Text>
        <Text size="sm">
          Lines: <b>{totals.lines}</b>
        </Text>
        <Text size="sm">
          Lines total: <b data-testid="lines-total">{money(totals.lineTotal)}</b>
        </Text>
        <Text size="sm">
          Round off: <b>{money(totals.roundOff)}</b>
        </Text>
        <Text size="sm">
          Total: <b data-testid="grand-total">{money(totals.total)}</b>
        </Text>
      </Group>
      <TableHeading>
        <Button variant="default" size="xs" onClick={() => setFullScreen(true)}>
          Full screen
        </Button>
      </TableHeading>
      {!fullScreen && table}
      {fullScreen && (
        <div
          role="dialog"
          aria-modal="true"
          aria-label="Item Ledger Table, full screen"
          style={{
            position: 'fixed',
            inset: 0,
            zIndex: 300,
            background: 'var(--mantine-color-body)',
            overflow: 'auto',
            padding: 16,
          }}
        >
          <TableHeading>
            <Button variant="default" size="xs" autoFocus onClick={() => setFullScreen(false)}>
              Exit full screen (Esc)
            </Button>
          </TableHeading>
          {table}
        </div>
      )}
    </Stack>
  );
}

/** The table's title with its one control beside it (the page and the full-screen view share it). */
function TableHeading({ children }: { children: ReactNode }) {
  return (
    <Group justify="space-between" mb={-4}>
      <Title order={4}>Item Ledger Table</Title>
      {children}
    </Group>
  );
}
