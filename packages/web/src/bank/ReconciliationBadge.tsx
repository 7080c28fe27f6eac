import type { ReconciliationInfo } from '@bahi/contract';
import { Badge, Group, List, Paper, Text } from '@mantine/core';

// The balance proof: opening + deposits - withdrawals = closing, every printed balance checked. When
// it fails, the rows that break it are listed (and tinted in the table).
export function ReconciliationBadge({ r }: { r: ReconciliationInfo }) {
  return (
    <Paper withBorder p="sm" aria-label="Balance proof">
      <Group gap="sm" wrap="wrap">
        <Badge color={r.ok ? 'teal' : 'red'} variant="light" size="lg">
          {r.ok ? 'Balanced' : 'Does not balance'}
        </Badge>
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          ₹{r.opening_balance} + ₹{r.total_deposits} − ₹{r.total_withdrawals} = ₹{r.closing_balance}
          {r.checked_balances > 0 && ` · ${r.checked_balances} running balances checked`}
        </Text>
      </Group>
      {!r.ok && (
        <>
          <Text size="sm" mt="xs">
            {r.message}
          </Text>
          {r.breaks.length > 0 && (
            <List size="sm" mt={4}>
              {r.breaks.slice(0, 10).map((b) => (
                <List.Item key={`${b.row}-${b.reason}`}>
                  Row {b.row + 1} ({b.date}): expected ₹{b.expected}, printed ₹{b.printed || '—'} — {b.reason}
                </List.Item>
              ))}
              {r.breaks.length > 10 && <List.Item>… and {r.breaks.length - 10} more</List.Item>}
            </List>
          )}
        </>
      )}
    </Paper>
  );
}
