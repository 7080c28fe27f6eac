import type {
  BookAnswer,
  BookQuery,
  BookRowInfo,
  FixRowRequest,
  PushAnswer,
  TaxSplitInfo,
} from '@bahi/contract';
import { TALLY_PART_VOUCHERS } from '@bahi/contract';
import {
  formatIndian,
  parseAmount,
  partyOf,
  ruleFromFilter,
  splitTaxLedgersOfCompany,
  type NarrationKey,
  type OnlyFilter,
} from '@bahi/core';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  NativeSelect,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, saveBlob } from '../api/client.ts';
import {
  bridgeAvailable,
  pushThroughBridge,
  readHeldThroughBridge,
  rememberTallyIp,
  rememberedTallyIp,
} from '../bank/bridge.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { LedgerPicker } from '../tally/LedgerPicker.tsx';
import { pushInParts } from '../tally/push.ts';
import { rowMovement } from '../tally/row-movement.ts';
import { useClientCompany } from '../tally/useClientCompany.ts';
import { TaxSplitControl } from '../tally/TaxSplitControl.tsx';
import { createRule, exportXml, fixRow, getBook, pushBook, setLedgers, setSplits } from './api.ts';
import { LedgerCell } from './LedgerCell.tsx';
import { RowAuthor } from './RowAuthor.tsx';
import { useVirtualRows } from '../components/VirtualTable.tsx';
import { FixRowButton } from './FixRowButton.tsx';
import { formatCount, formatMonth } from '../format.ts';

// One account's book (issue 13): its months with what went to Tally, the gaps where the balance
// chain breaks, and its rows with the ledger each has and what set it (a rule, the client's memory,
// or a person). A filtered view becomes a rule in one step; a push sends the unpushed rows once.

/**
 * Rows asked for and drawn at once: the book comes a page at a time (issue 33: a book of 50,000
 * rows was asked for whole), filtered by the server as the view says.
 */
const PAGE_ROWS = 500;
/** The view is asked for once typing pauses this long. */
const TYPING_PAUSE_MS = 300;

/** Pages longer than this are drawn a window at a time; a month of a small client's book is not. */
const WINDOW_FROM_ROWS = 100;
/** A book row's usual height (one line of description, the ledger cell): corrected as rows are measured. */
const ROW_ESTIMATE_PX = 46;
/** Rows drawn beyond the window each way: Enter and ↓ always find the next row's cell in the page. */
const WINDOW_OVERSCAN = 12;

/** An amount typed into a filter, shown grouped once the field is left ('1000' -> '1,000.00'); else as typed. */
const grouped = (typed: string): string => {
  const paise = typed.trim() ? parseAmount(typed) : null;
  return paise === null ? typed : formatIndian(paise);
};

const SOURCE_LABEL = { rule: 'Rule', memory: 'Memory', manual: 'By hand' } as const;

export function BookView({
  clientId,
  accountId,
  tallyCompany = '',
  onChanged,
}: {
  clientId: string;
  accountId: string;
  /** The client's Tally company: what it holds is read from it, not from whichever Tally loaded first. */
  tallyCompany?: string;
  onChanged: () => void;
}) {
  const [book, setBook] = useState<BookAnswer | null>(null);
  // the client's company: its ledgers offered in the ledger fields, a name it lacks marked (issue 35)
  const { company, isNew } = useClientCompany(tallyCompany);
  // the company's own GST and TDS ledgers name the split's legs, as the push names them (decision 057)
  const taxLedgers = useMemo(() => splitTaxLedgersOfCompany(company), [company]);
  const [problem, setProblem] = useState<string | null>(null);
  const [keywords, setKeywords] = useState('');
  const [only, setOnly] = useState<OnlyFilter>('all');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  /** one month shown (issue 34: clicking a month did nothing); not part of a rule */
  const [month, setMonth] = useState<string | null>(null);
  const [ruleLedger, setRuleLedger] = useState('');
  /**
   * "Same party, same ledger?" (issue 34 round three): after a row's ledger is set by hand, the other
   * unpushed rows of its party (UPI ID, else payee) on this page that another ledger or none would
   * take, offered in one action. Rows a person set are left as they are.
   */
  const [sameParty, setSameParty] = useState<{ ledger: string; party: NarrationKey; ids: string[] } | null>(
    null,
  );
  const [contra, setContra] = useState(false);
  const [pushing, setPushing] = useState(false);
  const [lastPush, setLastPush] = useState<PushAnswer | null>(null);
  /** The server asked for the group of the push's new ledgers (issue 31): which, and the choice. */
  const [groupsNeeded, setGroupsNeeded] = useState<{
    month?: string;
    ledgers: string[];
    groups: string[];
    /** asked by Push and send: the push goes through the bridge once made */
    send?: boolean;
  } | null>(null);
  const [newGroup, setNewGroup] = useState<string | null>(null);
  /** a group per new ledger, when the push creates several (issue 31) */
  const [groupOf, setGroupOf] = useState<Record<string, string>>({});
  /** rows without a ledger take the one the client's rules or memory suggest (issue 31) */
  const [useSuggestions, setUseSuggestions] = useState(false);
  // The office's Tally address, shared with the result screen's Tally panel.
  const [localIp, setLocalIp] = useState(rememberedTallyIp);
  /**
   * The bridge answered when the book was opened: Push and send is offered (issue 34 round four: a
   * push and its send were two actions a book).
   */
  const [bridgeUp, setBridgeUp] = useState(false);
  useEffect(() => {
    if (!rememberedTallyIp().trim()) return;
    let live = true;
    void bridgeAvailable().then((up) => live && setBridgeUp(up));
    return () => {
      live = false;
    };
  }, []);

  // The view as the server filters it, once typing pauses; a new view starts at its first page.
  const [view, setView] = useState<BookQuery>({});
  const [from, setFrom] = useState(0);
  useEffect(() => {
    const next: BookQuery = {
      words: keywords.trim() || undefined,
      only: only === 'all' ? undefined : only,
      min: min.trim() || undefined,
      max: max.trim() || undefined,
      month: month ?? undefined,
    };
    const timer = setTimeout(() => {
      setView((v) => (JSON.stringify(v) === JSON.stringify(next) ? v : next));
      setFrom(0);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [keywords, only, min, max, month]);

  // Only the answer to the last question is shown (a slow page never replaces a later one).
  const asked = useRef(0);
  const load = useCallback(() => {
    const n = ++asked.current;
    getBook(accountId, { ...view, rows_from: from, rows_limit: PAGE_ROWS })
      .then((b) => {
        if (n !== asked.current) return;
        setBook(b);
        setProblem(null);
      })
      .catch(() => n === asked.current && setProblem('The book could not be loaded.'));
  }, [accountId, view, from]);
  useEffect(load, [load]);

  // The view's rule: exactly the rows shown (a view with no condition shows every row).
  const rule = useMemo(
    () =>
      ruleFromFilter(
        { keywords: keywords.split(/\s+/), only },
        { min: min.trim() ? parseAmount(min) : null, max: max.trim() ? parseAmount(max) : null },
      ),
    [keywords, only, min, max],
  );
  const filtering =
    rule.words.length > 0 || rule.direction !== 'any' || rule.min !== null || rule.max !== null;
  const shown = useMemo(() => book?.rows ?? [], [book]);
  // A long page of the book is drawn a window at a time (issue 34 round four: DESIGN.md's virtualised
  // tables): the rows in view and a margin, measured as they are drawn (a row's height varies with
  // its description and split). A short book is drawn whole, as before.
  const windowed = shown.length > WINDOW_FROM_ROWS;
  const virtual = useVirtualRows({
    count: windowed ? shown.length : 0,
    rowHeight: ROW_ESTIMATE_PX,
    overscan: WINDOW_OVERSCAN,
    getItemKey: (i) => shown[i]?.id ?? i,
  });
  // The ledger cells' picker offers the company's ledgers, then those this page of the book uses
  // (issue 34 round four): a client whose company was never read still gets its own names.
  const ledgerNames = useMemo(() => {
    const seen = new Set<string>();
    const out: string[] = [];
    const add = (n: string | null | undefined) => {
      const name = (n ?? '').trim();
      if (name && !seen.has(name.toLowerCase())) {
        seen.add(name.toLowerCase());
        out.push(name);
      }
    };
    for (const l of company?.ledgers ?? []) add(l.name);
    for (const r of shown) {
      add(r.LedgerName);
      add(r.suggested_ledger);
    }
    return out;
  }, [company, shown]);

  async function makeRule() {
    try {
      const made = await createRule(clientId, {
        name: ruleLedger.trim(),
        words: rule.words,
        match: 'all',
        direction: rule.direction,
        min: min.trim(),
        max: max.trim(),
        ledger: ruleLedger.trim(),
        voucher_type: contra ? 'Contra' : null,
        apply_to_book: true,
      });
      notifySuccess(`Rule saved: ${made.applied} unpushed row(s) now use ${made.rule.ledger}.`);
      setRuleLedger('');
      load();
      onChanged();
    } catch (err) {
      notifyError('The rule could not be saved.', err);
    }
  }

  /**
   * The typed ledger for the unpushed rows shown, without making a rule (issue 34: the only bulk
   * tool was a permanent rule). Rows set so are the user's own, as if typed one by one.
   */
  async function applyToShown() {
    const ledger = ruleLedger.trim();
    const open = shown.filter((r) => !r.pushed);
    if (!ledger || open.length === 0) return;
    try {
      await setLedgers(
        accountId,
        open.map((r) => ({ id: r.id, ledger })),
      );
      notifySuccess(`${open.length} row(s) now use ${ledger}.`);
      setRuleLedger('');
      load();
    } catch (err) {
      notifyError('The ledger could not be saved.', err);
    }
  }

  async function saveLedger(row: BookRowInfo, ledger: string) {
    if (ledger.trim() === (row.LedgerName ?? '')) return;
    try {
      await setLedgers(accountId, [{ id: row.id, ledger: ledger.trim() }]);
      const party = ledger.trim() ? partyOf(row.Description) : null;
      const ids = party
        ? shown
            .filter(
              (r) =>
                r.id !== row.id &&
                !r.pushed &&
                r.ledger_source !== 'manual' &&
                (r.LedgerName ?? '') !== ledger.trim() &&
                partyOf(r.Description)?.key === party.key,
            )
            .map((r) => r.id)
        : [];
      setSameParty(party && ids.length ? { ledger: ledger.trim(), party, ids } : null);
      load();
    } catch (err) {
      notifyError('The ledger could not be saved.', err);
    }
  }

  async function applySameParty() {
    if (!sameParty) return;
    const { ledger, ids } = sameParty;
    try {
      await setLedgers(
        accountId,
        ids.map((id) => ({ id, ledger })),
      );
      notifySuccess(`${ids.length} more row(s) now use ${ledger}.`);
      setSameParty(null);
      load();
    } catch (err) {
      notifyError('The ledger could not be saved.', err);
    }
  }

  async function saveFix(fix: FixRowRequest) {
    try {
      await fixRow(accountId, fix);
      load();
    } catch (err) {
      notifyError('The row could not be fixed.', err);
      throw err;
    }
  }

  async function saveSplit(row: BookRowInfo, split: TaxSplitInfo | null) {
    try {
      await setSplits(accountId, [{ id: row.id, tax_split: split }]);
      load();
    } catch (err) {
      notifyError('The tax split could not be saved.', err);
      throw err;
    }
  }

  async function push(
    month?: string,
    groups: { ledger_groups?: Record<string, string>; new_ledger_group?: string } = {},
    /** Push and send: the push goes through the bridge as soon as it is made */
    send = false,
  ) {
    setPushing(true);
    let made: PushAnswer | null = null;
    try {
      // What the company already holds on the ledger for these rows' days, when the bridge can say:
      // those rows are in Tally and are not sent again (issue 31).
      const days = (book?.months ?? [])
        .filter((m) => !month || m.month === month)
        .flatMap((m) => (m.unpushed_from && m.unpushed_to ? [m.unpushed_from, m.unpushed_to] : []))
        .sort();
      const held =
        book && days.length && localIp.trim() && (await bridgeAvailable())
          ? await readHeldThroughBridge(
              localIp,
              tallyCompany.trim(),
              book.account.tally_ledger,
              days[0],
              days[days.length - 1],
            )
          : null;
      const answer = await pushBook(accountId, month, held ?? undefined, {
        ...groups,
        use_suggestions: useSuggestions,
      });
      setGroupsNeeded(null);
      setGroupOf({});
      const before = answer.already_sent
        ? ` ${answer.already_sent} row(s) were in Tally already (sent from another screen) and are marked pushed.`
        : '';
      if (answer.vouchers === 0) {
        notifySuccess(`Nothing new to send.${before}`);
      } else {
        setLastPush(answer);
        // Rows are marked pushed only when Tally answers (issue 31): sending is the next step.
        if (send) made = answer;
        else
          notifySuccess(
            `${answer.rows} row(s) ready as ${answer.vouchers} voucher(s); they are marked pushed when Tally says it took them.${before}`,
          );
      }
      load();
      onChanged();
    } catch (err) {
      // New ledgers whose group nobody chose: asked here, never put under Suspense A/c unasked.
      const said = (err instanceof ApiError ? err.body : null) as {
        new_ledgers?: string[];
        groups?: string[];
        last_group?: string;
      } | null;
      if (err instanceof ApiError && err.status === 422 && said?.new_ledgers?.length) {
        const groups = said.groups ?? [];
        setGroupsNeeded({ month, ledgers: said.new_ledgers, groups, send });
        // the group chosen last for this client is offered first (issue 34 round four)
        if (said.last_group && groups.includes(said.last_group)) setNewGroup(said.last_group);
      } else notifyError('Nothing was pushed.', err);
    } finally {
      setPushing(false);
    }
    if (made) await sendThroughBridge(made);
  }

  /** The push's file: with the answer when it is one part, else fetched whole by its id (issue 33). */
  async function downloadPush(answer: PushAnswer) {
    try {
      const xml = answer.xml || (await exportXml(answer.xml_id));
      saveBlob(
        new Blob([xml], { type: 'application/xml' }),
        `book_${book?.account.account_number ?? 'account'}.xml`,
      );
    } catch (err) {
      notifyError('The file could not be downloaded.', err);
    }
  }

  async function sendThroughBridge(answer: PushAnswer) {
    rememberTallyIp(localIp);
    if (!(await bridgeAvailable())) {
      notifyError('The Tally connector (bahi bridge) is not running on this computer.', null);
      return;
    }
    try {
      // A part at a time, as Send to Tally's screen sends (issue 33): the bridge fetches each part
      // alone (`?part=N`), so the server never joins a push of many parts into one file for it.
      const total = {
        parts: Math.max(1, Math.ceil(answer.vouchers / TALLY_PART_VOUCHERS)),
        vouchers: answer.vouchers,
        perPart: TALLY_PART_VOUCHERS,
      };
      const report = await pushInParts((part) => pushThroughBridge(localIp, answer.xml_id, part), total);
      const failed = report.outcomes.filter((o) => !o.ok);
      if (failed.length === 0 && report.stoppedAt === undefined)
        notifySuccess(`Sent to Tally: ${answer.vouchers} voucher(s).`);
      else
        notifyError(
          `Tally did not take ${failed.length} of ${total.parts} part(s): their rows were not marked pushed; push again to send them. ${failed[0]?.problems[0] ?? ''}`.trim(),
          null,
        );
      // Read back after the push: what Tally kept otherwise than sent (a tax ledger's duty head).
      for (const w of report.outcomes.flatMap((o) => o.warnings ?? [])) notifyError(w, null);
    } catch (err) {
      notifyError('Tally did not take the push: nothing was marked pushed; push again to send it.', err);
    } finally {
      // Tally's answer (reported by the bridge) is what marks the rows: show the book as it is now.
      load();
      onChanged();
    }
  }

  if (problem)
    return (
      <Text c="red.8" role="alert">
        {problem}
      </Text>
    );
  if (!book) return <Text c="dimmed">Loading the book…</Text>;
  const { account } = book;
  const suggested = book.suggested_rows;
  // One group for all fills each ledger's; a ledger's own choice wins.
  const chosenGroups = groupsNeeded
    ? Object.fromEntries(
        groupsNeeded.ledgers.flatMap((l) => {
          const g = groupOf[l] || newGroup;
          return g ? [[l, g]] : [];
        }),
      )
    : {};
  const allChosen = !!groupsNeeded && groupsNeeded.ledgers.every((l) => chosenGroups[l]);

  const bookRow = (r: BookRowInfo, i: number) => (
    <Table.Tr
      key={r.id}
      data-index={i}
      ref={windowed ? virtual.virtualizer.measureElement : undefined}
      data-gap={r.gap_before || undefined}
      style={r.gap_before ? { borderTop: '3px solid var(--mantine-color-orange-6)' } : undefined}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.Date}</Table.Td>
      <Table.Td>{r.Description}</Table.Td>
      <Table.Td ta="right" c="red.9">
        {r.Withdrawal}
      </Table.Td>
      <Table.Td ta="right" c="teal.9">
        {r.Deposit}
      </Table.Td>
      <Table.Td ta="right">{r.ClosingBalance}</Table.Td>
      <Table.Td>
        {r.pushed ? (
          r.LedgerName || 'Suspense'
        ) : (
          <Group gap={4} wrap="nowrap">
            <LedgerCell
              // Re-mounted when the ledger changes elsewhere (Undo, Use, a rule): an input once
              // shown keeps its value when only its default changes (found by the browser journey
              // of Undo, e2e/team-fix-undo-password.spec.ts).
              key={r.LedgerName ?? ''}
              label={`${r.Date} ${r.Description}`}
              saved={r.LedgerName ?? ''}
              placeholder={r.suggested_ledger ? `Suggested: ${r.suggested_ledger}` : undefined}
              names={ledgerNames}
              onSave={(ledger) => void saveLedger(r, ledger)}
            />
            {r.suggested_ledger && (
              <Button
                size="compact-xs"
                variant="subtle"
                title={r.suggested_reason}
                aria-label={`Use ${r.suggested_ledger} for ${r.Date} ${r.Description}`}
                onClick={() => void saveLedger(r, r.suggested_ledger ?? '')}
              >
                Use
              </Button>
            )}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        {!r.pushed && isNew(r.LedgerName ?? '') && (
          <Badge
            color="orange"
            variant="light"
            title={`Not in ${company?.company.name}: the push will create it`}
          >
            New ledger
          </Badge>
        )}
        {r.ledger_source && (
          <Text size="xs" title={r.ledger_reason}>
            {SOURCE_LABEL[r.ledger_source]}
            {r.ledger_source === 'rule' ? `: ${r.ledger_reason.replace(/^Rule /, '')}` : ''}
            {r.voucher_type ? ` (${r.voucher_type})` : ''}
          </Text>
        )}
        {r.ledger_source === 'memory' && !r.pushed && (
          // The payee's remembered ledger was used on its own when the row was filed: one
          // click gives the row back without one (still offered as a suggestion).
          <Button
            size="compact-xs"
            variant="subtle"
            title={r.ledger_reason}
            aria-label={`Undo the remembered ${r.LedgerName} for ${r.Date} ${r.Description}`}
            onClick={() => void saveLedger(r, '')}
          >
            Undo
          </Button>
        )}
        <RowAuthor by={r.changed_by} at={r.changed_at} />
      </Table.Td>
      <Table.Td>
        <TaxSplitControl
          value={r.TaxSplit}
          movement={rowMovement(r)}
          ledger={r.LedgerName ?? ''}
          bankLedger={book.account.tally_ledger}
          label={`${r.Date} ${r.Description}`}
          readOnly={r.pushed}
          taxLedgers={taxLedgers}
          onSave={(s) => saveSplit(r, s)}
        />
      </Table.Td>
      <Table.Td>
        {r.pushed ? <Badge variant="light">Pushed</Badge> : <FixRowButton row={r} onSave={saveFix} />}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="sm" aria-label={`Book of ${account.account_number}`}>
      <Group justify="space-between">
        <Title order={4}>
          Book of {account.bank} {account.account_number}
        </Title>
        <Group gap="sm">
          {suggested > 0 && (
            <Checkbox
              label={`Use all suggestions (${suggested} row(s) without a ledger)`}
              checked={useSuggestions}
              onChange={(e) => setUseSuggestions(e.currentTarget.checked)}
            />
          )}
          {bridgeUp && account.unpushed > 0 && (
            <Button
              onClick={() => void push(undefined, {}, true)}
              loading={pushing}
              title="Makes the push and sends it to Tally through the bridge"
            >
              Push and send {account.unpushed} row(s)
            </Button>
          )}
          <Button
            variant={bridgeUp && account.unpushed > 0 ? 'default' : 'filled'}
            onClick={() => void push()}
            loading={pushing}
            disabled={account.unpushed === 0}
          >
            {account.unpushed === 0
              ? 'Everything pushed'
              : `Push ${account.unpushed} unpushed row(s) to Tally`}
          </Button>
        </Group>
      </Group>
      {groupsNeeded && (
        <Paper withBorder p="sm" aria-label="New ledgers">
          <Stack gap={6}>
            <Text size="sm">
              Tally does not have {groupsNeeded.ledgers.join(', ')}: choose the group they are created under
              (Bahi does not put new ledgers under Suspense A/c unless you choose it).
            </Text>
            <Group align="flex-end" gap="sm">
              {/* a native list (issue 34 round five): one choice is one action (the keyboard's
                  letters jump in it), where the searchable list took a click to open and one to pick */}
              <NativeSelect
                size="xs"
                label="Group of the new ledgers"
                data={[{ value: '', label: 'Choose a group' }, ...groupsNeeded.groups]}
                value={newGroup ?? ''}
                onChange={(e) => setNewGroup(e.currentTarget.value || null)}
              />
              <Button
                size="xs"
                disabled={!allChosen}
                loading={pushing}
                onClick={() =>
                  allChosen &&
                  void push(groupsNeeded.month, { ledger_groups: chosenGroups }, groupsNeeded.send)
                }
              >
                {(groupsNeeded.send ? 'Push and send with ' : 'Push with ') +
                  (groupsNeeded.ledgers.length === 1 ? 'this group' : 'these groups')}
              </Button>
            </Group>
            {groupsNeeded.ledgers.length > 1 && (
              <Group gap="sm" wrap="wrap">
                {groupsNeeded.ledgers.map((l) => (
                  <NativeSelect
                    key={l}
                    size="xs"
                    label={`Group of ${l}`}
                    data={[{ value: '', label: 'Choose a group' }, ...groupsNeeded.groups]}
                    value={chosenGroups[l] ?? ''}
                    onChange={(e) => {
                      const g = e.currentTarget.value;
                      setGroupOf((o) => ({ ...o, [l]: g }));
                    }}
                  />
                ))}
              </Group>
            )}
          </Stack>
        </Paper>
      )}
      {lastPush && (
        <Paper withBorder p="sm" aria-label="Last push">
          <Group align="flex-end" gap="sm">
            <Text size="sm">
              {lastPush.rows} row(s) ready as {lastPush.vouchers} voucher(s): marked pushed when Tally
              answers.
            </Text>
            <TextInput
              size="xs"
              label="Tally address (IP)"
              value={localIp}
              onChange={(e) => setLocalIp(e.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="light"
              disabled={!localIp.trim()}
              onClick={() => void sendThroughBridge(lastPush)}
            >
              Send through the bridge
            </Button>
            <Button
              size="xs"
              variant="subtle"
              title="A file imported by hand is not marked pushed: Bahi hears no answer from Tally."
              onClick={() => void downloadPush(lastPush)}
            >
              Download the file
            </Button>
          </Group>
          {/* What the push creates in Tally, said before it is sent (issue 31). */}
          {lastPush.masters.length > 0 && (
            <Text size="xs" mt={4} aria-label="Masters the push creates">
              Creates in Tally:{' '}
              {lastPush.masters
                .map((m) => `${m.name} (under ${m.group}${m.needs_group ? ', no group chosen' : ''})`)
                .join(' · ')}
            </Text>
          )}
        </Paper>
      )}
      <Text size="sm" c="dimmed" data-testid="book-counts">
        {formatCount(account.rows)} rows · {formatCount(account.pushed)} pushed ·{' '}
        {formatCount(account.unpushed)} unpushed
      </Text>
      {book.gaps.map((g) => (
        <Alert key={`${g.after_date}-${g.before_date}-${g.printed}`} color="orange" title="Gap in the book">
          Between {g.after_date} and {g.before_date} the balance jumps by ₹{g.difference} (expected ₹
          {g.expected}, printed ₹{g.printed}): a statement is missing or a row was misread.
        </Alert>
      ))}
      {book.uncovered.map((p) => (
        <Alert key={p.from} color="gray" title="No statement covers these days">
          {p.from} to {p.to}
        </Alert>
      ))}
      <Table aria-label="Months" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th ta="right">Rows</Table.Th>
            <Table.Th ta="right">Opening</Table.Th>
            <Table.Th ta="right">Withdrawals</Table.Th>
            <Table.Th ta="right">Deposits</Table.Th>
            <Table.Th ta="right">Closing</Table.Th>
            <Table.Th ta="right">Pushed</Table.Th>
            <Table.Th ta="right">Unpushed</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {month && (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Button size="compact-sm" variant="subtle" onClick={() => setMonth(null)}>
                  Show all months
                </Button>
              </Table.Td>
            </Table.Tr>
          )}
          {book.months.map((m) => (
            <Table.Tr key={m.month} bg={month === m.month ? 'teal.0' : undefined}>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant={month === m.month ? 'light' : 'subtle'}
                  aria-pressed={month === m.month}
                  aria-label={`Show ${formatMonth(m.month)} only`}
                  onClick={() => setMonth((shown) => (shown === m.month ? null : m.month))}
                >
                  {formatMonth(m.month)}
                </Button>
              </Table.Td>
              <Table.Td ta="right">{formatCount(m.rows)}</Table.Td>
              <Table.Td ta="right">{m.opening}</Table.Td>
              <Table.Td ta="right">{m.withdrawals}</Table.Td>
              <Table.Td ta="right">{m.deposits}</Table.Td>
              <Table.Td ta="right">{m.closing}</Table.Td>
              <Table.Td ta="right">{formatCount(m.pushed)}</Table.Td>
              <Table.Td ta="right">{formatCount(m.unpushed)}</Table.Td>
              <Table.Td ta="right">
                {m.unpushed > 0 && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {bridgeUp && (
                      <Button
                        size="xs"
                        variant="light"
                        disabled={pushing}
                        onClick={() => void push(m.month, {}, true)}
                      >
                        Push and send {formatMonth(m.month)}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" disabled={pushing} onClick={() => void push(m.month)}>
                      Push {formatMonth(m.month)}
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Paper withBorder p="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Narration words"
            placeholder="e.g. cash wdl"
            value={keywords}
            onChange={(e) => setKeywords(e.currentTarget.value)}
          />
          <SegmentedControl
            aria-label="Direction"
            value={only}
            onChange={(v) => setOnly(v as OnlyFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'withdrawals', label: 'Withdrawals' },
              { value: 'deposits', label: 'Deposits' },
            ]}
          />
          <TextInput
            label="Amount from"
            w={110}
            value={min}
            onChange={(e) => setMin(e.currentTarget.value)}
            onBlur={() => setMin(grouped)}
          />
          <TextInput
            label="Amount to"
            w={110}
            value={max}
            onChange={(e) => setMax(e.currentTarget.value)}
            onBlur={() => setMax(grouped)}
          />
        </Group>
        {filtering && (
          <Group align="flex-end" gap="sm" mt="sm">
            <LedgerPicker
              company={company}
              label="Always use this ledger for rows like these"
              value={ruleLedger}
              onChange={setRuleLedger}
            />
            <Checkbox
              label="As Contra"
              checked={contra}
              onChange={(e) => setContra(e.currentTarget.checked)}
            />
            <Button variant="light" disabled={!ruleLedger.trim()} onClick={() => void makeRule()}>
              Make rule
            </Button>
            <Button
              variant="default"
              disabled={!ruleLedger.trim() || !shown.some((r) => !r.pushed)}
              onClick={() => void applyToShown()}
            >
              {book.rows_total > shown.length
                ? `Apply to the ${shown.length} rows on this page`
                : 'Apply to the rows shown'}
            </Button>
            <Text size="sm" c="dimmed">
              {formatCount(book.rows_total)} row(s) shown
            </Text>
          </Group>
        )}
      </Paper>

      {sameParty && (
        <Alert
          color="blue"
          role="group"
          aria-label="Same party, same ledger?"
          title="Same party, same ledger?"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">
              {sameParty.ids.length} other row(s) of {sameParty.party.kind === 'vpa' ? 'UPI ID' : 'payee'}{' '}
              {sameParty.party.shown} have another ledger or none.
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => void applySameParty()}>
                Use {sameParty.ledger} for them
              </Button>
              <Button size="xs" variant="default" onClick={() => setSameParty(null)}>
                No, only that row
              </Button>
            </Group>
          </Group>
        </Alert>
      )}
      <div
        ref={virtual.scrollRef}
        data-windowed={windowed || undefined}
        style={windowed ? { maxHeight: '75vh', overflow: 'auto' } : undefined}
      >
        <Table striped aria-label="Book rows" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Withdrawal</Table.Th>
              <Table.Th ta="right">Deposit</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
              <Table.Th>Ledger</Table.Th>
              <Table.Th>Set by</Table.Th>
              <Table.Th>GST/TDS</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {windowed ? (
              <>
                {virtual.padTop > 0 && (
                  <tr aria-hidden style={{ height: virtual.padTop }}>
                    <td colSpan={9} />
                  </tr>
                )}
                {virtual.items.map((it) => bookRow(shown[it.index], it.index))}
                {virtual.padBottom > 0 && (
                  <tr aria-hidden style={{ height: virtual.padBottom }}>
                    <td colSpan={9} />
                  </tr>
                )}
              </>
            ) : (
              shown.map((r, i) => bookRow(r, i))
            )}
          </Table.Tbody>
        </Table>
      </div>
      {book.rows_total > PAGE_ROWS && (
        <Group gap="sm" aria-label="Pages of the book">
          <Button
            variant="default"
            size="xs"
            disabled={from === 0}
            onClick={() => setFrom(Math.max(0, from - PAGE_ROWS))}
          >
            Previous {PAGE_ROWS}
          </Button>
          <Text size="sm" c="dimmed">
            Rows {formatCount(from + 1)}–{formatCount(from + shown.length)} of {formatCount(book.rows_total)}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={from + PAGE_ROWS >= book.rows_total}
            onClick={() => setFrom(from + PAGE_ROWS)}
          >
            Next {PAGE_ROWS}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
