import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code loads. */
export function PageLoader() {
  return (
    <Center py="xl" aria-label="Loading screen">
      <Loader size="sm" />
    </Center>
  );
}
