import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeToken, renderWithProviders } from '../test/render.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { storeToken, TOKEN_KEY } from './token.ts';

function Login() {
  const state = useLocation().state as { from?: string } | null;
  return <p>login page, from {state?.from ?? 'nowhere'}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <Login /> },
      { path: '/app/unauthorized', element: <p>403 page</p> },
      {
        element: <RequireAuth />,
        children: [{ path: '/app/select', element: <p>select screen</p> }],
      },
      {
        element: <RequireAuth roles={['admin']} />,
        children: [{ path: '/app/selectbilling', element: <p>billing screen</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('RequireAuth', () => {
  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    const router = renderAt('/app/select?x=1');
    expect(await screen.findByText('login page, from /app/select?x=1')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an expired token to /login and removes it', async () => {
    storeToken(makeToken({ name: 'A', role: 'user', exp: Math.floor(Date.now() / 1000) - 5 }));
    renderAt('/app/select');
    expect(await screen.findByText('login page, from /app/select')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('sends an undecodable token to /login', async () => {
    localStorage.setItem(TOKEN_KEY, 'a.b.c');
    renderAt('/app/select');
    expect(await screen.findByText('login page, from /app/select')).toBeTruthy();
  });

  it('lets a signed-in user in', async () => {
    storeToken(makeToken({ name: 'A', role: 'user', exp: inAnHour() }));
    renderAt('/app/select');
    expect(await screen.findByText('select screen')).toBeTruthy();
  });

  it('sends a role outside the allowed list to /app/unauthorized', async () => {
    storeToken(makeToken({ name: 'A', role: 'user', exp: inAnHour() }));
    const router = renderAt('/app/selectbilling');
    expect(await screen.findByText('403 page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/unauthorized');
  });

  it('lets an admin into an admin route', async () => {
    storeToken(makeToken({ name: 'A', role: 'admin', exp: inAnHour() }));
    renderAt('/app/selectbilling');
    expect(await screen.findByText('billing screen')).toBeTruthy();
  });

  it('sends a visitor without a token to /login even on an admin route', async () => {
    renderAt('/app/selectbilling');
    expect(await screen.findByText('login page, from /app/selectbilling')).toBeTruthy();
  });
});

describe('RequireAuth on logout', () => {
  it('sends a user who logs out on a guarded screen home, and a refused token to /login', async () => {
    const { clearToken } = await import('./token.ts');
    storeToken(makeToken({ name: 'A', role: 'user', exp: inAnHour() }));
    const router = createMemoryRouter(
      [
        { path: '/login', element: <p>login page</p> },
        { path: '/app/home', element: <p>home page</p> },
        { element: <RequireAuth />, children: [{ path: '/app/select', element: <p>select screen</p> }] },
      ],
      { initialEntries: ['/app/select'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText('select screen')).toBeTruthy();
    act(() => clearToken('logout'));
    expect(await screen.findByText('home page')).toBeTruthy();

    storeToken(makeToken({ name: 'A', role: 'user', exp: inAnHour() }));
    await act(() => router.navigate('/app/select'));
    expect(await screen.findByText('select screen')).toBeTruthy();
    act(() => clearToken());
    expect(await screen.findByText('login page')).toBeTruthy();
  });
});
