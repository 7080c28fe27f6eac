// TallyPrime answers an Import Data request with a RESPONSE of counters, plus one LINEERROR per
// object it refused. Newer releases may wrap the same counters as
// ENVELOPE/BODY/DATA/IMPORTRESULT, and a request Tally cannot process at all gets
// ENVELOPE/HEADER/STATUS 0 with its words in BODY/DATA. All three shapes are read here.
import { text, xmlParser } from './read.ts';

/** Tally's import counters, named after the tags of its RESPONSE (CREATED, ALTERED...). */
export const IMPORT_COUNTERS = [
  'created',
  'altered',
  'deleted',
  'combined',
  'ignored',
  'errors',
  'cancelled',
  'exceptions',
] as const;
export type ImportCounters = Record<(typeof IMPORT_COUNTERS)[number], number>;

export interface TallyImportResult extends ImportCounters {
  /** True when Tally took everything: no errors, exceptions or line errors, and every object sent counted. */
  ok: boolean;
  lastVchId: string;
  /** Tally's own words, one per refused object. */
  lineErrors: string[];
  /** Names Tally quoted in its errors ('Ledger 'X' does not exist!' names X). */
  named: string[];
  /**
   * Masters sent create-only that the company already had ('Ledger 'X' already exists!'): left as
   * the user keeps them, which is what we asked for, so not a failure.
   */
  alreadyExisting: string[];
  /** What the user should read when ok is false. */
  problems: string[];
  /** Objects sent, when known. */
  expected?: number;
  raw: string;
}

type Node = Record<string, unknown>;

function findNode(node: unknown, names: readonly string[]): Node | undefined {
  if (!node || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node as Node)) {
    if (names.includes(key) && value && typeof value === 'object') return value as Node;
    const deeper = findNode(value, names);
    if (deeper) return deeper;
  }
  return undefined;
}

function count(value: unknown): number {
  const n = Number.parseInt(text(value).trim(), 10);
  return Number.isFinite(n) ? n : 0;
}

/** Tally's refusal to create a master it already has: expected for create-only masters. */
export const MASTER_EXISTS =
  /^(Ledger|Group|Unit|Stock Item|Stock Group|Voucher Type|Cost Centre) '(.+)' already exists!?$/i;

export function quotedNames(message: string): string[] {
  return [...message.matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** Reads Tally's answer to an import. `expected` is how many objects were sent (see countImportObjects). */
export function parseTallyResponse(raw: string, expected?: number): TallyImportResult {
  let doc: Node = {};
  let parseProblem: string | undefined;
  try {
    doc = xmlParser.parse(raw.trim()) as Node;
  } catch (err) {
    parseProblem = `Tally's answer could not be read: ${(err as Error).message}`;
  }
  const counters = findNode(doc, ['RESPONSE', 'IMPORTRESULT']) ?? {};
  const counts = Object.fromEntries(
    IMPORT_COUNTERS.map((k) => [k, count(counters[k.toUpperCase()])]),
  ) as ImportCounters;
  const { created, altered, combined, ignored, exceptions } = counts;
  const allLineErrors: string[] = [];
  collectLineErrors(doc, allLineErrors);
  const alreadyExisting = allLineErrors.flatMap((e) => MASTER_EXISTS.exec(e)?.[2] ?? []);
  const lineErrors = allLineErrors.filter((e) => !MASTER_EXISTS.test(e));
  // Each "already exists" was counted as an error by Tally; it is not one for a create-only master.
  const errors = Math.max(0, counts.errors - alreadyExisting.length);
  counts.errors = errors;
  const problems = [...lineErrors];
  if (parseProblem) problems.push(parseProblem);
  const envelope = doc.ENVELOPE as Node | undefined;
  const status = text((envelope?.HEADER as Node | undefined)?.STATUS).trim();
  if (status === '0' && lineErrors.length === 0) {
    const words = text((envelope?.BODY as Node | undefined)?.DATA).trim();
    problems.push(words || 'Tally could not process the request.');
  }
  if (typeof counters === 'object' && Object.keys(counters).length === 0 && !parseProblem && status !== '0') {
    // A bare "<RESPONSE>Unknown Request, cannot be processed</RESPONSE>" has text, not counters.
    const words = text(doc.RESPONSE).trim();
    problems.push(words || 'Tally did not answer with an import result.');
  }
  if (errors > 0 && lineErrors.length === 0) problems.push(`Tally reported ${errors} error(s).`);
  if (exceptions > 0) problems.push(`Tally reported ${exceptions} exception(s).`);
  if (
    expected !== undefined &&
    problems.length === 0 &&
    created + altered + alreadyExisting.length !== expected
  ) {
    problems.push(
      `Tally imported ${created + altered} of ${expected} objects sent (ignored ${ignored}, combined ${combined}).`,
    );
  }
  return {
    ok: problems.length === 0,
    ...counts,
    lastVchId: text(counters.LASTVCHID).trim(),
    lineErrors,
    named: [...new Set(lineErrors.flatMap(quotedNames))],
    alreadyExisting,
    problems,
    expected,
    raw,
  };
}

function collectLineErrors(node: unknown, out: string[]): void {
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (key === 'LINEERROR') {
      for (const v of Array.isArray(value) ? value : [value]) {
        const t = text(v).trim();
        if (t) out.push(t);
      }
    } else collectLineErrors(value, out);
  }
}

/** How many masters and vouchers an import file carries: what Tally should report as created or altered. */
export function countImportObjects(xml: string): number {
  let n = 0;
  const data = findNode(xmlParser.parse(xml) as Node, ['REQUESTDATA']);
  const messages = data?.TALLYMESSAGE;
  for (const m of (Array.isArray(messages) ? messages : messages ? [messages] : []) as Node[]) {
    for (const [k, v] of Object.entries(m)) if (!k.startsWith('@_')) n += Array.isArray(v) ? v.length : 1;
  }
  return n;
}
