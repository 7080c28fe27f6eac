import { afterEach, expect, it, vi } from 'vitest';
import { publicConfig } from './config.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = { payments_mode: 'test', google_client_id: null, razorpay_key_id: null, version: '0.1.0' };

it('asks GET /api/config once per page load, and again after a failed read', async () => {
  const fetchMock = vi
    .fn<typeof fetch>()
    .mockResolvedValueOnce(new Response('{"detail":"down"}', { status: 503 }))
    .mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);

  await expect(publicConfig()).rejects.toThrow('down');
  await expect(publicConfig()).resolves.toEqual(answer);
  await expect(publicConfig()).resolves.toEqual(answer);
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/config', '/api/config']);
});

it('checks the answer with the contract: a server without the fields is refused', async () => {
  vi.resetModules();
  const fresh = (await import('./config.ts')).publicConfig;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response('{"payments_mode":"free"}', { status: 200 })),
  );
  await expect(fresh()).rejects.toThrow();
});
