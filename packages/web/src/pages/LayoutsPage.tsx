import type { TaughtLayoutInfo } from '@bahi/contract';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { deleteLayout, listLayouts, renameLayout } from '../bank/api.ts';
import { BackAndPages } from '../components/BackAndPages.tsx';
import { formatDate } from '../format.ts';
import { listClients } from '../office/api.ts';

// The layouts the user taught (/app/layouts), issue 17: listed with the heading words that identify
// them, renamed and deleted. A deleted layout no longer reads anything.

export default function LayoutsPage() {
  const [layouts, setLayouts] = useState<TaughtLayoutInfo[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // a sheet's columns kept for one client (issue 35) name it
  const [clientNames, setClientNames] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    listLayouts()
      .then(setLayouts)
      .catch(() => setProblem('The layouts could not be loaded.'));
    listClients()
      .then((list) => setClientNames(new Map(list.map((c) => [c.id, c.name]))))
      .catch(() => undefined);
  }, []);

  async function rename(id: string, name: string) {
    try {
      const saved = await renameLayout(id, name);
      setLayouts((all) => all?.map((l) => (l.id === id ? saved : l)) ?? null);
    } catch {
      setProblem('Renaming failed.');
    }
  }

  async function remove(l: TaughtLayoutInfo) {
    try {
      await deleteLayout(l.id);
      setLayouts((all) => all?.filter((x) => x.id !== l.id) ?? null);
    } catch {
      setProblem('Deleting failed.');
    }
  }

  return (
    <Stack gap="md" maw={760}>
      <BackAndPages />
      <Title order={2}>Layouts you taught</Title>
      {problem && (
        <Text c="red.8" role="alert">
          {problem}
        </Text>
      )}
      {layouts?.length === 0 && (
        <Text>
          None yet. When a statement cannot be read, choose Teach Bahi this layout on the{' '}
          <Anchor component={Link} to="/app/select">
            upload screen
          </Anchor>
          .
        </Text>
      )}
      {layouts?.map((l) => (
        <LayoutRow
          key={l.id}
          layout={l}
          client={l.client_id ? (clientNames.get(l.client_id) ?? 'a client') : null}
          onRename={(n) => void rename(l.id, n)}
          onDelete={() => void remove(l)}
        />
      ))}
    </Stack>
  );
}

function LayoutRow({
  layout,
  client,
  onRename,
  onDelete,
}: {
  layout: TaughtLayoutInfo;
  /** the client a sheet's columns are kept for; null: every client of the office */
  client: string | null;
  onRename: (name: string) => void;
  onDelete: () => void;
}) {
  const [name, setName] = useState(layout.name);
  // Asked in the row, not in a window.confirm box (issue 34).
  const [deleting, setDeleting] = useState(false);
  return (
    <Paper withBorder p="sm" aria-label={`Layout ${layout.name}`}>
      <Group align="flex-end" gap="sm">
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button
          variant="default"
          onClick={() => onRename(name.trim())}
          disabled={!name.trim() || name.trim() === layout.name}
        >
          Rename
        </Button>
        <Button variant="light" color="red" onClick={() => setDeleting(true)} disabled={deleting}>
          Delete
        </Button>
      </Group>
      {deleting && (
        <Group gap="sm" mt="xs" role="group" aria-label={`Delete the layout "${layout.name}"?`}>
          <Text size="sm">
            Delete the layout "{layout.name}"? Statements of its shape are then read without it.
          </Text>
          <Button size="xs" color="red" onClick={onDelete}>
            Delete for good
          </Button>
          <Button size="xs" variant="default" onClick={() => setDeleting(false)}>
            Keep it
          </Button>
        </Group>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {layout.kind === 'sheet' ? 'Sheet columns' : 'PDF layout'} ·{' '}
        {layout.bank === 'AUTO' ? 'any bank' : layout.bank}
        {client ? ` · for ${client}` : ''} · taught on {formatDate(layout.created_at)} · headings:{' '}
        {layout.heading.join(' · ') || '—'}
      </Text>
    </Paper>
  );
}
