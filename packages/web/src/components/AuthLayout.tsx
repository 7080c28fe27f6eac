import { Anchor, Center, Container, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';
import { Toaster } from './toasts.tsx';

/** The frame of the signed-out screens (signup, verify, login, forget, reset). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" py="xl">
      <Toaster />
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

/** A signed-out screen's form in that frame: its title, its fields; Enter in a field submits it. */
export function AuthForm(props: { title: string; onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <AuthLayout>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2}>{props.title}</Title>
          {props.children}
        </Stack>
      </form>
    </AuthLayout>
  );
}
