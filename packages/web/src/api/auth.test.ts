import { afterEach, expect, it, vi } from 'vitest';
import { clearToken, storeToken } from '../auth/token.ts';
import { serverLogout } from './auth.ts';

afterEach(() => vi.unstubAllGlobals());

it('signing out tells the server with the token of the moment, even if the caller drops it at once', () => {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
  storeToken('a.b.c');
  serverLogout();
  clearToken();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('/api/auth/logout');
  expect(init?.method).toBe('POST');
  expect(init?.keepalive).toBe(true);
  expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer a.b.c');
});

it('without a token nothing is sent', () => {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  clearToken();
  serverLogout();
  expect(fetchMock).not.toHaveBeenCalled();
});
