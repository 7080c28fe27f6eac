import { Box, Button, Container, Group, Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { api } from '../api/client.ts';
import { useSession } from '../auth/session.ts';
import { Logo } from './Logo.tsx';
import { PageLoader } from './PageLoader.tsx';
import { Toaster } from './toasts.tsx';

// The menu (and its popover code) loads only for a signed-in user: the landing bundle stays small.
const UserMenu = lazy(() => import('./UserMenu.tsx'));

/** The /app/* shell: a header with the logo and the user menu, the screen below. */
export function AppLayout() {
  return (
    <>
      <Toaster />
      <TestPaymentsBanner />
      <Box
        component="header"
        h={56}
        bg="white"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 100,
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/app/home" aria-label="Bahi home" style={{ textDecoration: 'none' }}>
              <Logo />
            </Link>
            <Account />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="xl" py="md">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </>
  );
}

let paymentsMode: Promise<string> | undefined;

/**
 * The server's payment mode, asked once per page load ('' when it cannot be read). By path, not by
 * the contract's ENDPOINTS: the shell is in the landing bundle, and the endpoint list brings every
 * schema with it (189.9 KB gzip against the 170 KB budget when tried).
 */
function readPaymentsMode(): Promise<string> {
  paymentsMode ??= api<{ payments_mode?: string }>('/config').then(
    (c) => c?.payments_mode ?? '',
    () => '',
  );
  return paymentsMode;
}

/** BAHI_PAYMENTS=test: every screen says that purchases here take no money (issue 18). */
function TestPaymentsBanner() {
  const [mode, setMode] = useState('');
  useEffect(() => {
    let live = true;
    void readPaymentsMode().then((m) => live && setMode(m));
    return () => {
      live = false;
    };
  }, []);
  if (mode !== 'test') return null;
  return (
    <Box role="status" bg="orange.7" c="white" py={4} px="md">
      <Text size="sm" fw={700} ta="center">
        TEST PAYMENTS: this server completes orders without taking any payment (BAHI_PAYMENTS=test).
      </Text>
    </Box>
  );
}

function Account() {
  const session = useSession();
  if (!session) {
    return (
      <Button component={Link} to="/login" variant="light">
        Sign In
      </Button>
    );
  }
  const name = session.claims.name || 'User';
  return (
    // Until the menu's code is here the button is disabled (a click must not be lost) but looks like
    // the loaded one: a grey box would flash in the header on every fresh load.
    <Suspense
      fallback={
        <Button
          variant="subtle"
          disabled
          style={{ background: 'transparent', color: 'var(--mantine-primary-color-filled)' }}
        >
          {name}
        </Button>
      }
    >
      <UserMenu name={name} />
    </Suspense>
  );
}
