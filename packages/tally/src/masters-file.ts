// Without a bridge, the company's names come from a file TallyPrime wrote: Export > Masters (or
// List of Accounts) in XML. TallyPrime writes it as an Import Data envelope, one master per
// TALLYMESSAGE (GROUP, LEDGER, UNIT, STOCKITEM, VOUCHERTYPE, sometimes COMPANY), in UTF-16LE or
// UTF-8; the collection answer of a bridge read (ENVELOPE/BODY/DATA/COLLECTION) is accepted too.
import { TallyError } from './errors.ts';
import type { TallyCompanyInfo, TallyCompanySnapshot } from './company.ts';
import { isoFromAnyTallyDate } from './company.ts';
import { partyRegistrationOf, registrationOf, type TallyMaster } from './masters-export.ts';
import { hsnOf, text, xmlParser } from './read.ts';
import { decodeXmlBytes } from './xml/encoding.ts';

type Node = Record<string, unknown>;

const KINDS = {
  LEDGER: 'ledgers',
  GROUP: 'groups',
  STOCKITEM: 'stockItems',
  UNIT: 'units',
  VOUCHERTYPE: 'voucherTypes',
  TAXUNIT: 'registrations',
} as const;

function nodes(value: unknown): Node[] {
  return (Array.isArray(value) ? value : value ? [value] : []).filter(
    (v): v is Node => typeof v === 'object' && v !== null,
  );
}

/** Character references the parser leaves as text ('&#8377;' for ₹), decoded. */
function decodeRefs(s: string): string {
  return s.replace(/&#(x[0-9a-f]+|\d+);/gi, (whole, code: string) => {
    const n = code[0].toLowerCase() === 'x' ? Number.parseInt(code.slice(1), 16) : Number(code);
    return n > 31 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
  });
}

function nameOf(n: Node): string {
  return decodeRefs(
    text(n['@_NAME']) || text((n['NAME.LIST'] as Node | undefined)?.NAME) || text(n.NAME),
  ).trim();
}

/**
 * TallyPrime writes a predefined parent with a U+0004 mark ('&#4; Primary', '&#4; Current Assets'),
 * or Primary as an empty PARENT; we keep the plain name, and '' for Primary.
 */
export function parentOf(n: Node): string {
  let p = decodeRefs(text(n.PARENT)).trim();
  if (p.startsWith('&#4;')) p = p.slice(4).trim();
  if (p.charCodeAt(0) === 4) p = p.slice(1).trim();
  return p.toLowerCase() === 'primary' ? '' : p;
}

/** Reads the masters (and the company, when the file names it) from a TallyPrime XML export. */
export function readMastersFile(input: string | Uint8Array): TallyCompanySnapshot {
  const xml = typeof input === 'string' ? input : decodeXmlBytes(Buffer.from(input), '');
  let doc: Node;
  try {
    doc = xmlParser.parse(xml, true) as Node;
  } catch {
    throw new TallyError('bad_masters_file', 'The file is not an XML export from TallyPrime.');
  }
  const envelope = doc.ENVELOPE as Node | undefined;
  if (!envelope || typeof envelope !== 'object')
    throw new TallyError('bad_masters_file', 'The file is not an XML export from TallyPrime.');
  const body = (envelope.BODY ?? {}) as Node;
  const importData = (body.IMPORTDATA ?? {}) as Node;
  const statics = ((importData.REQUESTDESC as Node | undefined)?.STATICVARIABLES ?? {}) as Node;
  const lists: Record<(typeof KINDS)[keyof typeof KINDS], TallyMaster[]> = {
    ledgers: [],
    groups: [],
    stockItems: [],
    units: [],
    voucherTypes: [],
    registrations: [],
  };
  let companyNode: Node | undefined;
  const take = (tag: string, n: Node) => {
    if (tag === 'COMPANY') {
      companyNode ??= n;
      return;
    }
    const kind = KINDS[tag as keyof typeof KINDS];
    if (!kind) return;
    const name = nameOf(n);
    if (!name) return;
    const unit = text(n.BASEUNITS).trim();
    lists[kind].push({
      name,
      parent: parentOf(n),
      ...(tag === 'STOCKITEM' ? { unit } : {}),
      ...(tag === 'STOCKITEM' && hsnOf(n) ? { hsn: hsnOf(n) } : {}),
      ...(tag === 'LEDGER' ? partyRegistrationOf(n) : {}),
      ...(tag === 'TAXUNIT' ? registrationOf(n) : {}),
    });
  };
  // An Import Data envelope (what Export > Masters writes).
  const requestData = (importData.REQUESTDATA ?? {}) as Node;
  for (const message of nodes(requestData.TALLYMESSAGE)) {
    for (const [tag, value] of Object.entries(message)) {
      if (!tag.startsWith('@_')) for (const n of nodes(value)) take(tag, n);
    }
  }
  // A collection answer (what a bridge read gets).
  const collection = ((body.DATA as Node | undefined)?.COLLECTION ?? {}) as Node;
  for (const [tag, value] of Object.entries(collection)) {
    if (!tag.startsWith('@_')) for (const n of nodes(value)) take(tag, n);
  }
  if (Object.values(lists).every((l) => l.length === 0)) {
    throw new TallyError(
      'bad_masters_file',
      'The file has no ledgers, groups or stock items. In TallyPrime, export the masters (List of Accounts) as XML.',
    );
  }
  const c = companyNode ?? {};
  const company: TallyCompanyInfo = {
    name: (nameOf(c) || text(statics.SVCURRENTCOMPANY)).trim(),
    state: text(c.STATENAME).trim(),
    gstin: (text(c.GSTREGISTRATIONNUMBER) || text(c.GSTIN)).trim().toUpperCase(),
    version: '',
    booksFrom: isoFromAnyTallyDate(text(c.BOOKSFROM)),
  };
  return { company, ...lists, loaded: company.name ? [company.name] : [], source: 'file' };
}
