import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FallbackAccounts } from '../bank/FallbackAccounts.tsx';
import { Filters } from '../bank/Filters.tsx';
import { ReconciliationBadge } from '../bank/ReconciliationBadge.tsx';
import { keptFile, loadBankSession } from '../bank/store.ts';
import { TallyPanel } from '../bank/TallyPanel.tsx';
import { TransactionsTable } from '../bank/TransactionsTable.tsx';
import { useBankReview } from '../bank/useBankReview.ts';
import { XmlPreview } from '../bank/XmlPreview.tsx';

// Bank statement result (/app/bank): spec sections 2, 4, 5 and 8. The last result of this tab is
// read from the session, so a reload keeps it.

const PdfViewer = lazy(() => import('../bank/PdfViewer.tsx'));

export default function BankPage() {
  const navigate = useNavigate();
  const session = useMemo(() => loadBankSession(), []);
  const review = useBankReview(session);
  const [hint, setHint] = useState(false);
  const [preview, setPreview] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [applyLedger, setApplyLedger] = useState('');
  const [applied, setApplied] = useState<string | null>(null);

  useEffect(() => {
    if (preview) void keptFile().then(setFile);
  }, [preview]);

  if (!session) {
    return (
      <Stack gap="md">
        <Title order={2}>Bank Statement</Title>
        <Text>No statement yet. Choose a bank and upload a statement to see its transactions here.</Text>
        <Anchor component={Link} to="/app/select">
          Upload a statement
        </Anchor>
      </Stack>
    );
  }

  const { answer } = session;
  const info = answer.statement_info;
  const detected = answer.bank_detected;
  const bankCode = info.bank ?? session.bank;
  const acc = info.account_number ?? '';
  const breaks = new Map(answer.reconciliation.breaks.map((b) => [b.row, b.reason]));
  const defaultLedger = acc ? `${bankCode === 'BOB' ? 'BOB' : info.bank_label} A/c ${acc}` : '';
  const isPdf = session.fileName.toLowerCase().endsWith('.pdf');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button variant="subtle" onClick={() => navigate(-1)}>
          ← Go Home
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={() => setHint((h) => !h)} aria-expanded={hint}>
            Hint
          </Button>
          {isPdf && (
            <Button variant="default" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
              PDF Preview
            </Button>
          )}
        </Group>
      </Group>
      <Title order={2}>
        {info.bank_label} statement{acc ? ` · A/c ${acc}` : ''}
      </Title>
      {detected.corrected && (
        <Alert color="yellow" role="status">
          This statement is from {detected.label}
          {detected.requested ? `, not the bank chosen (${detected.requested})` : ''}: it was read as{' '}
          {detected.label}.
        </Alert>
      )}
      {hint && (
        <Paper withBorder p="md" bg="blue.0">
          <Text size="sm">
            <b>Filters</b> narrow the table: every keyword must appear in the description, dates are
            inclusive, and Only Withdrawals / Only Deposits show one side. <b>Ledgers</b>: type a ledger per
            row (saved when you leave the field), or fill every empty one of the rows shown with Apply Ledger
            to Filtered; Bahi remembers them and suggests them next time (hover Use to see why).{' '}
            <b>Balance proof</b>: opening balance + deposits − withdrawals must give every printed balance and
            the closing balance; rows that break it are tinted red. Download XML, Send to Tally and the
            exports take the rows shown.
          </Text>
        </Paper>
      )}
      {preview && (
        <Paper withBorder p="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>PDF Preview</Title>
            <Button size="xs" variant="default" onClick={() => setPreview(false)}>
              Close
            </Button>
          </Group>
          <Suspense fallback={<Text>Loading PDF…</Text>}>
            <PdfViewer file={file} />
          </Suspense>
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Balance label="Opening balance" amount={info.opening_balance} />
        <Balance label="Closing balance" amount={info.closing_balance} />
      </SimpleGrid>
      <ReconciliationBadge r={answer.reconciliation} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Filters value={review.filter} onChange={review.setFilter} bounds={review.bounds} />
          <Group align="flex-end" gap="sm">
            <TextInput
              size="xs"
              label="Ledger for the rows shown"
              value={applyLedger}
              onChange={(e) => setApplyLedger(e.currentTarget.value)}
            />
            <Button
              size="xs"
              onClick={() => {
                const n = review.applyToFiltered(applyLedger);
                setApplied(`${n} empty ledger names filled.`);
              }}
              disabled={!applyLedger.trim()}
            >
              Apply Ledger to Filtered
            </Button>
            {applied && (
              <Text size="xs" c="dimmed" role="status">
                {applied}
              </Text>
            )}
          </Group>
          <Text size="sm" aria-live="polite">
            Showing {review.shown.length} of {review.rows.length} transactions
          </Text>
          <TransactionsTable
            rows={review.rows}
            shown={review.shown}
            height={500}
            label="Transactions"
            onLedger={review.setLedger}
            suggestions={review.suggestions}
            breaks={breaks}
          />
        </Stack>
      </Paper>
      <TallyPanel
        bank={bankCode}
        acc={acc || 'account'}
        rows={review.shownRows}
        defaultLedger={defaultLedger}
        fileBase={`statement_${acc || 'account'}`}
      />
      <FallbackAccounts
        bank={bankCode}
        accounts={answer.fallback_accounts}
        label={bankCode === 'BOB' ? 'BOB' : info.bank_label}
      />
      <XmlPreview xml={answer.xml_preview} />
    </Stack>
  );
}

function Balance({ label, amount }: { label: string; amount: string | null | undefined }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={label}>
        {amount ? `₹${amount}` : '—'}
      </Text>
    </Paper>
  );
}
