import {
  isIsoDate,
  parseAmount,
  rupeesToPaise,
  VOUCHER_TYPES,
  type Paise,
  type VoucherType,
} from '@bahi/core';
import { bankAllocationElement, bankAllocationOf } from './bank-allocation.ts';
import { credit, debit, type Leg } from './entries.ts';
import { importXml } from './envelope.ts';
import { TallyError } from './errors.ts';
import { remoteIdOf } from './identity.ts';
import { gstDutyHeadsFor } from './invoice.ts';
import { ledgerMaster, uniqueLedgers, type LedgerMaster } from './masters.ts';
import { voucherElement } from './voucher.ts';
import { leaf } from './xml/tree.ts';

/** The specification's voucher row of the Create Vouchers screen. */
export interface ManualVoucherRow {
  date: string;
  voucherType: string;
  ledgerName: string;
  partyName: string;
  description?: string;
  netAmount: number | string;
  /** Cheque number or UTR of a Receipt/Payment through a bank ledger: its bank allocation's instrument. */
  instrumentNumber?: string;
  /**
   * Sales/Purchase with GST: the rate in percent (0-28). The net amount is then the taxable value,
   * and the tax goes to CGST and SGST (half the rate each) or IGST, to the paisa.
   */
  gstRate?: number | string;
  /** The party's GSTIN (PARTYGSTIN), when registered. */
  partyGstin?: string;
  /** The party's state (place of supply); the company's when blank. */
  partyState?: string;
  /**
   * Sales/Purchase: the HSN (goods) or SAC (services) of what was sold or bought, on the sales or
   * purchase ledger's entry (GSTHSNNAME), where GSTR-1's HSN summary of an accounting voucher reads it.
   */
  hsn?: string;
}

/** Groups TallyPrime keeps bank ledgers under (its predefined groups: decision 037 #15). */
const BANK_GROUPS = new Set(['bank accounts', 'bank od a/c', 'bank occ a/c']);
/** GST rates a supply can carry (CGST Act schedules: 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28). */
const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28];

/**
 * An HSN or SAC as GSTR-1's HSN summary takes it: 4, 6 or 8 digits (CBIC notification 78/2020 asks
 * 4 or 6 by turnover, 8 for some goods); spaces and dots a bookkeeper types are not part of it.
 */
const HSN_CODE = /^\d{4}(?:\d{2}){0,2}$/;
/** A SAC (services accounting code) is six digits starting 99, as the invoice builder reads it. */
const SAC_CODE = /^99\d{4}$/;

/** The row's HSN without the spaces and dots typed; '' when blank. */
const hsnOf = (r: ManualVoucherRow) => (r.hsn ?? '').replace(/[\s.]/g, '');

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
    const rate = gstRateOf(r.gstRate);
    if (Number.isNaN(rate))
      problems.push(`GST rate '${r.gstRate}' is not a GST rate (${GST_RATES.join(', ')}).`);
    else if (rate !== null && !['Sales', 'Purchase'].includes(r.voucherType?.trim()))
      problems.push('A GST rate goes on Sales and Purchase vouchers only.');
    const hsn = hsnOf(r);
    if (hsn && !HSN_CODE.test(hsn)) problems.push(`HSN/SAC '${r.hsn}' is not 4, 6 or 8 digits.`);
    else if (hsn && !['Sales', 'Purchase'].includes(r.voucherType?.trim()))
      problems.push('An HSN/SAC goes on Sales and Purchase vouchers only.');
    if (problems.length) out.push({ row: i + 1, problems });
  });
  return out;
}

/** The row's GST rate; null when blank, NaN when it is not one of the rates. */
function gstRateOf(value: number | string | undefined): number | null {
  if (value === undefined || value === null || String(value).trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/%\s*$/, '').trim());
  return GST_RATES.includes(n) ? n : NaN;
}

/** Tax on a taxable value at a rate (percent), to the paisa (decision 037 #21). */
const taxAt = (taxable: Paise, rate: number) => Math.round((taxable * rate) / 100);

export interface ManualVouchersInput {
  rows: readonly ManualVoucherRow[];
  company?: string;
  /** Declare the ledgers the vouchers name (create-only) before them, those the company lacks. */
  withMasters?: boolean;
  /** The company's ledgers with their groups (read through the bridge or a masters file): never declared. */
  companyLedgers?: readonly { name: string; parent: string }[];
  /** Groups chosen for new ledgers, by name (case-insensitive). */
  ledgerGroups?: Readonly<Record<string, string>>;
  /**
   * What becomes of a new ledger whose group nobody chose and no rule gives: refused (default, as
   * every other path: no ledger goes under Suspense A/c unasked), or left undeclared (the import
   * then needs it in Tally, as before masters were declared).
   */
  ungrouped?: 'refuse' | 'omit';
  /** The company's state: needed for GST rows (intra- or inter-state). */
  companyState?: string;
  /** The company's TallyPrime release: the duty-head words of new tax ledgers. */
  tallyVersion?: string;
  /** The company's own output tax ledgers (taxLedgersOf) for Sales, else CGST, SGST, IGST. */
  taxLedgers?: { cgst?: string; sgst?: string; igst?: string };
  /** Its input tax ledgers for Purchase, else CGST, SGST, IGST (one ledger a head both ways). */
  inputTaxLedgers?: { cgst?: string; sgst?: string; igst?: string };
}

/** A planned master: its group, or none when nobody chose one. */
interface Wanted {
  name: string;
  parent: string | null;
  gstDutyHead?: string;
}

/**
 * The group of a ledger the rows name, by what the row says it is: the sales or purchase ledger
 * and the party of a Sales or Purchase (as the invoice builder files them), or what the user chose.
 * A Receipt/Payment/Journal ledger or party has no group Bahi can tell.
 */
function inferredGroup(type: VoucherType, role: 'ledger' | 'party'): string | null {
  if (type === 'Sales') return role === 'ledger' ? 'Sales Accounts' : 'Sundry Debtors';
  if (type === 'Purchase') return role === 'ledger' ? 'Purchase Accounts' : 'Sundry Creditors';
  return null;
}

/**
 * The masters of manual vouchers: every ledger they name that the company is not known to have
 * (Cash is Tally's own), under the group chosen, else the group its role gives; a ledger with
 * neither is refused or left out (`ungrouped`). Returns the masters and the ledgers left out.
 */
export function plannedManualMasters(input: ManualVouchersInput): {
  masters: LedgerMaster[];
  ungrouped: string[];
} {
  const known = new Set([
    'cash',
    'profit & loss a/c',
    ...(input.companyLedgers ?? []).map((l) => l.name.trim().toLowerCase()),
  ]);
  const chosen = new Map(
    Object.entries(input.ledgerGroups ?? {}).map(([n, g]) => [n.trim().toLowerCase(), g.trim()]),
  );
  const wanted: Wanted[] = [];
  const heads = gstDutyHeadsFor(input.tallyVersion);
  for (const r of input.rows) {
    const type = r.voucherType.trim() as VoucherType;
    const tax = taxLedgerNames(input, type);
    for (const role of ['ledger', 'party'] as const) {
      const name = (role === 'ledger' ? r.ledgerName : r.partyName).trim();
      wanted.push({ name, parent: chosen.get(name.toLowerCase()) || inferredGroup(type, role) });
    }
    if (gstRateOf(r.gstRate)) {
      const intra = isIntraState(r, input);
      if (intra) {
        wanted.push({ name: tax.cgst, parent: 'Duties & Taxes', gstDutyHead: heads.cgst });
        wanted.push({ name: tax.sgst, parent: 'Duties & Taxes', gstDutyHead: heads.sgst });
      } else wanted.push({ name: tax.igst, parent: 'Duties & Taxes', gstDutyHead: heads.igst });
    }
  }
  // A ledger named in several rows takes the first group one of them gives (a party of a Receipt
  // and of a Sales is a Sundry Debtor), in the order the rows name it.
  const grouped = uniqueLedgers(wanted.filter((w): w is Wanted & { parent: string } => !!w.parent));
  const has = new Set(grouped.map((w) => w.name.toLowerCase()));
  const fresh = uniqueLedgers([
    ...grouped,
    ...wanted.filter((w) => !has.has(w.name.toLowerCase())).map((w) => ({ ...w, parent: '' })),
  ]).filter((w) => !known.has(w.name.toLowerCase()));
  return {
    masters: fresh.filter((w) => w.parent),
    ungrouped: fresh.filter((w) => !w.parent).map((w) => w.name),
  };
}

function taxLedgerNames(input: ManualVouchersInput, type: VoucherType) {
  const own = type === 'Purchase' ? input.inputTaxLedgers : input.taxLedgers;
  return {
    cgst: own?.cgst?.trim() || 'CGST',
    sgst: own?.sgst?.trim() || 'SGST',
    igst: own?.igst?.trim() || 'IGST',
  };
}

function isIntraState(r: ManualVoucherRow, input: ManualVouchersInput): boolean {
  const company = input.companyState?.trim();
  if (!company) {
    throw new TallyError(
      'no_company_state',
      "The company's state is needed for vouchers with GST (CGST and SGST, or IGST).",
    );
  }
  const party = r.partyState?.trim() || company;
  return party.toLowerCase() === company.toLowerCase();
}

/** Is this ledger a bank ledger: the company keeps it under a bank group, or the user chose one. */
function isBankLedger(name: string, input: ManualVouchersInput): boolean {
  const key = name.trim().toLowerCase();
  const chosen = Object.entries(input.ledgerGroups ?? {}).find(([n]) => n.trim().toLowerCase() === key)?.[1];
  const held = input.companyLedgers?.find((l) => l.name.trim().toLowerCase() === key)?.parent;
  const group = (chosen ?? held ?? '').trim().toLowerCase();
  return BANK_GROUPS.has(group);
}

export function buildManualVouchersXml(input: ManualVouchersInput): string {
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
    const rate = gstRateOf(r.gstRate);
    const date = manualRowDate(r.date) as string;
    // With GST the net amount is the taxable value; the party's leg carries the tax too.
    const taxLegs: Leg[] = [];
    let partyPaise = paise;
    let header: ReturnType<typeof leaf>[] = [];
    if (rate !== null) {
      const tax = taxLedgerNames(input, type);
      const intra = isIntraState(r, input);
      const half = taxAt(paise, rate / 2);
      const amounts: [string, Paise][] = intra
        ? [
            [tax.cgst, half],
            [tax.sgst, half],
          ]
        : [[tax.igst, taxAt(paise, rate)]];
      for (const [name, amount] of amounts) {
        if (!amount) continue;
        partyPaise += amount;
        // Output tax is credited on a sale, input tax debited on a purchase (the ledger's side).
        taxLegs.push(sides.ledger === 'D' ? debit(name, amount) : credit(name, amount));
      }
      const state = r.partyState?.trim() || (input.companyState?.trim() as string);
      const gstin = r.partyGstin?.trim().toUpperCase();
      header = [
        leaf('GSTREGISTRATIONTYPE', gstin ? 'Regular' : 'Unregistered/Consumer'),
        leaf('STATENAME', state),
        leaf('PLACEOFSUPPLY', type === 'Sales' ? state : (input.companyState?.trim() as string)),
        leaf('COUNTRYOFRESIDENCE', 'India'),
        ...(gstin ? [leaf('PARTYGSTIN', gstin)] : []),
        leaf('CMPGSTSTATE', input.companyState?.trim() as string),
      ];
    }
    const leg = (name: string, side: 'D' | 'C', isParty: boolean, amount: Paise): Leg =>
      side === 'D' ? debit(name, amount, isParty) : credit(name, amount, isParty);
    // A Receipt or Payment through a bank ledger carries its bank allocation (the instrument the
    // accountant's bank reconciliation matches on), as the bank builder's vouchers do (decision 035).
    // What was sold or bought: its HSN/SAC on the sales or purchase ledger's entry (the shape of
    // TallyPrime's accounting-view GST vouchers in integrators' fixtures: docs/decisions/037 #28).
    const hsn = hsnOf(r);
    const gstLines = hsn
      ? [
          leaf('GSTHSNNAME', hsn),
          rate !== null ? leaf('GSTOVRDNTAXABILITY', rate > 0 ? 'Taxable' : 'Nil Rated') : null,
          leaf('GSTOVRDNTYPEOFSUPPLY', SAC_CODE.test(hsn) ? 'Services' : 'Goods'),
        ]
      : [];
    const ledgerLeg = { ...leg(ledger, sides.ledger, false, paise), extra: gstLines };
    const bankLeg =
      (type === 'Receipt' || type === 'Payment') && isBankLedger(ledger, input)
        ? {
            ...ledgerLeg,
            extra: [
              bankAllocationElement(
                bankAllocationOf({
                  date,
                  description: r.description ?? '',
                  reference: r.instrumentNumber?.trim() || undefined,
                  counterparty: party,
                }),
                ledgerLeg.amount,
              ),
            ],
          }
        : ledgerLeg;
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
      header,
      legs: [leg(party, sides.party, true, partyPaise), bankLeg, ...taxLegs],
    });
  });
  let masters: ReturnType<typeof ledgerMaster>[] = [];
  if (input.withMasters) {
    const planned = plannedManualMasters(input);
    if (planned.ungrouped.length && (input.ungrouped ?? 'refuse') === 'refuse') {
      const named =
        planned.ungrouped.slice(0, 5).join(', ') +
        (planned.ungrouped.length > 5 ? ` and ${planned.ungrouped.length - 5} more` : '');
      throw Object.assign(
        new TallyError(
          'ledger_group_needed',
          `Choose the group of the new ledger(s) ${named}: Bahi does not put new ledgers under Suspense A/c unless asked.`,
        ),
        { ledgers: planned.ungrouped },
      );
    }
    masters = planned.masters.map((m) => ledgerMaster(m));
  }
  return importXml({ report: 'Vouchers', company: input.company, objects: [...masters, ...vouchers] });
}
