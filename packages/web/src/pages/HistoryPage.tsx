import { Alert, Anchor, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { getHistory } from '../api/account.ts';
import { formatCount, formatDateTime } from '../format.ts';
import { PushesList } from '../tally/PushesList.tsx';

const PAGE_SIZE = 20;

const KIND_LABEL: Record<string, string> = {
  grant: 'Pages granted',
  purchase: 'Plan purchased',
  spend: 'Pages used',
  refund: 'Pages refunded',
};

/** A statement's page spend is named by the file's content hash: a prefix tells them apart. */
function refLabel(ref: string | null | undefined): string {
  if (!ref) return '—';
  const hash = /^statement:([0-9a-f]{12,})$/i.exec(ref)?.[1];
  return hash ? `Statement ${hash.slice(0, 8)}…` : ref;
}

type Column = string | { label: string; amount: true };
const AMOUNT = (label: string): Column => ({ label, amount: true });

/** One titled table of the page, or what to do when it is empty. */
function Section(props: {
  title: string;
  minWidth: number;
  columns: Column[];
  empty: ReactNode;
  children: ReactNode[];
}) {
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {props.title}
      </Title>
      {props.children.length === 0 ? (
        <Text c="dimmed" size="sm">
          {props.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth}>
          <Table stickyHeader>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) =>
                  typeof c === 'string' ? (
                    <Table.Th key={c}>{c}</Table.Th>
                  ) : (
                    <Table.Th key={c.label} className="amount">
                      {c.label}
                    </Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{props.children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

export default function HistoryPage() {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['account', 'history', page],
    queryFn: () => getHistory(page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const data = history.data;
  const pages = data
    ? Math.max(1, Math.ceil(Math.max(data.ledger_total, data.extractions_total) / PAGE_SIZE))
    : 1;

  return (
    <Stack gap="md">
      <Title order={2}>History</Title>
      {history.isPending && <Skeleton h={240} />}
      {history.isError && <Alert color="red">Your history could not be loaded.</Alert>}
      {data && (
        <>
          <Section
            title="Statements processed"
            minWidth={560}
            columns={['When', 'File', 'Bank', AMOUNT('Pages'), AMOUNT('Rows')]}
            empty={
              <>
                No statements yet.{' '}
                <Anchor component={Link} to="/app/select">
                  Upload a bank statement
                </Anchor>{' '}
                to see it here.
              </>
            }
          >
            {data.extractions.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{formatDateTime(x.created_at)}</Table.Td>
                <Table.Td>
                  {/* the statement kept on the server has the extraction's id (issue 19) */}
                  <Anchor component={Link} to={`/app/bank/${x.id}`}>
                    {x.file_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{x.bank ?? '—'}</Table.Td>
                <Table.Td className="amount">{formatCount(x.pages)}</Table.Td>
                <Table.Td className="amount">{formatCount(x.rows)}</Table.Td>
              </Table.Tr>
            ))}
          </Section>
          <Section
            title="Pages and purchases"
            minWidth={480}
            columns={['When', 'What', 'Reference', AMOUNT('Pages')]}
            empty="No page changes yet."
          >
            {data.ledger.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{formatDateTime(x.created_at)}</Table.Td>
                <Table.Td>{KIND_LABEL[x.kind] ?? x.kind}</Table.Td>
                <Table.Td title={x.ref ?? undefined}>{refLabel(x.ref)}</Table.Td>
                <Table.Td className={`amount ${x.pages < 0 ? 'amount-withdrawal' : 'amount-deposit'}`}>
                  {x.pages > 0 ? '+' : ''}
                  {formatCount(x.pages)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Section>
          {pages > 1 && (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={setPage} />
            </Group>
          )}
          <PushesList />
        </>
      )}
    </Stack>
  );
}
