/**
 * GST and TDS split of one bank movement (issue 35, docs/decisions/055).
 *
 * A bank prints one amount; the books need several legs:
 * - `gst`: a charge with GST input. The amount debited is the gross: taxable value plus the tax
 *   (CGST + SGST, half the rate each, within one state; IGST, the whole rate, between states).
 * - `tds`: an amount net of TDS. Interest credited less TDS (the income is the gross, the TDS is
 *   receivable) or a payment less TDS (the party's bill is the gross, the TDS is payable).
 *
 * Rounding rule (stated once, tested as a property): each tax head is its rate on the taxable value
 * (GST) or the gross (TDS), rounded half up to the paisa, as TallyPrime computes a line's tax; the
 * taxable value (GST) or the gross (TDS) is then the one that makes the legs sum to the bank's
 * amount exactly. When no taxable value gives a tax that rounds to exactly the rest (a gross that
 * cannot arise from any taxable value, e.g. ₹1.00 at 18% within a state), the taxable value is the
 * gross less the tax computed on the nearest one: the legs still sum to the paisa and the tax is
 * off its rate by at most a paisa a head. Money is integer paise; the maths is BigInt so that no
 * product of an amount and a rate loses a paisa.
 */
import { DomainError } from './errors.ts';
import type { Paise } from './money.ts';

export type TaxSplitKind = 'gst' | 'tds';

export type TaxSplit =
  | {
      kind: 'gst';
      /** The GST rate in percent (18, 5, 0.25...), at most two decimals. */
      ratePercent: number;
      /** Between states (the company's and the supplier's differ): IGST; else CGST + SGST. */
      interstate: boolean;
    }
  | {
      kind: 'tds';
      /** The TDS rate in percent (10, 2, 0.1...), at most two decimals. */
      ratePercent: number;
      /** The section (194A, 194C, 194J...): shown and written in the narration, not computed on. */
      section?: string;
    };

export type TaxHead = 'cgst' | 'sgst' | 'igst' | 'tds';

export interface TaxPart {
  head: TaxHead;
  paise: Paise;
  /**
   * The tax leg sits on the bank's side of the voucher (debited with the bank on a receipt, credited
   * with it on a payment): TDS, which the bank's amount is net of. GST sits beside the charge.
   */
  withBank: boolean;
}

export interface SplitParts {
  /** What the row's own ledger takes: the taxable value of a charge, the gross before TDS. */
  ledgerPaise: Paise;
  taxes: TaxPart[];
}

/** The rate in hundredths of a percent, or a clear error. */
export function rateBasisPoints(ratePercent: number): number {
  if (
    typeof ratePercent !== 'number' ||
    !Number.isFinite(ratePercent) ||
    ratePercent <= 0 ||
    ratePercent >= 100
  )
    throw new DomainError('bad_tax_rate', 'The tax rate must be a percentage above 0 and below 100.');
  const bp = Math.round(ratePercent * 100);
  if (Math.abs(bp - ratePercent * 100) > 1e-6)
    throw new DomainError('bad_tax_rate', 'The tax rate can have at most two decimals.');
  return bp;
}

/** round(a / b) half up, for a >= 0 and b > 0. */
function divRound(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/** Each head's tax on a value, rounded half up to the paisa. */
export function taxOn(value: Paise, split: TaxSplit): { head: TaxHead; paise: Paise }[] {
  const bp = BigInt(rateBasisPoints(split.ratePercent));
  const v = BigInt(value);
  if (split.kind === 'tds') return [{ head: 'tds', paise: Number(divRound(v * bp, 10000n)) }];
  if (split.interstate) return [{ head: 'igst', paise: Number(divRound(v * bp, 10000n)) }];
  const half = Number(divRound(v * bp, 20000n));
  return [
    { head: 'cgst', paise: half },
    { head: 'sgst', paise: half },
  ];
}

const total = (xs: readonly { paise: Paise }[]) => xs.reduce((a, x) => a + x.paise, 0);

/**
 * The legs of one bank movement of `amount` paise (positive, as bankMovements gives it). For `gst`
 * the row's ledger and the taxes add up to the amount; for `tds` the row's ledger (the gross) is the
 * amount plus the TDS.
 */
export function splitAmount(amount: Paise, split: TaxSplit): SplitParts {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new DomainError('bad_amount', 'Only a positive amount can be split.', `split of ${amount}`);
  const bp = BigInt(rateBasisPoints(split.ratePercent));
  const a = BigInt(amount);
  if (split.kind === 'gst') {
    // gross = taxable × (1 + rate): the nearest taxable value, then its neighbours, for one whose
    // rounded tax makes the gross exactly.
    const guess = Number(divRound(a * 10000n, 10000n + bp));
    for (const d of [0, -1, 1, -2, 2]) {
      const taxable = guess + d;
      if (taxable <= 0) continue;
      const heads = taxOn(taxable, split);
      if (taxable + total(heads) === amount) return { ledgerPaise: taxable, taxes: withBank(heads, false) };
    }
    const heads = taxOn(guess, split);
    return { ledgerPaise: amount - total(heads), taxes: withBank(heads, false) };
  }
  // net = gross × (1 - rate): the nearest gross, then its neighbours, for one whose rounded TDS
  // leaves exactly the net.
  const guess = Number(divRound(a * 10000n, 10000n - bp));
  for (const d of [0, -1, 1, -2, 2]) {
    const gross = guess + d;
    const heads = taxOn(gross, split);
    if (gross - total(heads) === amount) return { ledgerPaise: gross, taxes: withBank(heads, true) };
  }
  const heads = taxOn(guess, split);
  return { ledgerPaise: amount + total(heads), taxes: withBank(heads, true) };
}

function withBank(heads: { head: TaxHead; paise: Paise }[], bankSide: boolean): TaxPart[] {
  // A head that rounds to nothing (a tiny charge) is no leg: Tally refuses a zero entry's purpose.
  return heads.filter((h) => h.paise !== 0).map((h) => ({ ...h, withBank: bankSide }));
}

/**
 * Is the supply between states? By GSTIN state codes or state names, as given: unknown on either
 * side is `undefined` (the caller asks, never guesses IGST or CGST + SGST).
 */
export function isInterstate(
  companyState?: string | null,
  supplierState?: string | null,
): boolean | undefined {
  const a = normaliseState(companyState);
  const b = normaliseState(supplierState);
  if (!a || !b) return undefined;
  return a !== b;
}

function normaliseState(s?: string | null): string {
  const t = (s ?? '').trim().toLowerCase();
  // a GSTIN's first two digits are its state code
  if (/^\d{2}[a-z]{5}\d{4}[a-z][1-9a-z]z[0-9a-z]$/i.test(t)) return t.slice(0, 2);
  return t.replace(/\s+/g, ' ').replace(/&/g, 'and');
}

/** A short text of the split for the row: "GST 18% (CGST + SGST)", "TDS 10% u/s 194A". */
export function describeTaxSplit(split: TaxSplit): string {
  if (split.kind === 'gst') return `GST ${split.ratePercent}% (${split.interstate ? 'IGST' : 'CGST + SGST'})`;
  return `TDS ${split.ratePercent}%${split.section?.trim() ? ` u/s ${split.section.trim()}` : ''}`;
}

/** The tax ledgers of a split, named by the company or by these defaults. */
export interface TaxLedgerNames {
  cgst: string;
  sgst: string;
  igst: string;
  /** TDS the bank or a customer deducted from what Bahi's client received: an asset. */
  tdsReceivable: string;
  /** TDS Bahi's client deducted from a payment: owed to the government. */
  tdsPayable: string;
}

export const DEFAULT_TAX_LEDGERS: TaxLedgerNames = {
  cgst: 'Input CGST',
  sgst: 'Input SGST',
  igst: 'Input IGST',
  tdsReceivable: 'TDS Receivable',
  tdsPayable: 'TDS Payable',
};

/** The ledger of a tax head on a movement: TDS is receivable on money in, payable on money out. */
export function taxLedgerOf(head: TaxHead, moneyIn: boolean, names: Partial<TaxLedgerNames> = {}): string {
  const n = { ...DEFAULT_TAX_LEDGERS, ...stripBlank(names) };
  if (head === 'tds') return moneyIn ? n.tdsReceivable : n.tdsPayable;
  return n[head];
}

function stripBlank(names: Partial<TaxLedgerNames>): Partial<TaxLedgerNames> {
  return Object.fromEntries(Object.entries(names).filter(([, v]) => typeof v === 'string' && v.trim()));
}

/**
 * Every leg of one movement with its split, as debits (positive) and credits (negative) in paise,
 * the bank's leg first: the sum is zero, and the bank's leg is the movement. What both the voucher
 * builder and the month report read, so the two never disagree.
 */
export function splitLegs(
  movement: { paise: Paise; moneyIn: boolean },
  ledger: string,
  bankLedger: string,
  split: TaxSplit | undefined,
  names: Partial<TaxLedgerNames> = {},
): { ledger: string; role: 'bank' | 'ledger' | TaxHead; drPaise: Paise }[] {
  // money in: the bank is debited; money out: credited
  const sign = movement.moneyIn ? 1 : -1;
  const bank = { ledger: bankLedger, role: 'bank' as const, drPaise: sign * movement.paise };
  if (!split) return [bank, { ledger, role: 'ledger', drPaise: -sign * movement.paise }];
  const parts = splitAmount(movement.paise, split);
  return [
    bank,
    { ledger, role: 'ledger', drPaise: -sign * parts.ledgerPaise },
    ...parts.taxes.map((t) => ({
      ledger: taxLedgerOf(t.head, movement.moneyIn, names),
      role: t.head,
      drPaise: (t.withBank ? sign : -sign) * t.paise,
    })),
  ];
}

/** The duty-head words of each GST head, in every TallyPrime release's spelling (lower case). */
export const GST_HEAD_WORDS = {
  cgst: ['cgst', 'central tax'],
  sgst: ['sgst/utgst', 'sgst', 'utgst', 'state tax'],
  igst: ['igst', 'integrated tax'],
} as const;

/**
 * The company's own ledgers for a bank row's GST/TDS split (decision 055): its input GST ledger of
 * each duty head (one a head, or of several the one named Input), and its TDS ledgers by name (TDS
 * with Receivable/Recoverable, TDS with Payable) when exactly one fits. None fits: core's defaults
 * (Input CGST, TDS Receivable...), declared create-only with their groups. The server's push and
 * month report and the book's split dialog all name the legs with it.
 */
export function splitTaxLedgersOfCompany(
  company: { ledgers?: readonly { name: string; gstDutyHead?: string }[] } | null | undefined,
): Partial<TaxLedgerNames> {
  const ledgers = company?.ledgers ?? [];
  const out: Partial<TaxLedgerNames> = {};
  for (const head of ['cgst', 'sgst', 'igst'] as const) {
    const words: readonly string[] = GST_HEAD_WORDS[head];
    const all = ledgers.filter((l) => words.includes(l.gstDutyHead?.trim().toLowerCase() ?? ''));
    const pick = all.length === 1 ? all : all.filter((l) => /\binput\b/i.test(l.name));
    if (pick.length === 1) out[head] = pick[0].name;
  }
  const only = (re: RegExp) => {
    const all = ledgers.filter((l) => /\btds\b/i.test(l.name) && re.test(l.name));
    return all.length === 1 ? all[0].name : undefined;
  };
  const receivable = only(/\b(receivable|recoverable)\b/i);
  const payable = only(/\bpayable\b/i);
  if (receivable) out.tdsReceivable = receivable;
  if (payable) out.tdsPayable = payable;
  return out;
}
