// Reading the company itself from TallyPrime: its name, state, GSTIN, books period and the release
// it runs, beside its masters (masters-export.ts). One Export request of TYPE Collection over the
// Company objects, which lists every company loaded; the one asked for (or the first) is read.
// The release comes from the formula @@VersionReleaseString ('7.1') and the product from
// $$IsProdTallyPrime, COMPUTE'd on the collection as integrators do (docs/decisions/036).
import { TallyError } from './errors.ts';
import { postToTally, type PushOptions } from './client.ts';
import { collectionExportRequest, readTallyMasters, type TallyMasters } from './masters-export.ts';
import { text, xmlParser } from './read.ts';
import { leaf } from './xml/tree.ts';
import { isoFromTallyDate } from './xml/values.ts';

export interface TallyCompanyInfo {
  name: string;
  /** The state of the company's registration, '' when Tally has none. */
  state: string;
  gstin: string;
  /** Release as TallyPrime reports it ('TallyPrime 4.1', 'Tally.ERP 9'...), '' when unknown. */
  version: string;
  /** ISO date the books begin from, '' when unknown: vouchers dated before it are refused. */
  booksFrom: string;
}

/** Everything Bahi needs from a company: who it is and the names it keeps. */
export interface TallyCompanySnapshot extends TallyMasters {
  company: TallyCompanyInfo;
  /** Every company TallyPrime had loaded (a bridge read), so the user can pick another. */
  loaded: string[];
  source: 'bridge' | 'file';
}

export const COMPANY_COLLECTION_ID = 'Bahi Companies';

export function companyExportRequest(): string {
  return collectionExportRequest(COMPANY_COLLECTION_ID, [
    leaf('TYPE', 'Company'),
    leaf('FETCH', 'Name, StateName, GSTRegistrationNumber, BooksFrom, StartingFrom'),
    leaf('COMPUTE', 'BahiRelease : @@VersionReleaseString'),
    leaf('COMPUTE', 'BahiProduct : $$IsProdTallyPrime'),
  ]);
}

type Node = Record<string, unknown>;

/**
 * 'TallyPrime 7.1' from the computed release ('7.1') and product ('Yes' for TallyPrime): Tally.ERP 9
 * numbers its releases 6.x, which would read as a TallyPrime 3.0+ release without the product.
 */
export function releaseName(release: string, isPrime: string): string {
  const r = release.trim();
  if (!r) return '';
  if (/^(tally|erp)/i.test(r)) return r;
  return isPrime.trim().toLowerCase() === 'no' ? `Tally.ERP 9 ${r}` : `TallyPrime ${r}`;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Tally writes dates as 20240401 in XML and as 1-Apr-2024 in reports; '' when neither. */
export function isoFromAnyTallyDate(raw: string): string {
  const t = raw.trim();
  const compact = isoFromTallyDate(t);
  if (compact) return compact;
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/.exec(t);
  if (!m) return '';
  const month = MONTHS.indexOf(m[2].toLowerCase()) + 1;
  if (!month) return '';
  const year = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  return isoFromTallyDate(`${year}${String(month).padStart(2, '0')}${m[1].padStart(2, '0')}`) ?? '';
}

/** The companies of a Company collection export; throws with Tally's words when it answered STATUS 0. */
export function parseCompanyCollection(xml: string): TallyCompanyInfo[] {
  const doc = xmlParser.parse(xml) as Node;
  const envelope = (doc.ENVELOPE ?? {}) as Node;
  const data = ((envelope.BODY as Node | undefined)?.DATA ?? {}) as Node;
  if (text((envelope.HEADER as Node | undefined)?.STATUS).trim() === '0') {
    const words = (text(data.LINEERROR) || text(data)).trim() || 'Tally could not list its companies.';
    throw new TallyError('export_failed', words, `collection Company: ${words}`);
  }
  const raw = ((data.COLLECTION ?? {}) as Node).COMPANY;
  const nodes = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Node[];
  return nodes
    .map((n) => ({
      name: (text(n['@_NAME']) || text(n.NAME)).trim(),
      state: text(n.STATENAME).trim(),
      // Older releases keep the GSTIN on the company; some integrators read it as GSTIN.
      gstin: (text(n.GSTREGISTRATIONNUMBER) || text(n.GSTIN)).trim().toUpperCase(),
      version: releaseName(text(n.BAHIRELEASE), text(n.BAHIPRODUCT)),
      booksFrom: isoFromAnyTallyDate(text(n.BOOKSFROM) || text(n.STARTINGFROM)),
    }))
    .filter((c) => c.name);
}

/**
 * Reads the company (the one named, else the first Tally lists) and its masters through TallyPrime's
 * XML server. Throws a TallyError when Tally is not reachable, or has no such company loaded.
 */
export async function readTallyCompany(
  options: PushOptions & { company?: string } = {},
): Promise<TallyCompanySnapshot> {
  const companies = parseCompanyCollection(await postToTally(companyExportRequest(), options));
  const wanted = options.company?.trim().toLowerCase();
  const company = wanted ? companies.find((c) => c.name.toLowerCase() === wanted) : companies[0];
  if (!company) {
    const words = wanted
      ? `TallyPrime has no company '${options.company?.trim()}' open.`
      : 'TallyPrime has no company open.';
    throw new TallyError('no_company', words, `companies loaded: ${companies.length}`);
  }
  const masters = await readTallyMasters({ ...options, company: company.name });
  return { company, ...masters, loaded: companies.map((c) => c.name), source: 'bridge' };
}
