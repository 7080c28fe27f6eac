import type { TallyPushSummary, TallySendAgainAnswer } from '@bahi/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { sendPushAgain, type SendAgainDeps } from './push.ts';
import { PushesList } from './PushesList.tsx';

// The list of pushes and Send again (issue 31): what is sent again is what the server makes of the
// push with what Tally holds (read through the bridge first); without the bridge nothing is made.

const push: TallyPushSummary = {
  id: '0b5c3a52-8a4e-4c36-9d8e-6c0f1f6f7a11',
  created_at: '2026-11-20T06:00:00Z',
  ledger_name: 'HDFC Bank A/c',
  company_name: 'Once & Co',
  source: 'statement',
  vouchers: 1100,
  in_tally: 500,
  parts: 3,
  parts_answered: 2,
  state: 'partly',
  problems: ['Could not talk to Tally.'],
  from: '2025-04-01',
  to: '2025-07-01',
};

const answer: TallySendAgainAnswer = {
  ok: true,
  xml_id: 'again-1',
  vouchers: 100,
  parts: 1,
  already_sent: 500,
  already_downloaded: 0,
  already_in_tally: 500,
};

function deps(over: Partial<SendAgainDeps> = {}) {
  return {
    bridgeAvailable: vi.fn(async () => true),
    readHeld: vi.fn(async () => [{ date: '2025-04-01', side: 'withdrawal' as const, paise: 100 }]),
    sendAgain: vi.fn(async () => answer),
    pushPart: vi.fn(async () => ({
      ok: true,
      status: 'success',
      tally_response: { created: 100, altered: 0, problems: [] },
    })),
    ...over,
  };
}

describe('send again', () => {
  it('reads what Tally holds in the push days, sends that with the request, and pushes the new export', async () => {
    const d = deps();
    const lines = await sendPushAgain(push, d);
    expect(d.readHeld).toHaveBeenCalledWith('Once & Co', 'HDFC Bank A/c', '2025-04-01', '2025-07-01');
    expect(d.sendAgain).toHaveBeenCalledWith(push.id, [
      { date: '2025-04-01', side: 'withdrawal', paise: 100 },
    ]);
    expect(d.pushPart).toHaveBeenCalledWith('again-1', 0);
    expect(lines[0]).toBe(
      'ℹ️ 1,000 voucher(s) left out: in Tally already (500 found there, 500 recorded, 0 downloaded).',
    );
    expect(lines[1]).toMatch(/^📤 All 100 vouchers are in Tally/);
  });

  it('without the bridge nothing is made', async () => {
    const d = deps({ bridgeAvailable: vi.fn(async () => false) });
    const lines = await sendPushAgain(push, d);
    expect(d.sendAgain).not.toHaveBeenCalled();
    expect(lines).toEqual([
      '❌ The Tally connector (bahi bridge) is not running on this computer: nothing was sent.',
    ]);
  });

  it("when Tally's holdings cannot be read, Bahi's record decides, and says so", async () => {
    const d = deps({ readHeld: vi.fn(async () => null) });
    const lines = await sendPushAgain(push, d);
    expect(d.sendAgain).toHaveBeenCalledWith(push.id, undefined);
    expect(lines[0]).toMatch(/Could not read what Tally holds/);
  });

  it('nothing left to send is said, and nothing is pushed', async () => {
    const d = deps({
      sendAgain: vi.fn(async () => {
        throw new ApiError(
          409,
          'Nothing to send again: every voucher of this push is in Tally (1100 recorded as sent, 0 downloaded, 0 found in Tally).',
        );
      }),
    });
    const lines = await sendPushAgain(push, d);
    expect(d.pushPart).not.toHaveBeenCalled();
    expect(lines.at(-1)).toMatch(/^ℹ️ Nothing to send again/);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

it('lists the pushes with their answer and offers Send again for what is not in Tally', async () => {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn<typeof fetch>(async (url) => {
    const u = String(url);
    if (u.includes(`/tally/pushes/${push.id}`))
      return json({
        push,
        part_results: [],
        matching: 1,
        voucher_list: [
          {
            remote_id: 'r1',
            part: 0,
            date: '2025-04-01',
            type: 'Payment',
            party: 'Suspense',
            side: 'withdrawal',
            paise: 123456,
            narration: 'NEFT/OUT/PARTY 1',
            state: 'no_answer',
            answer: '',
          },
        ],
      });
    return json({
      pushes: [push, { ...push, id: 'done-1', state: 'done', in_tally: 1100, problems: [] }],
      total: 2,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<PushesList />);
  expect(await screen.findByText('Partly in Tally')).toBeTruthy();
  expect(screen.getByText('All in Tally')).toBeTruthy();
  expect(screen.getByText('Could not talk to Tally.')).toBeTruthy();
  // Only the push not all in Tally can be sent again, and it says how many go.
  const buttons = screen.getAllByRole('button', { name: /Send again/ });
  expect(buttons.map((b) => b.textContent)).toEqual(['Send again (600)']);
  fireEvent.click(screen.getAllByRole('button', { name: 'Vouchers' })[0]);
  await waitFor(() => expect(screen.getByText('No answer')).toBeTruthy());
  expect(screen.getByText('−1,234.56')).toBeTruthy();
  expect(fetchMock.mock.calls.some(([u]) => String(u).includes('state=waiting'))).toBe(true);
});
