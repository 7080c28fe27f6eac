import { Box, Button, Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSession } from '../auth/session.ts';
import { Logo } from './Logo.tsx';
import { PageLoader } from './PageLoader.tsx';
import { Toaster } from './toasts.tsx';

// The menu (and its popover code) loads only for a signed-in user: the landing bundle stays small.
const UserMenu = lazy(() => import('./UserMenu.tsx'));
// The banner asks GET /config through the contract, whose schemas the landing bundle does without
// (189.9 KB gzip with them against its 170 KB budget): it loads beside the shell, not in it.
const TestPaymentsBanner = lazy(() => import('./TestPaymentsBanner.tsx'));

/** The /app/* shell: a header with the logo and the user menu, the screen below. */
export function AppLayout() {
  return (
    <>
      <Toaster />
      <Suspense fallback={null}>
        <TestPaymentsBanner />
      </Suspense>
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
