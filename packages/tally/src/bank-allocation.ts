// The bank leg's BANKALLOCATIONS.LIST, so TallyPrime's bank reconciliation has what it matches on:
// the transaction type, the instrument number (cheque number or UTR), the instrument date and, since
// the statement itself proves the clearing, the banker's date. Field names and values as TallyPrime
// writes them in its own exports (docs/decisions/035).
import { toTallyDate, type Paise } from '@bahi/core';
import { el, leaf, type XmlElement } from './xml/tree.ts';
import { tallyAmount } from './xml/values.ts';

export type BankTransactionType = 'Cheque' | 'e-Fund Transfer' | 'Others';
export type TransferMode = 'NEFT' | 'RTGS' | 'IMPS';

export interface BankAllocation {
  /** The voucher date (ISO). */
  date: string;
  transactionType: BankTransactionType;
  transferMode?: TransferMode;
  instrumentNumber?: string;
  /** ISO: the value date when the statement prints one, else the date. */
  instrumentDate: string;
  /** ISO: the date the bank cleared it, which the statement proves. */
  bankersDate: string;
  favouring?: string;
}

export interface BankAllocationSource {
  date: string;
  valueDate?: string;
  description: string;
  reference?: string;
  chequeNumber?: string;
  counterparty?: string;
}

/** A reference that identifies nothing: empty, all zeros, or punctuation. */
export function isJunkReference(ref: string | undefined | null): boolean {
  const r = (ref ?? '').trim();
  return !r || /^[0\s\-/.]*$/.test(r) || /^(N\/?A|NIL|NONE|-+)$/i.test(r);
}

/** Bank charges, fees, taxes and interest: never a transfer or a cheque, whatever word they mention. */
export const CHARGE_WORDS =
  /\b(CHGS?|CHRGS?|CHARGES?|FEES?|AMC|GST|IGST|CGST|SGST|TAX|INTEREST|INT\.?\s*PD)\b/i;
const CHEQUE_WORDS = /\b(CHQ|CHEQUE|CLG|CLEARING|CTS)\b/i;
const TRANSFER = /\b(NEFT|RTGS|IMPS)\b/i;
// NEFT UTRs are 16 characters, RTGS 22: a bank code of four letters, then N/R/H or a digit, then the
// rest with at least six digits. IMPS and UPI carry a 12-digit RRN.
const UTR = /\b[A-Z]{4}[A-Z0-9][A-Z0-9]{10,17}\b/g;
const RRN = /(?<![0-9])\d{12}(?![0-9])/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

// What banks print beside an instrument, each seen in the real statements (../shared/corpus-real,
// measured by bench/instruments.ts; issue 31):
// - a labelled number: Paytm's 'Reference Number: <12 digits>', 'UTR: ...', 'RRN ...';
const LABELLED =
  /\b(?:REFERENCE\s+(?:NUMBER|NO\.?)|REF\.?\s*NO\.?|UTR(?:\s+NO\.?)?|RRN)\s*[:.-]?\s*([A-Z0-9]{6,22})\b/i;
// - a cheque number after the cheque words: Kotak's 'BY CLG INST 123456:BANK', 'CHQ NO 123456';
const CHEQUE_NUMBER =
  /\b(?:CLG\s+INST|INST(?:RUMENT)?\s*NO\.?|CHQ\s*NO\.?|CHEQUE\s*NO\.?|CHQ|CHEQUE)\s*[:.-]?\s*(\d{3,10})\b/i;
// - a 12-digit RRN as a slash-separated field of its own: PNB's and ICICI's 'X/Y/<rrn>/NAME';
const RRN_FIELD = /(?:^|\/)\s*(\d{12})\s*(?:\/|$)/;
// - a transfer's reference of at least ten digits (with a few letters) where banks print it, never
//   anywhere in the narration (an account or a phone number is not one): right after NEFT/RTGS/IMPS
//   (Axis 'NEFT/<utr>/NAME/...', Kotak 'NEFT <utr> NAME'), at the start (HDFC's '<ref> NEFT CR-...',
//   the reference column printed before the narration), or as a hyphen field of HDFC's and
//   Canara's 'NEFT CR-<IFSC>-<NAME>-...-<utr>'.
const REF = '[A-Z]{0,6}\\d{10,22}[A-Z]{0,4}';
const TRANSFER_REF = [
  new RegExp(`\\b(?:NEFT|RTGS|IMPS)(?:\\s+(?:CR|DR))?[\\s/*-]+(${REF})(?=$|[\\s/*-])`, 'i'),
  new RegExp(`^(${REF})(?=\\s)`, 'i'),
  new RegExp(`\\b(?:NEFT|RTGS)\\s+(?:CR|DR)-.*?-(${REF})(?=$|[\\s-])`, 'i'),
];
const transferRef = (text: string) =>
  TRANSFER_REF.map((re) => re.exec(text)?.[1])
    .find(Boolean)
    ?.toUpperCase();

function utrIn(text: string): string | undefined {
  for (const m of text.toUpperCase().matchAll(UTR)) {
    if ((m[0].match(/\d/g)?.length ?? 0) >= 6 && !IFSC.test(m[0])) return m[0];
  }
  return undefined;
}

function looksLikeName(segment: string): boolean {
  const s = segment.trim();
  return (
    s.length > 4 &&
    /^[A-Za-z][A-Za-z .&,'()-]*$/.test(s) &&
    !IFSC.test(s) &&
    !/^(UPI|NEFT|RTGS|IMPS|INWARD CLG|OUTWARD CLG|CHQ PAID|CHQ DEP|TRANSFER)$/i.test(s)
  );
}

/** The counterparty a narration names after its instrument ('UPI/DR/<rrn>/NAME/...'), when it can be told. */
export function favouringFrom(description: string, instrument: string | undefined): string | undefined {
  const text = description.trim();
  // Where the bank prints the counterparty in a field of its own, that field and nothing else
  // (issue 31: the party's name, never a fragment of the narration):
  // - HDFC's and Canara's 'NEFT CR-<IFSC>-<NAME>-...', 'RTGS DR-<IFSC>-<NAME>-...';
  const transfer = /\b(?:NEFT|RTGS)\s+(?:CR|DR)-[A-Z]{4}[0-9A-Z]{7}-([^-]+)-/i.exec(text)?.[1]?.trim();
  if (transfer && looksLikeName(transfer)) return transfer;
  // - a labelled name: Paytm's 'Received from: NAME', 'Sent to: NAME', up to a word with a digit,
  //   an '@' or a label of its own.
  const said = /\b(?:Received from|Sent to|Paid to)\s*:?\s*((?:[A-Za-z][A-Za-z.&']*\s*)+?)(?=\s+\S*[\d@:]|$)/i
    .exec(text)?.[1]
    ?.trim();
  if (said && looksLikeName(said)) return said;
  if (/[/]/.test(text)) {
    const parts = text.split('/').map((p) => p.trim());
    const at = instrument ? parts.findIndex((p) => p.toUpperCase() === instrument.toUpperCase()) : -1;
    if (at >= 0) return parts.slice(at + 1).find(looksLikeName);
    if (/^CHQ\b|^INWARD CLG|^OUTWARD CLG/i.test(parts[0]))
      return [...parts.slice(1)].reverse().find(looksLikeName);
    return undefined;
  }
  if (instrument) {
    const i = text.toUpperCase().indexOf(instrument.toUpperCase());
    if (i >= 0) {
      const rest = text.slice(i + instrument.length).trim();
      if (looksLikeName(rest)) return rest;
    }
  }
  return undefined;
}

/** What the statement row tells about its clearing. */
export function bankAllocationOf(tx: BankAllocationSource): BankAllocation {
  const ref = isJunkReference(tx.reference) ? undefined : tx.reference?.trim();
  const cheque = isJunkReference(tx.chequeNumber) ? undefined : tx.chequeNumber?.trim();
  const text = tx.description;
  const base = {
    date: tx.date,
    instrumentDate: tx.valueDate?.trim() || tx.date,
    bankersDate: tx.date,
  };
  const favour = (n: string | undefined) => tx.counterparty?.trim() || favouringFrom(text, n);
  const charge = CHARGE_WORDS.test(text);
  const transfer = charge ? undefined : (TRANSFER.exec(text)?.[1]?.toUpperCase() as TransferMode | undefined);
  const printed = charge ? undefined : CHEQUE_NUMBER.exec(text)?.[1];
  if (
    cheque ||
    (CHEQUE_WORDS.test(text) && !charge && !transfer && ((ref && /^\d{1,10}$/.test(ref)) || printed))
  ) {
    const number = cheque ?? (ref && /^\d{1,10}$/.test(ref) ? ref : printed);
    return { ...base, transactionType: 'Cheque', instrumentNumber: number, favouring: favour(number) };
  }
  const labelled = charge ? undefined : LABELLED.exec(text)?.[1];
  if (transfer) {
    const number =
      utrIn(text) ??
      (transfer === 'IMPS' ? RRN.exec(text)?.[0] : undefined) ??
      labelled ??
      transferRef(text) ??
      utrIn(ref ?? '') ??
      ref;
    return {
      ...base,
      transactionType: 'e-Fund Transfer',
      transferMode: transfer,
      instrumentNumber: number,
      favouring: favour(number),
    };
  }
  // UPI, card, charges, interest and the rest.
  // A charge names the transfer it is for ('Chrg:IMPS on ... <rrn>'): that number is the transfer's,
  // so a charge keeps only its own reference (a UPI payment whose note says 'charge' keeps its RRN).
  const number = /\bUPI\b/i.test(text)
    ? (RRN.exec(text)?.[0] ?? labelled ?? ref)
    : charge
      ? ref
      : (ref ?? labelled ?? RRN_FIELD.exec(text)?.[1]);
  return { ...base, transactionType: 'Others', instrumentNumber: number, favouring: favour(number) };
}

/**
 * BANKALLOCATIONS.LIST for a bank leg of the given signed amount (Tally sign, as the leg). The
 * banker's date marks the line reconciled in Tally's bank reconciliation, so it is written only when
 * asked (`reconciled`): otherwise a cheque the accountant entered when it was issued would stay
 * unreconciled for ever beside Bahi's already-reconciled twin (issue 31). Reconciliation stays the
 * accountant's.
 */
export function bankAllocationElement(a: BankAllocation, amount: Paise, reconciled = false): XmlElement {
  return el('BANKALLOCATIONS.LIST', {}, [
    leaf('DATE', toTallyDate(a.date)),
    leaf('INSTRUMENTDATE', toTallyDate(a.instrumentDate)),
    reconciled ? leaf('BANKERSDATE', toTallyDate(a.bankersDate)) : null,
    leaf('TRANSACTIONTYPE', a.transactionType),
    a.transferMode ? leaf('TRANSFERMODE', a.transferMode) : null,
    a.favouring ? leaf('PAYMENTFAVOURING', a.favouring) : null,
    a.instrumentNumber ? leaf('INSTRUMENTNUMBER', a.instrumentNumber) : null,
    leaf('AMOUNT', tallyAmount(amount)),
  ]);
}
