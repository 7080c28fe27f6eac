import { SheetMapping, type ExtractAnswer, type SheetPreviewAnswer } from '@bahi/contract';
import { BANK_LABELS, isBankCode } from '@bahi/core';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { storeToken } from '../auth/token.ts';
import { extractStatement, saveMapping, sheetPreview, StatementCallError } from '../bank/api.ts';
import { keptFile, loadTeachSession } from '../bank/store.ts';
import { BackAndPages } from '../components/BackAndPages.tsx';
import { ApiError } from '../api/client.ts';
import { listClients } from '../office/api.ts';
import { MarkedReadResult } from '../bank/MarkedReadResult.tsx';

// Mark a sheet's columns (/app/map), issue 35: a workbook or CSV whose columns Bahi cannot name is
// shown as its first rows, as the reader sees them; the user names the columns and clicks the first
// transaction row; Bahi reads the whole file with those marks (the file is sent again: the server
// never keeps files) with the balance proof of every read, and on confirmation keeps the mapping
// for that bank's later files whose heading row matches (docs/decisions/056).

type Role = keyof SheetMapping['columns'];

const ROLES: { value: Role | ''; label: string }[] = [
  { value: '', label: '—' },
  { value: 'date', label: 'Date' },
  { value: 'valueDate', label: 'Value date' },
  { value: 'description', label: 'Narration' },
  { value: 'reference', label: 'Reference' },
  { value: 'debit', label: 'Withdrawal' },
  { value: 'credit', label: 'Deposit' },
  { value: 'amount', label: 'Amount' },
  { value: 'side', label: 'Dr / Cr' },
  { value: 'balance', label: 'Balance' },
];

const DATE_ORDERS = [
  { value: 'dmy', label: 'Day first (31/03/2025)' },
  { value: 'mdy', label: 'Month first (03/31/2025)' },
  { value: 'ymd', label: 'Year first (2025/03/31)' },
];

/** The column's letter as a spreadsheet names it (0 -> A, 26 -> AA). */
function letter(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The marks as a mapping, or what is missing: the amount style follows the roles given. */
function mappingOf(
  sheet: number,
  roles: Record<number, Role>,
  firstRow: number | null,
  dateOrder: SheetMapping['dateOrder'],
): { mapping: SheetMapping } | { problem: string } {
  const columns: Partial<Record<Role, number>> = {};
  for (const [col, role] of Object.entries(roles)) {
    if (columns[role] !== undefined) return { problem: `Two columns are marked ${labelOf(role)}.` };
    columns[role] = Number(col);
  }
  if (columns.date === undefined) return { problem: 'Mark the date column.' };
  if (columns.description === undefined) return { problem: 'Mark the narration column.' };
  if (columns.balance === undefined) return { problem: 'Mark the balance column.' };
  const amounts: SheetMapping['amounts'] =
    columns.debit !== undefined || columns.credit !== undefined
      ? 'split'
      : columns.side !== undefined
        ? 'side'
        : 'signed';
  if (firstRow === null) return { problem: 'Choose the first transaction row.' };
  const parsed = SheetMapping.safeParse({ sheet, firstRow, amounts, dateOrder, columns });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'The marks are not complete.' };
  return { mapping: parsed.data };
}

/** The file's password is asked (PASSWORD_REQUIRED) or was wrong (WRONG_PASSWORD), else null. */
export function passwordAsk(err: unknown): 'required' | 'wrong' | null {
  const code =
    err instanceof StatementCallError
      ? err.code
      : err instanceof ApiError
        ? (err.body as { code?: unknown } | null)?.code
        : undefined;
  return code === 'PASSWORD_REQUIRED' ? 'required' : code === 'WRONG_PASSWORD' ? 'wrong' : null;
}

const labelOf = (role: Role) => ROLES.find((r) => r.value === role)?.label ?? role;

export default function MapColumnsPage() {
  const navigate = useNavigate();
  const [session] = useState(loadTeachSession);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreviewAnswer | null>(null);
  const [sheet, setSheet] = useState(0);
  const [roles, setRoles] = useState<Record<number, Role>>({});
  const [firstRow, setFirstRow] = useState<number | null>(null);
  const [dateOrder, setDateOrder] = useState<SheetMapping['dateOrder']>('dmy');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ answer: ExtractAnswer; mapping: SheetMapping } | null>(null);
  // A protected workbook (decision 057): its password, asked once, opens the preview and the read.
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [asked, setAsked] = useState<'required' | 'wrong' | null>(null);
  const [typedPassword, setTypedPassword] = useState('');
  const bank = session?.bank || 'auto';
  const bankLabel = isBankCode(bank.toUpperCase())
    ? BANK_LABELS[bank.toUpperCase() as keyof typeof BANK_LABELS]
    : '';
  const [name, setName] = useState(`${bankLabel || session?.fileName || 'Bank'} columns`);
  // Issue 35: the columns may be kept for one client (tried first on its files, then on other
  // clients' of the bank) or for every client of the office (the default).
  const [clients, setClients] = useState<{ id: string; name: string }[]>([]);
  const [clientId, setClientId] = useState('');
  useEffect(() => {
    let live = true;
    listClients()
      .then((list) => live && setClients(list.map((c) => ({ id: c.id, name: c.name }))))
      .catch(() => undefined); // no clients to offer: kept for the office, as before
    return () => {
      live = false;
    };
  }, []);

  async function showPreview(f: File, pw: string | undefined) {
    try {
      setPreview(await sheetPreview(bank, f, pw));
      setPassword(pw);
      setAsked(null);
      setProblem(null);
    } catch (err) {
      const ask = passwordAsk(err);
      if (ask) {
        setAsked(ask);
        return;
      }
      setProblem(
        err instanceof StatementCallError
          ? (err.reason?.message ?? err.detail)
          : err instanceof ApiError
            ? err.detail
            : 'The file could not be shown.',
      );
    }
  }

  useEffect(() => {
    void keptFile().then(async (f) => {
      setFile(f);
      if (f) await showPreview(f, undefined);
    });
    // showPreview reads only the bank, which is this effect's dependency
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bank]);

  const rows = useMemo(() => preview?.sheets[sheet]?.rows ?? [], [preview, sheet]);
  const width = useMemo(() => Math.max(0, ...rows.map((r) => r.length)), [rows]);
  const check = mappingOf(sheet, roles, firstRow, dateOrder);

  if (!session) {
    return (
      <Stack gap="md">
        <Title order={2}>Mark the columns</Title>
        <Text>No file to map. Upload one first.</Text>
        <Anchor component={Link} to="/app/select">
          Upload a statement
        </Anchor>
      </Stack>
    );
  }

  function setRole(col: number, role: Role | '') {
    setRoles((all) => {
      const next = { ...all };
      if (role === '') delete next[col];
      else next[col] = role;
      return next;
    });
    setResult(null);
  }

  async function read() {
    if (!file || !('mapping' in check)) return;
    setBusy(true);
    setProblem(null);
    setResult(null);
    try {
      const answer = await extractStatement(bank, file, password, () => {}, undefined, check.mapping);
      storeToken(answer.access_token);
      setResult({ answer, mapping: check.mapping });
    } catch (err) {
      setProblem(
        err instanceof StatementCallError
          ? `${err.reason?.message ?? err.detail} Next step: check the columns and the first row, and read again.`
          : 'The file could not be read with these columns.',
      );
    } finally {
      setBusy(false);
    }
  }

  function open(answer: ExtractAnswer) {
    navigate(answer.statement_id ? `/app/bank/${answer.statement_id}` : '/app/bank');
  }

  async function save() {
    if (!result) return;
    const signature = result.answer.mapping_signature;
    if (!signature) {
      setProblem(
        'No heading row stands above the first row, so the next file cannot be recognised: open the result without saving.',
      );
      return;
    }
    try {
      await saveMapping({
        name: name.trim(),
        bank,
        mapping: result.mapping,
        signature,
        ...(result.answer.statement_id ? { statement_id: result.answer.statement_id } : {}),
        ...(clientId ? { client_id: clientId } : {}),
      });
      open(result.answer);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'Saving failed.');
    }
  }

  const r = result?.answer;
  return (
    <Stack gap="md">
      <BackAndPages />
      <Title order={2}>Mark the columns</Title>
      <Text size="sm">
        {session.fileName}: {session.reason} Name the columns above the rows: the date, the narration, the
        withdrawal and deposit (or one amount, with its Dr / Cr column if it has one), and the balance. Then
        choose the first transaction row. Bahi reads the whole file with these marks and checks every balance.
      </Text>
      <Anchor component={Link} to="/app/layouts" size="sm">
        Layouts and columns you taught
      </Anchor>
      {!file && <Text c="dimmed">The file is no longer here: upload it again.</Text>}
      {file && asked && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (typedPassword) void showPreview(file, typedPassword);
          }}
        >
          <Group gap="sm" align="flex-end">
            <PasswordInput
              label="The file’s password"
              description="The file is protected: Bahi opens it with the password, which is not kept."
              error={asked === 'wrong' ? 'That password did not open the file.' : undefined}
              value={typedPassword}
              onChange={(e) => setTypedPassword(e.currentTarget.value)}
            />
            <Button type="submit" disabled={!typedPassword}>
              Open the file
            </Button>
          </Group>
        </form>
      )}
      {preview && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="md" align="flex-end">
              {preview.sheets.length > 1 && (
                <NativeSelect
                  label="Sheet"
                  data={preview.sheets.map((s, i) => ({ value: String(i), label: s.name }))}
                  value={String(sheet)}
                  onChange={(e) => {
                    setSheet(Number(e.currentTarget.value));
                    setRoles({});
                    setFirstRow(null);
                  }}
                />
              )}
              <NativeSelect
                label="Dates are written"
                data={DATE_ORDERS}
                value={dateOrder}
                onChange={(e) => setDateOrder(e.currentTarget.value as SheetMapping['dateOrder'])}
              />
            </Group>
            <ScrollArea type="auto">
              <Radio.Group
                value={firstRow === null ? '' : String(firstRow)}
                onChange={(v) => setFirstRow(Number(v))}
                aria-label="First transaction row"
              >
                <Table withTableBorder withColumnBorders striped fz="xs" aria-label="The file's first rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>First row</Table.Th>
                      <Table.Th>Row</Table.Th>
                      {Array.from({ length: width }, (_, c) => (
                        <Table.Th key={c}>
                          <NativeSelect
                            size="xs"
                            aria-label={`Column ${letter(c)}`}
                            data={ROLES}
                            value={roles[c] ?? ''}
                            onChange={(e) => setRole(c, e.currentTarget.value as Role | '')}
                          />
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row, i) => (
                      <Table.Tr key={i} bg={firstRow === i ? 'teal.0' : undefined}>
                        <Table.Td>
                          <Radio value={String(i)} aria-label={`Row ${i + 1} is the first transaction`} />
                        </Table.Td>
                        <Table.Td c="dimmed">{i + 1}</Table.Td>
                        {Array.from({ length: width }, (_, c) => (
                          <Table.Td key={c} style={{ whiteSpace: 'nowrap' }}>
                            {row[c] ?? ''}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Radio.Group>
            </ScrollArea>
            <Text size="xs" c="dimmed">
              The first {rows.length} of {preview.sheets[sheet]?.total ?? rows.length} rows, as Bahi reads
              them.
            </Text>
          </Stack>
        </Paper>
      )}
      <Group gap="sm" align="center">
        <Button onClick={() => void read()} disabled={!file || busy || !('mapping' in check)} loading={busy}>
          Read with these columns
        </Button>
        {'problem' in check && preview && (
          <Text size="sm" c="dimmed" role="status">
            {check.problem}
          </Text>
        )}
      </Group>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {r && (
        <MarkedReadResult
          answer={r}
          marks="your columns"
          nameLabel="Name of these columns"
          saveLabel="Save columns and open"
          name={name}
          onName={setName}
          onSave={() => void save()}
          onOpen={() => open(r)}
          extra={
            clients.length > 0 && (
              <NativeSelect
                label="Keep these columns for"
                value={clientId}
                onChange={(e) => setClientId(e.currentTarget.value)}
                data={[
                  { value: '', label: 'Every client of the office' },
                  ...clients.map((c) => ({ value: c.id, label: c.name })),
                ]}
              />
            )
          }
        />
      )}
    </Stack>
  );
}
