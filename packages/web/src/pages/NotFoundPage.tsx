import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Title order={2}>Page not found</Title>
        <Text>There is nothing at this address.</Text>
        <Anchor component={Link} to="/app/home">
          Return Home
        </Anchor>
      </Stack>
    </Center>
  );
}
