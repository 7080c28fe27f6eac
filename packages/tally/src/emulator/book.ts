// The books of a pretend TallyPrime: companies with their groups, ledgers, units, stock items and
// vouchers, and the import rules the real one applies, with its wording. Everything is in memory.
//
// Each rule and its source (docs/decisions/034, 036, 037; "ours" = our assumption or wording, where
// no source settles it; the product must stay right either way):
// - request: not Import Data -> `Unknown Request, cannot be processed`; an unknown company ->
//   `Could not set 'SVCurrentCompany' to 'X'` (integrators' captures of TallyPrime's answers, 034);
// - the 28 predefined groups, Cash and Profit & Loss A/c, the predefined voucher types (TallyPrime's
//   new company; 034);
// - a master with an unknown parent group, a unit or stock item naming a missing unit: refused
//   (`Group 'X' does not exist!`: integrators' wording, 034); an empty name: ours;
// - a master sent with ACTION="Create" that exists: MasterCreateRule (sources disagree, 037);
// - a voucher of an unknown type, without a date or with an impossible one: refused (034; the date
//   wordings are ours); before the company's books begin: refused (ours, 036); after the year: kept;
// - a voucher naming a missing ledger or stock item: an EXCEPTION, not an ERROR (integrators'
//   captured RESPONSE: `Ledger 'Sales' does not exist!` with ERRORS 0, EXCEPTIONS 1; 036);
// - a voucher whose amounts do not sum to zero: refused with `Voucher totals do not match! Dr: ..`
//   (TallyConnector issue #44 quotes TallyPrime's words; 034);
// - a voucher whose REMOTEID the company holds: RemoteIdRule, not assumed by default (037);
// - names compared case-insensitively (034); an object it does not know: an EXCEPTION (ours).
// - a leg whose ISDEEMEDPOSITIVE contradicts its AMOUNT's sign: refused (ours, 037).
// - automatic numbering (the predefined types): VOUCHERNUMBER replaced by the type's next number; a
//   voucher type imported with NUMBERINGMETHOD Manual keeps the number sent (an integrator's live
//   probes, issue 31; not in TallyPrime's developer reference);
// - a ledger's GSTDUTYHEAD word its release does not take (3.0+: CGST, SGST/UTGST, IGST; before:
//   Central Tax, State Tax, Integrated Tax; Cess on both, ours): the ledger is created and counted
//   CREATED, the word dropped (TallyConnector issue #27: Prime 3 writes CGST where 2.x wrote Central
//   Tax; issue 31's integrator notes: an unaccepted word is dropped while Tally reports the ledger
//   created). Only with a release (EmulatorRules.version); the default TallyEmulator has one;
// - a leg whose bank or bill allocations do not add up to its amount: refused (ours: TallyPrime's
//   voucher screen does not let them differ, and its Verify Company Data lists "Cost Break-up total
//   does not match" among data errors, help.tallysolutions.com te9rel66 errors-while-verifying;
//   the import's answer is not documented);
// - a voucher dated after the company's period (CompanyProfile.periodTo, a company whose data was
//   split by year): refused (ours, unverified: TallyPrime's books run on past the year otherwise);
// - a voucher in Invoice Voucher View without stock items, on a company that keeps inventory
//   (CompanyProfile.inventory): an EXCEPTION (issue 31's review; unverified here, our wording).
import { readImportXml, voucherBalance, type ImportObject, type ImportedVoucher } from '../read.ts';
import { IMPORT_COUNTERS, type ImportCounters } from '../response.ts';
import { gstDutyHeadsFor } from '../invoice.ts';
import { isoFromTallyDate, tallyAmount } from '../xml/values.ts';

/** The 28 groups of a new TallyPrime company (15 primary, 13 sub-groups). */
export const PREDEFINED_GROUPS: Readonly<Record<string, string>> = {
  'Branch / Divisions': 'Primary',
  'Capital Account': 'Primary',
  'Current Assets': 'Primary',
  'Current Liabilities': 'Primary',
  'Direct Expenses': 'Primary',
  'Direct Incomes': 'Primary',
  'Fixed Assets': 'Primary',
  'Indirect Expenses': 'Primary',
  'Indirect Incomes': 'Primary',
  Investments: 'Primary',
  'Loans (Liability)': 'Primary',
  'Misc. Expenses (ASSET)': 'Primary',
  'Purchase Accounts': 'Primary',
  'Sales Accounts': 'Primary',
  'Suspense A/c': 'Primary',
  'Bank Accounts': 'Current Assets',
  'Bank OD A/c': 'Loans (Liability)',
  'Cash-in-Hand': 'Current Assets',
  'Deposits (Asset)': 'Current Assets',
  'Duties & Taxes': 'Current Liabilities',
  'Loans & Advances (Asset)': 'Current Assets',
  Provisions: 'Current Liabilities',
  'Reserves & Surplus': 'Capital Account',
  'Secured Loans': 'Loans (Liability)',
  'Stock-in-Hand': 'Current Assets',
  'Sundry Creditors': 'Current Liabilities',
  'Sundry Debtors': 'Current Assets',
  'Unsecured Loans': 'Loans (Liability)',
};

/** Only these two ledgers exist in a new company. */
export const DEFAULT_LEDGERS: Readonly<Record<string, string>> = {
  Cash: 'Cash-in-Hand',
  'Profit & Loss A/c': 'Primary',
};

export const PREDEFINED_VOUCHER_TYPES = [
  'Contra',
  'Credit Note',
  'Debit Note',
  'Delivery Note',
  'Journal',
  'Memorandum',
  'Payment',
  'Physical Stock',
  'Purchase',
  'Purchase Order',
  'Receipt',
  'Receipt Note',
  'Rejections In',
  'Rejections Out',
  'Reversing Journal',
  'Sales',
  'Sales Order',
  'Stock Journal',
];

/** Tally's words, as TallyPrime prints them in LINEERROR (see docs/decisions/034). */
export const TALLY_MESSAGES = {
  unknownRequest: 'Unknown Request, cannot be processed',
  company: (name: string) => `Could not set 'SVCurrentCompany' to '${name}'`,
  noLedger: (name: string) => `Ledger '${name}' does not exist!`,
  noGroup: (name: string) => `Group '${name}' does not exist!`,
  noStockItem: (name: string) => `Stock Item '${name}' does not exist!`,
  noUnit: (name: string) => `Unit '${name}' does not exist!`,
  noVoucherType: (name: string) => `Voucher Type '${name}' does not exist!`,
  noDate: 'Voucher date is missing.',
  badDate: (raw: string) => `Invalid Date '${raw}'!`,
  unbalanced: (dr: number, cr: number) => {
    const diff = dr - cr;
    return `Voucher totals do not match! Dr: ${tallyAmount(dr)} Dr  Cr: ${tallyAmount(cr)} Cr  Diff: ${tallyAmount(Math.abs(diff))} ${diff > 0 ? 'Dr' : 'Cr'}`;
  },
  // Our approximation: TallyPrime refuses a voucher dated before the company's books begin.
  beforeBooks: (date: string, booksFrom: string) =>
    `Voucher date ${date} is before the Books Beginning From date ${booksFrom}!`,
  noName: 'Name cannot be empty!',
  exists: (kind: string, name: string) => `${kind} '${name}' already exists!`,
  // Ours: a leg whose ISDEEMEDPOSITIVE contradicts its AMOUNT's sign.
  deemedPositive: (ledger: string) => `The entry of '${ledger}' is marked both debit and credit!`,
  // Our approximation, for the 'alter' RemoteIdRule only.
  voucherExists: (type: string) => `${type} Voucher already exists!`,
  // Ours: allocations (bank, bill) that do not add up to their leg's amount.
  allocations: (kind: string, ledger: string, allocated: number, amount: number) =>
    `${kind} allocations of '${ledger}' (${tallyAmount(allocated)}) do not match its amount (${tallyAmount(amount)})!`,
  // Ours: after the company's period (a company split by year).
  afterPeriod: (date: string, periodTo: string) =>
    `Voucher date ${date} is after the end of the company's period ${periodTo}!`,
  // Ours: an invoice-mode voucher without stock items, where the company keeps inventory.
  invoiceWithoutItems: (type: string) => `${type} voucher in Invoice mode has no stock items!`,
};

/** The GSTDUTYHEAD words a release takes (see the rules at the top); Cess on both is ours. */
export function acceptedDutyHeads(version: string): Set<string> {
  const heads = gstDutyHeadsFor(version);
  return new Set(
    [
      heads.cgst,
      heads.sgst,
      heads.igst,
      ...(heads.sgst === 'SGST/UTGST' ? ['SGST', 'UTGST'] : []),
      'Cess',
    ].map((w) => w.toLowerCase()),
  );
}

/**
 * What this pretend TallyPrime does with a voucher whose REMOTEID it already holds. TallyPrime's
 * developer reference does not say (docs/decisions/037), so the product must be right under both:
 * - 'ignored' (the default: nothing assumed): the REMOTEID addresses nothing and the voucher is
 *   entered again. Evidence: an integrator's live probe in which a REMOTEID could not address an
 *   existing voucher, and TallyConnector issues #5/#23 (posting a voucher again created a new one).
 * - 'alter': a voucher without ACTION replaces the one that carries its REMOTEID (one user's claim,
 *   TallyConnector issue #4, which its maintainer declined to rely on); one sent with
 *   ACTION="Create" is refused as already existing (our assumption of what "Create" means there).
 */
export type RemoteIdRule = 'ignored' | 'alter';

/**
 * What this pretend TallyPrime does with a master sent with ACTION="Create" that it already has.
 * Sources disagree (docs/decisions/037), so the product must be right under both:
 * - 'refuse' (the default): `Ledger 'X' already exists!`, the master left as it is (integrators'
 *   create-only masters, docs/decisions/035);
 * - 'alter': it is altered to what was sent (tally-write-mcp's README: "Tally's ACTION="Create"
 *   silently alters existing records", the reason it checks for the ledger before creating it).
 */
export type MasterCreateRule = 'refuse' | 'alter';

/** The rules this pretend TallyPrime follows where TallyPrime's documentation is silent. */
export interface EmulatorRules {
  remoteIds?: RemoteIdRule;
  mastersOnCreate?: MasterCreateRule;
  /** The release: decides the GSTDUTYHEAD words taken (none dropped without one). */
  version?: string;
}

export interface StoredLedger {
  name: string;
  parent: string;
  gstDutyHead?: string;
  billWise?: string;
  gstin?: string;
  state?: string;
  registrationType?: string;
}

export interface StoredVoucher {
  id: number;
  /** The REMOTEID it came with (matched only under RemoteIdRule 'alter'). */
  remoteId?: string;
  type: string;
  date: string;
  narration: string;
  reference: string;
  number: string;
  party: string;
  partyGstin?: string;
  placeOfSupply?: string;
  registrationType?: string;
  /**
   * The bank allocation of a bank leg, which bank reconciliation matches on: bankersDate set means
   * reconciled (ISO dates).
   */
  legs: {
    ledger: string;
    amount: number;
    bankersDate?: string;
    instrumentNumber?: string;
    instrumentDate?: string;
    transactionType?: string;
  }[];
  inventory: {
    item: string;
    amount: number;
    billedQty: string;
    allocations: { ledger: string; amount: number }[];
  }[];
}

/** What a company knows about itself (F11 / company alteration in TallyPrime). */
export interface CompanyProfile {
  name: string;
  state?: string;
  gstin?: string;
  /** ISO date the books begin from: vouchers dated before it are refused. */
  booksFrom?: string;
  /** ISO last day of the company's period (data split by year): vouchers after it are refused. */
  periodTo?: string;
  /** The company keeps inventory (F11): an invoice-mode voucher needs stock items. */
  inventory?: boolean;
  /**
   * TallyPrime 3.0+: the company's GST registrations (Tax Units). Without them a company with a
   * GSTIN has one, "<State> Registration", the name 3.0 gives the registration it makes (037 #29).
   */
  registrations?: { name: string; state: string; gstin: string }[];
}

/** A ledger's GST registration fields, as sent or as it had them; only those set. */
function registrationOf(
  o: { gstin?: string; state?: string; registrationType?: string },
  had: StoredLedger | undefined,
): Pick<StoredLedger, 'gstin' | 'state' | 'registrationType'> {
  const out: Pick<StoredLedger, 'gstin' | 'state' | 'registrationType'> = {};
  for (const k of ['gstin', 'state', 'registrationType'] as const) {
    const v = o[k] ?? had?.[k];
    if (v) out[k] = v;
  }
  return out;
}

export class Company {
  readonly name: string;
  readonly state: string;
  readonly gstin: string;
  readonly booksFrom: string;
  readonly periodTo: string;
  readonly inventory: boolean;
  readonly registrations: readonly { name: string; state: string; gstin: string }[];
  readonly groups = new Map<string, StoredLedger>();
  readonly ledgers = new Map<string, StoredLedger>();
  readonly units = new Map<string, string>();
  readonly stockItems = new Map<string, { name: string; unit: string; parent: string; hsn?: string }>();
  readonly voucherTypes = new Set(PREDEFINED_VOUCHER_TYPES.map((t) => t.toLowerCase()));
  /**
   * Voucher types numbered by hand (lower-cased). The predefined ones number automatically, as a
   * new TallyPrime company has them; a type imported with NUMBERINGMETHOD Manual is numbered by hand.
   */
  readonly manualNumbering = new Set<string>();
  /** The last number given per automatically numbered voucher type. */
  readonly lastNumber = new Map<string, number>();
  readonly vouchers: StoredVoucher[] = [];
  /** REMOTEID -> index in vouchers, so an alter finds its voucher at once in a book of 20,000. */
  readonly byRemoteId = new Map<string, number>();

  constructor(profile: string | CompanyProfile) {
    const p = typeof profile === 'string' ? { name: profile } : profile;
    this.name = p.name;
    this.state = p.state ?? '';
    this.gstin = p.gstin ?? '';
    this.booksFrom = p.booksFrom ?? '';
    this.periodTo = p.periodTo ?? '';
    this.inventory = p.inventory ?? false;
    this.registrations =
      p.registrations ??
      (this.gstin ? [{ name: `${this.state} Registration`, state: this.state, gstin: this.gstin }] : []);
    for (const [g, parent] of Object.entries(PREDEFINED_GROUPS))
      this.groups.set(g.toLowerCase(), { name: g, parent });
    for (const [l, parent] of Object.entries(DEFAULT_LEDGERS))
      this.ledgers.set(l.toLowerCase(), { name: l, parent });
  }

  hasGroup(name: string): boolean {
    return name.toLowerCase() === 'primary' || this.groups.has(name.toLowerCase());
  }

  /**
   * Each ledger's closing balance from the vouchers posted (Tally's sign: negative = debit), by
   * lower-cased name. A balanced book sums to zero; a voucher altered by REMOTEID counts once.
   */
  balances(): Map<string, number> {
    const out = new Map<string, number>();
    for (const v of this.vouchers) {
      for (const leg of [...v.legs, ...v.inventory.flatMap((i) => i.allocations)]) {
        const key = leg.ledger.trim().toLowerCase();
        out.set(key, (out.get(key) ?? 0) + leg.amount);
      }
    }
    return out;
  }
}

const isCreate = (action: string | undefined) => action?.trim().toLowerCase() === 'create';

export interface ImportOutcome extends ImportCounters {
  lastVchId: number;
  lastMid: number;
  lineErrors: string[];
}

function emptyOutcome(): ImportOutcome {
  const counters = Object.fromEntries(IMPORT_COUNTERS.map((k) => [k, 0])) as ImportCounters;
  return { ...counters, lastVchId: 0, lastMid: 0, lineErrors: [] };
}

export class Book {
  readonly companies = new Map<string, Company>();
  readonly remoteIds: RemoteIdRule;
  readonly mastersOnCreate: MasterCreateRule;
  /** The GSTDUTYHEAD words taken (lower case); undefined: every word (no release given). */
  readonly dutyHeads: Set<string> | undefined;
  private nextId = 1;

  constructor(companies: readonly (string | CompanyProfile)[], rules: EmulatorRules = {}) {
    this.remoteIds = rules.remoteIds ?? 'ignored';
    this.mastersOnCreate = rules.mastersOnCreate ?? 'refuse';
    this.dutyHeads = rules.version ? acceptedDutyHeads(rules.version) : undefined;
    for (const profile of companies) {
      const company = new Company(profile);
      this.companies.set(company.name.toLowerCase(), company);
    }
  }

  /** Tally imports into the named company, or without a name into the one open first. */
  company(name?: string): Company | undefined {
    if (name) return this.companies.get(name.toLowerCase());
    return this.companies.values().next().value;
  }

  import(xml: string): ImportOutcome {
    const out = emptyOutcome();
    let request;
    try {
      request = readImportXml(xml);
    } catch {
      this.fail(out, TALLY_MESSAGES.unknownRequest);
      return out;
    }
    if (!['import data', 'import'].includes(request.request.toLowerCase())) {
      this.fail(out, TALLY_MESSAGES.unknownRequest);
      return out;
    }
    const company = this.company(request.company);
    if (!company) {
      this.fail(out, TALLY_MESSAGES.company(request.company ?? ''));
      return out;
    }
    for (const object of request.objects) this.importObject(company, object, out);
    return out;
  }

  private fail(out: ImportOutcome, message: string): void {
    out.errors++;
    out.lineErrors.push(message);
  }

  /**
   * A voucher naming a master the company lacks is counted as an EXCEPTION, not an ERROR, with its
   * LINEERROR: what integrators capture from TallyPrime ('Ledger 'Sales' does not exist!' with
   * ERRORS 0, EXCEPTIONS 1), docs/decisions/036.
   */
  private except(out: ImportOutcome, message: string): void {
    out.exceptions++;
    out.lineErrors.push(message);
  }

  /** The duty-head word as kept: undefined when none was sent or the release does not take it. */
  private takenDutyHead(word: string | undefined): string | undefined {
    const w = word?.trim();
    if (!w) return undefined;
    return !this.dutyHeads || this.dutyHeads.has(w.toLowerCase()) ? w : undefined;
  }

  private importObject(c: Company, o: ImportObject, out: ImportOutcome): void {
    switch (o.kind) {
      case 'GROUP':
      case 'LEDGER': {
        const name = o.name.trim();
        if (!name) return this.fail(out, TALLY_MESSAGES.noName);
        const parent = o.parent.trim();
        if (!c.hasGroup(parent)) return this.fail(out, TALLY_MESSAGES.noGroup(parent));
        const map = o.kind === 'GROUP' ? c.groups : c.ledgers;
        const existing = map.get(name.toLowerCase());
        if (existing && isCreate(o.action) && this.mastersOnCreate === 'refuse')
          return this.fail(
            out,
            TALLY_MESSAGES.exists(o.kind === 'GROUP' ? 'Group' : 'Ledger', existing.name),
          );
        map.set(name.toLowerCase(), {
          name: existing?.name ?? name,
          // Under the 'alter' rule a Create moves an existing ledger to the group sent.
          parent: parent || existing?.parent || 'Primary',
          // A word the release does not take is dropped; the ledger is still made and counted.
          gstDutyHead:
            o.kind === 'LEDGER' ? (this.takenDutyHead(o.gstDutyHead) ?? existing?.gstDutyHead) : undefined,
          billWise: o.kind === 'LEDGER' ? (o.billWise ?? existing?.billWise) : undefined,
          ...(o.kind === 'LEDGER' ? registrationOf(o, existing) : {}),
        });
        if (existing) out.altered++;
        else out.created++;
        out.lastMid = this.nextId++;
        return;
      }
      case 'UNIT': {
        const name = o.name.trim();
        if (!name) return this.fail(out, TALLY_MESSAGES.noName);
        const had = c.units.get(name.toLowerCase());
        if (had && isCreate(o.action)) return this.fail(out, TALLY_MESSAGES.exists('Unit', had));
        if (had) out.altered++;
        else out.created++;
        c.units.set(name.toLowerCase(), name);
        out.lastMid = this.nextId++;
        return;
      }
      case 'STOCKITEM': {
        const name = o.name.trim();
        if (!name) return this.fail(out, TALLY_MESSAGES.noName);
        if (o.unit && !c.units.has(o.unit.toLowerCase()))
          return this.fail(out, TALLY_MESSAGES.noUnit(o.unit));
        const had = c.stockItems.get(name.toLowerCase());
        if (had && isCreate(o.action)) return this.fail(out, TALLY_MESSAGES.exists('Stock Item', had.name));
        if (had) out.altered++;
        else out.created++;
        c.stockItems.set(name.toLowerCase(), {
          name: had?.name ?? name,
          unit: o.unit || had?.unit || '',
          parent: o.parent || had?.parent || 'Primary',
          ...(o.hsn || had?.hsn ? { hsn: o.hsn || had?.hsn } : {}),
        });
        out.lastMid = this.nextId++;
        return;
      }
      case 'VOUCHERTYPE': {
        const name = o.name.trim();
        if (!name) return this.fail(out, TALLY_MESSAGES.noName);
        const key = name.toLowerCase();
        if (!c.voucherTypes.has(o.parent.trim().toLowerCase()))
          return this.fail(out, TALLY_MESSAGES.noVoucherType(o.parent));
        const had = c.voucherTypes.has(key);
        if (had && isCreate(o.action) && this.mastersOnCreate === 'refuse')
          return this.fail(out, TALLY_MESSAGES.exists('Voucher Type', name));
        c.voucherTypes.add(key);
        if (/^manual/i.test(o.numbering.trim())) c.manualNumbering.add(key);
        else c.manualNumbering.delete(key);
        if (had) out.altered++;
        else out.created++;
        out.lastMid = this.nextId++;
        return;
      }
      case 'VOUCHER':
        return this.importVoucher(c, o, out);
      default:
        // Tally counts an object it does not understand as an exception, not an error.
        out.exceptions++;
        return;
    }
  }

  private importVoucher(c: Company, v: ImportedVoucher, out: ImportOutcome): void {
    if (!c.voucherTypes.has(v.type.toLowerCase()))
      return this.fail(out, TALLY_MESSAGES.noVoucherType(v.type));
    if (!v.date.trim()) return this.fail(out, TALLY_MESSAGES.noDate);
    const date = isoFromTallyDate(v.date);
    if (!date) return this.fail(out, TALLY_MESSAGES.badDate(v.date));
    // Out of period: before the books begin is refused; after is fine (TallyPrime's books never end).
    if (c.booksFrom && date < c.booksFrom)
      return this.fail(out, TALLY_MESSAGES.beforeBooks(date, c.booksFrom));
    if (c.periodTo && date > c.periodTo) return this.fail(out, TALLY_MESSAGES.afterPeriod(date, c.periodTo));
    for (const leg of [...v.legs, ...v.inventory.flatMap((i) => i.allocations)]) {
      if (!c.ledgers.has(leg.ledger.trim().toLowerCase()))
        return this.except(out, TALLY_MESSAGES.noLedger(leg.ledger));
    }
    for (const line of v.inventory) {
      if (!c.stockItems.has(line.item.trim().toLowerCase()))
        return this.except(out, TALLY_MESSAGES.noStockItem(line.item));
    }
    if (c.inventory && /^invoice voucher view$/i.test(v.view.trim()) && v.inventory.length === 0)
      return this.except(out, TALLY_MESSAGES.invoiceWithoutItems(v.type));
    // A leg's bank and bill allocations add up to its amount (ours: see the rules at the top).
    for (const leg of [...v.legs, ...v.inventory.flatMap((i) => i.allocations)]) {
      for (const [kind, sum] of [
        ['Bank', leg.allocated?.bank],
        ['Bill', leg.allocated?.bill],
      ] as const) {
        if (sum !== undefined && sum !== leg.amount)
          return this.fail(out, TALLY_MESSAGES.allocations(kind, leg.ledger, sum, leg.amount));
      }
    }
    // ISDEEMEDPOSITIVE says which side a leg is on and AMOUNT's sign must agree (Yes: a debit,
    // negative). Refusing a leg where they contradict is our assumption (037): it catches a builder
    // that writes one and not the other, whatever TallyPrime would make of it.
    for (const leg of v.legs) {
      const deemed = leg.deemedPositive.trim().toLowerCase();
      if ((deemed === 'yes' && leg.amount > 0) || (deemed === 'no' && leg.amount < 0))
        return this.fail(out, TALLY_MESSAGES.deemedPositive(leg.ledger));
    }
    if (v.legs.length + v.inventory.length < 2 || voucherBalance(v) !== 0) {
      const amounts = [...v.legs.map((l) => l.amount), ...v.inventory.map((i) => i.amount)];
      const dr = -amounts.filter((a) => a < 0).reduce((a, b) => a + b, 0);
      const cr = amounts.filter((a) => a > 0).reduce((a, b) => a + b, 0);
      return this.fail(out, TALLY_MESSAGES.unbalanced(dr, cr));
    }
    // REMOTEID: matched only under the 'alter' rule (see RemoteIdRule: not assumed by default).
    const existing = this.remoteIds === 'alter' && v.remoteId ? (c.byRemoteId.get(v.remoteId) ?? -1) : -1;
    if (existing >= 0 && isCreate(v.action)) return this.fail(out, TALLY_MESSAGES.voucherExists(v.type));
    const id = existing >= 0 ? c.vouchers[existing].id : this.nextId++;
    // Automatic numbering replaces the number sent with the type's next one (an integrator's live
    // probes, issue 31: VOUCHERNUMBER discarded under a Sales type numbered automatically).
    const typeKey = v.type.trim().toLowerCase();
    let number = v.number;
    if (!c.manualNumbering.has(typeKey) && existing < 0) {
      const next = (c.lastNumber.get(typeKey) ?? 0) + 1;
      c.lastNumber.set(typeKey, next);
      number = String(next);
    }
    const stored: StoredVoucher = {
      id,
      remoteId: v.remoteId,
      type: v.type,
      date,
      narration: v.narration,
      reference: v.reference,
      number,
      party: v.party,
      ...(v.partyGstin ? { partyGstin: v.partyGstin } : {}),
      ...(v.placeOfSupply ? { placeOfSupply: v.placeOfSupply } : {}),
      ...(v.registrationType ? { registrationType: v.registrationType } : {}),
      legs: v.legs.map((l) => ({
        ledger: l.ledger,
        amount: l.amount,
        ...(l.bank?.bankersDate ? { bankersDate: isoFromTallyDate(l.bank.bankersDate) ?? undefined } : {}),
        ...(l.bank?.instrumentNumber ? { instrumentNumber: l.bank.instrumentNumber } : {}),
        ...(l.bank?.instrumentDate
          ? { instrumentDate: isoFromTallyDate(l.bank.instrumentDate) ?? undefined }
          : {}),
        ...(l.bank?.transactionType ? { transactionType: l.bank.transactionType } : {}),
      })),
      inventory: v.inventory.map((i) => ({
        item: i.item,
        amount: i.amount,
        billedQty: i.billedQty,
        allocations: i.allocations.map((a) => ({ ledger: a.ledger, amount: a.amount })),
      })),
    };
    if (existing >= 0) {
      c.vouchers[existing] = stored;
      out.altered++;
    } else {
      if (v.remoteId && !c.byRemoteId.has(v.remoteId)) c.byRemoteId.set(v.remoteId, c.vouchers.length);
      c.vouchers.push(stored);
      out.created++;
    }
    out.lastVchId = id;
  }
}
