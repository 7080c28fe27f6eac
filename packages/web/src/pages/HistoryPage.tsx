import { Alert, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getHistory } from '../api/account.ts';
import { formatCount, formatDateTime } from '../format.ts';

const PAGE_SIZE = 20;

const KIND_LABEL: Record<string, string> = {
  grant: 'Pages granted',
  purchase: 'Plan purchased',
  spend: 'Pages used',
  refund: 'Pages refunded',
};

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
          <Paper withBorder p="md">
            <Title order={4} mb="sm">
              Statements processed
            </Title>
            {data.extractions.length === 0 ? (
              <Text c="dimmed" size="sm">
                No statements yet. Parse one from the Bank Statement Parser on the home page.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>When</Table.Th>
                      <Table.Th>File</Table.Th>
                      <Table.Th>Bank</Table.Th>
                      <Table.Th className="amount">Pages</Table.Th>
                      <Table.Th className="amount">Rows</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.extractions.map((x) => (
                      <Table.Tr key={x.id}>
                        <Table.Td>{formatDateTime(x.created_at)}</Table.Td>
                        <Table.Td>{x.file_name}</Table.Td>
                        <Table.Td>{x.bank ?? '—'}</Table.Td>
                        <Table.Td className="amount">{formatCount(x.pages)}</Table.Td>
                        <Table.Td className="amount">{formatCount(x.rows)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
          <Paper withBorder p="md">
            <Title order={4} mb="sm">
              Pages and purchases
            </Title>
            {data.ledger.length === 0 ? (
              <Text c="dimmed" size="sm">
                No page changes yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table stickyHeader>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>When</Table.Th>
                      <Table.Th>What</Table.Th>
                      <Table.Th>Reference</Table.Th>
                      <Table.Th className="amount">Pages</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.ledger.map((x) => (
                      <Table.Tr key={x.id}>
                        <Table.Td>{formatDateTime(x.created_at)}</Table.Td>
                        <Table.Td>{KIND_LABEL[x.kind] ?? x.kind}</Table.Td>
                        <Table.Td>{x.ref ?? '—'}</Table.Td>
                        <Table.Td
                          className={`amount ${x.pages < 0 ? 'amount-withdrawal' : 'amount-deposit'}`}
                        >
                          {x.pages > 0 ? '+' : ''}
                          {formatCount(x.pages)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
          {pages > 1 && (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
