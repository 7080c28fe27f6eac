// What the company already holds on a bank ledger (issue 31): before a push, Bahi asks TallyPrime
// for the vouchers that post to that ledger in the statement's period and sends only the
// transactions it does not find, matched by day, side and amount. This is what protects the books
// from a file made by `bahi xml` or imported by hand, and from the accountant's own entry of the
// same cheque; it never relies on TallyPrime matching a REMOTEID (docs/decisions/037).
//
// The request is an Export of TYPE Collection with an inline TDL collection of Voucher, narrowed by
// SVFROMDATE/SVTODATE and a FILTER on AllLedgerEntries (the pattern of integrators' ledger-account
// reports, e.g. dhananjay1405/tally-mcp-server pull/account-ledger.xml); cancelled and optional
// vouchers are left out, as they post nothing. Not verified against a live TallyPrime here.
import { parseAmount, toTallyDate, type Paise } from '@bahi/core';
import { postToTally, type PushOptions } from './client.ts';
import { TallyError } from './errors.ts';
import { text, xmlParser } from './read.ts';
import { isoFromTallyDate } from './xml/values.ts';
import { el, leaf, serializeXml } from './xml/tree.ts';

/** One movement of the bank ledger as Tally holds it. */
export interface HeldMovement {
  /** ISO date */
  date: string;
  side: 'withdrawal' | 'deposit';
  paise: Paise;
}

export const HELD_COLLECTION = 'Bahi Bank Vouchers';

/** A TDL string literal cannot hold a double quote: a ledger so named cannot be asked about. */
function tdlString(s: string): string {
  if (s.includes('"')) throw new TallyError('bad_ledger', `A ledger name with " cannot be looked up: ${s}`);
  return `"${s}"`;
}

/** The request for the vouchers posting to `bankLedger` from `from` to `to` (ISO dates). */
export function heldVouchersRequest(bankLedger: string, from: string, to: string, company?: string): string {
  const formula = (name: string, value: string) => el('SYSTEM', { TYPE: 'Formulae', NAME: name }, [value]);
  return serializeXml(
    el('ENVELOPE', {}, [
      el('HEADER', {}, [
        leaf('VERSION', '1'),
        leaf('TALLYREQUEST', 'Export'),
        leaf('TYPE', 'Collection'),
        leaf('ID', HELD_COLLECTION),
      ]),
      el('BODY', {}, [
        el('DESC', {}, [
          el('STATICVARIABLES', {}, [
            leaf('SVEXPORTFORMAT', '$$SysName:XML'),
            leaf('SVFROMDATE', toTallyDate(from)),
            leaf('SVTODATE', toTallyDate(to)),
            company?.trim() ? leaf('SVCURRENTCOMPANY', company.trim()) : null,
          ]),
          el('TDL', {}, [
            el('TDLMESSAGE', {}, [
              el('COLLECTION', { NAME: HELD_COLLECTION, ISMODIFY: 'No' }, [
                leaf('TYPE', 'Voucher'),
                leaf('FETCH', 'Date, VoucherTypeName, AllLedgerEntries'),
                leaf('FILTER', 'BahiOnLedger, BahiNotCancelled, BahiNotOptional'),
              ]),
              formula('BahiOnLedger', '$$FilterCount:AllLedgerEntries:BahiIsBankLeg > 0'),
              formula('BahiIsBankLeg', `$$IsEqual:$LedgerName:${tdlString(bankLedger.trim())}`),
              formula('BahiNotCancelled', 'NOT $IsCancelled'),
              formula('BahiNotOptional', 'NOT $IsOptional'),
            ]),
          ]),
        ]),
      ]),
    ]),
  );
}

type Node = Record<string, unknown>;
const nodes = (v: unknown): Node[] => (Array.isArray(v) ? v : v ? [v] : []) as Node[];

/**
 * The bank ledger's movements in the answer: one per bank leg (Tally's sign: a debit, negative, is
 * money into the bank, a deposit). Throws with Tally's words when it answered STATUS 0.
 */
export function parseHeldVouchers(xml: string, bankLedger: string): HeldMovement[] {
  const doc = xmlParser.parse(xml) as Node;
  const envelope = (doc.ENVELOPE ?? {}) as Node;
  const data = ((envelope.BODY as Node | undefined)?.DATA ?? {}) as Node;
  if (text((envelope.HEADER as Node | undefined)?.STATUS).trim() === '0') {
    const words = (text(data.LINEERROR) || text(data)).trim() || 'Tally could not export the vouchers.';
    throw new TallyError('export_failed', words, `held vouchers: ${words}`);
  }
  const bank = bankLedger.trim().toLowerCase();
  const out: HeldMovement[] = [];
  for (const v of nodes((data.COLLECTION as Node | undefined)?.VOUCHER)) {
    const date = isoFromTallyDate(text(v.DATE).trim());
    if (!date) continue;
    for (const leg of nodes(v['ALLLEDGERENTRIES.LIST'])) {
      if (text(leg.LEDGERNAME).trim().toLowerCase() !== bank) continue;
      const amount = parseAmount(text(leg.AMOUNT).trim());
      if (!amount) continue;
      out.push({ date, side: amount < 0 ? 'deposit' : 'withdrawal', paise: Math.abs(amount) });
    }
  }
  return out;
}

/** Reads what the company holds on `bankLedger` from `from` to `to` through TallyPrime's XML server. */
export async function readHeldVouchers(
  options: PushOptions & { company?: string; bankLedger: string; from: string; to: string },
): Promise<HeldMovement[]> {
  const answer = await postToTally(
    heldVouchersRequest(options.bankLedger, options.from, options.to, options.company),
    options,
  );
  return parseHeldVouchers(answer, options.bankLedger);
}

/**
 * The keys of `movements` Tally already holds that Bahi's record does not: each held movement answers
 * for one movement of the same day, side and amount (two alike in Tally answer for two), in the
 * order given. The movements Bahi's record holds (`recorded`: sent or downloaded) take their held
 * twins first, so a voucher Tally has because Bahi sent it never also answers for a row not yet sent
 * of the same day, side and amount (a third sent from the screen, the rest from the office book:
 * 3 of 250 rows of AXIS_salary_2021 were left out so, and never reached Tally). `alsoIn`: movements
 * outside `movements` that Bahi knows Tally has (an office book's rows pushed before), which take
 * theirs first too.
 */
export function heldKeys<T>(
  movements: readonly { key: T; date: string; side: HeldMovement['side']; paise: Paise }[],
  held: readonly HeldMovement[],
  recorded: { has(key: T): boolean } = new Set<T>(),
  alsoIn: readonly HeldMovement[] = [],
): Set<T> {
  const count = new Map<string, number>();
  const at = (m: { date: string; side: string; paise: number }) => `${m.date}|${m.side}|${m.paise}`;
  for (const h of held) count.set(at(h), (count.get(at(h)) ?? 0) + 1);
  const take = (m: { date: string; side: string; paise: number }) => {
    const left = count.get(at(m)) ?? 0;
    if (left > 0) count.set(at(m), left - 1);
    return left > 0;
  };
  for (const m of alsoIn) take(m);
  for (const m of movements) if (recorded.has(m.key)) take(m);
  const out = new Set<T>();
  for (const m of movements) if (!recorded.has(m.key) && take(m)) out.add(m.key);
  return out;
}

/**
 * Bahi's own vouchers in Tally as several records count them (the office book's pushed rows, the
 * record of what was sent), each day, side and amount as many times as the record holding most of
 * them: a pushed row is recorded as sent too, and counting it twice would let one held voucher
 * answer twice while a row not yet sent, its twin, was left out; the record with most knows the most.
 */
export function mostOfEach(...records: readonly (readonly HeldMovement[])[]): HeldMovement[] {
  const most = new Map<string, { m: HeldMovement; n: number }>();
  for (const record of records) {
    const here = new Map<string, { m: HeldMovement; n: number }>();
    for (const m of record) {
      const at = `${m.date}|${m.side}|${m.paise}`;
      const e = here.get(at) ?? { m, n: 0 };
      e.n += 1;
      here.set(at, e);
    }
    for (const [at, e] of here) if (e.n > (most.get(at)?.n ?? 0)) most.set(at, e);
  }
  return [...most.values()].flatMap(({ m, n }) => Array.from({ length: n }, () => m));
}
