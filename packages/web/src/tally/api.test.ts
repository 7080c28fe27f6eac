import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCompany, reportTallyResponse, sendForParts } from './api.ts';

// The Tally calls go by the contract's endpoints: the path, method and answer check come from
// ENDPOINTS. fetch is the edge: each stand-in answers as the server does.

type Seen = { url: string; method: string; body: unknown };

function serve(answer: (url: string) => unknown): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      seen.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return new Response(JSON.stringify(answer(url)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Tally calls', () => {
  it('no company read yet is an answer (null), not a failure', async () => {
    const seen = serve(() => null);
    await expect(fetchCompany()).resolves.toBeNull();
    expect(seen[0].url).toMatch(/\/api\/tally\/company$/);
  });

  it('send-to-tally names the stored statement and asks for no XML back; the answer is checked', async () => {
    const seen = serve(() => ({ ok: true, xml_id: 'x1', vouchers: 3, parts: 1, xml: '' }));
    const body = {
      transactions: [
        { Date: '03-06-2025', Description: 'NEFT', Withdrawal: '', Deposit: '10.00', ClosingBalance: '' },
      ],
      ledger_name: 'HDFC Bank A/c',
      company_name: 'Sharma & Sons',
      statement_id: '6f1c2a4e-0b7d-4c1e-9a51-2b0f3e9d8c7a',
    };
    await expect(sendForParts(body)).resolves.toMatchObject({ xml_id: 'x1', parts: 1 });
    expect(seen[0]).toMatchObject({ method: 'POST', body });
    expect(seen[0].url).toMatch(/\/api\/tally\/send-to-tally\?xml=none$/);
  });

  it('an answer that is not the contract’s shape is refused', async () => {
    serve(() => ({ ok: true, xml_id: 'x1' }));
    await expect(sendForParts({ transactions: [], ledger_name: 'L', company_name: 'C' })).rejects.toThrow();
  });

  it('Tally’s answer is reported on the export by id', async () => {
    const seen = serve(() => ({ ok: true }));
    await reportTallyResponse('a b', { ok: false, detail: 'refused' });
    expect(seen[0].url).toMatch(/\/api\/tally\/exports\/a%20b\/response$/);
    expect(seen[0]).toMatchObject({ method: 'POST', body: { ok: false, detail: 'refused' } });
  });
});
