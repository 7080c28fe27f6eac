import { Anchor, Center, Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';

/** The frame of the signed-out screens (signup, verify, login, forget, reset). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" py="xl">
      <Container size={420} w="100%">
        <Stack gap="md">
          <Center>
            <Anchor component={Link} to="/app/home" underline="never" aria-label="Bahi home">
              <Logo size={28} />
            </Anchor>
          </Center>
          <Paper withBorder shadow="xs" p="xl" radius="md">
            {children}
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
