import { formatDisplayDate, formatIndian } from '@bahi/core';
import type { TallyPushSummary } from '@bahi/contract';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  bridgeAvailable,
  pushThroughBridge,
  readHeldThroughBridge,
  rememberTallyIp,
  rememberedTallyIp,
} from '../bank/bridge.ts';
import { formatCount, formatDateTime } from '../format.ts';
import { fetchPush, fetchPushes, sendAgain } from './api.ts';
import { sendPushAgain, type PushProgress } from './push.ts';
import { PushProgressBar } from './PushProgress.tsx';

// The pushes to Tally (issue 31): each with how many of its vouchers are in Tally, Tally's answer per
// voucher (its part's: Tally answers counters, not vouchers), and "Send again" for what it did not
// take. Sending again goes through the bridge at the remembered Tally address, reading first what
// the company holds, so a part Tally took whose answer was lost is not entered twice.

const PAGE_SIZE = 10;

const STATE: Record<TallyPushSummary['state'], { label: string; color: string }> = {
  done: { label: 'All in Tally', color: 'teal' },
  partly: { label: 'Partly in Tally', color: 'yellow' },
  not_done: { label: 'Not in Tally', color: 'red' },
};

const VOUCHER_STATE: Record<string, string> = {
  in_tally: 'In Tally',
  not_taken: 'Not taken',
  no_answer: 'No answer',
};

/** The vouchers of one push that are not in Tally, with its part's answer. */
function PushVouchers({ id }: { id: string }) {
  // Those not in Tally first: what the accountant has to look at; all on asking.
  const [state, setState] = useState<'waiting' | undefined>('waiting');
  const detail = useQuery({ queryKey: ['tally', 'push', id, state], queryFn: () => fetchPush(id, state) });
  if (detail.isPending) return <Text size="sm">Loading the vouchers…</Text>;
  if (detail.isError) return <Alert color="red">The vouchers could not be loaded.</Alert>;
  const d = detail.data;
  const waiting = d.voucher_list;
  return (
    <Stack gap={4} aria-label="Vouchers of the push">
      <Group gap="xs">
        <Button size="compact-xs" variant={state ? 'light' : 'default'} onClick={() => setState('waiting')}>
          Not in Tally
        </Button>
        <Button size="compact-xs" variant={state ? 'default' : 'light'} onClick={() => setState(undefined)}>
          All
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {formatCount(d.matching)} voucher(s)
        {d.matching > d.voucher_list.length ? `, the first ${d.voucher_list.length} shown` : ''}.
      </Text>
      {waiting.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Ledger</Table.Th>
                <Table.Th className="amount">Amount</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Tally said</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {waiting.map((v) => (
                <Table.Tr key={`${v.remote_id}-${v.part}`}>
                  <Table.Td>{v.date ? formatDisplayDate(v.date) : '—'}</Table.Td>
                  <Table.Td>{v.type}</Table.Td>
                  <Table.Td title={v.narration}>{v.party}</Table.Td>
                  <Table.Td
                    className={`amount ${v.side === 'withdrawal' ? 'amount-withdrawal' : 'amount-deposit'}`}
                  >
                    {v.side === 'withdrawal' ? '−' : '+'}
                    {formatIndian(v.paise)}
                  </Table.Td>
                  <Table.Td>{VOUCHER_STATE[v.state]}</Table.Td>
                  <Table.Td>{v.answer || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The pushes to Tally, newest first, with their answers and Send again. */
export function PushesList() {
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [localIp, setLocalIp] = useState(rememberedTallyIp);
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState<PushProgress | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const pushes = useQuery({
    queryKey: ['tally', 'pushes', page],
    queryFn: () => fetchPushes(page * PAGE_SIZE, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

  async function again(push: TallyPushSummary) {
    setBusy(push.id);
    setLines([]);
    setProgress(null);
    rememberTallyIp(localIp);
    try {
      const said = await sendPushAgain(
        push,
        {
          bridgeAvailable,
          readHeld: (company, ledger, from, to) => readHeldThroughBridge(localIp, company, ledger, from, to),
          sendAgain,
          pushPart: (id, part) => pushThroughBridge(localIp, id, part),
        },
        setProgress,
      );
      setLines(said);
    } finally {
      setBusy(null);
      // Tally's answers (reported by the bridge) decide what is in Tally now.
      await queryClient.invalidateQueries({ queryKey: ['tally'] });
    }
  }

  const data = pushes.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Paper withBorder p="md" aria-label="Pushes to Tally">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>Pushes to Tally</Title>
          <TextInput
            size="xs"
            label="Tally address (IP)"
            description="Where TallyPrime runs, for Send again"
            value={localIp}
            onChange={(e) => setLocalIp(e.currentTarget.value)}
          />
        </Group>
        {pushes.isError && <Alert color="red">The pushes could not be loaded.</Alert>}
        {data && data.total === 0 && (
          <Text c="dimmed" size="sm">
            No pushes yet: Send to Tally from a statement, or push a client&apos;s book.
          </Text>
        )}
        {data && data.total > 0 && (
          <Table.ScrollContainer minWidth={720}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Company · bank ledger</Table.Th>
                  <Table.Th>Days</Table.Th>
                  <Table.Th className="amount">Vouchers</Table.Th>
                  <Table.Th className="amount">In Tally</Table.Th>
                  <Table.Th>Answer</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.pushes.flatMap((p) => [
                  <Table.Tr key={p.id} aria-label={`Push of ${formatDateTime(p.created_at)}`}>
                    <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
                    <Table.Td>
                      {p.company_name || '—'} · {p.ledger_name}
                      {p.source === 'office' ? ' (client book)' : ''}
                    </Table.Td>
                    <Table.Td>
                      {p.from ? `${formatDisplayDate(p.from)} – ${formatDisplayDate(p.to)}` : '—'}
                    </Table.Td>
                    <Table.Td className="amount">{formatCount(p.vouchers)}</Table.Td>
                    <Table.Td className="amount">{formatCount(p.in_tally)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATE[p.state].color} variant="light">
                        {STATE[p.state].label}
                      </Badge>{' '}
                      <Text span size="xs" c="dimmed">
                        {p.parts_answered} of {p.parts} part(s) answered
                      </Text>
                      {p.problems[0] && (
                        <Text size="xs" c="red.8">
                          {p.problems[0]}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() => setOpen(open === p.id ? null : p.id)}
                        >
                          {open === p.id ? 'Hide' : 'Vouchers'}
                        </Button>
                        {p.state !== 'done' && (
                          <Button
                            size="compact-xs"
                            color="teal"
                            loading={busy === p.id}
                            disabled={Boolean(busy) || !localIp.trim()}
                            title={localIp.trim() ? undefined : 'Enter the Tally address first'}
                            onClick={() => void again(p)}
                          >
                            Send again ({formatCount(p.vouchers - p.in_tally)})
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>,
                  open === p.id ? (
                    <Table.Tr key={`${p.id}-vouchers`}>
                      <Table.Td colSpan={7}>
                        <PushVouchers id={p.id} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null,
                ])}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {progress && <PushProgressBar progress={progress} label="Send again progress" />}
        {lines.length > 0 && (
          <Stack gap={2} role="status" aria-label="Send again messages">
            {lines.map((m, i) => (
              <Text key={i} size="sm">
                {m}
              </Text>
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group gap="xs" justify="center">
            <Button
              size="compact-sm"
              variant="default"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              Newer
            </Button>
            <Text size="sm">
              {page + 1} of {pages}
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
