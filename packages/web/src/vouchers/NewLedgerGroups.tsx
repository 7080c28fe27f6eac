import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';

// The groups of the new ledgers the vouchers name (issue 31): the server refused the export with
// the ledgers the company lacks and the groups to choose from; the user picks one group for all or
// one a ledger (a ledger's own wins), and the export goes again with them. Never Suspense A/c
// unless chosen here, as the office book asks (office/BookView.tsx).

type Props = {
  ledgers: readonly string[];
  groups: readonly string[];
  busy: boolean;
  onExport: (ledgerGroups: Record<string, string>) => void;
};

export function NewLedgerGroups({ ledgers, groups, busy, onExport }: Props) {
  const [forAll, setForAll] = useState<string | null>(null);
  const [own, setOwn] = useState<Record<string, string>>({});
  const chosen = Object.fromEntries(
    ledgers.flatMap((l) => {
      const g = own[l] || forAll;
      return g ? [[l, g]] : [];
    }),
  );
  const allChosen = ledgers.every((l) => chosen[l]);
  const data = [...groups];
  return (
    <Paper withBorder p="sm" aria-label="New ledgers">
      <Stack gap={6}>
        <Text size="sm">
          Tally does not have {ledgers.join(', ')}: choose the group they are created under (Bahi does not put
          new ledgers under Suspense A/c unless you choose it).
        </Text>
        <Group align="flex-end" gap="sm">
          <Select
            size="xs"
            label="Group of the new ledgers"
            placeholder="Choose a group"
            searchable
            data={data}
            value={forAll}
            onChange={setForAll}
          />
          <Button
            size="xs"
            disabled={!allChosen}
            loading={busy}
            onClick={() => allChosen && onExport(chosen)}
          >
            {ledgers.length === 1 ? 'Export with this group' : 'Export with these groups'}
          </Button>
        </Group>
        {ledgers.length > 1 && (
          <Group gap="sm" wrap="wrap">
            {ledgers.map((l) => (
              <Select
                key={l}
                size="xs"
                label={`Group of ${l}`}
                placeholder="Choose a group"
                searchable
                data={data}
                value={chosen[l] ?? null}
                onChange={(g) => setOwn((o) => ({ ...o, [l]: g ?? '' }))}
              />
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
