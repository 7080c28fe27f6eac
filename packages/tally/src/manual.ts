import {
  isIsoDate,
  parseAmount,
  rupeesToPaise,
  VOUCHER_TYPES,
  type Paise,
  type VoucherType,
} from '@bahi/core';
import { credit, debit, type Leg } from './entries.ts';
import { importXml } from './envelope.ts';
import { TallyError } from './errors.ts';
import { remoteIdOf } from './identity.ts';
import { voucherElement } from './voucher.ts';

/** The specification's voucher row of the Create Vouchers screen. */
export interface ManualVoucherRow {
  date: string;
  voucherType: string;
  ledgerName: string;
  partyName: string;
  description?: string;
  netAmount: number | string;
}

/**
 * Which side each ledger takes, per voucher type (D = debit, C = credit):
 *   Receipt   ledger (cash/bank) D, party C   money comes in from the party
 *   Payment   party D, ledger (cash/bank) C   money goes out to the party
 *   Sales     party D, ledger (sales) C       the party owes us
 *   Purchase  ledger (purchase) D, party C    we owe the party
 *   Journal   ledger D, party C               by convention of the screen's column order
 */
export const MANUAL_SIDES: Record<VoucherType, { ledger: 'D' | 'C'; party: 'D' | 'C' }> = {
  Receipt: { ledger: 'D', party: 'C' },
  Payment: { ledger: 'C', party: 'D' },
  Sales: { ledger: 'C', party: 'D' },
  Purchase: { ledger: 'D', party: 'C' },
  Journal: { ledger: 'D', party: 'C' },
};

export interface RowProblem {
  /** 1-based, as the table shows rows. */
  row: number;
  problems: string[];
}

/** ISO from the date input, or DD-MM-YYYY / DD/MM/YYYY typed by hand; null when not a real date. */
export function manualRowDate(text: string): string | null {
  const t = (text ?? '').trim();
  if (isIsoDate(t)) return t;
  const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(t);
  if (!m) return null;
  const iso = `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** The row's amount in paise; null when blank, NaN when it is not an amount. */
function amountOf(value: number | string): Paise | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? rupeesToPaise(value) : NaN;
  return parseAmount(value) ?? NaN;
}

/** Every problem of every row, so nothing half-done is exported. Empty when all rows are fine. */
export function validateManualRows(rows: readonly ManualVoucherRow[]): RowProblem[] {
  const out: RowProblem[] = [];
  if (rows.length === 0) return [{ row: 0, problems: ['There are no vouchers to export.'] }];
  rows.forEach((r, i) => {
    const problems: string[] = [];
    if (!r.date?.trim()) problems.push('Date is missing.');
    else if (!manualRowDate(r.date)) problems.push(`Date '${r.date}' is not a valid date.`);
    if (!r.voucherType?.trim()) problems.push('Voucher type is missing.');
    else if (!(VOUCHER_TYPES as readonly string[]).includes(r.voucherType.trim())) {
      problems.push(`Voucher type '${r.voucherType}' is not one of ${VOUCHER_TYPES.join(', ')}.`);
    }
    if (!r.ledgerName?.trim()) problems.push('Ledger name is missing.');
    if (!r.partyName?.trim()) problems.push('Party name is missing.');
    if (r.ledgerName?.trim() && r.ledgerName.trim().toLowerCase() === r.partyName?.trim().toLowerCase()) {
      problems.push('Ledger and party must be different ledgers.');
    }
    const paise = amountOf(r.netAmount);
    if (paise === null) problems.push('Net amount is missing.');
    else if (!Number.isSafeInteger(paise) || paise <= 0)
      problems.push('Net amount must be a number above zero.');
    if (problems.length) out.push({ row: i + 1, problems });
  });
  return out;
}

export function buildManualVouchersXml(input: {
  rows: readonly ManualVoucherRow[];
  company?: string;
}): string {
  const problems = validateManualRows(input.rows);
  if (problems.length) {
    const first = problems[0];
    const where = first.row ? `Row ${first.row}: ` : '';
    throw Object.assign(
      new TallyError(
        'invalid_rows',
        `${where}${first.problems.join(' ')}`,
        `${problems.length} voucher rows invalid`,
      ),
      { problems },
    );
  }
  const vouchers = input.rows.map((r, row) => {
    const type = r.voucherType.trim() as VoucherType;
    const paise = amountOf(r.netAmount) as Paise;
    const ledger = r.ledgerName.trim();
    const party = r.partyName.trim();
    const sides = MANUAL_SIDES[type];
    const leg = (name: string, side: 'D' | 'C', isParty: boolean): Leg =>
      side === 'D' ? debit(name, paise, isParty) : credit(name, paise, isParty);
    return voucherElement({
      type,
      date: manualRowDate(r.date) as string,
      remoteId: remoteIdOf('manual', [
        (input.company ?? '').toLowerCase(),
        type,
        manualRowDate(r.date),
        party.toLowerCase(),
        ledger.toLowerCase(),
        paise,
        row,
      ]),
      narration: r.description?.trim() || undefined,
      partyLedger: party,
      view: 'Accounting Voucher View',
      legs: [leg(party, sides.party, true), leg(ledger, sides.ledger, false)],
    });
  });
  return importXml({ report: 'Vouchers', company: input.company, objects: vouchers });
}
