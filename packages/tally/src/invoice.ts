import {
  isBillableQuantity,
  isIsoDate,
  lineTotalPaise,
  MAX_ROUND_OFF_PAISE,
  rupeesToPaise,
  timesQuantityPaise,
  type Paise,
} from '@bahi/core';
import { credit, debit, legElement, type Leg } from './entries.ts';
import { importXml } from './envelope.ts';
import { TallyError } from './errors.ts';
import {
  decimalsOf,
  ledgerMaster,
  stockItemMaster,
  uniqueLedgers,
  unitMaster,
  type LedgerMaster,
  type StockItemGst,
  voucherTypeMaster,
} from './masters.ts';
import { invoiceRemoteId } from './identity.ts';
import { voucherElement } from './voucher.ts';
import { el, leaf, type XmlElement } from './xml/tree.ts';
import { tallyAmount, tallyQuantity, tallyRate } from './xml/values.ts';

/** The specification's billing voucher item: Selling Price before GST, Total with it (see decision 032). */
export interface BillingItem {
  'Item Name': string;
  Quantity: number | string;
  'Selling Price': number | string;
  GST: number | string;
  Total?: number | string;
  /** HSN (goods) or SAC (services) code, for GSTR-1's HSN summary. */
  HSN?: string;
  /** 'Goods' or 'Services'; missing: Services when the code is a SAC (99xxxx), else Goods. */
  Type?: string;
}

export interface BillingVoucher {
  Reference: string;
  /** ISO date. */
  Date: string;
  Items: readonly BillingItem[];
  /**
   * Rupees, under one either way: core's allocation puts here what its lines could not make, so the
   * invoices add up to the amount billed to the paisa. Missing: the invoice is rounded to the rupee.
   * See decisions 010 and 032.
   */
  RoundOff?: number | string;
}

export type InvoiceType = 'Tax Invoice' | 'Bill of Supply';

export interface TaxInvoicesInput {
  vouchers: readonly BillingVoucher[];
  partyLedger?: string;
  salesLedger?: string;
  narration?: string;
  /** The state of supply (the party's state): written as place of supply. */
  forceState?: string;
  /**
   * The company's own state (its GST registration). Never assumed: when missing, forceState must be
   * given and the sale is taken as made within that state; with neither the build is refused.
   */
  companyState?: string;
  /** The company's GSTIN, written as its registration on each invoice. */
  companyGstin?: string;
  /** TallyPrime 3.0+: the name of the company's GST registration, "<State> Registration" by default. */
  gstRegistration?: string;
  /** The party's state, when known (else forceState). */
  partyState?: string;
  /** The party's GSTIN, when known: the party is then a Regular registration (B2B). */
  partyGstin?: string;
  /** The party's registration type as its ledger in Tally keeps it ('Regular', 'Composition'...). */
  partyRegistrationType?: string;
  /** HSN/SAC per item name (case-insensitive), for items whose rows carry none: the company's masters. */
  hsnCodes?: Readonly<Record<string, string>>;
  /**
   * The unit per item name (case-insensitive) of the items the company keeps (their BASEUNITS, read
   * through the bridge or a masters file): their lines are in that unit, not `unit` (issue 31).
   */
  itemUnits?: Readonly<Record<string, string>>;
  invoiceType?: InvoiceType | string;
  company?: string;
  withMasters?: boolean;
  taxLedgers?: { cgst?: string; sgst?: string; igst?: string };
  roundOffLedger?: string;
  unit?: string;
  /** Masters the company already has (read from Tally): never declared, so never touched. */
  existingLedgers?: readonly string[];
  existingStockItems?: readonly string[];
  existingUnits?: readonly string[];
  /**
   * The voucher type of the invoices (default 'Sales'). Under a type TallyPrime numbers
   * automatically (the predefined Sales, by default) the invoice numbers sent are replaced by its
   * own (issue 31); a type of this name is declared under Sales with manual numbering unless the
   * company is known to have it (`existingVoucherTypes`), so the numbers issued reach GSTR-1.
   */
  voucherType?: string;
  existingVoucherTypes?: readonly string[];
  /**
   * The TallyPrime release the company runs ('TallyPrime 2.1', '3.0', 'Tally.ERP 9'...): it decides
   * the GST duty-head words of the tax ledgers declared. Missing: TallyPrime 3.0 and later.
   */
  tallyVersion?: string;
}

export interface GstDutyHeads {
  cgst: string;
  sgst: string;
  igst: string;
}

/** TallyPrime 3.0 and later write these in GSTDUTYHEAD. */
export const GST_DUTY_HEADS_3: GstDutyHeads = { cgst: 'CGST', sgst: 'SGST/UTGST', igst: 'IGST' };
/** TallyPrime 2.x and Tally.ERP 9 wrote these. */
export const GST_DUTY_HEADS_2: GstDutyHeads = {
  cgst: 'Central Tax',
  sgst: 'State Tax',
  igst: 'Integrated Tax',
};

/** The duty-head words for a company's TallyPrime release (3.0+ when unknown). */
export function gstDutyHeadsFor(version: string | undefined): GstDutyHeads {
  const v = (version ?? '').trim();
  if (!v) return GST_DUTY_HEADS_3;
  if (/\bERP\s*9\b|\bTally\s*9\b/i.test(v)) return GST_DUTY_HEADS_2;
  const m = /(\d+)(?:\.(\d+))?/.exec(v.replace(/^.*?(?:Prime|Release|Rel\.?)\s*/i, ''));
  if (!m) return GST_DUTY_HEADS_3;
  return Number(m[1]) < 3 ? GST_DUTY_HEADS_2 : GST_DUTY_HEADS_3;
}

/** The specification's billing defaults. */
export const BILLING_DEFAULTS = {
  partyLedger: 'Cash',
  salesLedger: 'Sales A/c',
  narration: 'Being sale.',
  forceState: 'Uttar Pradesh',
  invoiceType: 'Tax Invoice',
} as const;

export interface InvoiceLine {
  item: string;
  quantity: number;
  /** Price per unit before GST, in paise. */
  price: Paise;
  /** Value before tax, and the tax on it, in paise; taxable + tax = the line total. */
  taxable: Paise;
  tax: Paise;
  gstRate: number;
  hsn?: string;
  typeOfSupply: 'Goods' | 'Services';
}

/** A SAC (services accounting code) is six digits starting 99; an HSN is anything else. */
export const SAC_CODE = /^99\d{4}$/;

function typeOfSupplyOf(item: BillingItem, hsn: string | undefined): 'Goods' | 'Services' {
  const given = item.Type?.trim().toLowerCase();
  if (given === 'services' || given === 'service') return 'Services';
  if (given === 'goods') return 'Goods';
  return hsn && SAC_CODE.test(hsn) ? 'Services' : 'Goods';
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  roundOff: Paise;
  /** What the party pays: the sum of the lines plus the round-off. */
  total: Paise;
}

function number(value: number | string, what: string, where: string): number {
  const n = typeof value === 'number' ? value : Number(String(value).replace(/,/g, '').trim());
  if (!Number.isFinite(n) || String(value).trim() === '') {
    throw new TallyError(
      'bad_invoice',
      `${where}: ${what} is not a number.`,
      `${where}: ${what}=${String(value)}`,
    );
  }
  return n;
}

/** The arithmetic of one invoice, exact in paise. */
export function invoiceTotals(v: BillingVoucher, intraState: boolean, taxed: boolean): InvoiceTotals {
  const lines = v.Items.map((item, i): InvoiceLine => {
    const where = `Invoice ${v.Reference}, item ${i + 1}`;
    const quantity = number(item.Quantity, 'Quantity', where);
    const gstRate = taxed ? number(item.GST, 'GST', where) : 0;
    if (quantity <= 0) throw new TallyError('bad_invoice', `${where}: Quantity must be above zero.`);
    if (!isBillableQuantity(quantity))
      throw new TallyError('bad_invoice', `${where}: Quantity has more than 6 decimals.`);
    if (gstRate < 0) throw new TallyError('bad_invoice', `${where}: GST cannot be negative.`);
    const price = rupeesToPaise(number(item['Selling Price'], 'Selling Price', where));
    const hasTotal = item.Total !== undefined && String(item.Total).trim() !== '';
    const total = hasTotal
      ? rupeesToPaise(number(item.Total as number | string, 'Total', where))
      : lineTotalPaise(price, gstRate, quantity);
    // Selling Price is before GST; the line's tax is what its (rounded) Total adds to price x quantity,
    // so the invoice is exact to the paisa the billing screen shows. A Bill of Supply bills the Total untaxed.
    const taxable = taxed ? timesQuantityPaise(price, quantity) : total;
    if (taxed && total < taxable) {
      throw new TallyError('bad_invoice', `${where}: Total is less than Quantity x Selling Price.`);
    }
    const hsn = item.HSN?.trim() || undefined;
    return {
      item: String(item['Item Name']).trim(),
      quantity,
      price,
      taxable,
      tax: total - taxable,
      gstRate,
      hsn,
      typeOfSupply: typeOfSupplyOf(item, hsn),
    };
  });
  const taxable = lines.reduce((a, l) => a + l.taxable, 0);
  const tax = lines.reduce((a, l) => a + l.tax, 0);
  // Tax to the paisa (issue 31): each line's tax at its rate on its taxable value, rounded to the
  // paisa, CGST and SGST each at half the rate (so equal), as TallyPrime computes a line's GST from
  // its rate (assumption: per line; docs/decisions/037). What the line Totals the billing decided add
  // beyond that (their own rounding, a paisa or so) goes to the round-off; the party pays the same.
  const statutory = (share: number) =>
    lines.reduce((a, l) => a + Math.round((l.taxable * l.gstRate * share) / 100), 0);
  const cgst = taxed && intraState ? statutory(0.5) : 0;
  const sgst = cgst;
  const igst = taxed && !intraState ? statutory(1) : 0;
  const remainder = tax - cgst - sgst - igst;
  const exact = taxable + tax;
  const roundOff = roundOffOf(v, exact);
  return { lines, taxable, cgst, sgst, igst, roundOff: roundOff + remainder, total: exact + roundOff };
}

/**
 * The invoice's round-off: the voucher's own RoundOff when it has one (the allocation decided it, and
 * only with it do the invoices add up to the amount allocated), else what rounds the invoice to the rupee.
 */
function roundOffOf(v: BillingVoucher, exact: Paise): Paise {
  if (v.RoundOff === undefined || String(v.RoundOff).trim() === '')
    return Math.round(exact / 100) * 100 - exact;
  const paise = rupeesToPaise(number(v.RoundOff, 'RoundOff', `Invoice ${v.Reference}`));
  if (Math.abs(paise) > MAX_ROUND_OFF_PAISE) {
    throw new TallyError('bad_invoice', `Invoice ${v.Reference}: RoundOff must be less than one rupee.`);
  }
  return paise;
}

/** Sales vouchers in item-invoice mode, one per billing voucher. */
export function buildTaxInvoicesXml(input: TaxInvoicesInput): string {
  const party = input.partyLedger?.trim() || BILLING_DEFAULTS.partyLedger;
  const sales = input.salesLedger?.trim() || BILLING_DEFAULTS.salesLedger;
  const narration = input.narration ?? BILLING_DEFAULTS.narration;
  const voucherType = input.voucherType?.trim() || 'Sales';
  const forced = input.forceState?.trim();
  const companyState = input.companyState?.trim() || forced;
  if (!companyState) {
    throw new TallyError(
      'no_company_state',
      "Please enter the company's state (or the state the sales are made in).",
    );
  }
  const state = input.partyState?.trim() || forced || companyState;
  const invoiceType = input.invoiceType?.trim() || BILLING_DEFAULTS.invoiceType;
  if (invoiceType !== 'Tax Invoice' && invoiceType !== 'Bill of Supply') {
    throw new TallyError('bad_invoice_type', `Invoice Type must be 'Tax Invoice' or 'Bill of Supply'.`);
  }
  const taxed = invoiceType === 'Tax Invoice';
  const intra = companyState.toLowerCase() === state.toLowerCase();
  const cgstL = input.taxLedgers?.cgst ?? 'CGST';
  const sgstL = input.taxLedgers?.sgst ?? 'SGST';
  const igstL = input.taxLedgers?.igst ?? 'IGST';
  const roundOffL = input.roundOffLedger ?? 'Round Off';
  const unit = input.unit ?? 'Nos';
  const byName = (o: Readonly<Record<string, string>> | undefined) =>
    new Map(Object.entries(o ?? {}).map(([k, v]) => [k.trim().toLowerCase(), v.trim()] as const));
  const itemUnits = byName(input.itemUnits);
  const hsnCodes = byName(input.hsnCodes);
  const unitOf = (item: string) => itemUnits.get(item.trim().toLowerCase()) || unit;
  const heads = gstDutyHeadsFor(input.tallyVersion);
  // TallyPrime 3.0+ (its duty-head words): HSN in HSNDETAILS.LIST, registrations by name.
  const release3 = heads.cgst === GST_DUTY_HEADS_3.cgst;
  const partyGstin = input.partyGstin?.trim().toUpperCase() || undefined;
  const isCashParty = party.toLowerCase() === 'cash';
  // A cash sale, or a party without a GSTIN, is a B2C supply: Unregistered/Consumer. A party ledger
  // read from Tally says its own type (a Composition dealer is B2B too, but not Regular).
  const registrationType =
    partyGstin && !isCashParty ? input.partyRegistrationType?.trim() || 'Regular' : 'Unregistered/Consumer';
  const billWise = !isCashParty;
  // RATEDETAILS.LIST per duty head, in the company's duty-head words; half the rate each for CGST and SGST.
  const rateDetails = (rate: number): XmlElement[] =>
    [
      [heads.cgst, intra ? rate / 2 : 0],
      [heads.sgst, intra ? rate / 2 : 0],
      [heads.igst, intra ? 0 : rate],
    ].map(([head, r]) =>
      el('RATEDETAILS.LIST', {}, [leaf('GSTRATEDUTYHEAD', String(head)), leaf('GSTRATE', String(r))]),
    );

  // The first line naming an item gives its master's GST details; units keep the places quantities need.
  const items = new Map<string, { name: string; gst: StockItemGst }>();
  let unitDecimals = 0;
  const ledgers: LedgerMaster[] = [];
  const vouchers = input.vouchers.map((v) => {
    if (!isIsoDate(v.Date)) {
      throw new TallyError(
        'bad_date',
        `Invoice ${v.Reference} has no valid date.`,
        `invoice ${v.Reference}: ${v.Date}`,
      );
    }
    if (v.Items.length === 0) throw new TallyError('bad_invoice', `Invoice ${v.Reference} has no items.`);
    const t = invoiceTotals(v, intra, taxed);
    const inventory = t.lines.map((line) => {
      const rate = taxed ? line.price : Math.round(line.taxable / line.quantity);
      const hsn = line.hsn ?? (hsnCodes.get(line.item.trim().toLowerCase()) || undefined);
      const lineUnit = unitOf(line.item);
      const typeOfSupply = line.hsn
        ? line.typeOfSupply
        : hsn && SAC_CODE.test(hsn)
          ? 'Services'
          : line.typeOfSupply;
      const taxability = !taxed ? 'Exempt' : line.gstRate > 0 ? 'Taxable' : 'Nil Rated';
      if (lineUnit === unit) unitDecimals = Math.max(unitDecimals, decimalsOf(line.quantity));
      if (!items.has(line.item.toLowerCase())) {
        items.set(line.item.toLowerCase(), {
          name: line.item,
          gst: {
            hsn,
            taxability,
            typeOfSupply,
            rate: line.gstRate,
            applicableFrom: v.Date,
            heads,
            hsnDetails: release3,
          },
        });
      }
      const element: XmlElement = el('ALLINVENTORYENTRIES.LIST', {}, [
        leaf('STOCKITEMNAME', line.item),
        hsn ? leaf('GSTHSNNAME', hsn) : null,
        leaf('GSTOVRDNTAXABILITY', taxability),
        leaf('GSTOVRDNTYPEOFSUPPLY', typeOfSupply),
        leaf('ISDEEMEDPOSITIVE', 'No'),
        leaf('RATE', tallyRate(rate, lineUnit)),
        leaf('AMOUNT', tallyAmount(line.taxable)),
        leaf('ACTUALQTY', tallyQuantity(line.quantity, lineUnit)),
        leaf('BILLEDQTY', tallyQuantity(line.quantity, lineUnit)),
        legElement(credit(sales, line.taxable), 'ACCOUNTINGALLOCATIONS.LIST'),
        ...(taxed ? rateDetails(line.gstRate) : []),
      ]);
      return { element, amount: line.taxable };
    });
    const trailing: Leg[] = [];
    if (t.cgst) trailing.push(credit(cgstL, t.cgst));
    if (t.sgst) trailing.push(credit(sgstL, t.sgst));
    if (t.igst) trailing.push(credit(igstL, t.igst));
    if (t.roundOff > 0) trailing.push(credit(roundOffL, t.roundOff));
    if (t.roundOff < 0) trailing.push(debit(roundOffL, -t.roundOff));
    for (const l of trailing) ledgers.push(taxLedger(l.ledger));
    return voucherElement({
      type: voucherType,
      date: v.Date,
      number: v.Reference,
      reference: v.Reference,
      remoteId: invoiceRemoteId(input.company, voucherType, v.Reference),
      partyLedger: party,
      narration,
      view: 'Invoice Voucher View',
      header: [
        leaf('GSTREGISTRATIONTYPE', registrationType),
        leaf('BASICBUYERNAME', party),
        leaf('STATENAME', state),
        leaf('PLACEOFSUPPLY', state),
        leaf('COUNTRYOFRESIDENCE', 'India'),
        partyGstin ? leaf('PARTYGSTIN', partyGstin) : null,
        leaf('CMPGSTSTATE', companyState),
        input.companyGstin?.trim() ? leaf('CMPGSTIN', input.companyGstin.trim()) : null,
        // TallyPrime 3.0+ keeps a company's GST registrations by name; a voucher names the one it is
        // issued under, "<State> Registration" unless the company named it otherwise (integrators'
        // 3.0+ vouchers, code corpus; docs/decisions/037 #22). Not written for 2.x releases.
        release3 && input.companyGstin?.trim()
          ? leaf('GSTREGISTRATION', input.gstRegistration?.trim() || `${companyState} Registration`, {
              TAXTYPE: 'GST',
              TAXREGISTRATION: input.companyGstin.trim().toUpperCase(),
            })
          : null,
        leaf('CMPGSTREGISTRATIONTYPE', 'Regular'),
        leaf('ISINVOICE', 'Yes'),
        leaf('VCHENTRYMODE', 'Item Invoice'),
      ],
      legList: 'LEDGERENTRIES.LIST',
      legs: [
        {
          ...debit(party, t.total, true),
          // A bill-wise party (a Sundry Debtor we declare) gets the invoice as a New Ref bill.
          extra: billWise
            ? [
                el('BILLALLOCATIONS.LIST', {}, [
                  leaf('NAME', v.Reference),
                  leaf('BILLTYPE', 'New Ref'),
                  leaf('AMOUNT', tallyAmount(-t.total)),
                ]),
              ]
            : [],
        },
      ],
      inventory,
      trailingLegs: trailing,
    });
  });

  function taxLedger(name: string): LedgerMaster {
    if (name === cgstL) return { name, parent: 'Duties & Taxes', gstDutyHead: heads.cgst };
    if (name === sgstL) return { name, parent: 'Duties & Taxes', gstDutyHead: heads.sgst };
    if (name === igstL) return { name, parent: 'Duties & Taxes', gstDutyHead: heads.igst };
    // The round-off ledger, set up as invoice rounding (Normal Rounding, limit one rupee).
    return { name, parent: 'Indirect Expenses', invoiceRounding: true };
  }

  const masters: XmlElement[] = [];
  if (input.withMasters) {
    const known = (list: readonly string[] | undefined) =>
      new Set((list ?? []).map((n) => n.trim().toLowerCase()));
    const haveLedgers = known(input.existingLedgers);
    const haveItems = known(input.existingStockItems);
    const all = uniqueLedgers([
      ...(party.toLowerCase() === 'cash' ? [] : [{ name: party, parent: 'Sundry Debtors' }]),
      { name: sales, parent: 'Sales Accounts' },
      ...ledgers,
    ]).filter((l) => !haveLedgers.has(l.name.toLowerCase()));
    // A voucher type of our own, numbered by hand, first: the vouchers name it.
    if (
      voucherType.toLowerCase() !== 'sales' &&
      !known(input.existingVoucherTypes).has(voucherType.toLowerCase())
    )
      masters.push(voucherTypeMaster(voucherType));
    masters.push(...all.map(ledgerMaster));
    const newItems = [...items.values()].filter((i) => !haveItems.has(i.name.toLowerCase()));
    // The default unit serves the items Bahi creates; an invoice of the company's own items alone needs none.
    if (newItems.length && !known(input.existingUnits).has(unit.toLowerCase()))
      masters.push(unitMaster(unit, unitDecimals));
    masters.push(
      ...newItems.map((i) =>
        stockItemMaster({ name: i.name, unit, gst: taxed ? i.gst : { ...i.gst, taxability: 'Exempt' } }),
      ),
    );
  }
  return importXml({ report: 'Vouchers', company: input.company, objects: [...masters, ...vouchers] });
}
