import type { ClientInfo } from '@bahi/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { ClientForm } from './ClientForm.tsx';
import { archiveClient, createClient, listClients } from './api.ts';

// /app/clients (issue 13): the office's clients, each with its accounts and books. Add, open,
// archive (an archived client leaves the list and the inbox's matching; its books stay).

export default function ClientsPage() {
  const navigate = useNavigate();
  const [clients, setClients] = useState<ClientInfo[] | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(() => {
    listClients(showArchived)
      .then((c) => {
        setClients(c);
        setProblem(null);
      })
      .catch(() => setProblem('The clients could not be loaded.'));
  }, [showArchived]);
  useEffect(load, [load]);

  async function toggleArchive(c: ClientInfo) {
    try {
      await archiveClient(c.id, !c.archived);
      notifySuccess(c.archived ? `${c.name} restored.` : `${c.name} archived.`);
      load();
    } catch (err) {
      notifyError('The client could not be changed.', err);
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Clients</Title>
        {!adding && <Button onClick={() => setAdding(true)}>Add client</Button>}
      </Group>
      {adding && (
        <Paper withBorder p="md">
          <ClientForm
            submitLabel="Save client"
            onCancel={() => setAdding(false)}
            onSubmit={async (fields) => {
              try {
                const made = await createClient(fields);
                notifySuccess(`${made.name} added.`);
                navigate(`/app/clients/${made.id}`);
              } catch (err) {
                notifyError('The client could not be added.', err);
              }
            }}
          />
        </Paper>
      )}
      {problem && (
        <Text c="red.8" role="alert">
          {problem}
        </Text>
      )}
      <Switch
        label="Show archived clients"
        checked={showArchived}
        onChange={(e) => setShowArchived(e.currentTarget.checked)}
      />
      {clients?.length === 0 && (
        <Text c="dimmed">
          No clients yet. Add one, then its bank accounts, and drop its statements on it.
        </Text>
      )}
      {clients && clients.length > 0 && (
        <Table striped highlightOnHover aria-label="Clients">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>Tally company</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>GSTIN</Table.Th>
              <Table.Th ta="right">Accounts</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/app/clients/${c.id}`}>
                    {c.name}
                  </Anchor>
                  {c.archived && (
                    <Badge ml="xs" color="gray" variant="light">
                      Archived
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{c.tally_company || '—'}</Table.Td>
                <Table.Td>{c.state}</Table.Td>
                <Table.Td>{c.gstin || '—'}</Table.Td>
                <Table.Td ta="right">{c.accounts}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="subtle" onClick={() => void toggleArchive(c)}>
                    {c.archived ? 'Restore' : 'Archive'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
