// Reads a Tally Import Data envelope back into plain objects. The emulator imports with it and
// the tests use it to prove that what the builders write balances and names only known ledgers.
import { XMLParser } from 'fast-xml-parser';
import { TallyError } from './errors.ts';
import { parseAmount, type Paise } from '@bahi/core';

type Node = Record<string, unknown>;

const ALWAYS_ARRAY = new Set([
  'TALLYMESSAGE',
  'ALLLEDGERENTRIES.LIST',
  'LEDGERENTRIES.LIST',
  'ALLINVENTORYENTRIES.LIST',
  'INVENTORYENTRIES.LIST',
  'ACCOUNTINGALLOCATIONS.LIST',
  'BANKALLOCATIONS.LIST',
  'BILLALLOCATIONS.LIST',
  'LINEERROR',
]);

export const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ALWAYS_ARRAY.has(name),
});

export interface ImportedLeg {
  ledger: string;
  /** Tally sign: negative = debit. */
  amount: Paise;
  deemedPositive: string;
  /** The bank leg's BANKALLOCATIONS.LIST (what bank reconciliation matches on), when it has one. */
  bank?: { transactionType: string; instrumentNumber: string; instrumentDate: string; bankersDate: string };
  /** The sums of the leg's BANKALLOCATIONS.LIST and BILLALLOCATIONS.LIST amounts, when it has them. */
  allocated?: { bank?: Paise; bill?: Paise };
}

export interface ImportedInventoryLine {
  item: string;
  amount: Paise;
  rate: string;
  actualQty: string;
  billedQty: string;
  allocations: ImportedLeg[];
}

export type ImportObject =
  | {
      kind: 'LEDGER';
      name: string;
      parent: string;
      action?: string;
      gstDutyHead?: string;
      billWise?: string;
      /** A party's GST registration as the ledger declares it (PARTYGSTIN, LEDSTATENAME, GSTREGISTRATIONTYPE). */
      gstin?: string;
      state?: string;
      registrationType?: string;
    }
  | { kind: 'GROUP'; name: string; parent: string; action?: string }
  | { kind: 'STOCKITEM'; name: string; unit: string; parent?: string; hsn?: string; action?: string }
  | { kind: 'UNIT'; name: string; action?: string }
  | { kind: 'VOUCHERTYPE'; name: string; parent: string; numbering: string; action?: string }
  | {
      kind: 'VOUCHER';
      type: string;
      action?: string;
      remoteId?: string;
      /** PERSISTEDVIEW (or the OBJVIEW attribute): 'Invoice Voucher View', 'Accounting Voucher View'... */
      view: string;
      date: string;
      effectiveDate: string;
      narration: string;
      reference: string;
      number: string;
      party: string;
      /** GSTR-1's fields of a sales invoice: the party's GSTIN, place of supply and registration type. */
      partyGstin: string;
      placeOfSupply: string;
      registrationType: string;
      legs: ImportedLeg[];
      inventory: ImportedInventoryLine[];
    }
  | { kind: 'OTHER'; tag: string };

export type ImportedVoucher = Extract<ImportObject, { kind: 'VOUCHER' }>;

export interface ImportRequest {
  request: string;
  report: string;
  company?: string;
  objects: ImportObject[];
}

export function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object' && '#text' in (value as Node)) return text((value as Node)['#text']);
  return '';
}

function list(value: unknown): Node[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is Node => typeof v === 'object' && v !== null,
  );
}

function nameOf(node: Node): string {
  const attr = text(node['@_NAME']);
  if (attr) return attr;
  const names = node['NAME.LIST'] as Node | undefined;
  return text(names?.NAME ?? node.NAME);
}

function amountOf(value: unknown): Paise {
  const t = text(value).trim();
  if (!t) return 0;
  const paise = parseAmount(t);
  if (paise === null)
    throw new TallyError('bad_xml', 'The file has an amount Tally cannot read.', `AMOUNT ${t}`);
  return paise;
}

/** The sum of the allocations' AMOUNTs, or undefined when the leg has none. */
function allocatedSum(nodes: Node[]): Paise | undefined {
  return nodes.length ? nodes.reduce((a, n) => a + amountOf(n.AMOUNT), 0) : undefined;
}

function legs(nodes: unknown): ImportedLeg[] {
  return list(nodes).map((n) => {
    const banks = list(n['BANKALLOCATIONS.LIST']);
    const [b] = banks;
    const bank = allocatedSum(banks);
    const bill = allocatedSum(list(n['BILLALLOCATIONS.LIST']));
    return {
      ledger: text(n.LEDGERNAME),
      amount: amountOf(n.AMOUNT),
      deemedPositive: text(n.ISDEEMEDPOSITIVE),
      ...(bank !== undefined || bill !== undefined
        ? {
            allocated: {
              ...(bank !== undefined ? { bank } : {}),
              ...(bill !== undefined ? { bill } : {}),
            },
          }
        : {}),
      ...(b
        ? {
            bank: {
              transactionType: text(b.TRANSACTIONTYPE),
              instrumentNumber: text(b.INSTRUMENTNUMBER),
              instrumentDate: text(b.INSTRUMENTDATE),
              bankersDate: text(b.BANKERSDATE),
            },
          }
        : {}),
    };
  });
}

function readObject(tag: string, node: Node): ImportObject {
  const action = text(node['@_ACTION']) || undefined;
  switch (tag) {
    case 'LEDGER':
      return {
        kind: 'LEDGER',
        name: nameOf(node),
        parent: text(node.PARENT),
        action,
        gstDutyHead: text(node.GSTDUTYHEAD) || undefined,
        billWise: text(node.ISBILLWISEON) || undefined,
        gstin: text(node.PARTYGSTIN) || undefined,
        state: text(node.LEDSTATENAME) || undefined,
        registrationType: text(node.GSTREGISTRATIONTYPE) || undefined,
      };
    case 'GROUP':
      return { kind: 'GROUP', name: nameOf(node), parent: text(node.PARENT), action };
    case 'STOCKITEM':
      return {
        kind: 'STOCKITEM',
        name: nameOf(node),
        unit: text(node.BASEUNITS),
        parent: text(node.PARENT) || undefined,
        hsn: hsnOf(node),
        action,
      };
    case 'UNIT':
      return { kind: 'UNIT', name: nameOf(node), action };
    case 'VOUCHERTYPE':
      return {
        kind: 'VOUCHERTYPE',
        name: nameOf(node),
        parent: text(node.PARENT),
        numbering: text(node.NUMBERINGMETHOD),
        action,
      };
    case 'VOUCHER':
      return {
        kind: 'VOUCHER',
        type: text(node.VOUCHERTYPENAME) || text(node['@_VCHTYPE']),
        action,
        remoteId: text(node['@_REMOTEID']) || undefined,
        view: text(node.PERSISTEDVIEW) || text(node['@_OBJVIEW']),
        date: text(node.DATE),
        effectiveDate: text(node.EFFECTIVEDATE),
        narration: text(node.NARRATION),
        reference: text(node.REFERENCE),
        number: text(node.VOUCHERNUMBER),
        party: text(node.PARTYLEDGERNAME),
        partyGstin: text(node.PARTYGSTIN),
        placeOfSupply: text(node.PLACEOFSUPPLY),
        registrationType: text(node.GSTREGISTRATIONTYPE),
        legs: [...legs(node['ALLLEDGERENTRIES.LIST']), ...legs(node['LEDGERENTRIES.LIST'])],
        inventory: [...list(node['ALLINVENTORYENTRIES.LIST']), ...list(node['INVENTORYENTRIES.LIST'])].map(
          (n) => ({
            item: text(n.STOCKITEMNAME),
            amount: amountOf(n.AMOUNT),
            rate: text(n.RATE),
            actualQty: text(n.ACTUALQTY),
            billedQty: text(n.BILLEDQTY),
            allocations: legs(n['ACCOUNTINGALLOCATIONS.LIST']),
          }),
        ),
      };
    default:
      return { kind: 'OTHER', tag };
  }
}

/** Parses an Import Data envelope; throws a TallyError when it is not XML or not an import. */
export function readImportXml(xml: string): ImportRequest {
  let doc: Node;
  try {
    doc = xmlParser.parse(xml, true) as Node;
  } catch (err) {
    throw new TallyError(
      'bad_xml',
      'The file is not valid XML.',
      `unparseable XML: ${(err as Error).message}`,
    );
  }
  const envelope = doc.ENVELOPE as Node | undefined;
  if (!envelope || typeof envelope !== 'object')
    throw new TallyError('bad_xml', 'The file is not a Tally envelope.');
  const header = (envelope.HEADER ?? {}) as Node;
  const importData = ((envelope.BODY as Node | undefined)?.IMPORTDATA ?? {}) as Node;
  const desc = (importData.REQUESTDESC ?? {}) as Node;
  const statics = (desc.STATICVARIABLES ?? {}) as Node;
  const data = (importData.REQUESTDATA ?? {}) as Node;
  const objects: ImportObject[] = [];
  for (const message of list(data.TALLYMESSAGE)) {
    for (const [tag, value] of Object.entries(message)) {
      if (tag.startsWith('@_')) continue;
      for (const node of list(value)) objects.push(readObject(tag, node));
    }
  }
  const company = text(statics.SVCURRENTCOMPANY).trim();
  return {
    request: text(header.TALLYREQUEST).trim(),
    report: text(desc.REPORTNAME).trim(),
    company: company || undefined,
    objects,
  };
}

/** The sum of a voucher's amounts in Tally's sign: zero for a balanced voucher. */
export function voucherBalance(v: ImportedVoucher): Paise {
  return v.legs.reduce((a, l) => a + l.amount, 0) + v.inventory.reduce((a, i) => a + i.amount, 0);
}

/** Every ledger a voucher names, including the sales ledgers of its inventory lines. */
export function ledgersNamed(v: ImportedVoucher): string[] {
  return [...v.legs.map((l) => l.ledger), ...v.inventory.flatMap((i) => i.allocations.map((a) => a.ledger))];
}

/**
 * A stock item's HSN/SAC code: the latest entry (by APPLICABLEFROM) of HSNDETAILS.LIST (TallyPrime
 * 3.0+), else of GSTDETAILS.LIST (2.x writes HSNCODE there; 3.0+ keeps it there too when set so).
 * Undefined when neither holds one.
 */
export function hsnOf(n: Record<string, unknown>): string | undefined {
  for (const list of ['HSNDETAILS.LIST', 'GSTDETAILS.LIST']) {
    const raw = n[list];
    const entries = ((Array.isArray(raw) ? raw : raw ? [raw] : []) as Record<string, unknown>[])
      .map((e) => ({ from: text(e.APPLICABLEFROM).trim(), hsn: text(e.HSNCODE).trim() }))
      .filter((e) => /^\d{4,8}$/.test(e.hsn))
      .sort((a, b) => a.from.localeCompare(b.from));
    if (entries.length) return entries[entries.length - 1].hsn;
  }
  return undefined;
}
