// Stable voucher identity. TallyPrime creates a voucher whose REMOTEID it has not seen and alters
// the one that carries it, so a file pushed twice leaves each transaction once in the books
// (docs/decisions/035). The id is a hash of what makes the row itself, never of the time of export.
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

/** The REMOTEID of one side of one bank statement row. */
export function bankRemoteId(p: {
  company?: string;
  bankLedger: string;
  accountNumber?: string;
  date: string;
  side: 'withdrawal' | 'deposit';
  paise: number;
  reference?: string;
  row: number;
}): string {
  return remoteIdOf('bank', [
    (p.company ?? '').toLowerCase(),
    p.bankLedger.toLowerCase(),
    p.accountNumber,
    p.date,
    p.side,
    p.paise,
    p.reference,
    p.row,
  ]);
}

/** The REMOTEID of a sales invoice: its reference is its identity within the company. */
export function invoiceRemoteId(company: string | undefined, voucherType: string, reference: string): string {
  return remoteIdOf('invoice', [(company ?? '').toLowerCase(), voucherType.toLowerCase(), reference]);
}
