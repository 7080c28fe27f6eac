import { Center, Loader, Overlay, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';

// One app-wide overlay reading 'Loading...' (spec: shown during login). Counted, so that
// overlapping tasks keep it up until the last one ends.
let busy = 0;
const listeners = new Set<() => void>();
const set = (n: number) => {
  busy = n;
  listeners.forEach((l) => l());
};

/** Shows the global overlay while `task` runs. */
export async function withLoading<T>(task: () => Promise<T>): Promise<T> {
  set(busy + 1);
  try {
    return await task();
  } finally {
    set(busy - 1);
  }
}

export function GlobalLoading() {
  const count = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => busy,
  );
  return count === 0 ? null : <BusyOverlay message="Loading..." />;
}

/** The full-screen 'wait' overlay with a spinner and a word (Loading..., Processing...). */
export function BusyOverlay({ message }: { message: string }) {
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.55} color="#fff" blur={1}>
      <Center h="100%">
        <Stack align="center" gap="xs" role="status" aria-live="polite">
          <Loader />
          <Text fw={500}>{message}</Text>
        </Stack>
      </Center>
    </Overlay>
  );
}
