import { describe, expect, it } from 'vitest';
import type { BridgeAnswer } from '../bank/bridge.ts';
import { pushInParts, pushReportLines, vouchersInPart, type PushProgress } from './push.ts';

const ok = (created: number): BridgeAnswer => ({
  ok: true,
  status: 'success',
  tally_response: { created, altered: 0, problems: [] },
});

describe('a push in parts', () => {
  it('sends every part in order with progress, and reports all in when Tally takes each', async () => {
    const sent: number[] = [];
    const seen: PushProgress[] = [];
    const report = await pushInParts(
      async (p) => {
        sent.push(p);
        // The first part also creates the two ledgers the company lacked.
        return ok(vouchersInPart(p, 20_000, 500) + (p === 0 ? 2 : 0));
      },
      { parts: 40, vouchers: 20_000, perPart: 500 },
      (p) => seen.push(p),
    );
    expect(sent).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(seen.at(0)).toEqual({ partsDone: 1, parts: 40, vouchersDone: 500, vouchers: 20_000 });
    expect(seen.at(-1)).toEqual({ partsDone: 40, parts: 40, vouchersDone: 20_000, vouchers: 20_000 });
    expect(pushReportLines(report, 500)).toEqual([
      '📤 All 20,000 vouchers are in Tally (40 parts): 20,000 new, 0 already there and updated. 2 ledgers created.',
    ]);
    // Pushed again: every voucher is altered, nothing created.
    const again = await pushInParts(
      async () => ({ ok: true, status: 'success', tally_response: { created: 0, altered: 500 } }),
      { parts: 40, vouchers: 20_000, perPart: 500 },
    );
    expect(pushReportLines(again, 500)).toEqual([
      '📤 All 20,000 vouchers are in Tally (40 parts): 0 new, 20,000 already there and updated.',
    ]);
  });

  it('a part Tally refuses is reported with its vouchers and Tally’s words; the others still go', async () => {
    const report = await pushInParts(
      async (p) =>
        p === 1
          ? { ok: true, status: 'error', tally_response: { problems: ["Ledger 'Rent' does not exist!"] } }
          : ok(1),
      { parts: 3, vouchers: 1200, perPart: 500 },
    );
    expect(report.outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const lines = pushReportLines(report, 500);
    expect(lines[0]).toBe('⚠️ 700 of 1,200 vouchers went into Tally whole.');
    expect(lines[1]).toBe("❌ Part 2 of 3 (vouchers 501–1,000): Ledger 'Rent' does not exist!");
    expect(lines.at(-1)).toContain('only what Tally did not take goes');
  });

  it('a connector failure stops the push and says which parts were not sent', async () => {
    const report = await pushInParts(
      async (p) => {
        if (p === 2) throw new Error('bridge answered 502');
        return ok(1);
      },
      { parts: 5, vouchers: 2100, perPart: 500 },
    );
    expect(report.stoppedAt).toBe(2);
    expect(report.outcomes).toHaveLength(3);
    const lines = pushReportLines(report, 500);
    expect(lines).toContain('❌ Part 3 of 5 (vouchers 1,001–1,500): bridge answered 502');
    expect(lines).toContain('Parts 4 to 5 were not sent.');
  });

  it('counts the vouchers of the last, shorter part', () => {
    expect(vouchersInPart(2, 1200, 500)).toBe(200);
    expect(vouchersInPart(3, 1200, 500)).toBe(0);
  });

  it('what the bridge read back and found kept otherwise is said, even when Tally took everything', async () => {
    const report = await pushInParts(
      async () => ({
        ...ok(3),
        warnings: [
          "Tally kept the ledger 'CGST' without its GST duty head (sent 'Central Tax'): set it in Tally.",
        ],
      }),
      { parts: 1, vouchers: 1, perPart: 500 },
    );
    const lines = pushReportLines(report, 500);
    expect(lines[0]).toMatch(/^📤 All 1 vouchers are in Tally/);
    expect(lines[1]).toBe(
      "⚠️ Tally kept the ledger 'CGST' without its GST duty head (sent 'Central Tax'): set it in Tally.",
    );
  });
});
