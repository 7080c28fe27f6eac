// Reading the company's masters from TallyPrime: an Export request of TYPE Collection with an inline
// TDL collection of one object type (Ledger, Group, StockItem, Unit, VoucherType) and its parent,
// answered as ENVELOPE/BODY/DATA/COLLECTION with one element per object (docs/decisions/035).
import { TallyError } from './errors.ts';
import { postToTally, type PushOptions } from './client.ts';
import { hsnOf, text, xmlParser } from './read.ts';
import { el, leaf, serializeXml, type XmlChild } from './xml/tree.ts';

export const MASTER_TYPES = ['Ledger', 'Group', 'StockItem', 'Unit', 'VoucherType', 'TaxUnit'] as const;
export type MasterType = (typeof MASTER_TYPES)[number];

/** What each type's collection fetches besides the name. */
const FETCH: Record<MasterType, string[]> = {
  // A party's registration, for the GSTR-1 fields of invoices made out to it (issue 12).
  // 2.x keeps it on the ledger, 3.0+ in the dated LEDGSTREGDETAILS / LEDMAILINGDETAILS lists.
  Ledger: [
    'Parent',
    // A tax ledger's duty head, read back after Bahi created it (issue 31: a word the release does
    // not take is dropped while Tally reports the ledger created).
    'GSTDutyHead',
    'PartyGSTIN',
    'LedStateName',
    'GSTRegistrationType',
    'LedGSTRegDetails.List',
    'LedMailingDetails.List',
  ],
  Group: ['Parent'],
  // HSN: TallyPrime 3.0+ keeps it in HSNDetails (with SrcOfHSNDetails), 2.x in GSTDetails (decision 037 #22).
  StockItem: ['Parent', 'BaseUnits', 'GSTDetails.List', 'HSNDetails.List'],
  Unit: [],
  VoucherType: ['Parent'],
  // TallyPrime 3.0+ keeps each GST registration of the company as a Tax Unit (its name, "<State>
  // Registration" by default, is what a voucher's GSTREGISTRATION names): decision 037 #29.
  TaxUnit: ['StateName', 'GSTRegNumber'],
};

export interface TallyMaster {
  name: string;
  /** The group (ledgers, groups), stock group (items) or base voucher type; '' when none. */
  parent: string;
  /** Stock items: the base unit. */
  unit?: string;
  /** Stock items: the HSN/SAC code Tally keeps, the latest applicable. */
  hsn?: string;
  /** Party ledgers: GSTIN, state and registration type ('Regular', 'Composition'...), when Tally has them. */
  gstin?: string;
  state?: string;
  registrationType?: string;
  /** Tax ledgers: the GST duty head Tally keeps ('CGST', 'Central Tax'...). */
  gstDutyHead?: string;
}

export interface TallyMasters {
  ledgers: TallyMaster[];
  groups: TallyMaster[];
  stockItems: TallyMaster[];
  units: TallyMaster[];
  voucherTypes: TallyMaster[];
  /** TallyPrime 3.0+: the company's GST registrations (name, state, GSTIN); none before 3.0. */
  registrations: TallyMaster[];
}

/**
 * The request that asks TallyPrime for a collection our own TDL defines in the request itself
 * (`fields` says what it holds), as XML; from `company` when named, else the loaded one.
 */
export function collectionExportRequest(id: string, fields: XmlChild[], company?: string): string {
  return serializeXml(
    el('ENVELOPE', {}, [
      el('HEADER', {}, [
        leaf('VERSION', '1'),
        leaf('TALLYREQUEST', 'Export'),
        leaf('TYPE', 'Collection'),
        leaf('ID', id),
      ]),
      el('BODY', {}, [
        el('DESC', {}, [
          el('STATICVARIABLES', {}, [
            leaf('SVEXPORTFORMAT', '$$SysName:XML'),
            company?.trim() ? leaf('SVCURRENTCOMPANY', company.trim()) : null,
          ]),
          el('TDL', {}, [el('TDLMESSAGE', {}, [el('COLLECTION', { NAME: id, ISMODIFY: 'No' }, fields)])]),
        ]),
      ]),
    ]),
  );
}

export function mastersExportRequest(type: MasterType, company?: string): string {
  return collectionExportRequest(
    `Bahi ${type}s`,
    [leaf('TYPE', type), leaf('FETCH', ['Name', ...FETCH[type]].join(', '))],
    company,
  );
}

type Node = Record<string, unknown>;

const first = (v: unknown): Node | undefined =>
  ((Array.isArray(v) ? v[0] : v) as Node | undefined) ?? undefined;

/**
 * A ledger's GST registration. TallyPrime before 3.0 keeps it on the ledger (PARTYGSTIN, LEDSTATENAME,
 * GSTREGISTRATIONTYPE); 3.0 and later write it in LEDGSTREGDETAILS.LIST (GSTIN, GSTREGISTRATIONTYPE,
 * STATE) with the state in LEDMAILINGDETAILS.LIST. Only the fields found are returned.
 */
export function partyRegistrationOf(n: Node): Pick<TallyMaster, 'gstin' | 'state' | 'registrationType'> {
  const reg = first(n['LEDGSTREGDETAILS.LIST']) ?? {};
  const mail = first(n['LEDMAILINGDETAILS.LIST']) ?? {};
  // A marked value ('&#4; Not Applicable') is Tally's own "none".
  const plain = (...values: unknown[]) => {
    const v = values.map((x) => text(x).trim()).find(Boolean) ?? '';
    return v.startsWith('&#4;') || v.charCodeAt(0) === 4 ? '' : v;
  };
  const gstin = plain(n.PARTYGSTIN, reg.GSTIN).toUpperCase();
  const state = plain(n.LEDSTATENAME, reg.STATE, reg.PLACEOFSUPPLY, mail.STATE);
  const registrationType = plain(n.GSTREGISTRATIONTYPE, reg.GSTREGISTRATIONTYPE);
  return {
    ...(gstin ? { gstin } : {}),
    ...(state ? { state } : {}),
    ...(registrationType ? { registrationType } : {}),
  };
}

/** A Tax Unit's state and GSTIN (GSTREGNUMBER), as a TallyMaster's. */
export function registrationOf(n: Node): Pick<TallyMaster, 'gstin' | 'state'> {
  const state = text(n.STATENAME).trim();
  const gstin = text(n.GSTREGNUMBER).trim().toUpperCase();
  return { ...(state ? { state } : {}), ...(gstin ? { gstin } : {}) };
}

/** The objects of a collection export; throws with Tally's words when it answered STATUS 0. */
export function parseMastersCollection(xml: string, type: MasterType): TallyMaster[] {
  const doc = xmlParser.parse(xml) as Node;
  const envelope = (doc.ENVELOPE ?? {}) as Node;
  const status = text((envelope.HEADER as Node | undefined)?.STATUS).trim();
  const data = ((envelope.BODY as Node | undefined)?.DATA ?? {}) as Node;
  if (status === '0') {
    const words = (text(data.LINEERROR) || text(data)).trim() || 'Tally could not export the list.';
    throw new TallyError('export_failed', words, `collection ${type}: ${words}`);
  }
  const collection = (data.COLLECTION ?? {}) as Node;
  const raw = collection[type.toUpperCase()];
  const nodes = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Node[];
  return nodes
    .map((n) => {
      const name = text(n['@_NAME']) || text((n['NAME.LIST'] as Node | undefined)?.NAME) || text(n.NAME);
      const unit = text(n.BASEUNITS).trim();
      const gstDutyHead = text(n.GSTDUTYHEAD).trim();
      return {
        name: name.trim(),
        parent: text(n.PARENT).trim(),
        ...(type === 'StockItem' ? { unit } : {}),
        ...(type === 'StockItem' && hsnOf(n) ? { hsn: hsnOf(n) } : {}),
        ...(type === 'Ledger' ? partyRegistrationOf(n) : {}),
        ...(type === 'Ledger' && gstDutyHead ? { gstDutyHead } : {}),
        ...(type === 'TaxUnit' ? registrationOf(n) : {}),
      };
    })
    .filter((m) => m.name);
}

/** Reads the company's ledgers, groups, stock items, units and voucher types from TallyPrime. */
export async function readTallyMasters(
  options: PushOptions & { company?: string } = {},
): Promise<TallyMasters> {
  const read = async (type: MasterType) =>
    parseMastersCollection(await postToTally(mastersExportRequest(type, options.company), options), type);
  return {
    ledgers: await read('Ledger'),
    groups: await read('Group'),
    stockItems: await read('StockItem'),
    units: await read('Unit'),
    voucherTypes: await read('VoucherType'),
    // A release before 3.0 has no Tax Unit to list: it refuses the collection, and the company then
    // has no registration to pick (the invoice names "<State> Registration" as before).
    registrations: await read('TaxUnit').catch((err: unknown) => {
      if (err instanceof TallyError) return [];
      throw err;
    }),
  };
}
