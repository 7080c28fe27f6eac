import { Alert, Text } from '@mantine/core';
import { ApiError } from '../api/client.ts';

// Beside the specification's alert (window.alert with its fixed words), the reason the server gave
// (wrong password, unreadable file, not enough pages...) and what to do next.

export function ServerReason({ error, title }: { error: unknown; title?: string }) {
  if (!(error instanceof ApiError)) return null;
  return (
    <Alert color="orange" title={title ?? 'Why'} role="alert" data-code={error.code}>
      <Text size="sm" fw={600}>
        {error.detail}
      </Text>
      {error.next && <Text size="sm">Next step: {error.next}</Text>}
    </Alert>
  );
}
