// Stable voucher identity: a hash of what makes the transaction itself, never of the time of export,
// its position or the screen that sent it (issue 31). It is Bahi's key for what was already sent
// (the server's tally_voucher_log). It goes to Tally as REMOTEID too, but nothing in TallyPrime's
// documentation says an import matches a REMOTEID it has seen, so Bahi's protection against a second
// entry never rests on it (docs/decisions/037).
import { createHash } from 'node:crypto';

/** 'bahi-' + 32 hex digits of SHA-256 over the parts, each trimmed and separated unambiguously. */
export function remoteIdOf(kind: string, parts: readonly (string | number | undefined | null)[]): string {
  const hash = createHash('sha256');
  hash.update(kind);
  for (const p of parts) {
    const s = p === undefined || p === null ? '' : String(p).trim();
    hash.update(`\u0000${s.length}:${s}`);
  }
  return `bahi-${hash.digest('hex').slice(0, 32)}`;
}

/**
 * What makes one movement of a bank account itself, whichever screen or file it is sent from
 * (issue 31): the account (its Tally ledger, as Tally's names, case-insensitive), the day, the side
 * after the sign is read (a reversal is a deposit), the amount, and the running balance the
 * statement prints after it. Never the company named, the account number or reference a path may
 * or may not know, nor the row's position: before, the whole table then a filtered view gave other
 * ids. Two movements alike in all of these (a payment, its reversal and the payment again on one
 * day bring the balance back) are told apart by their order among themselves (`occurrence`).
 * Without a printed balance the reference takes its place, when there is one.
 */
export interface BankMovementKey {
  bankLedger: string;
  date: string;
  side: 'withdrawal' | 'deposit';
  paise: number;
  balance?: number | null;
  reference?: string;
}

/** The key two movements share when only their order tells them apart. */
export function bankMovementKey(p: BankMovementKey): string {
  const hasBalance = p.balance !== null && p.balance !== undefined;
  return [
    p.bankLedger.trim().toLowerCase(),
    p.date,
    p.side,
    p.paise,
    hasBalance ? `b${p.balance}` : '',
    hasBalance ? '' : (p.reference ?? '').trim().toUpperCase(),
  ].join('\u0000');
}

/** The REMOTEID of one movement: its key and its order among movements with the same key. */
export function bankRemoteId(p: BankMovementKey & { occurrence: number }): string {
  return remoteIdOf('bank-movement', [bankMovementKey(p), p.occurrence]);
}

/** The REMOTEID of a sales invoice: its reference is its identity within the company. */
export function invoiceRemoteId(company: string | undefined, voucherType: string, reference: string): string {
  return remoteIdOf('invoice', [(company ?? '').toLowerCase(), voucherType.toLowerCase(), reference]);
}
