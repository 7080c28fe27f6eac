import { afterEach, expect, it, vi } from 'vitest';
import { readHeldThroughBridge } from './bridge.ts';

// What the company holds on the ledger, through the bridge (issue 31): checked at the edge, and
// null (never a guess) when the bridge or Tally cannot say.

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

it('asks the bridge for the ledger and period, and gives back the movements it read', async () => {
  const fetch = answer(200, { ok: true, movements: [{ date: '2025-07-01', side: 'deposit', paise: 12345 }] });
  vi.stubGlobal('fetch', fetch);
  const held = await readHeldThroughBridge(
    '192.168.1.20',
    'Demo & Co',
    'HDFC A/c',
    '2025-07-01',
    '2025-07-31',
  );
  expect(held).toEqual([{ date: '2025-07-01', side: 'deposit', paise: 12345 }]);
  const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toMatch(/\/held$/);
  expect(JSON.parse(String(init.body))).toEqual({
    local_ip: '192.168.1.20',
    company: 'Demo & Co',
    ledger: 'HDFC A/c',
    from: '2025-07-01',
    to: '2025-07-31',
  });
});

it('null when the bridge fails or answers something else', async () => {
  vi.stubGlobal('fetch', answer(502, { ok: false, detail: 'Could not talk to Tally.' }));
  expect(await readHeldThroughBridge('192.168.1.20', 'C', 'L', '2025-07-01', '2025-07-31')).toBeNull();
  vi.stubGlobal('fetch', answer(200, { ok: true, movements: [{ date: '1-7-25', side: 'in', paise: -1 }] }));
  expect(await readHeldThroughBridge('192.168.1.20', 'C', 'L', '2025-07-01', '2025-07-31')).toBeNull();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  expect(await readHeldThroughBridge('192.168.1.20', 'C', 'L', '2025-07-01', '2025-07-31')).toBeNull();
});
