import type { AccountInfo, BookChangeInfo, ClientActivityAnswer } from '@bahi/contract';
import { Badge, Button, Group, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { approveMonth, getActivity } from './team-api.ts';
import { formatDateTime, formatMonth } from '../format.ts';

// A client's months approved for Tally and its trail of changes, with their authors (issue 35). A
// reviewer (or the owner) approves a month; a change to its rows withdraws the approval; a push of
// a month waits for it once the office has a reviewer.

const KIND: Record<BookChangeInfo['kind'], string> = {
  ledger: 'Ledger set',
  rule: 'Rules',
  file: 'Statement filed',
  fix: 'Row fixed',
  split: 'GST/TDS split',
  push: 'Pushed',
  approve: 'Approved',
  withdraw: 'Approval withdrawn',
};

/** Every month from the first to the last day of the client's books, newest first (YYYY-MM). */
export function bookMonths(accounts: readonly AccountInfo[]): string[] {
  const iso = (d: string) => (d ? `${d.slice(6, 10)}-${d.slice(3, 5)}` : '');
  const firsts = accounts.map((a) => iso(a.first_date)).filter(Boolean);
  const lasts = accounts.map((a) => iso(a.last_date)).filter(Boolean);
  if (!firsts.length) return [];
  const out: string[] = [];
  let [y, m] = firsts.sort()[0].split('-').map(Number);
  const end = lasts.sort().at(-1)!;
  for (let guard = 0; guard < 240; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > end) break;
    out.push(month);
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
  return out.reverse();
}

const when = (iso: string) => formatDateTime(iso);

export function ClientActivity({ clientId, accounts }: { clientId: string; accounts: AccountInfo[] }) {
  const [data, setData] = useState<ClientActivityAnswer | null>(null);
  const load = useCallback(() => {
    getActivity(clientId)
      .then(setData)
      .catch(() => setData(null));
  }, [clientId]);
  // Again whenever the client page reloads its accounts (a ledger set, a push): the trail grew.
  useEffect(load, [load, accounts]);
  if (!data) return null;
  const mayApprove = data.role === 'owner' || data.role === 'reviewer';
  const approvalOf = new Map(data.approvals.map((a) => [a.month, a]));
  const months = bookMonths(accounts);
  const accountOf = (id: string | null) => accounts.find((a) => a.id === id)?.account_number ?? '';

  async function setApproved(month: string, approved: boolean) {
    try {
      await approveMonth(clientId, month, approved);
      notifySuccess(
        approved ? `${formatMonth(month)} approved for Tally.` : `${formatMonth(month)}: approval withdrawn.`,
      );
      load();
    } catch (err) {
      notifyError('The month could not be changed.', err);
    }
  }

  return (
    <section aria-label="Approvals and changes">
      <Group justify="space-between" mb="xs">
        <Title order={3}>Approvals and changes</Title>
        <Button size="xs" variant="default" onClick={load}>
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        {data.approval_required
          ? 'A month goes to Tally once a reviewer has approved it; any change to its rows withdraws the approval.'
          : 'Months need no approval in this office (it has no reviewer); approving one still records who checked it.'}
      </Text>
      {months.length > 0 && (
        <Table aria-label="Months for approval" withTableBorder mb="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Approval</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => {
              const a = approvalOf.get(m);
              return (
                <Table.Tr key={m}>
                  <Table.Td>{formatMonth(m)}</Table.Td>
                  <Table.Td>
                    {a ? (
                      <Badge color="teal" variant="light">
                        Approved by {a.approved_by} · {when(a.approved_at)}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not approved
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {mayApprove && (
                      <Button
                        size="xs"
                        variant={a ? 'subtle' : 'filled'}
                        aria-label={
                          a ? `Withdraw approval of ${formatMonth(m)}` : `Approve ${formatMonth(m)}`
                        }
                        onClick={() => void setApproved(m, !a)}
                      >
                        {a ? 'Withdraw' : 'Approve'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {data.changes.length === 0 ? (
        <Text c="dimmed">No change recorded yet.</Text>
      ) : (
        <Table aria-label="Changes" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Month</Table.Th>
              <Table.Th>Account</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.changes.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{when(c.at)}</Table.Td>
                <Table.Td>{c.actor || 'a drop'}</Table.Td>
                <Table.Td>{KIND[c.kind]}</Table.Td>
                <Table.Td>{c.month ? formatMonth(c.month) : ''}</Table.Td>
                <Table.Td>{accountOf(c.account_id)}</Table.Td>
                <Table.Td ta="right">{c.rows || ''}</Table.Td>
                <Table.Td>{c.detail}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
