import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readResetToken, saveFlowUser } from '../auth/flow.ts';
import { renderWithProviders } from '../test/render.tsx';
import ResetPage from './ResetPage.tsx';
import VerifyPage from './VerifyPage.tsx';

// Issue 18: the reset code's verification hands back a single-use reset token, and the reset
// screen sends it with the new password (reset-password refuses a request without it).

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('password reset with the reset token', () => {
  it('keeps the token verify-otp answers and sends it from the reset screen', async () => {
    saveFlowUser({ email: 'ravi@example.test' });
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/verification/verfiy-otp')
        ? json({ ok: true, purpose: 'reset', reset_token: 'code-id.mac' })
        : json({ ok: true }),
    );
    const router = createMemoryRouter(
      [
        { path: '/verify', element: <VerifyPage /> },
        { path: '/reset', element: <ResetPage /> },
        { path: '/login', element: <p>login page</p> },
      ],
      { initialEntries: ['/verify'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    '1234'
      .split('')
      .forEach((d, i) => fireEvent.change(screen.getByLabelText(`Digit ${i + 1}`), { target: { value: d } }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/reset'));
    expect(readResetToken()).toBe('code-id.mac');

    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'a brand new secret 7' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    });
    await vi.waitFor(() => expect(calls('/auth/reset-password')).toHaveLength(1));
    const [, init] = calls('/auth/reset-password')[0];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ravi@example.test',
      new_password: 'a brand new secret 7',
      reset_token: 'code-id.mac',
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readResetToken()).toBe('');
  });
});
