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
  if (cheque || (CHEQUE_WORDS.test(text) && !charge && !transfer && ref && /^\d{1,10}$/.test(ref))) {
    const number = cheque ?? ref;
    return { ...base, transactionType: 'Cheque', instrumentNumber: number, favouring: favour(number) };
  }
  if (transfer) {
    const number =
      utrIn(text) ?? (transfer === 'IMPS' ? RRN.exec(text)?.[0] : undefined) ?? utrIn(ref ?? '') ?? ref;
    return {
      ...base,
      transactionType: 'e-Fund Transfer',
      transferMode: transfer,
      instrumentNumber: number,
      favouring: favour(number),
    };
  }
  // UPI, card, charges, interest and the rest.
  const number = /\bUPI\b/i.test(text) ? (RRN.exec(text)?.[0] ?? ref) : ref;
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
