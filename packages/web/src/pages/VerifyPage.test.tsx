import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFlowUser } from '../auth/flow.ts';
import { renderWithProviders } from '../test/render.tsx';
import VerifyPage, { RESEND_SECONDS } from './VerifyPage.tsx';

const said = vi.hoisted(() => ({ tell: vi.fn(), tellDone: vi.fn() }));
vi.mock('../components/toasts.tsx', async (original) => ({ ...(await original<object>()), ...said }));
/** The titles of what the screen said in the page (issue 34: never window.alert). */
const saidTexts = () => [...said.tell.mock.calls, ...said.tellDone.mock.calls].map((c) => c[0]);

const fetchMock = vi.fn<typeof fetch>();

function renderVerify() {
  const router = createMemoryRouter(
    [
      { path: '/verify', element: <VerifyPage /> },
      { path: '/login', element: <p>login page</p> },
      { path: '/reset', element: <p>reset page</p> },
    ],
    { initialEntries: ['/verify'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const box = (n: number) => screen.getByLabelText(`Digit ${n}`) as HTMLInputElement;
const typeCode = (code: string) =>
  code.split('').forEach((d, i) => fireEvent.change(box(i + 1), { target: { value: d } }));
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));
// What the server answers (verify-otp's answer is checked against the contract's schema).
const ok = () =>
  new Response(JSON.stringify({ ok: true, purpose: 'signup' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => ok());
  vi.stubGlobal('fetch', fetchMock);
  said.tell.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VerifyPage', () => {
  it('ignores submit while any box is empty', async () => {
    saveFlowUser({ name: 'Asha', email: 'asha@example.test', phone: '9876543210' });
    renderVerify();
    typeCode('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await act(async () => undefined);
    expect(calls('/verification/verfiy-otp')).toHaveLength(0);
  });

  it('sends email and otp, then goes to /login for a signup flow', async () => {
    saveFlowUser({ name: 'Asha', email: 'asha@example.test', phone: '9876543210' });
    const router = renderVerify();
    typeCode('4821');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    const [, init] = calls('/verification/verfiy-otp')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'asha@example.test', otp: '4821' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('goes to /reset for a forgot-password flow (no name)', async () => {
    saveFlowUser({ email: 'asha@example.test' });
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ ok: true, purpose: 'reset', reset_token: 't' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    renderVerify();
    typeCode('4821');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('reset page')).toBeTruthy();
  });

  it("says 'Verification failed' when the server refuses the code", async () => {
    saveFlowUser({ name: 'Asha', email: 'asha@example.test' });
    fetchMock.mockImplementation(
      async () => new Response(JSON.stringify({ detail: 'Wrong code' }), { status: 400 }),
    );
    renderVerify();
    typeCode('0000');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(saidTexts()).toContain('Verification failed'));
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('offers Resend only after 50 s; Resend clears the digits, sends the user data and restarts the wait', async () => {
    vi.useFakeTimers();
    saveFlowUser({ name: 'Asha', email: 'asha@example.test', phone: '9876543210' });
    renderVerify();
    await act(async () => undefined);
    typeCode('12');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(screen.getByText(`Resend code in ${RESEND_SECONDS}s`)).toBeTruthy();

    for (let s = 0; s < RESEND_SECONDS - 1; s++) await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Resend code in 1s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));

    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await act(async () => undefined);
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '', '', '']);
    expect(screen.getByText(`Resend code in ${RESEND_SECONDS}s`)).toBeTruthy();
    const sent = calls('/verification/send-otp');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0][1]?.body))).toEqual({
      name: 'Asha',
      email: 'asha@example.test',
      phone: '9876543210',
    });
  });

  it('says how to get a code when there is no flow in this browser', () => {
    renderVerify();
    expect(screen.getByText('There is no code waiting for this browser.')).toBeTruthy();
  });
});
