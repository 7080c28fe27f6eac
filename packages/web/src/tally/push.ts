import type { BridgeAnswer } from '../bank/bridge.ts';
import { formatCount } from '../format.ts';

// A push of many vouchers goes to Tally in parts (issue 19): the bridge fetches each part of the
// stored export and posts it, so a year of 20,000 rows shows progress part by part, a refusal is
// reported for its part, and sending again alters what Tally has (REMOTEID) instead of doubling it.

export interface PartOutcome {
  part: number;
  ok: boolean;
  vouchers: number;
  created: number;
  altered: number;
  /** Tally's words (or the connector's) when the part was not taken whole. */
  problems: string[];
}

export interface PushProgress {
  partsDone: number;
  parts: number;
  vouchersDone: number;
  vouchers: number;
}

export interface PushReport {
  outcomes: PartOutcome[];
  parts: number;
  vouchers: number;
  /** Set when the connector itself failed: the parts after it were not sent. */
  stoppedAt?: number;
}

type TallyAnswer = {
  created?: number;
  altered?: number;
  problems?: string[];
  lineErrors?: string[];
};

/** Vouchers in part `p` of `parts` for `vouchers` in all, `perPart` to a part. */
export function vouchersInPart(p: number, vouchers: number, perPart: number): number {
  return Math.max(0, Math.min(perPart, vouchers - p * perPart));
}

/**
 * Sends every part in order through `pushPart`. A part Tally refuses is recorded and the next one is
 * still sent (the others are independent vouchers); a connector failure stops the push, since the
 * rest would fail the same way.
 */
export async function pushInParts(
  pushPart: (part: number) => Promise<BridgeAnswer>,
  total: { parts: number; vouchers: number; perPart: number },
  onProgress: (p: PushProgress) => void = () => {},
): Promise<PushReport> {
  const outcomes: PartOutcome[] = [];
  let vouchersDone = 0;
  for (let part = 0; part < total.parts; part++) {
    const vouchers = vouchersInPart(part, total.vouchers, total.perPart);
    let answer: BridgeAnswer;
    try {
      answer = await pushPart(part);
    } catch (err) {
      outcomes.push({
        part,
        ok: false,
        vouchers,
        created: 0,
        altered: 0,
        problems: [err instanceof Error ? err.message : 'The Tally connector failed.'],
      });
      return { outcomes, parts: total.parts, vouchers: total.vouchers, stoppedAt: part };
    }
    const tally = (answer.tally_response ?? {}) as TallyAnswer;
    const ok = answer.ok && answer.status === 'success';
    outcomes.push({
      part,
      ok,
      vouchers,
      created: tally.created ?? 0,
      altered: tally.altered ?? 0,
      problems: ok
        ? []
        : (tally.problems ?? tally.lineErrors ?? [answer.detail ?? 'Tally did not take this part.']).slice(
            0,
            5,
          ),
    });
    vouchersDone += vouchers;
    onProgress({ partsDone: part + 1, parts: total.parts, vouchersDone, vouchers: total.vouchers });
  }
  return { outcomes, parts: total.parts, vouchers: total.vouchers };
}

/** The lines shown after a push: what went in, which parts failed and why, and what to do next. */
export function pushReportLines(r: PushReport, perPart: number): string[] {
  const failed = r.outcomes.filter((o) => !o.ok);
  const okVouchers = r.outcomes.filter((o) => o.ok).reduce((s, o) => s + o.vouchers, 0);
  if (failed.length === 0 && r.stoppedAt === undefined) {
    // Tally's CREATED counts the ledgers created too; ALTERED only vouchers (masters are create-only,
    // an existing one is left as it is). So the vouchers new are those not altered.
    const altered = r.outcomes.reduce((s, o) => s + o.altered, 0);
    const created = r.outcomes.reduce((s, o) => s + o.created, 0);
    const fresh = Math.max(0, r.vouchers - altered);
    const masters = Math.max(0, created - fresh);
    const extra = masters ? ` ${formatCount(masters)} ledger${masters === 1 ? '' : 's'} created.` : '';
    return [
      `📤 All ${formatCount(r.vouchers)} vouchers are in Tally (${r.parts} part${r.parts === 1 ? '' : 's'}): ${formatCount(fresh)} new, ${formatCount(altered)} already there and updated.${extra}`,
    ];
  }
  const lines = [
    `⚠️ ${formatCount(okVouchers)} of ${formatCount(r.vouchers)} vouchers went into Tally whole.`,
  ];
  for (const o of failed) {
    const from = o.part * perPart + 1;
    lines.push(
      `❌ Part ${o.part + 1} of ${r.parts} (vouchers ${formatCount(from)}–${formatCount(from + o.vouchers - 1)}): ${o.problems.join(' · ') || 'not taken.'}`,
    );
  }
  if (r.stoppedAt !== undefined && r.stoppedAt + 1 < r.parts) {
    lines.push(`Parts ${r.stoppedAt + 2} to ${r.parts} were not sent.`);
  }
  lines.push(
    'Fix what Tally says, then Send to Tally again: vouchers already in Tally are updated, never entered twice.',
  );
  return lines;
}
