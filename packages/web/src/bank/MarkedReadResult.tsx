// What a read with the user's own marks gave (a taught PDF layout, a sheet's marked columns): the
// rows, the balance proof, and the choice to save the marks under a name or open the result once.
import type { ExtractAnswer } from '@bahi/contract';
import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ReadReasons } from './ReadStatus.tsx';
import { TransactionsTable } from './TransactionsTable.tsx';

export function MarkedReadResult(props: {
  answer: ExtractAnswer;
  /** what was marked, as the sentence says it: 'your layout', 'your columns' */
  marks: string;
  nameLabel: string;
  saveLabel: string;
  name: string;
  onName: (name: string) => void;
  onSave: () => void;
  onOpen: () => void;
  /** more choices beside the name (the sheet's columns: which client they are kept for) */
  extra?: ReactNode;
}) {
  const { answer: r, marks } = props;
  return (
    <Paper withBorder p="md" aria-label={`Read with ${marks}`}>
      <Stack gap="sm">
        <Text fw={600} role="status">
          Read {r.transactions.length} rows with {marks} ·{' '}
          {r.reconciliation.ok ? 'the balances reconcile' : 'the balances do not reconcile'}
        </Text>
        <ReadReasons reasons={r.reasons} />
        <TransactionsTable rows={r.transactions} height={300} label={`Rows read with ${marks}`} />
        <Group align="flex-end" gap="sm">
          <TextInput
            label={props.nameLabel}
            value={props.name}
            onChange={(e) => props.onName(e.currentTarget.value)}
          />
          {props.extra}
          <Button onClick={props.onSave} disabled={!props.name.trim()}>
            {props.saveLabel}
          </Button>
          <Button variant="default" onClick={props.onOpen}>
            Open without saving
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
