import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load or throws (for example a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'Something went wrong while showing this page.';
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <Title order={2}>Sorry</Title>
        <Text>{message}</Text>
        <Text c="dimmed" size="sm">
          Reload the page, or go back home.
        </Text>
        <Anchor component={Link} to="/app/home">
          Return Home
        </Anchor>
      </Stack>
    </Center>
  );
}
