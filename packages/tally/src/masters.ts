import { toTallyDate } from '@bahi/core';
import { el, leaf, TALLY_MARK, type XmlElement } from './xml/tree.ts';

// Masters are sent create-only (ACTION="Create"): TallyPrime creates a missing master and refuses to
// touch an existing one ("Ledger 'X' already exists!"), which the response reader does not count as a
// failure. So a master the user already keeps (a CGST ledger with its duty head, a stock item in its
// group, a bank ledger under Bank OD A/c) is never altered by an import (docs/decisions/035).

export interface LedgerMaster {
  name: string;
  /** The group, e.g. 'Bank Accounts', 'Suspense A/c', 'Sundry Debtors', 'Duties & Taxes'. */
  parent: string;
  /** GST duty head for tax ledgers: 'CGST', 'SGST/UTGST', 'IGST' (TallyPrime 3.0+; see gstDutyHeadsFor). */
  gstDutyHead?: string;
  /**
   * Invoice rounding (the Round Off ledger): Tally rounds the invoice total with it, 'Normal Rounding'
   * to a limit of one rupee, as the invoices we write are rounded (docs/decisions/036).
   */
  invoiceRounding?: boolean;
}

export function ledgerMaster(m: LedgerMaster): XmlElement {
  return el('LEDGER', { NAME: m.name, ACTION: 'Create' }, [
    el('NAME.LIST', { TYPE: 'String' }, [leaf('NAME', m.name)]),
    leaf('PARENT', m.parent),
    m.gstDutyHead ? leaf('TAXTYPE', 'GST') : null,
    m.gstDutyHead ? leaf('GSTDUTYHEAD', m.gstDutyHead) : null,
    leaf('ISBILLWISEON', /^Sundry (Debtors|Creditors)$/.test(m.parent) ? 'Yes' : 'No'),
    // 'Type of Ledger: Invoice Rounding' is VATDEALERNATURE in TallyPrime's XML; without it the
    // rounding method and limit are not those of an invoice-rounding ledger (docs/decisions/036).
    m.invoiceRounding ? leaf('VATDEALERNATURE', 'Invoice Rounding') : null,
    m.invoiceRounding ? leaf('ROUNDINGMETHOD', 'Normal Rounding') : null,
    m.invoiceRounding ? leaf('ROUNDINGLIMIT', '1') : null,
  ]);
}

/**
 * A simple unit. `decimals` is how many decimal places its quantities keep (Tally rounds a quantity to
 * its unit's places: 2.5 Nos in a unit of 0 places is imported as 3), at most 4 as Tally allows.
 */
export function unitMaster(symbol: string, decimals = 0): XmlElement {
  return el('UNIT', { NAME: symbol, ACTION: 'Create' }, [
    leaf('NAME', symbol),
    leaf('ISSIMPLEUNIT', 'Yes'),
    leaf('DECIMALPLACES', String(Math.min(4, Math.max(0, Math.floor(decimals))))),
  ]);
}

/**
 * A voucher type of its own for invoices, under `parent` (Sales), numbered by hand: TallyPrime
 * replaces VOUCHERNUMBER with its own number under a type numbered automatically (the predefined
 * Sales, by default), which an integrator saw in live probes (issue 31), so the invoice numbers the
 * office issued would not reach GSTR-1. Create-only, like every master we send.
 */
export function voucherTypeMaster(name: string, parent = 'Sales'): XmlElement {
  return el('VOUCHERTYPE', { NAME: name, ACTION: 'Create' }, [
    el('NAME.LIST', { TYPE: 'String' }, [leaf('NAME', name)]),
    leaf('PARENT', parent),
    leaf('NUMBERINGMETHOD', 'Manual'),
    leaf('ISACTIVE', 'Yes'),
  ]);
}

/** Decimal places a quantity needs (2.5 -> 1, 0.125 -> 3), at most 4. */
export function decimalsOf(quantity: number): number {
  const s = String(quantity);
  const dot = s.indexOf('.');
  return dot < 0 || /e/i.test(s) ? 0 : Math.min(4, s.length - dot - 1);
}

/** GST details of a stock item we create: what GSTR-1's HSN summary reads when a line carries none. */
export interface StockItemGst {
  /** HSN (goods) or SAC (services). */
  hsn?: string;
  taxability: 'Taxable' | 'Nil Rated' | 'Exempt';
  typeOfSupply: 'Goods' | 'Services';
  /** Whole GST rate (IGST); CGST and SGST are half of it each. */
  rate: number;
  /** ISO date the details apply from: the first invoice that names the item. */
  applicableFrom: string;
  /** The duty-head words of the company's release (gstDutyHeadsFor). */
  heads: { cgst: string; sgst: string; igst: string };
  /**
   * TallyPrime 3.0+: the HSN in its own HSNDETAILS.LIST, with SRCOFHSNDETAILS and SRCOFGSTDETAILS
   * saying the item specifies its details (integrators' 3.0+ stock items, code corpus; issue 31).
   */
  hsnDetails?: boolean;
}

export interface StockItemMaster {
  name: string;
  unit: string;
  gst?: StockItemGst;
}

export function stockItemMaster(m: StockItemMaster): XmlElement {
  const g = m.gst;
  return el('STOCKITEM', { NAME: m.name, ACTION: 'Create' }, [
    el('NAME.LIST', { TYPE: 'String' }, [leaf('NAME', m.name)]),
    leaf('PARENT', ''),
    leaf('BASEUNITS', m.unit),
    g ? leaf('GSTAPPLICABLE', `${TALLY_MARK} Applicable`) : null,
    g ? leaf('GSTTYPEOFSUPPLY', g.typeOfSupply) : null,
    g?.hsnDetails && g.hsn
      ? el('HSNDETAILS.LIST', {}, [
          leaf('APPLICABLEFROM', toTallyDate(g.applicableFrom)),
          leaf('HSNCODE', g.hsn),
          leaf('SRCOFHSNDETAILS', 'Specify Details Here'),
        ])
      : null,
    g
      ? el('GSTDETAILS.LIST', {}, [
          leaf('APPLICABLEFROM', toTallyDate(g.applicableFrom)),
          leaf('CALCULATIONTYPE', 'On Value'),
          // Kept here too: 2.x reads it here, and a 3.0+ reader that finds it here is not misled.
          g.hsn ? leaf('HSNCODE', g.hsn) : null,
          leaf('TAXABILITY', g.taxability),
          g.hsnDetails ? leaf('SRCOFGSTDETAILS', 'Specify Details Here') : null,
          el('STATEWISEDETAILS.LIST', {}, [
            // Tally's own words for "every state": the marked 'Any'.
            leaf('STATENAME', `${TALLY_MARK} Any`),
            ...(
              [
                [g.heads.cgst, g.rate / 2],
                [g.heads.sgst, g.rate / 2],
                [g.heads.igst, g.rate],
              ] as const
            ).map(([head, rate]) =>
              el('RATEDETAILS.LIST', {}, [
                leaf('GSTRATEDUTYHEAD', head),
                leaf('GSTRATEVALUATIONTYPE', 'Based on Value'),
                leaf('GSTRATE', String(rate)),
              ]),
            ),
          ]),
        ])
      : null,
  ]);
}

/**
 * TallyPrime's 28 predefined groups (15 primary, 13 sub-groups), as its help lists them
 * (help.tallysolutions.com/tally-prime/accounting/groups-in-tallyprime/): what a new ledger may go
 * under in a company Bahi has not read.
 */
export const TALLY_PREDEFINED_GROUPS = [
  'Bank Accounts',
  'Bank OD A/c',
  'Branch / Divisions',
  'Capital Account',
  'Cash-in-Hand',
  'Current Assets',
  'Current Liabilities',
  'Deposits (Asset)',
  'Direct Expenses',
  'Direct Incomes',
  'Duties & Taxes',
  'Fixed Assets',
  'Indirect Expenses',
  'Indirect Incomes',
  'Investments',
  'Loans & Advances (Asset)',
  'Loans (Liability)',
  'Misc. Expenses (ASSET)',
  'Provisions',
  'Purchase Accounts',
  'Reserves & Surplus',
  'Sales Accounts',
  'Secured Loans',
  'Stock-in-Hand',
  'Sundry Creditors',
  'Sundry Debtors',
  'Suspense A/c',
  'Unsecured Loans',
] as const;

/** Declares each ledger once (Tally names are case-insensitive), first declaration wins. */
export function uniqueLedgers<T extends LedgerMaster>(ledgers: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const l of ledgers) if (!seen.has(l.name.toLowerCase())) seen.set(l.name.toLowerCase(), l);
  return [...seen.values()];
}
