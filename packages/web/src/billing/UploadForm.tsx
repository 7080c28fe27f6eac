import { Autocomplete, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ENDPOINTS, type BillingAmountsAnswer } from '@bahi/contract';
import { formatDisplayDate, formatRupees } from '@bahi/core';
import {
  checkBillingPassword,
  getBillingData,
  getRuleSets,
  readAmountsTotal,
  type BillingUpload,
} from './api.ts';
import { DateField } from '../components/DateField.tsx';
import { storeBillingData } from './storage.ts';
import { BackAndPages } from '../components/BackAndPages.tsx';
import { FilePicker } from '../components/FilePicker.tsx';
import { BusyOverlay } from '../components/loading.tsx';
import { PasswordModal } from '../bank/PasswordModal.tsx';
import { tell } from '../components/toasts.tsx';
import { nextOf, reasonOf, saveBlob } from '../api/client.ts';
import { AMOUNT_COLUMNS, ITEM_COLUMNS, templateOf } from './templates.ts';

// Select Billing and Generate Billing (spec sections 2, 4, 5): one form, the second screen with the
// optional additional workbook. Alerts are the specification's, word for word.

const ONLY_XLSX = 'Only XLSX files are allowed.';
export const INVALID_AMOUNT = 'Please enter a valid amount to allocate.';
const isXlsx = (f: File) => f.name.toLowerCase().endsWith('.xlsx');

/** The workbook fields: .xlsx only, anything else refused with the specification's alert. */
function XlsxPicker(props: { label: string; file: File | null; onChange: (f: File | null) => void }) {
  return (
    <FilePicker
      label={props.label}
      accept=".xlsx"
      file={props.file}
      onChange={(f) => {
        if (f && !isXlsx(f))
          tell(ONLY_XLSX, 'Save the workbook as .xlsx (Excel: File, Save As) and choose it again.');
        else props.onChange(f);
      }}
    />
  );
}

export function BillingUploadForm({ secondary }: { secondary: boolean }) {
  const navigate = useNavigate();
  const [setName, setSetName] = useState('default');
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [amountFile, setAmountFile] = useState<File | null>(null);
  const [processing, setProcessing] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  /** the invoices' first and last day (one amount; the amounts workbook dates its own) */
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  /** what the amounts workbook bills, read when it is chosen: Amount to Allocate is filled from it */
  const [amounts, setAmounts] = useState<BillingAmountsAnswer | null>(null);

  async function chooseAmountFile(f: File | null) {
    setAmountFile(f);
    setAmounts(null);
    if (!f) return;
    try {
      const read = await readAmountsTotal(f);
      setAmounts(read);
      setAmount(read.amount);
    } catch (err) {
      // a protected workbook is read at Submit, after its password; others say what is wrong now
      tell(reasonOf(err, 'The amounts workbook could not be read.'), nextOf(err));
    }
  }

  const ruleSets = useQuery({
    queryKey: ['rule-sets'],
    queryFn: async () => {
      try {
        return (await getRuleSets()).rule_sets;
      } catch (err) {
        // Spec section 8: a failure here is only logged; suggestions stay empty.
        console.error('Could not load rule sets', err);
        return [];
      }
    },
  });

  const endpoint = secondary ? ENDPOINTS.billingDataSpec : ENDPOINTS.billingData;

  async function extract(upload: BillingUpload) {
    const data = await getBillingData(endpoint, upload);
    storeBillingData(data);
    navigate('/app/billing');
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      tell('Please choose an XLSX file.');
      return;
    }
    const n = Number(amount);
    if (amount.trim() === '' || !Number.isFinite(n) || n <= 0) {
      tell(INVALID_AMOUNT);
      return;
    }
    if (!amountFile && dateTo && !dateFrom) {
      tell('Type the first invoice date too.', 'A range runs from the first invoice date to the last.');
      return;
    }
    setProcessing(true);
    const upload: BillingUpload = { file, amountFile, setName, amount, dateFrom, dateTo };
    try {
      const { password_required } = await checkBillingPassword(upload);
      if (password_required) {
        setProcessing(false);
        setAskPassword(true);
        return;
      }
      await extract(upload);
    } catch (err) {
      tell(reasonOf(err, 'Failed to process the workbook.'), nextOf(err));
      setProcessing(false);
    }
  }

  async function confirmPassword(password: string) {
    if (!file) return;
    setProcessing(true);
    try {
      await extract({ file, amountFile, setName, amount, password, dateFrom, dateTo });
      setAskPassword(false);
    } catch (err) {
      // A wrong password keeps the dialog open.
      tell(reasonOf(err, 'Error submitting password.'), nextOf(err));
      setProcessing(false);
    }
  }

  return (
    <Stack maw={640} gap="md">
      <BackAndPages />
      <Title order={2}>Convert XLSX Billing Statement into Tally XML or Excel</Title>
      <List size="sm" spacing={2}>
        <List.Item>Only XLSX files are allowed.</List.Item>
        <List.Item>Use statements downloaded from the bank portal.</List.Item>
        <List.Item>Password-protected XLSX files will prompt for a password.</List.Item>
      </List>
      <WorkbookColumns secondary={secondary} />
      <Paper withBorder p="md">
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Autocomplete
              label="Rule Set Name"
              value={setName}
              onChange={setSetName}
              data={ruleSets.data ?? []}
              placeholder="default"
            />
            <TextInput
              label="Amount to Allocate"
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
            />
            <XlsxPicker label="Upload XLSX" file={file} onChange={setFile} />
            {secondary && (
              <XlsxPicker
                label="Upload Additional XLSX"
                file={amountFile}
                onChange={(f) => void chooseAmountFile(f)}
              />
            )}
            {amountFile && amounts && (
              <Text size="sm" aria-label="Amounts workbook total">
                The amounts workbook bills {formatRupees(Number(amounts.amount))} over {amounts.days} day(s),{' '}
                {formatDisplayDate(amounts.from)} to {formatDisplayDate(amounts.to)}: Amount to Allocate is
                its total, each day's invoices dated that day.
              </Text>
            )}
            {!amountFile && (
              <Group gap="sm" align="flex-start" role="group" aria-label="Invoice dates">
                <DateField
                  label="First invoice date"
                  description="Empty: today"
                  value={dateFrom}
                  onChange={setDateFrom}
                />
                <DateField
                  label="Last invoice date"
                  description="Empty: all on the first date"
                  value={dateTo}
                  onChange={setDateTo}
                />
              </Group>
            )}
            <Group>
              <Button type="submit" disabled={processing}>
                {processing ? 'Processing...' : 'Submit'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <PasswordModal
        opened={askPassword}
        busy={processing}
        label="Password"
        text="This workbook is password-protected. Enter its password."
        onConfirm={(password) => void confirmPassword(password)}
        onClose={() => setAskPassword(false)}
      />
      {processing && <BusyOverlay message="Processing..." />}
    </Stack>
  );
}

/**
 * What the workbooks hold, one line a column, with a template of each (issue 34 round three). The
 * specification's list above stays as it is.
 */
function WorkbookColumns({ secondary }: { secondary: boolean }) {
  const books = [
    { kind: 'items' as const, title: 'The items workbook (Upload XLSX)', columns: ITEM_COLUMNS },
    ...(secondary
      ? [
          {
            kind: 'amounts' as const,
            title: 'The amounts workbook (Upload Additional XLSX, optional)',
            columns: AMOUNT_COLUMNS,
          },
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label="Workbook columns">
      <Stack gap="sm">
        {books.map((b) => (
          <div key={b.kind}>
            <Group justify="space-between" gap="xs">
              <Text fw={600} size="sm">
                {b.title}
              </Text>
              <Button
                size="xs"
                variant="light"
                onClick={() => {
                  const t = templateOf(b.kind);
                  saveBlob(t.blob, t.name);
                }}
              >
                Download the {b.kind} template
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              The first sheet; the first row holds these headers, in any order:
            </Text>
            <List size="sm" spacing={0} aria-label={`Columns of the ${b.kind} workbook`}>
              {b.columns.map((c) => (
                <List.Item key={c.name}>
                  <b>{c.name}</b>: {c.meaning}
                </List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
