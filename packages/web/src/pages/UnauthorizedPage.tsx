import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function UnauthorizedPage() {
  return (
    <Center mih="50vh">
      <Stack align="center" gap="xs">
        <Title order={2}>403 - Unauthorized</Title>
        <Text>Sorry, you don’t have permission to access this page.</Text>
        <Anchor component={Link} to="/app/home">
          Return Home
        </Anchor>
      </Stack>
    </Center>
  );
}
