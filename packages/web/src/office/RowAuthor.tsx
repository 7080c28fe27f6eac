import { Text } from '@mantine/core';
import { formatDateTime } from '../format.ts';

/** Who last changed a book row and when (issue 35): a small line under the row's ledger source. */
export function RowAuthor({ by, at }: { by?: string; at?: string }) {
  if (!at) return null;
  const when = formatDateTime(at);
  return (
    <Text size="xs" c="dimmed" data-row-author>
      {by || 'a drop'} · {when}
    </Text>
  );
}
