import {
  TALLY_PART_VOUCHERS,
  type HeldMovements,
  type TallyPushSummary,
  type TallySendAgainAnswer,
} from '@bahi/contract';
import type { BridgeAnswer } from '../bank/bridge.ts';
import { formatCount } from '../format.ts';

// A push of many vouchers goes to Tally in parts (issue 19): the bridge fetches each part of the
// stored export and posts it, so a year of 20,000 rows shows progress part by part and a refusal is
// reported for its part. Sending again (issue 31) makes a new push of what Bahi does not hold as
// in Tally, leaving out what the company is found to hold: TallyPrime matches no REMOTEID.

export interface PartOutcome {
  part: number;
  ok: boolean;
  vouchers: number;
  created: number;
  altered: number;
  /** Tally's words (or the connector's) when the part was not taken whole. */
  problems: string[];
  /** What the bridge read back and found kept otherwise than sent (a tax ledger's duty head). */
  warnings?: string[];
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
      ...(answer.warnings?.length ? { warnings: answer.warnings.slice(0, 20) } : {}),
    });
    vouchersDone += vouchers;
    onProgress({ partsDone: part + 1, parts: total.parts, vouchersDone, vouchers: total.vouchers });
  }
  return { outcomes, parts: total.parts, vouchers: total.vouchers };
}

/** The lines shown after a push: what went in, which parts failed and why, and what to do next. */
export function pushReportLines(r: PushReport, perPart: number): string[] {
  // Said whatever the counters say: Tally counts a tax ledger created even when it dropped its head.
  const warnings = r.outcomes.flatMap((o) => (o.warnings ?? []).map((w) => `⚠️ ${w}`));
  return [...countLines(r, perPart), ...warnings];
}

function countLines(r: PushReport, perPart: number): string[] {
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
    'Fix what Tally says, then send again from History (Pushes to Tally): only what Tally did not take goes, never entered twice.',
  );
  return lines;
}

/** What sending a push again needs from the world: the bridge and the server. */
export interface SendAgainDeps {
  bridgeAvailable: () => Promise<boolean>;
  readHeld: (company: string, ledger: string, from: string, to: string) => Promise<HeldMovements | null>;
  sendAgain: (id: string, held?: HeldMovements) => Promise<TallySendAgainAnswer>;
  pushPart: (exportId: string, part: number) => Promise<BridgeAnswer>;
}

/**
 * Sends again what Tally did not take of `push` (issue 31): with the bridge running, reads what the
 * company holds on the ledger in the push's days (left out by the server, with what Bahi recorded
 * as sent), has the server keep the rest as a new push, and sends its parts. The lines to show.
 * Without the bridge nothing is made: a push kept for a bridge that is not there would wait unseen.
 */
export async function sendPushAgain(
  push: Pick<TallyPushSummary, 'id' | 'company_name' | 'ledger_name' | 'from' | 'to'>,
  deps: SendAgainDeps,
  onProgress: (p: PushProgress) => void = () => {},
): Promise<string[]> {
  if (!(await deps.bridgeAvailable()))
    return ['❌ The Tally connector (bahi bridge) is not running on this computer: nothing was sent.'];
  const lines: string[] = [];
  const held =
    push.from && push.to
      ? await deps.readHeld(push.company_name, push.ledger_name, push.from, push.to)
      : null;
  if (held === null)
    lines.push("ℹ️ Could not read what Tally holds; Bahi's own record of what was sent decides.");
  let again: TallySendAgainAnswer;
  try {
    again = await deps.sendAgain(push.id, held ?? undefined);
  } catch (err) {
    const detail = err instanceof Error ? err.message : 'The push could not be made.';
    return [...lines, `${/Nothing to send again/.test(detail) ? 'ℹ️' : '❌'} ${detail}`];
  }
  const leftOut = again.already_sent + again.already_downloaded + again.already_in_tally;
  if (leftOut > 0)
    lines.push(
      `ℹ️ ${formatCount(leftOut)} voucher(s) left out: in Tally already (${formatCount(again.already_in_tally)} found there, ${formatCount(again.already_sent)} recorded, ${formatCount(again.already_downloaded)} downloaded).`,
    );
  const report = await pushInParts(
    (part) => deps.pushPart(again.xml_id, part),
    { parts: again.parts, vouchers: again.vouchers, perPart: TALLY_PART_VOUCHERS },
    onProgress,
  );
  return [...lines, ...pushReportLines(report, TALLY_PART_VOUCHERS)];
}
