import type { OfficeJob, OfficeJobState } from '@bahi/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { notifyError } from '../components/notify.ts';
import { jobsKey, listJobs, tryPassword } from './jobs-api.ts';

// The dropped files of a client (or of the inbox, sorted by account number), one row each, live:
// polled every second and a half while any file is queued or being read. Leaving the page loses
// nothing: the rows are on the server. Files that need a password wait for one password, typed
// once and tried on all of them.

const BUSY_POLL_MS = 1500;
const IDLE_POLL_MS = 15_000;

const STATE: Record<OfficeJobState, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  reading: { label: 'Reading', color: 'blue' },
  needs_password: { label: 'Needs password', color: 'orange' },
  read: { label: 'Read', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

function progress(j: OfficeJob): string {
  if (j.state === 'reading')
    return j.pages_total
      ? `reading page ${Math.min(j.pages_done + 1, j.pages_total)} of ${j.pages_total}`
      : j.attempts > 1
        ? `try ${j.attempts}`
        : '';
  if (j.state === 'read') return `${j.pages_total ?? '?'} page${j.pages_total === 1 ? '' : 's'}`;
  return '';
}

function outcome(j: OfficeJob) {
  if (j.state === 'read')
    return (
      <Stack gap={0}>
        <Text size="sm">
          {j.rows} rows{j.period_from ? `, ${j.period_from} to ${j.period_to ?? '?'}` : ''}
        </Text>
        {j.reconciled ? (
          <Text size="xs" c="teal">
            Balances reconcile
          </Text>
        ) : (
          <Text size="xs" c="red">
            {j.reason ?? 'The balances do not reconcile.'}
          </Text>
        )}
      </Stack>
    );
  if (j.state === 'failed' || j.state === 'needs_password')
    return (
      <Text size="sm" c={j.state === 'failed' ? 'red' : 'orange'}>
        {j.reason}
      </Text>
    );
  return null;
}

function PasswordPanel({
  clientId,
  waiting,
  onSaid,
}: {
  clientId: string | null;
  waiting: number;
  /** what the attempt did, shown by the table (the panel goes once no file waits) */
  onSaid: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return;
    setBusy(true);
    try {
      const answer = await tryPassword(clientId, password);
      onSaid(
        answer.opened === answer.tried
          ? `The password opened ${answer.opened === 1 ? 'the file' : `all ${answer.opened} files`}.`
          : `The password opened ${answer.opened} of ${answer.tried} files. The others still need theirs.`,
      );
      await queryClient.invalidateQueries({ queryKey: jobsKey(clientId) });
    } catch (err) {
      notifyError('The password could not be tried.', err);
    } finally {
      // Not kept: the next attempt is typed again.
      setPassword('');
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="jobs-password">
      <form onSubmit={submit}>
        <Stack gap="xs">
          <Text fw={600}>
            {waiting} file{waiting === 1 ? ' needs' : 's need'} a password
          </Text>
          <Text size="sm" c="dimmed">
            Type the password once: it is tried on every waiting file of this {clientId ? 'client' : 'inbox'},
            and not kept.
          </Text>
          <Group align="flex-end">
            <PasswordInput
              label="Statement password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="off"
              style={{ flex: 1, maxWidth: 320 }}
            />
            <Button type="submit" loading={busy} disabled={!password}>
              Open the files
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function JobsTable({
  clientId,
  onRead,
  givenPassword,
}: {
  clientId: string | null;
  /** called when more files have been read (and filed) than before: the page reloads its books */
  onRead?: () => void;
  /**
   * A password typed with the drop (issue 34 round five): tried once on the files that wait for a
   * password as they come to wait, so the bookkeeper who knows it does not type it again. The panel
   * still asks for the files it does not open.
   */
  givenPassword?: { password: string } | null;
}) {
  const [said, setSaid] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const tried = useRef(new Set<string>());
  const opened = useRef({ opened: 0, tried: 0 });
  const [trying, setTrying] = useState(false);
  const [showEarlier, setShowEarlier] = useState(false);
  const readBefore = useRef<number | null>(null);
  const { data, error, isPending } = useQuery({
    queryKey: jobsKey(clientId),
    queryFn: () => listJobs(clientId),
    refetchInterval: (q) => {
      const c = q.state.data?.counts;
      return c && c.queued + c.reading > 0 ? BUSY_POLL_MS : IDLE_POLL_MS;
    },
  });

  const readNow = data?.counts.read;
  useEffect(() => {
    if (readNow === undefined) return;
    if (readBefore.current !== null && readNow > readBefore.current) onRead?.();
    readBefore.current = readNow;
  }, [readNow, onRead]);

  // The files waiting for a password that the drop's password has not been tried on yet.
  const untried = (data?.jobs ?? [])
    .filter((j) => j.state === 'needs_password' && !tried.current.has(j.id))
    .map((j) => j.id)
    .join(',');
  // a new drop's password: its own count
  useEffect(() => {
    opened.current = { opened: 0, tried: 0 };
  }, [givenPassword]);
  useEffect(() => {
    if (!givenPassword || !untried || trying) return;
    setTrying(true);
    for (const id of untried.split(',')) tried.current.add(id);
    tryPassword(clientId, givenPassword.password).then(
      (answer) => {
        // a file it did not open waits still and is tried again with the next files that come to
        // wait: the files opened are counted (each once), not the tries
        opened.current.opened += answer.opened;
        if (answer.opened < answer.tried) opened.current.tried = -1;
        const o = opened.current.opened;
        setSaid(
          `The password given with the drop opened ${o === 1 ? 'one file' : `${o} files`}.` +
            (opened.current.tried < 0 ? ' The others still need theirs.' : ''),
        );
        setTrying(false);
        void queryClient.invalidateQueries({ queryKey: jobsKey(clientId) });
      },
      (err) => {
        setTrying(false);
        notifyError('The password could not be tried.', err);
      },
    );
  }, [givenPassword, untried, trying, clientId, queryClient]);

  if (isPending) return <Loader size="sm" aria-label="Loading the dropped files" />;
  if (error)
    return <Text c="red">The dropped files could not be loaded. {String((error as Error).message)}</Text>;
  const { counts } = data;
  // Issue 34: finished files never cleared. The last drop's files stay in view; finished files of
  // earlier drops are folded under one line (a file still queued, reading or waiting for a
  // password is always shown).
  const latest = data.jobs.reduce<OfficeJob | null>(
    (a, j) => (a && a.created_at >= j.created_at ? a : j),
    null,
  )?.drop_id;
  const earlier = (j: OfficeJob) => j.drop_id !== latest && (j.state === 'read' || j.state === 'failed');
  const folded = data.jobs.filter(earlier).length;
  const jobs = showEarlier ? data.jobs : data.jobs.filter((j) => !earlier(j));
  if (jobs.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No statements dropped yet. Drop a month&apos;s statements above; each one is read and filed to its
        account.
      </Text>
    );

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Files by state">
        {(Object.keys(STATE) as OfficeJobState[])
          .filter((s) => counts[s] > 0)
          .map((s) => (
            <Badge key={s} color={STATE[s].color} variant="light">
              {STATE[s].label}: {counts[s]}
            </Badge>
          ))}
      </Group>
      {counts.needs_password > 0 && (
        <PasswordPanel clientId={clientId} waiting={counts.needs_password} onSaid={setSaid} />
      )}
      {said && (
        <Text size="sm" role="status" data-testid="jobs-password-said">
          {said}
        </Text>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped stickyHeader data-testid="jobs-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Pages</Table.Th>
              <Table.Th>Bank and account</Table.Th>
              <Table.Th>What was read</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((j) => (
              <Table.Tr key={j.id} data-state={j.state} data-file={j.file_name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{j.file_name}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {j.state === 'reading' && <Loader size={12} />}
                    <Badge color={STATE[j.state].color} variant="light">
                      {STATE[j.state].label}
                    </Badge>
                  </Group>
                </Table.Td>
                <Table.Td>{progress(j)}</Table.Td>
                <Table.Td>
                  {j.bank || j.account_number ? `${j.bank ?? ''} ${j.account_number ?? ''}`.trim() : ''}
                  {j.state === 'read' && !j.account_id && (
                    <Text size="xs" c="orange">
                      No account yet
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{outcome(j)}</Table.Td>
                <Table.Td>
                  {j.statement_id && (
                    <Anchor component={Link} to={`/app/bank/${j.statement_id}`} size="sm">
                      Open
                    </Anchor>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {folded > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => setShowEarlier((s) => !s)}
          aria-expanded={showEarlier}
        >
          {showEarlier
            ? `Fold the ${folded} finished file${folded === 1 ? '' : 's'} of earlier drops`
            : `Show the ${folded} finished file${folded === 1 ? '' : 's'} of earlier drops`}
        </Button>
      )}
    </Stack>
  );
}

export default JobsTable;
