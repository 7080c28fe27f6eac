// The statement as a bank-statement file TallyPrime's auto bank reconciliation imports (issue 31):
// books that already hold the vouchers (entered by the accountant, or by Bahi) are reconciled from a
// PDF statement without Bahi touching a voucher or writing a banker's date.
//
// Format: SWIFT MT940 (customer statement message). TallyPrime's help and support pages say its
// auto reconciliation imports bank statements "in the format of Excel, MT940 or .CSV files"
// (support.maasconsult.co, "Reconciliation of bank statements in TallyPrime"; likewise
// q3schools.com and shibboleth.idm.home.nyu.edu's TallyPrime import guides). The Excel and CSV layouts
// are each bank's own, mapped by hand in Tally, and no source found settles a layout Tally reads
// without mapping; MT940 is a standard, so that is what Bahi writes. Its fields as the standard
// defines them (SAP community "MT940 format sample": :20: 16x, :25: 35x, :28C: 5n[/5n], :60F:/:62F:
// D/C mark, YYMMDD, currency, amount; :61: statement line; :86: 6*65x; SNS Bank's MT940 guide for the
// :61: subfields: value date YYMMDD, entry date MMDD, D/C mark, amount, type, reference).
// Assumption, not verified against a live TallyPrime: that its MT940 reader takes a file without the
// SWIFT block wrappers ({1:}{2:}{4:...-}), as banks' downloadable MT940 files are, and that it
// matches a line by amount, date and the instrument number in :61:'s reference (the number Bahi
// also writes in the voucher's bank allocation, so both sides carry the same one).
import type { Paise } from '@bahi/core';
import { bankAllocationOf, isJunkReference } from './bank-allocation.ts';
import { bankMovements, type BankTransaction } from './bank.ts';
import { TallyError } from './errors.ts';

export interface Mt940Input {
  /** The account number as the bank prints it (field :25:). */
  accountNumber: string;
  /** The statement's rows in order, each with the balance printed after it. */
  transactions: readonly BankTransaction[];
  /** ISO 4217 code; Indian statements are in rupees. */
  currency?: string;
  /** The statement number (:28C:), 1 when not known. */
  statementNumber?: number;
}

/** SWIFT's character set X: what a field may hold. Anything else becomes a space. */
function swiftText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An amount as MT940 writes it: whole rupees, a comma, the paise ('1234,50'); never negative. */
export function mt940Amount(paise: Paise): string {
  const p = Math.abs(paise);
  return `${Math.floor(p / 100)},${String(p % 100).padStart(2, '0')}`;
}

/** ISO date to YYMMDD. */
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** A balance field (:60F:, :62F:): C for money the account holds, D for an overdraft. */
function balanceField(tag: string, iso: string, paise: Paise, currency: string): string {
  return `:${tag}:${paise < 0 ? 'D' : 'C'}${yymmdd(iso)}${currency}${mt940Amount(paise)}`;
}

/** The SWIFT transaction type of a line by the bank allocation Bahi gives its voucher. */
function typeCode(t: BankTransaction): string {
  const kind = bankAllocationOf(t).transactionType;
  return kind === 'Cheque' ? 'NCHK' : kind === 'e-Fund Transfer' ? 'NTRF' : 'NMSC';
}

/** The narration as :86:, at most six lines of 65 characters. */
function narrationLines(description: string): string[] {
  const text = swiftText(description) || 'NONE';
  const lines: string[] = [];
  for (let i = 0; i < text.length && lines.length < 6; i += 65) lines.push(text.slice(i, i + 65));
  return lines.map((l, i) => (i === 0 ? `:86:${l}` : l));
}

/**
 * The statement as an MT940 file (CRLF lines). The opening balance is the first printed balance less
 * the first row's movement, the closing the last printed balance; a statement whose rows print no
 * running balance cannot be written (TallyPrime compares the balances).
 */
export function buildMt940(input: Mt940Input): string {
  const currency = (input.currency ?? 'INR').toUpperCase();
  const account = swiftText(input.accountNumber).slice(0, 35);
  if (!account)
    throw new TallyError('no_account', 'The account number is needed for the bank statement file.');
  const rows = input.transactions.filter((t) => bankMovements(t).length > 0);
  if (rows.length === 0) throw new TallyError('no_rows', 'No transactions to write.');
  const net = (t: BankTransaction) =>
    bankMovements(t).reduce((a, m) => a + (m.side === 'deposit' ? m.paise : -m.paise), 0);
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (first.balance == null || last.balance == null)
    throw new TallyError(
      'no_balance',
      'The statement prints no running balance: a bank statement file needs the opening and closing balances.',
    );
  // A statement read right chains: each printed balance is the one before plus the row's movement.
  let running = first.balance - net(first);
  const opening = running;
  for (const t of rows) {
    running += net(t);
    if (t.balance != null && t.balance !== running)
      throw new TallyError(
        'balance_break',
        `The balances do not chain on ${t.date}: write the file from the whole statement as read (no filter), its rows fixed.`,
      );
  }
  const lines = [
    `:20:BAHI${yymmdd(first.date)}${yymmdd(last.date)}`.slice(0, 20),
    `:25:${account}`,
    `:28C:${Math.max(1, Math.floor(input.statementNumber ?? 1))}/1`,
    balanceField('60F', first.date, opening, currency),
  ];
  for (const t of rows) {
    for (const m of bankMovements(t)) {
      // The side the money moved (a negative withdrawal is money in: C). MT940 also has RC/RD for
      // reversals; plain C/D is what every reader takes, and the direction is what reconciles.
      const mark = m.side === 'deposit' ? 'C' : 'D';
      const instrument = bankAllocationOf(t).instrumentNumber;
      const reference =
        swiftText(isJunkReference(instrument) ? '' : (instrument ?? '')).slice(0, 16) || 'NONREF';
      const entry = (t.valueDate && t.valueDate !== t.date ? t.date : '').slice(5).replace('-', '');
      lines.push(
        `:61:${yymmdd(t.valueDate || t.date)}${entry}${mark}${mt940Amount(m.paise)}${typeCode(t)}${reference}`,
        ...narrationLines(t.description),
      );
    }
  }
  lines.push(balanceField('62F', last.date, running, currency));
  return lines.join('\r\n') + '\r\n';
}
