import { Alert, Button, Group, Text } from '@mantine/core';
import type { SaveState } from './useBankReview.ts';

// Whether the ledger names and fixes of the result screen are on the server (issue 19). A failed
// save stays on screen with its reason until it goes through: it is never swallowed.

export function SaveStatus(props: { state: SaveState; onRetry: () => void; loadedMs: number; rows: number }) {
  const { state } = props;
  if (state.kind === 'failed')
    return (
      <Alert color="red" role="alert" title="Your changes are not saved">
        <Group gap="sm">
          <Text size="sm">{state.message}</Text>
          {state.stale ? (
            <Button size="xs" variant="default" onClick={() => window.location.reload()}>
              Reload
            </Button>
          ) : (
            <Button size="xs" variant="default" onClick={props.onRetry}>
              Try again
            </Button>
          )}
        </Group>
      </Alert>
    );
  return (
    <Text
      size="xs"
      c="dimmed"
      role="status"
      aria-label="Save status"
      // read by the 20,000-row browser test: how long the statement took to load
      data-load-ms={Math.round(props.loadedMs)}
      data-rows={props.rows}
    >
      {state.kind === 'saving' ? 'Saving…' : 'All changes saved'}
    </Text>
  );
}
