import type { ReadIssue, ReadReasonInfo } from '@bahi/contract';
import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';

// Issue 17, no dead end: why a statement was not read perfectly (plain words and the next step), what
// the reader noticed, and where the balance chain breaks, with the ways out: fix the rows in place,
// accept the difference, or teach Bahi the layout.

/** The reasons of a read, each with its next step. */
export function ReadReasons({ reasons, title }: { reasons: readonly ReadReasonInfo[]; title?: string }) {
  if (reasons.length === 0) return null;
  return (
    <section aria-label="Why">
      <Alert color="orange" title={title ?? 'This statement was not read perfectly'}>
        <Stack gap={6}>
          {reasons.map((r, i) => (
            <div key={`${r.code}-${i}`} data-reason={r.code}>
              <Text size="sm" fw={600}>
                {r.message}
              </Text>
              <Text size="sm">Next step: {r.next}</Text>
            </div>
          ))}
        </Stack>
      </Alert>
    </section>
  );
}

/** The reader's own notes: lines skipped, pages without a table, header figures that disagree. */
export function ReaderNotes({ issues, notes }: { issues: readonly ReadIssue[]; notes: readonly string[] }) {
  const shown = issues.filter((i) => i.kind !== 'totals' || !notes.includes(i.message));
  if (shown.length === 0 && notes.length === 0) return null;
  return (
    <Paper withBorder p="sm" aria-label="Reader's notes">
      <Text size="sm" fw={600}>
        What the reader noticed
      </Text>
      <List size="sm" mt={4}>
        {notes.map((n, i) => (
          <List.Item key={`n${i}`}>{n}</List.Item>
        ))}
        {shown.slice(0, 30).map((i, k) => (
          <List.Item key={`i${k}`}>
            {i.page !== undefined ? `Page ${i.page}: ` : ''}
            {i.message}
            {i.text ? ` (“${i.text.slice(0, 120)}”)` : ''}
          </List.Item>
        ))}
        {shown.length > 30 && <List.Item>… and {shown.length - 30} more</List.Item>}
      </List>
    </Paper>
  );
}

type ChainProps = {
  /** the first break: 0-based row (rows.length for the closing balance), its reason and difference */
  first: { row: number; reason: string; difference: string } | null;
  rows: number;
  clean: boolean;
  accepted: boolean;
  fixing: boolean;
  /** rows whose amounts are not numbers */
  invalid: number;
  onShow: (row: number) => void;
  onFix: (on: boolean) => void;
  onAccept: (on: boolean) => void;
};

/** Where the chain breaks, and the ways out. */
export function ChainStatus(p: ChainProps) {
  if (p.clean && !p.fixing) return null;
  return (
    <Paper withBorder p="sm" aria-label="Balance chain" bg={p.clean ? 'teal.0' : 'red.0'}>
      <Stack gap={6}>
        {p.clean ? (
          <Text size="sm" fw={600} role="status">
            The rows reconcile now: this result is used like any other.
          </Text>
        ) : p.first ? (
          <Text size="sm" fw={600} role="status">
            {p.first.row >= p.rows
              ? `The closing balance does not follow from the rows: ${p.first.reason}.`
              : `Row ${p.first.row + 1}: the balance chain breaks here (difference ${p.first.difference}): ${p.first.reason}.`}
          </Text>
        ) : (
          <Text size="sm" fw={600} role="status">
            {p.invalid > 0
              ? `${p.invalid} row(s) hold an amount that is not a number.`
              : 'This read is not complete: compare it with the statement before you export.'}
          </Text>
        )}
        <Group gap="xs">
          {p.first && p.first.row < p.rows && (
            <Button size="xs" variant="default" onClick={() => p.onShow(p.first!.row)}>
              Show row {p.first.row + 1}
            </Button>
          )}
          <Button size="xs" variant={p.fixing ? 'filled' : 'light'} onClick={() => p.onFix(!p.fixing)}>
            {p.fixing ? 'Done fixing' : 'Fix rows'}
          </Button>
          {!p.clean &&
            (p.accepted ? (
              <Button size="xs" variant="subtle" color="gray" onClick={() => p.onAccept(false)}>
                Undo accept
              </Button>
            ) : (
              <Button size="xs" variant="light" color="orange" onClick={() => p.onAccept(true)}>
                Accept the difference and export anyway
              </Button>
            ))}
        </Group>
        {!p.clean && p.accepted && (
          <Text size="xs" c="dimmed">
            Accepted: the exports take the rows as they are.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
