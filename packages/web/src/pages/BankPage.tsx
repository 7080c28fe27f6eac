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
import type { LedgerSuggestion, OtherRead, ReconciliationInfo, StatementTransaction } from '@bahi/contract';
import {
  accountLedger,
  defaultBankLedger,
  formatIndian,
  parseAmount,
  checkChain,
  splitTaxLedgersOfCompany,
} from '@bahi/core';
import {
  type ComponentProps,
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { latestStatement } from '../bank/api.ts';
import { FallbackAccounts } from '../bank/FallbackAccounts.tsx';
import { Filters } from '../bank/Filters.tsx';
import { ChainStatus, ReaderNotes, ReadReasons } from '../bank/ReadStatus.tsx';
import { ReconciliationBadge } from '../bank/ReconciliationBadge.tsx';
import { keptFile, saveTeachSession } from '../bank/store.ts';
import { rowsByLedger } from '../tally/plan-fill.ts';
import { TransactionsTable, type SplitColumn } from '../bank/TransactionsTable.tsx';
import { notifyError } from '../components/notify.ts';
import { useKeptCompany } from '../tally/company-store.ts';
import { SaveStatus } from '../bank/SaveStatus.tsx';
import { ScanCrops } from '../bank/ScanCrops.tsx';
import { useBankReview, useRowFilter, useStatement } from '../bank/useBankReview.ts';
import type { RowIndex } from '../bank/rows-index.ts';
import { XmlPreview } from '../bank/XmlPreview.tsx';
import type { PdfFind } from '../bank/PdfViewer.tsx';
import { bankMismatch, bankUnconfirmed, isSheetFile } from '../bank/validate.ts';
import { formatDate } from '../format.ts';

// Bank statement result (/app/bank/{id}): spec sections 2, 4, 5 and 8. The statement lives on the
// server (issue 19): the id in the address loads it, so a reload, a second tab or another machine
// shows the same result. /app/bank without an id opens the newest statement.

const PdfViewer = lazy(() => import('../bank/PdfViewer.tsx'));
// (the Tally panel sits under the table with its exports and push: loaded beside the screen, which
// keeps the screen within its 250 KB budget)
const TallyPanel = lazy(() => import('../bank/TallyPanel.tsx').then((m) => ({ default: m.TallyPanel })));

function NoStatement({ text }: { text: string }) {
  return (
    <Stack gap="md">
      <Title order={2}>Bank Statement</Title>
      <Text>{text}</Text>
      <Anchor component={Link} to="/app/select">
        Upload a statement
      </Anchor>
    </Stack>
  );
}

export default function BankPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [none, setNone] = useState<string | null>(null);
  const state = useStatement(id);

  useEffect(() => {
    if (id) return;
    latestStatement()
      .then((s) =>
        s
          ? navigate(`/app/bank/${s.id}`, { replace: true })
          : setNone('No statement yet. Choose a bank and upload a statement to see its transactions here.'),
      )
      .catch(() => setNone('Your statements could not be loaded. Check your connection and reload.'));
  }, [id, navigate]);

  if (!id || state.kind === 'loading')
    return none ? (
      <NoStatement text={none} />
    ) : (
      <Stack gap="md">
        <Title order={2}>Bank Statement</Title>
        <Text role="status">Loading the statement…</Text>
      </Stack>
    );
  if (state.kind === 'missing')
    return <NoStatement text="This statement is not in your history (or it belongs to another account)." />;
  if (state.kind === 'error')
    return (
      <Stack gap="md">
        <Title order={2}>Bank Statement</Title>
        <Alert color="red" role="alert">
          The statement could not be loaded: {state.message}
        </Alert>
        <Button variant="default" onClick={() => window.location.reload()} w="fit-content">
          Try again
        </Button>
      </Stack>
    );
  return <BankResult key={state.meta.id} loaded={state} />;
}

function BankResult({ loaded }: { loaded: Parameters<typeof useBankReview>[0] & { ms: number } }) {
  const navigate = useNavigate();
  const session = loaded.meta;
  const review = useBankReview(loaded);
  const [hint, setHint] = useState(false);
  const [preview, setPreview] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [jumpTo, setJumpTo] = useState<{ row: number; at: number } | null>(null);
  const [find, setFind] = useState<PdfFind | null>(null);

  // The balance chain, re-checked on the rows as the user fixes them (issue 17).
  const rec = session.reconciliation;
  const closingBreak = rec.breaks.some((b) => b.row >= session.statement_info.transactions);
  // Only the rows' content counts: a ledger name changes nothing of the chain.
  const live = useMemo(
    () =>
      checkChain(review.content, {
        opening: parseAmount(rec.opening_balance),
        closing: closingBreak && rec.printed_closing ? parseAmount(rec.printed_closing) : null,
      }),
    [review.content, rec, closingBreak],
  );
  const [fixing, setFixing] = useState(() => review.edited && !live.ok);

  useEffect(() => {
    if (preview) void keptFile().then(setFile);
  }, [preview]);

  const answer = session;
  const info = answer.statement_info;
  const detected = answer.bank_detected;
  // a bank Bahi has no profile for, read with no bank chosen: the server's calls take `auto`
  const bankCode = info.bank ?? (session.requested_bank || 'auto');
  // issue 34: said whenever the bank read from the file is not the one chosen
  const mismatch = bankMismatch(detected);
  const unconfirmed = bankUnconfirmed(detected);
  const acc = info.account_number ?? '';
  const reasons = answer.reasons ?? [];
  const partial = reasons.some((r) => r.code === 'ROWS_SKIPPED' || r.code === 'PAGE_UNREADABLE');
  // Once edited, the live check decides; before, the reader's own reconciliation (never a clean
  // success for a partial read).
  const chainOk = review.edited ? live.ok : answer.reconciliation.ok;
  const clean = chainOk && (review.edited || !partial);
  const breakList = review.edited
    ? live.breaks.map((b) => ({
        row: b.row,
        reason: b.reason,
        difference: formatIndian(b.difference, { symbol: true }),
      }))
    : answer.reconciliation.breaks.map((b) => ({
        row: b.row,
        reason: b.reason,
        difference: formatIndian((parseAmount(b.printed) ?? 0) - (parseAmount(b.expected) ?? 0), {
          symbol: true,
        }),
      }));
  const breaks = new Map(breakList.map((b) => [b.row, b.reason]));
  for (const [row, why] of live.invalid) breaks.set(row, why);
  const first = breakList[0] ?? null;
  // rows read from a scan that the reader could not vouch for (issue 32); its row numbers hold
  // until the rows are edited, when the live check takes over as it does for the breaks
  const unsure = useMemo(
    () => (review.edited ? undefined : new Set(answer.reconciliation.ocr_flags ?? [])),
    [review.edited, answer.reconciliation.ocr_flags],
  );
  const shownReconciliation: ReconciliationInfo = review.edited
    ? {
        ...answer.reconciliation,
        ok: live.ok,
        message: live.ok
          ? 'Balances reconcile after your fixes.'
          : `${live.breaks.length} row(s) break the balance chain.`,
        opening_balance: formatIndian(live.opening),
        closing_balance: formatIndian(live.closing),
        total_deposits: formatIndian(live.totalDeposits),
        total_withdrawals: formatIndian(live.totalWithdrawals),
        checked_balances: live.checked,
        breaks: live.breaks.map((b) => ({
          row: b.row,
          date: review.rows[b.row]?.Date ?? '',
          expected: formatIndian(b.expected),
          printed: b.printed === null ? '' : formatIndian(b.printed),
          reason: b.reason,
        })),
      }
    : partial
      ? { ...answer.reconciliation, ok: false, message: 'The balances check, but not every line was read.' }
      : answer.reconciliation;
  const blocked =
    clean || review.accepted
      ? undefined
      : first
        ? `Export is blocked: the rows do not reconcile from row ${first.row + 1} on. Fix the rows or accept the difference.`
        : 'Export is blocked: this read is not complete. Check the rows, then accept them.';
  const used = answer.layout_used;
  // a statement of another bank than the one chosen is never booked under the chosen bank's name
  // (a bank without a profile: its printed name, never the chosen bank's, issue 34)
  const defaultLedger = !acc
    ? ''
    : info.bank
      ? defaultBankLedger(info.bank, acc)
      : accountLedger(info.bank_label, acc);
  const isPdf = session.file_name.toLowerCase().endsWith('.pdf');
  const isSheet = isSheetFile(session.file_name);

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
      {/* the period under the account (issue 34): which month this is, without opening the PDF */}
      {(info.period_from || info.period_to) && (
        <Text size="sm" c="dimmed" aria-label="Statement period">
          {info.period_from ?? '?'} to {info.period_to ?? '?'}
        </Text>
      )}
      <SaveStatus state={review.save} onRetry={review.retry} loadedMs={loaded.ms} rows={review.rows.length} />
      {mismatch && (
        <Alert color="yellow" role="status" aria-label="Bank read from the file">
          {mismatch}
        </Alert>
      )}
      {unconfirmed && (
        <Text size="sm" c="dimmed">
          {unconfirmed}
        </Text>
      )}
      {answer.other_read && <WhichRead other={answer.other_read} />}
      {used && !answer.other_read && (
        <Alert color="blue" role="status" aria-label="Taught layout">
          Read with the {used.kind === 'sheet' ? 'columns you marked' : 'layout you taught'} on{' '}
          {formatDate(used.created_at)} ({used.name}).
        </Alert>
      )}
      {!clean && <ReadReasons reasons={reasons} />}
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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Balance label="Opening balance" amount={info.opening_balance} />
        <Balance label="Closing balance" amount={info.closing_balance} />
      </SimpleGrid>
      <ReconciliationBadge r={shownReconciliation} />
      <ChainStatus
        first={first}
        rows={review.rows.length}
        clean={clean}
        accepted={review.accepted}
        fixing={fixing}
        invalid={live.invalid.size}
        onShow={(row) => {
          setJumpTo({ row, at: Date.now() });
          // and on the PDF beside the table (issue 34 round three): its printed balance and amount
          const r = review.rows[row];
          if (isPdf && r) {
            setPreview(true);
            setFind({ row, texts: [r.ClosingBalance, r.Withdrawal || r.Deposit], at: Date.now() });
          }
        }}
        onFix={setFixing}
        onAccept={review.setAccepted}
      />
      {isSheet && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              // a sheet read poorly: mark its columns once (issue 35)
              saveTeachSession({
                bank: session.requested_bank,
                fileName: session.file_name,
                reason: reasons[0]?.message ?? 'This statement was not read perfectly.',
              });
              navigate('/app/map');
            }}
          >
            Mark the columns
          </Button>
          <Text size="xs" c="dimmed">
            Rows missing or misread? Mark which column is which once, and Bahi reads this bank&apos;s files
            with it.
          </Text>
        </Group>
      )}
      {!clean && isPdf && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              // rows missing or misread by the reader: mark the table once instead of fixing by hand
              saveTeachSession({
                bank: session.requested_bank,
                fileName: session.file_name,
                reason: reasons[0]?.message ?? 'This statement was not read perfectly.',
              });
              navigate('/app/teach');
            }}
          >
            Teach Bahi this layout
          </Button>
          <Text size="xs" c="dimmed">
            When many rows are missing or misread: mark the table on the page once and read the file again.
          </Text>
        </Group>
      )}
      <ReaderNotes issues={answer.issues ?? []} notes={answer.reconciliation.notes ?? []} />
      {unsure && unsure.size > 0 && (
        <ScanCrops
          statementId={loaded.meta.id}
          unsure={unsure}
          rows={review.rows}
          onShow={(row) => setJumpTo({ row, at: Date.now() })}
        />
      )}
      {/* the PDF beside the rows (issue 34 round three: it opened above the balances, never on screen
          with the row being fixed) */}
      <div className={preview ? 'beside-pdf' : undefined}>
        <div style={{ minWidth: 0 }}>
          <ReviewRows
            index={review.index}
            bounds={review.bounds}
            rows={review.rows}
            onLedger={review.setLedger}
            onSplit={review.setSplit}
            bankLedger={defaultLedger}
            applyLedger={review.applyLedger}
            takeSuggestions={review.takeSuggestions}
            suggestions={review.suggestions}
            breaks={breaks}
            firstBreak={first}
            unsure={unsure}
            jumpTo={jumpTo}
            edit={
              fixing
                ? { onEdit: review.editRow, onDelete: review.deleteRow, onInsert: review.insertRow }
                : undefined
            }
            tally={{
              bank: bankCode,
              acc: acc || 'account',
              defaultLedger,
              fileBase: `statement_${acc || 'account'}`,
              blocked,
              statementId: loaded.meta.id,
            }}
          />
        </div>
        {preview && (
          <Paper withBorder p="md" className="beside-pdf-pages">
            <Group justify="space-between" mb="sm">
              <Title order={4}>PDF Preview</Title>
              <Button size="xs" variant="default" onClick={() => setPreview(false)}>
                Close
              </Button>
            </Group>
            <Suspense fallback={<Text>Loading PDF…</Text>}>
              <PdfViewer file={file} find={find} />
            </Suspense>
          </Paper>
        )}
      </div>
      <FallbackAccounts bank={bankCode} accounts={answer.fallback_accounts} />
      <XmlPreview xml={answer.xml_preview} />
    </Stack>
  );
}

type ReviewRowsProps = {
  index: RowIndex;
  bounds: { from: string; to: string } | null;
  rows: readonly StatementTransaction[];
  onLedger: (index: number, ledger: string) => void;
  /** a GST/TDS split given to a row (the table's GST/TDS column, issue 35) */
  onSplit: SplitColumn['onSplit'];
  /** the bank ledger the split's legs name (the Tally panel's default) */
  bankLedger: string;
  applyLedger: (indexes: readonly number[], ledger: string) => number;
  takeSuggestions: (indexes: readonly number[]) => number;
  suggestions: ReadonlyMap<number, LedgerSuggestion>;
  breaks: ReadonlyMap<number, string>;
  firstBreak: { row: number; difference: string } | null;
  unsure?: ReadonlySet<number>;
  jumpTo: { row: number; at: number } | null;
  /** fixing rows in place: all rows, with inputs (the filters do not apply) */
  edit?: ComponentProps<typeof TransactionsTable>['edit'];
  tally: Omit<ComponentProps<typeof TallyPanel>, 'rows'>;
};

/**
 * The filters, Apply Ledger to Filtered, the table and the Tally panel: the part of the screen a
 * filter changes. The filter's state is here, so a keystroke renders this and not the rest of the
 * screen (issue 19: a filter over 20,000 rows within 50 ms); the Tally panel takes the filtered
 * rows once the table is drawn (its count and its downloads, deferred).
 */
function ReviewRows({
  index,
  bounds,
  rows,
  applyLedger,
  takeSuggestions,
  tally,
  edit,
  onSplit,
  bankLedger,
  ...table
}: ReviewRowsProps) {
  // The company's own tax ledgers name the split's legs, as the export names them (decision 057).
  // (loaded by the Tally panel beside the table)
  const company = useKeptCompany();
  const taxLedgers = useMemo(() => splitTaxLedgersOfCompany(company), [company]);
  const splits = useMemo<SplitColumn>(
    () => ({
      bankLedger,
      taxLedgers,
      onSplit: (i, split) =>
        onSplit(i, split).catch((err: unknown) => {
          notifyError('The GST/TDS split could not be saved.', err);
          throw err;
        }),
    }),
    [bankLedger, taxLedgers, onSplit],
  );
  const { filter, setFilter, shown } = useRowFilter(index);
  // The Tally panel's rows (its count, the downloads) follow once the table is drawn.
  const tallyShown = useDeferredValue(shown);
  const tallyRows = useMemo(() => tallyShown.map((i) => rows[i]!), [tallyShown, rows]);
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const onApply = useCallback((ledger: string) => applyLedger(shownRef.current, ledger), [applyLedger]);
  // The plan's ledgers for rows without one are the user's choice: kept on the rows and saved like
  // Apply Ledger, so a reload or a second push keeps them (issue 31). Its indexes are the panel's rows.
  const tallyShownRef = useRef(tallyShown);
  useLayoutEffect(() => {
    tallyShownRef.current = tallyShown;
  }, [tallyShown]);
  const onLedgersChosen = useCallback(
    (given: ReadonlyMap<number, string>) => {
      for (const [ledger, list] of rowsByLedger(given))
        applyLedger(
          list.flatMap((i) => tallyShownRef.current[i] ?? []),
          ledger,
        );
    },
    [applyLedger],
  );
  // Rows shown with a remembered ledger and none of their own: what "Use all suggestions" fills.
  const { suggestions } = table;
  const offered = useMemo(
    () =>
      suggestions.size === 0 ? 0 : shown.filter((i) => suggestions.has(i) && !rows[i]?.LedgerName).length,
    [shown, suggestions, rows],
  );
  const [taken, setTaken] = useState<string | null>(null);
  return (
    <>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Filters value={filter} onChange={setFilter} bounds={bounds} />
          <ApplyLedger onApply={onApply} />
          {(offered > 0 || taken) && (
            <Group gap="sm">
              {offered > 0 && (
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setTaken(`${takeSuggestions(shownRef.current)} suggested ledger(s) used.`)}
                >
                  Use all suggestions ({offered})
                </Button>
              )}
              {taken && (
                <Text size="xs" c="dimmed" role="status">
                  {taken}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Enter in a row's ledger takes its own suggestion.
              </Text>
            </Group>
          )}
          <Text size="sm" aria-live="polite">
            Showing {shown.length} of {rows.length} transactions
          </Text>
          <TransactionsTable
            rows={rows}
            shown={edit ? undefined : shown}
            height={500}
            label="Transactions"
            edit={edit}
            splits={splits}
            {...table}
          />
        </Stack>
      </Paper>
      <Suspense fallback={<Text>Loading the Tally panel…</Text>}>
        <TallyPanel rows={tallyRows} statementRows={rows} onLedgersChosen={onLedgersChosen} {...tally} />
      </Suspense>
    </>
  );
}

/** "Ledger for the rows shown" and Apply Ledger to Filtered (not drawn again by a filter). */
const ApplyLedger = memo(function ApplyLedger({ onApply }: { onApply: (ledger: string) => number }) {
  const [ledger, setLedger] = useState('');
  const [applied, setApplied] = useState<string | null>(null);
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        size="xs"
        label="Ledger for the rows shown"
        value={ledger}
        onChange={(e) => setLedger(e.currentTarget.value)}
      />
      <Button
        size="xs"
        onClick={() => setApplied(`${onApply(ledger)} empty ledger names filled.`)}
        disabled={!ledger.trim()}
      >
        Apply Ledger to Filtered
      </Button>
      {applied && (
        <Text size="xs" c="dimmed" role="status">
          {applied}
        </Text>
      )}
    </Group>
  );
});

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

/**
 * Issue 34: a taught layout fitted this file, so there are two reads: which one this is, why Bahi
 * chose the one it chose, and a switch to the other (kept on the server as a statement of its own).
 */
function WhichRead({ other }: { other: OtherRead }) {
  const what = other.layout?.kind === 'sheet' ? 'the columns you marked' : 'the layout you taught';
  const name = other.layout ? `${what} (${other.layout.name})` : what;
  const shown = other.shown === 'taught' ? `Read with ${name}` : "Read with Bahi's own reader";
  const otherName = other.shown === 'taught' ? "Bahi's own read" : `the read with ${name}`;
  const otherState = other.balanced ? 'balanced' : `${other.breaks} balance break(s)`;
  return (
    <Alert color={other.chosen ? 'blue' : 'yellow'} role="status" aria-label="Which read">
      <Text size="sm">
        {shown}
        {other.chosen ? ` because ${other.why}.` : `: not the read Bahi chose (${other.why}).`}
      </Text>
      <Anchor component={Link} to={`/app/bank/${other.statement_id}`} size="sm">
        {other.chosen ? `Show ${otherName}` : 'Show the read Bahi chose'} ({other.rows} rows, {otherState})
      </Anchor>
    </Alert>
  );
}
