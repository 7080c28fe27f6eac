import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';

// Issue 18: with BAHI_PAYMENTS=test every app screen says that no real payment is taken.

afterEach(() => {
  vi.unstubAllGlobals();
});

it('shows the test-payments banner when the server runs the test checkout', async () => {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(
        JSON.stringify({
          payments_mode: 'test',
          google_client_id: null,
          razorpay_key_id: null,
          version: '0.1.0',
        }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const router = createMemoryRouter(
    [{ path: '/app', element: <AppLayout />, children: [{ path: 'home', element: <p>home</p> }] }],
    { initialEntries: ['/app/home'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  // The banner's module loads lazily, with the contract's schemas: slow on a busy machine.
  expect(await screen.findByText(/TEST PAYMENTS/, {}, { timeout: 5000 })).toBeTruthy();
  expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/config'))).toBe(true);
});
