import type { AccountInfo, ClientAnswer, UnfiledInfo } from '@bahi/contract';
import { BANK_CODES, BANK_LABELS, defaultBankLedger } from '@bahi/core';
import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  Paper,
  PasswordInput,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { extractStatement } from '../bank/api.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { RulesAcross, ruleSplitText } from './RulesAcross.tsx';
import { DropZone } from './DropZone.tsx';
import { JobsTable } from './JobsTable.tsx';
import { ClientForm } from './ClientForm.tsx';
import {
  addAccount,
  archiveAccount,
  archiveClient,
  deleteRule,
  dropUnfiled,
  fileStatement,
  fileUnfiled,
  getClient,
  moveRule,
  updateClient,
} from './api.ts';
import { formatDateTime } from '../format.ts';

// /app/clients/:id (issue 13): one client. Its statements come in (the office drop, or one file
// read here and filed), each lands in the account its number names; a number the client has no
// account for waits until the account is added. Each account has one continuous book.

/**
 * How often the page re-reads the client while files may be filed into its books (the answer counts
 * each account's gaps over its whole book, so not every few seconds).
 */
const REFRESH_MS = 30_000;

// The Book and Months tabs load their code when first shown (the page's first load was 262 KB gzip
// with them, over the screens' 250 KB budget).
const BookView = lazy(() => import('./BookView.tsx').then((m) => ({ default: m.BookView })));
const ClientActivity = lazy(() =>
  import('./ClientActivity.tsx').then((m) => ({ default: m.ClientActivity })),
);
const loadingTab = <Text c="dimmed">Loading…</Text>;

/**
 * The page's tabs (issue 34 round three: it was one 3,600-pixel page). The tab is in the address
 * (?tab=, none for the first), so a reload or a link keeps it; the book's account too (?account=).
 */
export const CLIENT_TABS = [
  { value: 'statements', label: 'Statements' },
  { value: 'book', label: 'Book' },
  { value: 'rules', label: 'Rules' },
  { value: 'months', label: 'Months' },
  { value: 'history', label: 'History' },
] as const;
type ClientTab = (typeof CLIENT_TABS)[number]['value'];
const isTab = (v: string | null): v is ClientTab => CLIENT_TABS.some((t) => t.value === v);

const BANK_OPTIONS = [
  { value: '', label: 'Choose the bank' },
  ...BANK_CODES.map((c) => ({ value: c, label: BANK_LABELS[c] })),
];

export default function ClientPage() {
  const { id = '' } = useParams();
  const [data, setData] = useState<ClientAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [search, setSearch] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: ClientTab = isTab(tabParam) ? tabParam : 'statements';
  const openBook = search.get('account');
  const go = (next: ClientTab, account?: string | null) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next === 'statements') p.delete('tab');
        else p.set('tab', next);
        if (account !== undefined) {
          if (account) p.set('account', account);
          else p.delete('account');
        }
        return p;
      },
      { replace: false },
    );
  const [newAccount, setNewAccount] = useState<{ bank: string; number: string } | null>(null);
  // the password typed with the last drop, tried on its protected files (issue 34 round five); page memory only
  const [dropPassword, setDropPassword] = useState<{ password: string } | null>(null);

  const load = useCallback(() => {
    getClient(id)
      .then((d) => {
        setData(d);
        setProblem(null);
      })
      .catch((err) =>
        setProblem(
          err instanceof ApiError && err.status === 404
            ? 'No such client.'
            : 'The client could not be loaded.',
        ),
      );
  }, [id]);
  useEffect(load, [load]);
  // Dropped files are read and filed by the queue while the page is open: the accounts and the
  // statements waiting for one follow (the jobs table has its own live updates).
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  if (problem)
    return (
      <Stack>
        <Anchor component={Link} to="/app/clients">
          ← Clients
        </Anchor>
        <Text c="red.8" role="alert">
          {problem}
        </Text>
      </Stack>
    );
  if (!data) return <Text c="dimmed">Loading…</Text>;
  const { client } = data;
  // the book shown: the one asked for, else the first open account's
  const shownBook =
    (openBook && data.accounts.some((a) => a.id === openBook) ? openBook : null) ??
    data.accounts.find((a) => !a.archived)?.id ??
    null;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/app/clients">
        ← Clients
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2}>
            {client.name}
            {client.archived && (
              <Badge ml="sm" color="gray" variant="light">
                Archived
              </Badge>
            )}
          </Title>
          <Text c="dimmed" size="sm">
            {client.state} · {client.gstin ? `GSTIN ${client.gstin}` : 'no GSTIN'} · Tally company:{' '}
            {client.tally_company || '(not set)'}
          </Text>
        </div>
        <Group>
          <Button variant="default" component={Link} to={`/app/clients/${client.id}/report`}>
            Month report
          </Button>
          <Button variant="default" onClick={() => setEditing((e) => !e)}>
            Edit client
          </Button>
          <Button
            variant="subtle"
            onClick={() =>
              void archiveClient(client.id, !client.archived).then(load, (err) =>
                notifyError('The client could not be changed.', err),
              )
            }
          >
            {client.archived ? 'Restore' : 'Archive'}
          </Button>
        </Group>
      </Group>
      {editing && (
        <Paper withBorder p="md">
          <ClientForm
            initial={client}
            submitLabel="Save changes"
            onCancel={() => setEditing(false)}
            onSubmit={async (fields) => {
              try {
                await updateClient(client.id, fields);
                notifySuccess('Client saved.');
                setEditing(false);
                load();
              } catch (err) {
                notifyError('The client could not be saved.', err);
              }
            }}
          />
        </Paper>
      )}

      <Tabs value={tab} onChange={(v) => isTab(v) && go(v)} keepMounted={false} variant="outline">
        <Tabs.List aria-label="Parts of the client">
          {CLIENT_TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
              {t.value === 'statements' && data.unfiled.length > 0 ? ` (${data.unfiled.length} waiting)` : ''}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="statements" pt="md">
          <Stack gap="lg">
            <section aria-label="Statements in">
              <Title order={3} mb="xs">
                Statements
              </Title>
              <Stack gap="sm">
                <DropZone
                  clientId={client.id}
                  onPassword={(password) => setDropPassword(password ? { password } : null)}
                />
                {/* a file read (and filed) changes the accounts and the waiting list: both follow at once (issue 34) */}
                <JobsTable clientId={client.id} onRead={load} givenPassword={dropPassword} />
                <Text size="sm" c="dimmed">
                  Or read one statement here and file it:
                </Text>
              </Stack>
              <ReadAndFile clientId={client.id} accounts={data.accounts} onFiled={load} />
            </section>

            {data.unfiled.length > 0 && (
              <section aria-label="Waiting for an account">
                <Title order={3} mb="xs">
                  Waiting for an account
                </Title>
                <Stack gap="xs">
                  {data.unfiled.map((u) => (
                    <UnfiledRow
                      key={u.id}
                      clientId={client.id}
                      unfiled={u}
                      accounts={data.accounts.filter((a) => !a.archived)}
                      onCreate={() => setNewAccount({ bank: u.bank, number: u.account_number })}
                      onDone={load}
                    />
                  ))}
                </Stack>
              </section>
            )}
            <section aria-label="Bank accounts">
              <Group justify="space-between" mb="xs">
                <Title order={3}>Bank accounts</Title>
                {!newAccount && (
                  <Button onClick={() => setNewAccount({ bank: '', number: '' })}>Add account</Button>
                )}
              </Group>
              {newAccount && (
                <Paper withBorder p="md" mb="sm">
                  <AccountForm
                    initial={newAccount}
                    onCancel={() => setNewAccount(null)}
                    onSubmit={async (body) => {
                      try {
                        const made = await addAccount(client.id, body);
                        notifySuccess(
                          made.filed
                            ? `Account added; ${made.filed} waiting statement(s) filed into it.`
                            : 'Account added.',
                        );
                        setNewAccount(null);
                        load();
                      } catch (err) {
                        notifyError('The account could not be added.', err);
                      }
                    }}
                  />
                </Paper>
              )}
              {data.accounts.length === 0 && !newAccount && (
                <Text c="dimmed">
                  No accounts yet: add the client's bank accounts with their Tally bank ledgers.
                </Text>
              )}
              {data.accounts.length > 0 && (
                <Table aria-label="Accounts" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Bank</Table.Th>
                      <Table.Th>Account number</Table.Th>
                      <Table.Th>Tally ledger</Table.Th>
                      <Table.Th>Book</Table.Th>
                      <Table.Th ta="right">Rows</Table.Th>
                      <Table.Th ta="right">Pushed</Table.Th>
                      <Table.Th ta="right">Unpushed</Table.Th>
                      <Table.Th ta="right">Gaps</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.accounts.map((a) => (
                      <Table.Tr key={a.id} aria-label={`Account ${a.account_number}`}>
                        <Table.Td>{BANK_LABELS[a.bank as keyof typeof BANK_LABELS] ?? a.bank}</Table.Td>
                        <Table.Td>
                          {a.account_number}
                          {a.archived && (
                            <Badge ml="xs" color="gray" variant="light">
                              Archived
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>{a.tally_ledger}</Table.Td>
                        <Table.Td>{a.rows ? `${a.first_date} to ${a.last_date}` : 'empty'}</Table.Td>
                        <Table.Td ta="right">{a.rows}</Table.Td>
                        <Table.Td ta="right">{a.pushed}</Table.Td>
                        <Table.Td ta="right">{a.unpushed}</Table.Td>
                        <Table.Td ta="right" c={a.gaps ? 'orange.8' : undefined}>
                          {a.gaps}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Button size="xs" variant="light" onClick={() => go('book', a.id)}>
                              Open book
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() =>
                                void archiveAccount(a.id, !a.archived).then(load, (err) =>
                                  notifyError('The account could not be changed.', err),
                                )
                              }
                            >
                              {a.archived ? 'Restore' : 'Archive'}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </section>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="book" pt="md">
          <section aria-label="Books">
            {data.accounts.length === 0 ? (
              <Text c="dimmed">No accounts yet: add them under Statements.</Text>
            ) : (
              <Group gap="xs" role="group" aria-label="Book of account">
                {data.accounts.map((a) => (
                  <Button
                    key={a.id}
                    size="xs"
                    variant={shownBook === a.id ? 'filled' : 'default'}
                    aria-pressed={shownBook === a.id}
                    onClick={() => go('book', a.id)}
                  >
                    {BANK_LABELS[a.bank as keyof typeof BANK_LABELS] ?? a.bank} {a.account_number}
                  </Button>
                ))}
              </Group>
            )}
            {shownBook && (
              <Paper withBorder p="md" mt="sm">
                <Suspense fallback={loadingTab}>
                  <BookView
                    key={shownBook}
                    clientId={client.id}
                    accountId={shownBook}
                    tallyCompany={client.tally_company}
                    onChanged={load}
                  />
                </Suspense>
              </Paper>
            )}
          </section>
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <section aria-label="Ledger rules">
            <Title order={3} mb="xs">
              Ledger rules
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              Applied to every new statement of this client, in this order, before the ledgers remembered from
              your choices. Make one from a filtered view of a book.
            </Text>
            {data.rules.length === 0 ? (
              <Text c="dimmed">No rules yet.</Text>
            ) : (
              <Table aria-label="Rules">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Words</Table.Th>
                    <Table.Th>Direction</Table.Th>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Ledger</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rules.map((r, i) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {r.words.length
                          ? `${r.match === 'all' ? 'all of' : 'any of'}: ${r.words.join(', ')}`
                          : '—'}
                      </Table.Td>
                      <Table.Td>{r.direction === 'any' ? 'either' : r.direction}</Table.Td>
                      <Table.Td>{r.min || r.max ? `${r.min || '0'} to ${r.max || 'any'}` : 'any'}</Table.Td>
                      <Table.Td>
                        {r.ledger}
                        {r.voucher_type ? ` (${r.voucher_type})` : ''}
                        {ruleSplitText(r.tax_split)}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {(['up', 'down'] as const).map((d) => (
                            <Button
                              key={d}
                              size="xs"
                              variant="subtle"
                              aria-label={`Move the ${r.ledger} rule ${d}`}
                              disabled={d === 'up' ? i === 0 : i === data.rules.length - 1}
                              onClick={() =>
                                void moveRule(r.id, d).then(load, (err) =>
                                  notifyError('The rule could not be moved.', err),
                                )
                              }
                            >
                              {d === 'up' ? '↑' : '↓'}
                            </Button>
                          ))}
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              void deleteRule(r.id).then(load, (err) =>
                                notifyError('The rule could not be deleted.', err),
                              )
                            }
                          >
                            Delete
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <RulesAcross clientId={client.id} hasRules={data.rules.length > 0} onChanged={load} />
          </section>
        </Tabs.Panel>
        <Tabs.Panel value="months" pt="md">
          {/* issue 35: months approved for Tally and who changed what (office/ClientActivity.tsx) */}
          <Suspense fallback={loadingTab}>
            <ClientActivity clientId={data.client.id} accounts={data.accounts} />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <section aria-label="History">
            <Title order={3} mb="xs">
              History
            </Title>
            {data.history.length === 0 ? (
              <Text c="dimmed">No statement filed yet.</Text>
            ) : (
              <Table aria-label="Statements filed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Filed</Table.Th>
                    <Table.Th>File</Table.Th>
                    <Table.Th>Account</Table.Th>
                    <Table.Th>Period</Table.Th>
                    <Table.Th ta="right">Rows</Table.Th>
                    <Table.Th ta="right">Added</Table.Th>
                    <Table.Th ta="right">Already in the book</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.history.map((s) => (
                    <Table.Tr key={`${s.account_id}-${s.statement_id}`}>
                      <Table.Td>{formatDateTime(s.filed_at)}</Table.Td>
                      <Table.Td>{s.file_name}</Table.Td>
                      <Table.Td>
                        {data.accounts.find((a) => a.id === s.account_id)?.account_number ?? ''}
                      </Table.Td>
                      <Table.Td>
                        {s.period_from} to {s.period_to}
                      </Table.Td>
                      <Table.Td ta="right">{s.rows}</Table.Td>
                      <Table.Td ta="right">{s.added}</Table.Td>
                      <Table.Td ta="right">{s.recognised}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </section>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

type AccountFields = { bank: string; account_number: string; tally_ledger: string };

function AccountForm({
  initial,
  onSubmit,
  onCancel,
}: {
  initial: { bank: string; number: string };
  onSubmit: (body: AccountFields) => Promise<void>;
  onCancel: () => void;
}) {
  const [bank, setBank] = useState(initial.bank);
  const [number, setNumber] = useState(initial.number);
  // Pre-filled with Bahi's bank ledger name for the bank and number (issue 34) until typed over.
  const [typed, setLedger] = useState<string | null>(null);
  const ledger = typed ?? (bank ? defaultBankLedger(bank, number.trim().replace(/[\s-]/g, '')) : '');
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ bank, account_number: number, tally_ledger: ledger });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add account">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label="Bank"
          required
          data={BANK_OPTIONS}
          value={bank}
          onChange={(e) => setBank(e.currentTarget.value)}
        />
        <TextInput
          label="Account number"
          required
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
        />
        <TextInput
          label="Tally bank ledger"
          required
          value={ledger}
          onChange={(e) => setLedger(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={busy} disabled={!bank || !number.trim() || !ledger.trim()}>
          Save account
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

/**
 * One statement read with the single-statement call (it spends pages as the upload screen does),
 * then filed into the client's account its number names.
 */
export function ReadAndFile({
  clientId,
  accounts,
  onFiled,
}: {
  clientId: string;
  accounts: AccountInfo[];
  onFiled: () => void;
}) {
  const [bank, setBank] = useState<string>(accounts[0]?.bank ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file || !bank) return;
    setBusy(true);
    setSaid(null);
    try {
      const read = await extractStatement(bank, file, password || undefined);
      const filed = await fileStatement({
        client_id: clientId,
        file_name: file.name,
        bank: read.statement_info.bank,
        account_number: read.statement_info.account_number ?? '',
        period_from: read.statement_info.period_from,
        period_to: read.statement_info.period_to,
        transactions: read.transactions,
        // the statement as kept on the server: the book takes each row's reference from it
        ...(read.statement_id ? { statement_id: read.statement_id } : {}),
      });
      setSaid(filed.message);
      setFile(null);
      setPassword('');
      onFiled();
    } catch (err) {
      setSaid(err instanceof ApiError ? err.detail : 'The statement could not be read.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md">
      <form onSubmit={(e) => void submit(e)} aria-label="Read and file a statement">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Bank"
            data={BANK_OPTIONS}
            value={bank}
            onChange={(e) => setBank(e.currentTarget.value)}
            w={200}
          />
          <FileInput
            label="Statement"
            placeholder="PDF, XLSX, CSV or RPT"
            accept=".pdf,.xlsx,.xls,.rpt,.txt,.csv"
            value={file}
            onChange={setFile}
            w={260}
          />
          <PasswordInput
            label="Password (if protected)"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            w={200}
          />
          <Button type="submit" loading={busy} disabled={!file || !bank}>
            Read and file
          </Button>
        </Group>
      </form>
      {said && (
        <Text mt="sm" role="status">
          {said}
        </Text>
      )}
    </Paper>
  );
}

function UnfiledRow({
  clientId,
  unfiled,
  accounts,
  onCreate,
  onDone,
}: {
  clientId: string;
  unfiled: UnfiledInfo;
  accounts: AccountInfo[];
  onCreate: () => void;
  onDone: () => void;
}) {
  const [into, setInto] = useState<string | null>(null);
  const [making, setMaking] = useState(false);
  // Issue 34 round five: a statement that names its bank and number makes its account in one click,
  // with Bahi's bank ledger name (as the inbox's "Add the account to" does since round three); the
  // statements of that number waiting here are filed into it by the server. "Another ledger name…"
  // opens the form, filled, as "Create this account" did before; a statement naming no bank (or a
  // bank Bahi has no profile for) opens the form too.
  const number = unfiled.account_number.trim().replace(/[\s-]/g, '');
  const bank = (BANK_CODES as readonly string[]).includes(unfiled.bank) ? unfiled.bank : '';
  const ledger = bank && number ? defaultBankLedger(bank, number) : '';
  async function create() {
    if (!ledger) return onCreate();
    setMaking(true);
    try {
      const made = await addAccount(clientId, {
        bank,
        account_number: unfiled.account_number,
        tally_ledger: ledger,
      });
      notifySuccess(
        `Account ${number} added as “${ledger}”; ${made.filed} waiting statement(s) filed into it.`,
      );
      onDone();
    } catch (err) {
      notifyError('The account could not be added.', err);
    } finally {
      setMaking(false);
    }
  }
  return (
    <Paper withBorder p="sm" aria-label={`Waiting statement ${unfiled.file_name}`}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          {unfiled.file_name}: account {unfiled.account_number || '(no number printed)'}, {unfiled.rows} rows,{' '}
          {unfiled.period_from} to {unfiled.period_to}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            loading={making}
            onClick={() => void create()}
            title={ledger ? `Adds account ${number} with the Tally bank ledger “${ledger}”` : undefined}
          >
            Create this account
          </Button>
          {ledger && (
            <Button size="xs" variant="subtle" onClick={onCreate}>
              Another ledger name…
            </Button>
          )}
          {accounts.length > 0 && (
            <>
              <Select
                size="xs"
                aria-label="File into"
                placeholder="File into…"
                data={accounts.map((a) => ({ value: a.id, label: `${a.bank} ${a.account_number}` }))}
                value={into}
                onChange={setInto}
              />
              <Button
                size="xs"
                variant="light"
                disabled={!into}
                onClick={() =>
                  into &&
                  void fileUnfiled(unfiled.id, into).then(
                    (f) => {
                      notifySuccess(f.message);
                      onDone();
                    },
                    (err) => notifyError('The statement could not be filed.', err),
                  )
                }
              >
                File
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() =>
              void dropUnfiled(unfiled.id).then(onDone, (err) => notifyError('Not discarded.', err))
            }
          >
            Discard
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
