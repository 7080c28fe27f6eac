import {
  describeTaxSplit,
  isIsoDate,
  splitLegs,
  type Paise,
  type TaxHead,
  type TaxLedgerNames,
  type TaxSplit,
} from '@bahi/core';
import { credit, debit, type Leg } from './entries.ts';
import { importXml } from './envelope.ts';
import { TallyError } from './errors.ts';
import { gstDutyHeadsFor } from './invoice.ts';
import { ledgerMaster, uniqueLedgers, type LedgerMaster } from './masters.ts';
import { bankAllocationElement, bankAllocationOf, isJunkReference } from './bank-allocation.ts';
import { bankMovementKey, bankRemoteId } from './identity.ts';
import { voucherElement } from './voucher.ts';
import { partSize } from './batches.ts';
import type { XmlElement } from './xml/tree.ts';

export interface BankTransaction {
  /** ISO date. */
  date: string;
  description: string;
  withdrawal: Paise;
  deposit: Paise;
  /** The ledger on the other side; the suspense ledger when empty. */
  ledger?: string;
  reference?: string;
  /** ISO value date, when the statement prints one: the instrument date. */
  valueDate?: string;
  /** Cheque number, when the statement has a column for it. */
  chequeNumber?: string;
  /** Who was paid or who paid, when known: the bank allocation's favouring. */
  counterparty?: string;
  /**
   * The running balance the statement prints after the row, when it prints one: part of the
   * voucher's identity (identity.ts), never of its amounts.
   */
  balance?: Paise | null;
  /**
   * GST or TDS split of the row (core tax-split.ts): the voucher carries the row's ledger and a leg
   * per tax head, still summing to the bank's amount. Not on a cash Contra.
   */
  split?: TaxSplit;
}

export interface BankAccountInput {
  bankLedger: string;
  /** The account number, part of each voucher's REMOTEID. */
  accountNumber?: string;
  transactions: readonly BankTransaction[];
}

export interface BankVoucherOptions {
  company?: string;
  /** Emit ledger masters before the vouchers so the import never fails on a missing ledger. */
  withMasters?: boolean;
  /** Cash withdrawals and deposits become Contra vouchers against the cash ledger. */
  contraForCash?: boolean;
  /** Overrides the narration heuristic for cash (see CASH_WITHDRAWAL / CASH_DEPOSIT). */
  isCash?: (tx: BankTransaction, side: 'withdrawal' | 'deposit') => boolean;
  suspenseLedger?: string;
  cashLedger?: string;
  /** Groups of row ledgers for the masters, by name (as Tally compares names: case-insensitive). */
  ledgerGroups?: Readonly<Record<string, string>>;
  /**
   * The group of every new row ledger `ledgerGroups` does not name. Without it (and without
   * `ungroupedUnderSuspense`) declaring such a ledger is refused: an expense or a party filed under
   * Suspense A/c is wrong books the accountant has to find (issue 31).
   */
  newLedgerGroup?: string;
  /**
   * Put new row ledgers whose group nobody chose under Suspense A/c, as the specification's own
   * request shapes always have (they have no word for groups). Only the server's contract path asks.
   */
  ungroupedUnderSuspense?: boolean;
  /** Ledgers known to exist in Tally: never declared as masters (so their group is never altered). */
  existingLedgers?: readonly string[];
  /** Write the banker's date (the statement's date) on bank legs, marking them reconciled in Tally. */
  reconciled?: boolean;
  /** Voucher ids (bankVoucherIds) already sent or downloaded: left out of the file. */
  leaveOut?: ReadonlySet<string>;
  /** The tax ledgers of split rows (the company's own, taxLedgersOf), else core's defaults. */
  taxLedgers?: Partial<TaxLedgerNames>;
  /** The company's release: the GST duty-head words of the tax ledgers declared (gstDutyHeadsFor). */
  tallyVersion?: string;
}

export interface BankVouchersInput extends BankAccountInput, BankVoucherOptions {}

export const DEFAULT_SUSPENSE_LEDGER = 'Suspense';
export const SUSPENSE_GROUP = 'Suspense A/c';
export const BANK_GROUP = 'Bank Accounts';
export const CASH_GROUP = 'Cash-in-Hand';
export const TAX_GROUP = 'Duties & Taxes';
/** TDS deducted from what the client received: recoverable, an asset until set off. */
export const TDS_RECEIVABLE_GROUP = 'Current Assets';
/** Ledgers every new TallyPrime company has; never declared. */
export const TALLY_DEFAULT_LEDGERS = ['Cash', 'Profit & Loss A/c'] as const;

// Narration words banks print for cash at the counter or an ATM. A heuristic: it is used only
// when contraForCash is asked for, and `isCash` replaces it. A bare "ATM" is not enough: banks print
// it on card fees ("ATM CARD AMC", "DEBIT-ATM CARD AMC-"), so ATM counts only with a cash or
// withdrawal word beside it, and anything that reads as a charge, tax, interest or reversal is never
// cash (docs/decisions/035).
export const CASH_WITHDRAWAL =
  /\bCASH[\s/-]*(WDL|WD|WDR|WITHDRAWAL|WITHDRAWN|PAID)\b|\bATM[\s/-]*(CASH|WDL|WD|WDR|WITHDRAWAL)\b|\bATW\b|\bCWDR\b|\bNWD\b|^SELF\b/i;
export const CASH_DEPOSIT = /\bCASH[\s/-]*(DEP|DEPOSIT|DEPOSITED)\b|\bBY\s+CASH\b|\bCDM\b/i;
/** Words that make a narration a charge, tax, interest or reversal: never a cash Contra. */
export const NOT_CASH =
  /\b(AMC|ANNUAL|CHGS?|CHRGS?|CHARGES?|FEES?|GST|IGST|CGST|SGST|TAX|INTEREST|INT\.?\s*PD|PENALTY|PENAL|REV|RVSL|REVERSAL|REVERSED|REFUND|RETURN(ED)?|DECLINED?|FAILED|FAILURE|ISSUANCE|RENEWAL|REPLACEMENT)\b/i;

/** Is this row a true cash withdrawal (or deposit) by its narration? */
export function isCashNarration(description: string, side: 'withdrawal' | 'deposit'): boolean {
  if (NOT_CASH.test(description)) return false;
  return (side === 'withdrawal' ? CASH_WITHDRAWAL : CASH_DEPOSIT).test(description);
}

function defaultIsCash(tx: BankTransaction, side: 'withdrawal' | 'deposit'): boolean {
  return isCashNarration(tx.description, side);
}

export type BankSide = 'withdrawal' | 'deposit';

/**
 * What the row does to the bank, one movement per printed amount, signed as the statement prints
 * it: a negative withdrawal (a reversal, HDFC's `-1.00`) is money back in, so a deposit (Receipt),
 * and a negative deposit is money out (Payment). Taking the absolute value instead booked every
 * reversal the wrong way and left the bank ledger off the statement's closing (issue 31).
 */
export function bankMovements(tx: BankTransaction, index = 0): { side: BankSide; paise: Paise }[] {
  const out: { side: BankSide; paise: Paise }[] = [];
  for (const [printed, value] of [
    ['withdrawal', tx.withdrawal],
    ['deposit', tx.deposit],
  ] as const) {
    if (!value) continue;
    if (!Number.isSafeInteger(value)) {
      throw new TallyError(
        'bad_amount',
        `Transaction ${index + 1} has an invalid amount.`,
        `row ${index + 1}: ${printed} ${value}`,
      );
    }
    const flipped: BankSide = printed === 'withdrawal' ? 'deposit' : 'withdrawal';
    out.push(value > 0 ? { side: printed, paise: value } : { side: flipped, paise: -value });
  }
  return out;
}

/**
 * Each row's voucher ids, one per movement (bankMovements), from the row's content: the account's
 * ledger, date, side, amount and printed balance (identity.ts). Movements alike in all of these are
 * numbered in the order given, so the ids of the others never depend on which rows were sent.
 */
export function bankVoucherIds(account: BankAccountInput): string[][] {
  const seen = new Map<string, number>();
  return account.transactions.map((tx, i) =>
    bankMovements(tx, i).map(({ side, paise }) => {
      const key = {
        bankLedger: account.bankLedger,
        date: tx.date,
        side,
        paise,
        balance: tx.balance,
        reference: isJunkReference(tx.reference) ? undefined : tx.reference,
      };
      const k = bankMovementKey(key);
      const occurrence = seen.get(k) ?? 0;
      seen.set(k, occurrence + 1);
      return bankRemoteId({ ...key, occurrence });
    }),
  );
}

function narrationOf(tx: BankTransaction): string {
  const text = tx.description.trim();
  const ref = isJunkReference(tx.reference) ? undefined : tx.reference?.trim();
  return ref && !text.includes(ref) ? `${text} Ref: ${ref}` : text;
}

/** A master a bank import declares, and why it has its group. */
export interface PlannedMaster extends LedgerMaster {
  /** the bank's own ledger, the suspense ledger, the cash ledger of a Contra, a tax ledger of a split, or a row's ledger */
  kind: 'bank' | 'suspense' | 'cash' | 'tax' | 'ledger';
  /** a row's ledger whose group nobody chose: it went under Suspense A/c by default */
  defaulted: boolean;
}

interface Built {
  vouchers: XmlElement[];
  ledgers: PlannedMaster[];
}

/** The group of a ledger the rows name, and how it was decided. */
function groupOf(
  name: string,
  o: BankVoucherOptions,
  suspense: string,
  cashContra: boolean,
): Pick<PlannedMaster, 'parent' | 'kind' | 'defaulted'> {
  const key = name.toLowerCase();
  const chosen = Object.entries(o.ledgerGroups ?? {})
    .find(([n]) => n.trim().toLowerCase() === key)?.[1]
    ?.trim();
  if (chosen) return { parent: chosen, kind: 'ledger', defaulted: false };
  if (key === suspense.toLowerCase()) return { parent: SUSPENSE_GROUP, kind: 'suspense', defaulted: false };
  if (cashContra) return { parent: CASH_GROUP, kind: 'cash', defaulted: false };
  const all = o.newLedgerGroup?.trim();
  return all
    ? { parent: all, kind: 'ledger', defaulted: false }
    : { parent: SUSPENSE_GROUP, kind: 'ledger', defaulted: true };
}

/**
 * The vouchers and ledgers of the account's rows `from` up to `to` (all of them by default), their
 * ids from `ids` (bankVoucherIds over every row: numbering twins depends on the whole set).
 */
function buildAccount(
  account: BankAccountInput,
  o: BankVoucherOptions,
  range: { from: number; to: number; ids: string[][] } = {
    from: 0,
    to: account.transactions.length,
    ids: bankVoucherIds(account),
  },
): Built {
  const suspense = o.suspenseLedger?.trim() || DEFAULT_SUSPENSE_LEDGER;
  const cash = o.cashLedger?.trim() || 'Cash';
  const isCash = o.isCash ?? defaultIsCash;
  const bank = account.bankLedger.trim();
  if (!bank) throw new TallyError('no_bank_ledger', 'Please enter the bank ledger name.');
  const vouchers: XmlElement[] = [];
  const ledgers: PlannedMaster[] = [{ name: bank, parent: BANK_GROUP, kind: 'bank', defaulted: false }];
  const { ids } = range;
  for (let i = range.from; i < range.to; i++) {
    const tx = account.transactions[i];
    if (!isIsoDate(tx.date)) {
      throw new TallyError(
        'bad_date',
        `Transaction ${i + 1} has no valid date.`,
        `row ${i + 1}: date ${tx.date}`,
      );
    }
    // A row with both a withdrawal and a deposit (rare, e.g. a reversal printed on one line) gives two vouchers.
    bankMovements(tx, i).forEach(({ side, paise }, k) => {
      if (o.leaveOut?.has(ids[i][k])) return;
      const contra = o.contraForCash === true && isCash(tx, side);
      const other = tx.ledger?.trim() || (contra ? cash : suspense);
      let type: string;
      let legs: Leg[];
      // The bank leg alone carries the bank allocation: what Tally's bank reconciliation matches on.
      const allocation = bankAllocationOf(tx);
      const bankLeg = (leg: Leg): Leg => ({
        ...leg,
        extra: [bankAllocationElement(allocation, leg.amount, o.reconciled)],
      });
      const split = contra ? undefined : tx.split;
      if (split) {
        // Every leg from core's split, the bank's first: Tally's sign is the debit's negative.
        const [bankPart, ...rest] = splitLegs(
          { paise, moneyIn: side === 'deposit' },
          other,
          bank,
          split,
          o.taxLedgers,
        );
        type = side === 'withdrawal' ? 'Payment' : 'Receipt';
        const legOf = (l: { ledger: string; drPaise: Paise }, party = false): Leg => ({
          ledger: l.ledger,
          amount: -l.drPaise,
          isParty: party,
        });
        legs = [...rest.map((l) => legOf(l, l.role === 'ledger')), bankLeg(legOf(bankPart))];
        for (const t of rest)
          if (t.role !== 'ledger' && t.role !== 'bank')
            ledgers.push(taxMaster(t.ledger, t.role, side === 'deposit', o));
      } else if (side === 'withdrawal') {
        type = contra ? 'Contra' : 'Payment';
        legs = [debit(other, paise, !contra), bankLeg(credit(bank, paise))];
      } else {
        type = contra ? 'Contra' : 'Receipt';
        legs = [credit(other, paise, !contra), bankLeg(debit(bank, paise))];
      }
      ledgers.push({ name: other, ...groupOf(other, o, suspense, contra && other === cash) });
      vouchers.push(
        voucherElement({
          type,
          date: tx.date,
          remoteId: ids[i][k],
          narration: split ? `${narrationOf(tx)} - ${describeTaxSplit(split)}` : narrationOf(tx),
          reference: isJunkReference(tx.reference) ? undefined : tx.reference?.trim(),
          partyLedger: other,
          view: 'Accounting Voucher View',
          legs,
        }),
      );
    });
  }
  return { vouchers, ledgers };
}

/** A tax ledger a split names: GST under Duties & Taxes with its duty head, TDS payable there too. */
function taxMaster(name: string, head: TaxHead, moneyIn: boolean, o: BankVoucherOptions): PlannedMaster {
  const heads = gstDutyHeadsFor(o.tallyVersion);
  const chosen = Object.entries(o.ledgerGroups ?? {})
    .find(([n]) => n.trim().toLowerCase() === name.toLowerCase())?.[1]
    ?.trim();
  const base = { name, kind: 'tax' as const, defaulted: false };
  if (chosen) return { ...base, parent: chosen };
  if (head === 'cgst' || head === 'sgst' || head === 'igst')
    return { ...base, parent: TAX_GROUP, gstDutyHead: heads[head] };
  // TDS the client deducted is owed (Duties & Taxes); TDS deducted from what it received is an asset
  return { ...base, parent: moneyIn ? TDS_RECEIVABLE_GROUP : TAX_GROUP };
}

function declared(ledgers: PlannedMaster[], o: BankVoucherOptions): PlannedMaster[] {
  const skip = new Set([...TALLY_DEFAULT_LEDGERS, ...(o.existingLedgers ?? [])].map((n) => n.toLowerCase()));
  return uniqueLedgers(ledgers).filter((l) => !skip.has(l.name.toLowerCase()));
}

/**
 * Refuses masters that would file a row's new ledger under Suspense A/c because nobody chose its
 * group (unless the caller asked for that): the command line, the office book and the screens all
 * go through here, so no path does it by default (issue 31).
 */
function requireGroups(masters: readonly PlannedMaster[], o: BankVoucherOptions): void {
  if (o.ungroupedUnderSuspense) return;
  const unchosen = masters.filter((m) => m.defaulted).map((m) => m.name);
  if (unchosen.length === 0) return;
  const named =
    unchosen.slice(0, 5).join(', ') + (unchosen.length > 5 ? ` and ${unchosen.length - 5} more` : '');
  throw new TallyError(
    'ledger_group_needed',
    `Choose the group of the new ledger(s) ${named}: Bahi does not put new ledgers under Suspense A/c unless asked.`,
    `ungrouped ledgers: ${unchosen.join(', ')}`,
  );
}

/**
 * The masters a bank import of these accounts would declare (the ledgers the company is not known
 * to have), each with its group: what the screen shows before a push (issue 31). Vouchers left out
 * (`leaveOut`) declare nothing.
 */
export function plannedBankMasters(
  input: BankVoucherOptions & { accounts: readonly BankAccountInput[] },
): PlannedMaster[] {
  return declared(
    input.accounts.flatMap((a) => ledgersOf(a, input, bankVoucherIds(a))),
    input,
  );
}

/** Rows built at a time while the masters are gathered (their vouchers dropped). */
const ROWS_AT_A_TIME = 2000;

/**
 * The ledgers the account's vouchers name (the bank's own first), gathered a few thousand rows at a
 * time: the vouchers of the whole account are never held at once (issue 33). uniqueLedgers keeps the
 * first of each name in order, so this is what one pass over every row gives, once each.
 */
function ledgersOf(account: BankAccountInput, o: BankVoucherOptions, ids: string[][]): PlannedMaster[] {
  const count = account.transactions.length;
  let ledgers = buildAccount(account, o, { from: 0, to: 0, ids }).ledgers;
  for (let from = 0; from < count; from += ROWS_AT_A_TIME) {
    const built = buildAccount(account, o, { from, to: Math.min(count, from + ROWS_AT_A_TIME), ids });
    ledgers = uniqueLedgers([...ledgers, ...built.ledgers]);
  }
  return ledgers;
}

/** One Tally import file: withdrawals as Payment, deposits as Receipt (cash optionally as Contra). */
export function buildBankVouchersXml(input: BankVouchersInput): string {
  return buildMultiAccountBankVouchersXml({ ...input, accounts: [input] });
}

/** Several accounts (a consolidated statement) in one file, each against its own bank ledger. */
export function buildMultiAccountBankVouchersXml(
  input: BankVoucherOptions & { accounts: readonly BankAccountInput[] },
): string {
  const built = input.accounts.map((a) => buildAccount(a, input));
  const vouchers = built.flatMap((b) => b.vouchers);
  let masters: XmlElement[] = [];
  if (input.withMasters) {
    const planned = declared(
      built.flatMap((b) => b.ledgers),
      input,
    );
    requireGroups(planned, input);
    masters = planned.map(({ name, parent, gstDutyHead }) => ledgerMaster({ name, parent, gstDutyHead }));
  }
  return importXml({ report: 'Vouchers', company: input.company, objects: [...masters, ...vouchers] });
}

/**
 * The same file as buildBankVouchersXml, in parts of `perPart` vouchers (batches.ts partSize), each
 * a complete import of its own, the masters in the first: part i is what `importPart(whole, layout,
 * i, perPart)` would cut from the whole file, but the whole is never built (issue 33: a push's XML
 * of tens of megabytes sat whole in the server). Only one part's vouchers are held at a time; the
 * masters are gathered first, a few thousand rows at a time. At least one part (the masters alone
 * when every voucher is left out).
 */
export function* bankVoucherParts(input: BankVouchersInput, perPart?: number): Generator<BankVoucherPart> {
  const size = partSize(perPart);
  const ids = bankVoucherIds(input);
  const count = input.transactions.length;
  let masters: XmlElement[] = [];
  if (input.withMasters) {
    const planned = declared(ledgersOf(input, input, ids), input);
    requireGroups(planned, input);
    masters = planned.map(({ name, parent, gstDutyHead }) => ledgerMaster({ name, parent, gstDutyHead }));
  }
  const file = (objects: XmlElement[], vouchers: number, first: boolean): BankVoucherPart => ({
    xml: importXml({ report: 'Vouchers', company: input.company, objects }),
    vouchers,
    masters: first ? masters.length : 0,
  });
  const pending: XmlElement[] = [];
  let first = true;
  for (let i = 0; i < count; i++) {
    pending.push(...buildAccount(input, input, { from: i, to: i + 1, ids }).vouchers);
    while (pending.length >= size) {
      const batch = pending.splice(0, size);
      yield file(first ? [...masters, ...batch] : batch, batch.length, first);
      first = false;
    }
  }
  if (first || pending.length > 0)
    yield file(first ? [...masters, ...pending] : pending, pending.length, first);
}

/** One part of a bank import built in parts (bankVoucherParts). */
export interface BankVoucherPart {
  xml: string;
  vouchers: number;
  masters: number;
}
