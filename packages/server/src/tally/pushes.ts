// The list of pushes and "send again" (issue 31). Every push is a kept export (tally_exports: Send
// to Tally, the office book, a send again); Tally's answer per part is kept on it, and Bahi's record
// (sent.ts) says which of its vouchers are in Tally. A voucher's answer is its part's: TallyPrime
// answers an import with counters, not per voucher (docs/decisions/037, #4). Sending again makes a new
// export of the vouchers Bahi does not hold as sent, leaving out too what the company was found to
// hold (read through the bridge): a part answered in part may have entered some of its vouchers,
// and TallyPrime matches no REMOTEID, so without that reading they could be entered twice.
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  TALLY_PART_VOUCHERS,
  TallyPartResult,
  type TallyPushSummary,
  type TallyPushVoucher,
  type TallyPushVoucherState,
} from '@bahi/contract';
import {
  heldKeys,
  keptFacts,
  keptSubset,
  keptVouchers,
  keptVouchersAt,
  PartsJoiner,
  type HeldMovement,
} from '@bahi/tally';
import type { DbOrTx } from '../db/index.ts';
import { conflict, notFound } from '../errors.ts';
import { bookPushes } from '../office/tables.ts';
import { tallyExports } from '../statements/tables.ts';
import { exportPart, exportPartsXml } from './export-parts.ts';
import { alreadyRecorded, heldDays, recordedMovements } from './sent.ts';

type ExportRow = typeof tallyExports.$inferSelect;

/** What the response route kept of Tally's answers: per part, or one answer for the whole export. */
type KeptAnswer = {
  ok?: boolean;
  status?: string;
  parts?: unknown[];
  detail?: string;
  tally_response?: { ok?: boolean; problems?: string[] } | null;
};

/** Each part's answer (undefined: none yet) from what the response route kept. */
function partAnswers(kept: unknown, parts: number): (TallyPartResult | undefined)[] {
  const answer = (kept ?? null) as KeptAnswer | null;
  const out: (TallyPartResult | undefined)[] = Array.from({ length: parts }, () => undefined);
  if (!answer) return out;
  if (Array.isArray(answer.parts)) {
    for (const raw of answer.parts) {
      const p = TallyPartResult.safeParse(raw);
      if (p.success && p.data.part < parts) out[p.data.part] = p.data;
    }
    return out;
  }
  // One answer for the whole file (the office book's push goes in one request): every part's.
  const ok = answer.ok === true && answer.status !== 'error' && answer.tally_response?.ok === true;
  const problems = (answer.tally_response?.problems ?? (answer.detail ? [answer.detail] : [])).slice(0, 20);
  return out.map((_, part) => ({ part, ok, vouchers: 0, created: 0, altered: 0, problems }));
}

const partsOf = (vouchers: number) => Math.max(1, Math.ceil(vouchers / TALLY_PART_VOUCHERS));

/**
 * How long a push's rows wait for Tally's answer before a fix may change them anyway (decision 057):
 * the bridge hands a push to TallyPrime within minutes (a 48 MB push in parts, well within an hour);
 * an answer that never came (the browser closed mid-send, the report lost) must not hold the rows
 * for ever. A day: past it, what the company holds (read through the bridge) is what guards a twin.
 */
export const PUSH_ANSWER_WAIT_MS = 24 * 3600 * 1000;

/**
 * The office push `pushId` still waits for Tally's answer: its export is kept, made less than
 * PUSH_ANSWER_WAIT_MS ago, and some part of it has no answer yet (any answer counts, a refusal or
 * the bridge's own error too: then nothing or only what is recorded went in). Undefined when the
 * push is not waiting; else when it was made.
 */
export async function pushAwaitingAnswer(db: DbOrTx, pushId: string, now: Date): Promise<Date | undefined> {
  const [push] = await db
    .select({
      createdAt: tallyExports.createdAt,
      vouchers: tallyExports.vouchers,
      tallyResponse: tallyExports.tallyResponse,
    })
    .from(bookPushes)
    .innerJoin(tallyExports, eq(tallyExports.id, bookPushes.exportId))
    .where(eq(bookPushes.id, pushId));
  if (!push) return undefined;
  if (now.getTime() - push.createdAt.getTime() >= PUSH_ANSWER_WAIT_MS) return undefined;
  return partAnswers(push.tallyResponse, partsOf(push.vouchers)).some((a) => !a) ? push.createdAt : undefined;
}

type Figures = { inTally: number; from: string; to: string };

const isoOf = (d: string | null | undefined) =>
  d ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : '';

/** The rows of a raw query, as PGlite and node-postgres both answer them. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * For each export, how many of its vouchers Bahi's record holds as sent, and its first and last
 * voucher day. Cheap first: the vouchers its own answers confirmed (tally_sent_vouchers.export_id),
 * and the days from the first and last 64 KB of its XML (a statement in either order). Only an
 * export not all in Tally that way is counted exactly, from its kept XML's REMOTEIDs in the
 * database (by alreadyRecorded's company rule: a send again, another screen, or what was found in
 * Tally may hold them), with its exact days, which send again reads Tally for. A year's export is
 * ~25 MB: the exact count takes seconds, so it is kept for the pushes that need it.
 */
async function figures(
  db: DbOrTx,
  userId: string,
  exports: readonly { id: string; vouchers: number }[],
): Promise<Map<string, Figures>> {
  const out = new Map<string, Figures>();
  if (exports.length === 0) return out;
  const list = (ids: readonly string[]) =>
    sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  // The ids and days kept beside the XML (migration 0014): counted in the database, no XML read.
  const kept = rowsOf<{
    id: string;
    in_tally: number | string;
    first_day: string | null;
    last_day: string | null;
  }>(
    await db.execute(sql`
      select e.id, e.first_day, e.last_day,
        (select count(distinct v) from unnest(e.voucher_ids) as v
          where exists (select 1 from tally_sent_vouchers s
            where s.user_id = e.user_id and s.ledger_key = lower(trim(e.ledger_name))
              and s.remote_id = v and s.how = 'sent'
              and (lower(trim(e.company_name)) = '' or s.company_key in (lower(trim(e.company_name)), '')))
        ) as in_tally
      from tally_exports e
      where e.user_id = ${userId} and e.voucher_ids is not null
        and e.id in (${list(exports.map((e) => e.id))})`),
  );
  for (const r of kept)
    out.set(r.id, { inTally: Number(r.in_tally), from: r.first_day ?? '', to: r.last_day ?? '' });
  const unkept = exports.filter((e) => !out.has(e.id));
  if (unkept.length === 0) return out;
  // Exports without the columns (none after the migration's backfill; kept for safety): their XML.
  const quick = rowsOf<{ id: string; own: number | string; first: string | null; last: string | null }>(
    await db.execute(sql`
      select e.id,
        (select count(*) from tally_sent_vouchers s
          where s.user_id = e.user_id and s.export_id = e.id and s.how = 'sent') as own,
        days.first, days.last
      from tally_exports e
      cross join lateral (select min(d[1]) as first, max(d[1]) as last
        from regexp_matches(left(e.xml, 65536) || right(e.xml, 65536), '<DATE>([0-9]{8})</DATE>', 'g') as d) as days
      where e.user_id = ${userId} and e.id in (${list(unkept.map((e) => e.id))})`),
  );
  for (const r of quick) out.set(r.id, { inTally: Number(r.own), from: isoOf(r.first), to: isoOf(r.last) });
  const short = unkept.filter((e) => (out.get(e.id)?.inTally ?? 0) < e.vouchers).map((e) => e.id);
  if (short.length === 0) return out;
  const exact = rowsOf<{ id: string; in_tally: number | string; first: string | null; last: string | null }>(
    await db.execute(sql`
      select e.id,
        (select count(distinct m[1]) from regexp_matches(e.xml, '<VOUCHER REMOTEID="([^"]+)"', 'g') as m
          where exists (select 1 from tally_sent_vouchers s
            where s.user_id = e.user_id and s.ledger_key = lower(trim(e.ledger_name))
              and s.remote_id = m[1] and s.how = 'sent'
              and (lower(trim(e.company_name)) = '' or s.company_key in (lower(trim(e.company_name)), '')))
        ) as in_tally,
        days.first, days.last
      from tally_exports e
      -- One pass over the XML for both days.
      cross join lateral (select min(d[1]) as first, max(d[1]) as last
        from regexp_matches(e.xml, '<DATE>([0-9]{8})</DATE>', 'g') as d) as days
      where e.user_id = ${userId} and e.id in (${list(short)})`),
  );
  for (const r of exact)
    out.set(r.id, { inTally: Number(r.in_tally), from: isoOf(r.first), to: isoOf(r.last) });
  return out;
}

function summary(
  row: Pick<ExportRow, 'id' | 'createdAt' | 'ledgerName' | 'companyName' | 'vouchers' | 'tallyResponse'>,
  office: boolean,
  f: { inTally: number; from: string; to: string } | undefined,
): TallyPushSummary {
  const parts = partsOf(row.vouchers);
  const answers = partAnswers(row.tallyResponse, parts);
  const inTally = Math.min(row.vouchers, f?.inTally ?? 0);
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    ledger_name: row.ledgerName,
    company_name: row.companyName,
    source: office ? 'office' : 'statement',
    vouchers: row.vouchers,
    in_tally: inTally,
    parts,
    parts_answered: answers.filter(Boolean).length,
    state: inTally >= row.vouchers ? 'done' : inTally > 0 ? 'partly' : 'not_done',
    problems: answers
      .flatMap((a) => (a && !a.ok ? (a.problems.length ? a.problems : [a.detail ?? 'Not taken whole.']) : []))
      .slice(0, 20),
    from: f?.from ?? '',
    to: f?.to ?? '',
  };
}

/** The exports of office pushes among `ids`. */
async function officeExports(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ exportId: bookPushes.exportId })
    .from(bookPushes)
    .where(inArray(bookPushes.exportId, [...ids]));
  return new Set(rows.flatMap((r) => (r.exportId ? [r.exportId] : [])));
}

const SUMMARY_COLUMNS = {
  id: tallyExports.id,
  createdAt: tallyExports.createdAt,
  ledgerName: tallyExports.ledgerName,
  companyName: tallyExports.companyName,
  vouchers: tallyExports.vouchers,
  tallyResponse: tallyExports.tallyResponse,
};

/** The user's kept pushes, newest first (those past retention are gone with their XML). */
export async function listPushes(
  db: DbOrTx,
  userId: string,
  keptSince: Date,
  page: { offset: number; limit: number },
): Promise<{ pushes: TallyPushSummary[]; total: number }> {
  const mine = and(eq(tallyExports.userId, userId), gte(tallyExports.createdAt, keptSince));
  const [{ total }] = await db.select({ total: count() }).from(tallyExports).where(mine);
  const rows = await db
    .select(SUMMARY_COLUMNS)
    .from(tallyExports)
    .where(mine)
    .orderBy(desc(tallyExports.createdAt), desc(tallyExports.id))
    .offset(page.offset)
    .limit(page.limit);
  const ids = rows.map((r) => r.id);
  const [f, office] = await Promise.all([figures(db, userId, rows), officeExports(db, ids)]);
  return { pushes: rows.map((r) => summary(r, office.has(r.id), f.get(r.id))), total: Number(total) };
}

/**
 * One kept export of the user's, or 404. An office push kept in parts is never joined here (issue
 * 33): its `xml` is '' and its parts are read one at a time where needed.
 */
async function loadExport(db: DbOrTx, userId: string, id: string, keptSince: Date): Promise<ExportRow> {
  const [row] = await db
    .select()
    .from(tallyExports)
    .where(
      and(eq(tallyExports.id, id), eq(tallyExports.userId, userId), gte(tallyExports.createdAt, keptSince)),
    );
  if (!row) throw notFound('No such push (pushes are kept 30 days).');
  return row;
}

/**
 * Where each voucher of the export stands, from its ids alone (kept beside the XML), and what its
 * part was answered.
 */
async function voucherStates(db: DbOrTx, userId: string, row: ExportRow) {
  const ids = row.voucherIds ?? keptFacts(row.xml).voucherIds;
  const recorded = await alreadyRecorded(
    db,
    { userId, company: row.companyName, ledger: row.ledgerName },
    ids.filter(Boolean),
  );
  const answers = partAnswers(row.tallyResponse, partsOf(row.vouchers));
  const states = ids.map((id, index): TallyPushVoucherState => {
    const part = Math.floor(index / TALLY_PART_VOUCHERS);
    return recorded.get(id) === 'sent' ? 'in_tally' : answers[part] ? 'not_taken' : 'no_answer';
  });
  return { answers, recorded, states };
}

/**
 * The vouchers at `indices` (a page), read from the kept XML: for an export kept in parts, from the
 * parts that hold them only, one part's row at a time (issue 33: the whole push, up to 48 MB, was
 * joined for each page).
 */
async function pageVouchers(db: DbOrTx, row: ExportRow, indices: readonly number[]) {
  if (row.parts === null) return keptVouchersAt(row.xml, row.ledgerName, indices, TALLY_PART_VOUCHERS);
  const byPart = new Map<number, number[]>();
  for (const i of indices) {
    const part = Math.floor(i / TALLY_PART_VOUCHERS);
    byPart.set(part, [...(byPart.get(part) ?? []), i - part * TALLY_PART_VOUCHERS]);
  }
  const out: ReturnType<typeof keptVouchersAt> = [];
  for (const [part, within] of [...byPart].sort((a, b) => a[0] - b[0])) {
    const piece = await exportPart(db, { ...row, vouchers: row.vouchers }, part);
    if (!piece) continue;
    for (const v of keptVouchersAt(piece.xml, row.ledgerName, within, TALLY_PART_VOUCHERS))
      out.push({ ...v, index: v.index + part * TALLY_PART_VOUCHERS, part });
  }
  return out;
}

/** The vouchers at `indices`, read from the kept XML (a page only), with their state and answer. */
async function voucherPage(
  db: DbOrTx,
  row: ExportRow,
  indices: readonly number[],
  states: readonly TallyPushVoucherState[],
  answers: readonly (TallyPartResult | undefined)[],
): Promise<TallyPushVoucher[]> {
  return (await pageVouchers(db, row, indices)).map((v): TallyPushVoucher => {
    const answer = answers[v.part];
    const state = states[v.index];
    return {
      remote_id: v.remoteId,
      part: v.part,
      date: v.date,
      type: v.type,
      party: v.party,
      side: v.side,
      paise: v.paise,
      narration: v.narration,
      state,
      answer:
        state === 'not_taken' ? (answer?.problems.join(' · ') || answer?.detail || '').slice(0, 1000) : '',
    };
  });
}

/** The push, its parts' answers and a page of its vouchers (those in `state` when asked). */
export async function pushDetail(
  db: DbOrTx,
  userId: string,
  id: string,
  keptSince: Date,
  /** `waiting`: the vouchers not in Tally (not taken or not answered). */
  query: { state?: TallyPushVoucherState | 'waiting'; offset: number; limit: number },
) {
  // An export kept in parts is not joined: its ids and days are kept beside it, and the page's
  // vouchers are read from their parts.
  const row = await loadExport(db, userId, id, keptSince);
  const { states, answers } = await voucherStates(db, userId, row);
  const office = await officeExports(db, [row.id]);
  const inTally = states.filter((s) => s === 'in_tally').length;
  const days = row.firstDay !== null && row.lastDay !== null ? row : keptFacts(row.xml);
  const wanted = (s: TallyPushVoucherState) =>
    !query.state || s === query.state || (query.state === 'waiting' && s !== 'in_tally');
  const matching = states.flatMap((s, i) => (wanted(s) ? [i] : []));
  return {
    push: summary(row, office.has(row.id), { inTally, from: days.firstDay ?? '', to: days.lastDay ?? '' }),
    part_results: answers.flatMap((a) => (a ? [a] : [])),
    // Only the page's vouchers are read from the XML.
    voucher_list: await voucherPage(
      db,
      row,
      matching.slice(query.offset, query.offset + query.limit),
      states,
      answers,
    ),
    matching: matching.length,
  };
}

/**
 * The vouchers of a push that are not in Tally, as a new import (its masters again): what Bahi's
 * record holds as sent or downloaded since is left out, and what the company was found to hold
 * (`held`, by day, side and amount) too. 409 when nothing is left to send.
 */
export async function sendAgainFile(
  db: DbOrTx,
  userId: string,
  id: string,
  keptSince: Date,
  held: readonly HeldMovement[] | undefined,
) {
  // A part at a time (issue 33): each part's vouchers read, then each part's subset, never the
  // whole file joined or parsed at once; for a file kept whole, its one "part" is the file.
  const row = await loadExport(db, userId, id, keptSince);
  const vouchers: ReturnType<typeof keptVouchers> = [];
  for await (const xml of exportPartsXml(db, row)) {
    for (const v of keptVouchers(xml, row.ledgerName, TALLY_PART_VOUCHERS)) {
      const index = vouchers.length;
      vouchers.push({ ...v, index, part: Math.floor(index / TALLY_PART_VOUCHERS) });
    }
  }
  const scope = { userId, company: row.companyName, ledger: row.ledgerName };
  const ids = vouchers.map((v) => v.remoteId).filter(Boolean);
  const recorded = await alreadyRecorded(db, scope, ids);
  // Every voucher Bahi's record holds in the held days takes its own held twin first, those of
  // other pushes too (decision 037, round 3f).
  const days = heldDays(held ?? []);
  const inTally = days
    ? heldKeys(
        vouchers.map((v) => ({ ...v, key: v.remoteId })),
        held!,
        recorded,
        await recordedMovements(db, scope, days[0], days[1], new Set(ids)),
      )
    : new Set<string>();
  const movementOf = new Map(
    vouchers.map((v) => [v.remoteId, { date: v.date, side: v.side, paise: v.paise }] as const),
  );
  const keep = (remoteId: string) => !recorded.has(remoteId) && !inTally.has(remoteId);
  const subset = { xml: '', ids: [] as string[], vouchers: 0 };
  const joiner = new PartsJoiner();
  for await (const xml of exportPartsXml(db, row)) {
    const part = keptSubset(xml, keep);
    subset.xml += row.parts === null || row.parts === 1 ? part.xml : joiner.add(part.xml);
    subset.ids.push(...part.ids);
    subset.vouchers += part.vouchers;
  }
  if (row.parts !== null && row.parts > 1) subset.xml += joiner.end();
  const how = [...recorded.values()];
  const left = {
    alreadySent: how.filter((h) => h === 'sent').length,
    alreadyDownloaded: how.filter((h) => h === 'downloaded').length,
    inTally: [...inTally],
  };
  return { row, subset, movementOf, ...left };
}

/** The words of the 409 when every voucher of the push is in Tally (or was found there). */
export function nothingToSendAgain(left: {
  alreadySent: number;
  alreadyDownloaded: number;
  inTally: string[];
}) {
  return conflict(
    `Nothing to send again: every voucher of this push is in Tally (${left.alreadySent} recorded as sent, ` +
      `${left.alreadyDownloaded} downloaded, ${left.inTally.length} found in Tally).`,
  );
}

/**
 * The summaries of these exports of the user's (the month report's pushes, issue 35), by id. An
 * export past retention is gone: it has no summary here.
 */
export async function pushSummaries(
  db: DbOrTx,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, TallyPushSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(SUMMARY_COLUMNS)
    .from(tallyExports)
    .where(and(eq(tallyExports.userId, userId), inArray(tallyExports.id, [...ids])));
  const [f, office] = await Promise.all([
    figures(db, userId, rows),
    officeExports(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return new Map(rows.map((r) => [r.id, summary(r, office.has(r.id), f.get(r.id))]));
}
