import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DuplicateCopy } from '@bahi/core';
import { NewLedgersRejected, VoucherRowsRejected } from '@bahi/contract';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { ApiError, saveBlob } from '../api/client.ts';
import { notifySuccess } from '../components/notify.ts';
import { tell } from '../components/toasts.tsx';
import { TALLY_LEDGER_LIST_ID } from '../tally/company.ts';
import { TallyLedgerDatalist } from '../tally/LedgerPicker.tsx';
import { useTallyCompany } from '../tally/useTallyCompany.ts';
import { generateVouchersXml } from '../vouchers/api.ts';
import { DuplicateDialog } from '../vouchers/DuplicateDialog.tsx';
import { emptyRow, hasExtras, type EditableField, type EditorRow } from '../vouchers/rows.ts';
import { useVoucherRows } from '../vouchers/useVoucherRows.ts';
import { VoucherTable } from '../vouchers/VoucherTable.tsx';

// The company card and the group pickers load when shown: this screen keeps within the 250 KB budget.
const CompanyCard = lazy(() => import('../tally/CompanyCard.tsx').then((m) => ({ default: m.CompanyCard })));
const NewLedgerGroups = lazy(() =>
  import('../vouchers/NewLedgerGroups.tsx').then((m) => ({ default: m.NewLedgerGroups })),
);

// Create vouchers (/app/createvoucher, spec section 2): rows typed by hand, bulk copies through the
// Duplicate Settings dialog, and 'Export XML from Backend' to vouchers.xml. With the company read
// from Tally (or a masters file) the company is picked, the Ledger and Party cells offer its ledgers,
// and the groups of the new ledgers are asked before the file is made (issue 31).
export default function CreateVoucherPage() {
  const { rows, dispatch, markExported, clearAll } = useVoucherRows();
  const [duplicatingId, setDuplicatingId] = useState<string | null>(null);
  const duplicating = duplicatingId ? (rows.find((r) => r.id === duplicatingId) ?? null) : null;
  const [focusRowId, setFocusRowId] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [company, setCompany] = useState('');
  const { company: read } = useTallyCompany();
  const readName = read?.company.name ?? '';
  // The company read is the one typed unless the user typed another; then its masters do not apply.
  const known = read && company.trim().toLowerCase() === readName.trim().toLowerCase() ? read : null;
  useEffect(() => {
    if (readName) setCompany((c) => c || readName);
  }, [readName]);
  const companiesId = useId();
  const companies = [...new Set([readName, localStorage.getItem('bahi.tally.company') ?? ''])].filter(
    Boolean,
  );
  // The groups of new ledgers chosen so far, and the ledgers the server asked a group for.
  const [ledgerGroups, setLedgerGroups] = useState<Record<string, string>>({});
  const [groupsNeeded, setGroupsNeeded] = useState<{ ledgers: string[]; groups: string[] } | null>(null);
  // The bank and GST columns (issue 31): on when asked, and always while a row carries one of them.
  const [bankAndGst, setBankAndGst] = useState(false);
  const [companyState, setCompanyState] = useState('');
  const extended = bankAndGst || hasExtras(rows);
  const [exporting, setExporting] = useState(false);
  // The rows the server refused at the last export, by row id (numbers move when rows are added).
  const [problems, setProblems] = useState<ReadonlyMap<string, readonly string[]>>(new Map());

  const addRow = useCallback(() => {
    const row = emptyRow();
    dispatch({ type: 'add', row });
    setFocusRowId(row.id);
  }, [dispatch]);
  const onChange = useCallback(
    (id: string, field: EditableField, value: string) => {
      dispatch({ type: 'update', id, field, value });
      // An edited row is the user's answer to its problems: stop marking it.
      setProblems((p) => {
        if (!p.has(id)) return p;
        const next = new Map(p);
        next.delete(id);
        return next;
      });
    },
    [dispatch],
  );
  const onRemove = useCallback((id: string) => dispatch({ type: 'remove', id }), [dispatch]);
  const onDuplicate = useCallback((id: string) => setDuplicatingId(id), []);
  const onFocused = useCallback(() => setFocusRowId(null), []);

  function insertCopies(copies: DuplicateCopy<EditorRow>[], replace: boolean) {
    if (!duplicating) return;
    dispatch({ type: 'insertCopies', afterId: duplicating.id, copies });
    if (replace) dispatch({ type: 'remove', id: duplicating.id });
    setDuplicatingId(null);
    notifySuccess(
      replace
        ? `The row was replaced by its ${copies.length} parts`
        : `${copies.length} ${copies.length === 1 ? 'copy' : 'copies'} added`,
    );
  }

  async function exportXml(chosen: Record<string, string> = {}) {
    setExporting(true);
    setProblems(new Map());
    const groups = { ...ledgerGroups, ...chosen };
    setLedgerGroups(groups);
    try {
      // With the company known, groups are named (even none): the server then declares the ledgers it
      // lacks and refuses one whose group nobody chose, which is asked below. Without it, what the
      // company lacks is unknown and the file carries vouchers only (decision 037, 20).
      const { blob, filename } = await generateVouchersXml(
        rows,
        company,
        extended ? companyState : '',
        known || Object.keys(groups).length ? groups : undefined,
      );
      saveBlob(blob, filename);
      markExported();
      setGroupsNeeded(null);
      notifySuccess(`${rows.length} ${rows.length === 1 ? 'voucher' : 'vouchers'} exported to ${filename}`);
    } catch (err) {
      const refused =
        err instanceof ApiError && err.status === 422 ? NewLedgersRejected.safeParse(err.body) : null;
      if (refused?.success) {
        setGroupsNeeded({ ledgers: refused.data.new_ledgers, groups: refused.data.groups });
        return;
      }
      const message = err instanceof ApiError ? err.detail : err instanceof Error ? err.message : String(err);
      if (err instanceof ApiError) setProblems(problemsByRow(err.body, rows));
      tell('Error exporting XML: ' + message, 'Fix the rows marked in the table and export again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Voucher Entry</Title>
          <Text size="sm" c="dimmed">
            {rows.length} {rows.length === 1 ? 'row' : 'rows'} · Enter in any cell adds a row · rows are kept
            in this browser until exported or cleared
          </Text>
        </div>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Tally company (optional)"
            placeholder="Company open in Tally"
            description={known ? 'Read from Tally: its ledgers are offered' : undefined}
            value={company}
            onChange={(e) => setCompany(e.currentTarget.value)}
            list={companies.length ? companiesId : undefined}
            autoComplete="off"
            w={220}
          />
          {companies.length > 0 && (
            <datalist id={companiesId}>
              {companies.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          )}
          {extended && (
            <TextInput
              label="Company's state (for GST)"
              description="When the company was not read from Tally"
              value={companyState}
              onChange={(e) => setCompanyState(e.currentTarget.value)}
              w={200}
            />
          )}
          <Switch
            label="Bank and GST columns"
            checked={extended}
            disabled={hasExtras(rows)}
            onChange={(e) => setBankAndGst(e.currentTarget.checked)}
          />
          <Button variant="subtle" color="red" onClick={() => setConfirmClear(true)}>
            Clear all
          </Button>
          <Button onClick={() => void exportXml()} loading={exporting}>
            Export XML from Backend
          </Button>
        </Group>
      </Group>

      <Suspense fallback={null}>
        <CompanyCard
          localIp={localStorage.getItem('bahi.tally.local_ip') ?? ''}
          companyName={company}
          onCompany={setCompany}
        />
        <TallyLedgerDatalist company={known} />
        {groupsNeeded && (
          <NewLedgerGroups
            key={groupsNeeded.ledgers.join('\n')}
            ledgers={groupsNeeded.ledgers}
            groups={groupsNeeded.groups}
            busy={exporting}
            onExport={(chosen) => void exportXml(chosen)}
          />
        )}
      </Suspense>
      {problems.size > 0 && (
        <Alert
          color="red"
          title={`${problems.size} ${problems.size === 1 ? 'row needs' : 'rows need'} fixing`}
        >
          <List size="sm" spacing={2}>
            {rows.flatMap((r, i) =>
              problems.has(r.id)
                ? [
                    <List.Item key={r.id}>
                      <Anchor component="button" type="button" size="sm" onClick={() => setFocusRowId(r.id)}>
                        Row {i + 1}
                      </Anchor>
                      : {problems.get(r.id)?.join(' ')}
                    </List.Item>,
                  ]
                : [],
            )}
          </List>
        </Alert>
      )}
      <VoucherTable
        rows={rows}
        problems={problems}
        onChange={onChange}
        onRemove={onRemove}
        onDuplicate={onDuplicate}
        onEnter={addRow}
        focusRowId={focusRowId}
        onFocused={onFocused}
        extended={extended}
        ledgerListId={known ? TALLY_LEDGER_LIST_ID : undefined}
      />
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No rows. Add Row starts a new voucher.
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={addRow}>
          Add Row
        </Button>
      </Group>

      <DuplicateDialog row={duplicating} onCancel={() => setDuplicatingId(null)} onDuplicate={insertCopies} />

      <Modal opened={confirmClear} onClose={() => setConfirmClear(false)} title="Clear all rows?" centered>
        <Stack gap="md">
          <Text size="sm">
            All {rows.length} {rows.length === 1 ? 'row' : 'rows'} will be removed from this browser. This
            cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmClear(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                clearAll();
                setConfirmClear(false);
              }}
            >
              Clear all
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The server's per-row problems (1-based row numbers) keyed by the ids of the rows it was sent. */
function problemsByRow(body: unknown, sent: readonly EditorRow[]): Map<string, readonly string[]> {
  const parsed = VoucherRowsRejected.safeParse(body);
  const out = new Map<string, readonly string[]>();
  if (!parsed.success) return out;
  for (const p of parsed.data.problems) {
    const row = sent[p.row - 1];
    if (row && p.problems.length) out.set(row.id, p.problems);
  }
  return out;
}
