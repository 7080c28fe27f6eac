// An HTTP front for the pretend TallyPrime: POST an Import Data envelope (UTF-8 or UTF-16) and get
// Tally's RESPONSE back in the same encoding; GET / shows what it has imported.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeXmlBytes, encodeForTally, isUtf16 } from '../xml/encoding.ts';
import { el, escapeText, leaf, serializeXml } from '../xml/tree.ts';
import { isoFromTallyDate, tallyAmount } from '../xml/values.ts';
import { toTallyDate } from '@bahi/core';
import { GST_DUTY_HEADS_3, gstDutyHeadsFor } from '../invoice.ts';
import { text, xmlParser } from '../read.ts';
import {
  Book,
  PREDEFINED_VOUCHER_TYPES,
  type CompanyProfile,
  type EmulatorRules,
  type MasterCreateRule,
  type RemoteIdRule,
  TALLY_MESSAGES,
  type ImportOutcome,
  type StoredVoucher,
} from './book.ts';

export const DEFAULT_EMULATOR_COMPANY = 'Bahi Demo Company';
/** The release the emulator reports unless told otherwise (as @@VersionReleaseString and $$IsProdTallyPrime). */
export const DEFAULT_EMULATOR_VERSION = 'TallyPrime 4.1';
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

export interface ImportedSummary {
  companies: {
    name: string;
    ledgers: { name: string; parent: string }[];
    /** Closing balance per ledger in paise (Tally's sign: negative = debit), zero ones left out. */
    balances: Record<string, number>;
    stockItems: string[];
    vouchers: StoredVoucher[];
  }[];
  requests: number;
}

export function responseXml(o: ImportOutcome): string {
  return serializeXml(
    el('RESPONSE', {}, [
      ...o.lineErrors.map((e) => leaf('LINEERROR', e)),
      leaf('CREATED', String(o.created)),
      leaf('ALTERED', String(o.altered)),
      leaf('DELETED', String(o.deleted)),
      leaf('LASTVCHID', String(o.lastVchId)),
      leaf('LASTMID', String(o.lastMid)),
      leaf('COMBINED', String(o.combined)),
      leaf('IGNORED', String(o.ignored)),
      leaf('ERRORS', String(o.errors)),
      leaf('CANCELLED', String(o.cancelled)),
      leaf('EXCEPTIONS', String(o.exceptions)),
    ]),
    { declaration: false },
  );
}

export class TallyEmulator {
  book: Book;
  /** The release this pretend TallyPrime reports ('TallyPrime 4.1', 'Tally.ERP 9 6.6.3'). */
  readonly version: string;
  /** Where TallyPrime's documentation is silent: REMOTEIDs, masters sent again (see EmulatorRules). */
  readonly rules: EmulatorRules;
  private readonly companyNames: (string | CompanyProfile)[];
  private requests = 0;

  constructor(
    companies: readonly (string | CompanyProfile)[] = [DEFAULT_EMULATOR_COMPANY],
    version = DEFAULT_EMULATOR_VERSION,
    rules: EmulatorRules = {},
  ) {
    // The release decides the duty-head words the books take (see Book's rules).
    this.rules = { version, ...rules };
    this.companyNames = companies.length ? [...companies] : [DEFAULT_EMULATOR_COMPANY];
    this.book = new Book(this.companyNames, this.rules);
    this.version = version;
  }

  /** Forget everything imported. */
  reset(): void {
    this.book = new Book(this.companyNames, this.rules);
    this.requests = 0;
  }

  importXml(xml: string): { outcome: ImportOutcome; xml: string } {
    this.requests++;
    const outcome = this.book.import(xml);
    return { outcome, xml: responseXml(outcome) };
  }

  /**
   * An Export request of TYPE Collection (an inline TDL collection of Ledger, Group, StockItem, Unit
   * or VoucherType) answered as TallyPrime does: ENVELOPE/BODY/DATA/COLLECTION, one element per
   * object with its NAME attribute and PARENT (and BASEUNITS for items). Null for anything else.
   */
  exportXml(xml: string): string | null {
    let doc: Record<string, unknown>;
    try {
      doc = xmlParser.parse(xml) as Record<string, unknown>;
    } catch {
      return null;
    }
    const env = (doc.ENVELOPE ?? {}) as Record<string, any>;
    if (text(env.HEADER?.TALLYREQUEST).trim().toLowerCase() !== 'export') return null;
    this.requests++;
    const desc = env.BODY?.DESC ?? {};
    const company = this.book.company(text(desc.STATICVARIABLES?.SVCURRENTCOMPANY).trim() || undefined);
    const collection = desc.TDL?.TDLMESSAGE?.COLLECTION ?? {};
    const type = text(collection.TYPE).trim().toLowerCase();
    const fetched = new Set(
      text(collection.FETCH)
        .split(',')
        .map((f) => f.trim().toLowerCase()),
    );
    const fail = (words: string) =>
      serializeXml(
        el('ENVELOPE', {}, [
          el('HEADER', {}, [leaf('VERSION', '1'), leaf('STATUS', '0')]),
          el('BODY', {}, [el('DATA', {}, [leaf('LINEERROR', words)])]),
        ]),
        { declaration: false },
      );
    if (text(env.HEADER?.TYPE).trim().toLowerCase() !== 'collection')
      return fail(TALLY_MESSAGES.unknownRequest);
    if (!company) return fail(TALLY_MESSAGES.company(text(desc.STATICVARIABLES?.SVCURRENTCOMPANY)));
    const parent = (p: string) => leaf('PARENT', p, { TYPE: 'String' });
    let objects;
    switch (type) {
      case 'company':
        // Every company loaded, as TallyPrime lists them, with the COMPUTE'd release and product.
        objects = [...this.book.companies.values()].map((c) =>
          el('COMPANY', { NAME: c.name }, [
            leaf('STATENAME', c.state, { TYPE: 'String' }),
            leaf('GSTREGISTRATIONNUMBER', c.gstin, { TYPE: 'String' }),
            c.booksFrom ? leaf('BOOKSFROM', toTallyDate(c.booksFrom), { TYPE: 'Date' }) : null,
            leaf('BAHIRELEASE', /\d+(\.\d+)*/.exec(this.version.replace(/ERP\s*9/i, ''))?.[0] ?? '', {
              TYPE: 'String',
            }),
            leaf('BAHIPRODUCT', /ERP/i.test(this.version) ? 'No' : 'Yes', { TYPE: 'Logical' }),
          ]),
        );
        break;
      case 'ledger': {
        const balances = fetched.has('closingbalance') ? company.balances() : undefined;
        objects = [...company.ledgers.values()].map((l) =>
          el('LEDGER', { NAME: l.name }, [
            parent(l.parent),
            fetched.has('partygstin') && l.gstin ? leaf('PARTYGSTIN', l.gstin, { TYPE: 'String' }) : null,
            fetched.has('ledstatename') && l.state ? leaf('LEDSTATENAME', l.state, { TYPE: 'String' }) : null,
            fetched.has('gstregistrationtype') && l.registrationType
              ? leaf('GSTREGISTRATIONTYPE', l.registrationType, { TYPE: 'String' })
              : null,
            // The duty head it kept (a word its release does not take was dropped on import).
            fetched.has('gstdutyhead') && l.gstDutyHead
              ? leaf('GSTDUTYHEAD', l.gstDutyHead, { TYPE: 'String' })
              : null,
            balances
              ? leaf('CLOSINGBALANCE', tallyAmount(balances.get(l.name.toLowerCase()) ?? 0), {
                  TYPE: 'Amount',
                })
              : null,
          ]),
        );
        break;
      }
      case 'group':
        objects = [...company.groups.values()].map((g) =>
          el('GROUP', { NAME: g.name }, [parent(g.parent === 'Primary' ? '' : g.parent)]),
        );
        break;
      case 'stockitem':
        objects = [...company.stockItems.values()].map((i) =>
          el('STOCKITEM', { NAME: i.name }, [
            parent(i.parent === 'Primary' ? '' : i.parent),
            leaf('BASEUNITS', i.unit, { TYPE: 'String' }),
            // The HSN as the item was imported with it: in GSTDETAILS.LIST (2.x and 3.0+) and
            // HSNDETAILS.LIST (3.0+), the lists Bahi's stock items write (decision 037 #22).
            fetched.has('gstdetails.list') && i.hsn
              ? el('GSTDETAILS.LIST', {}, [leaf('HSNCODE', i.hsn, { TYPE: 'String' })])
              : null,
            fetched.has('hsndetails.list') && i.hsn && !/ERP/i.test(this.version)
              ? el('HSNDETAILS.LIST', {}, [leaf('HSNCODE', i.hsn, { TYPE: 'String' })])
              : null,
          ]),
        );
        break;
      case 'unit':
        objects = [...company.units.values()].map((u) => el('UNIT', { NAME: u }, []));
        break;
      case 'voucher': {
        // The vouchers posting to one ledger in the period (held.ts's request). The emulator cannot
        // run TDL: it reads the ledger from the request's $$IsEqual:$LedgerName:"..." formula, and
        // the period from SVFROMDATE/SVTODATE, and serves each voucher's date, type and entries.
        const formulas = [desc.TDL?.TDLMESSAGE?.SYSTEM ?? []].flat() as unknown[];
        const ledger = formulas
          .map((f) => /\$LedgerName:"([^"]*)"/.exec(text(f))?.[1])
          .find((l) => l !== undefined)
          ?.toLowerCase();
        const from = isoFromTallyDate(text(desc.STATICVARIABLES?.SVFROMDATE).trim()) ?? '';
        const to = isoFromTallyDate(text(desc.STATICVARIABLES?.SVTODATE).trim()) ?? '9999-12-31';
        objects = company.vouchers
          .filter(
            (v) =>
              v.date >= from &&
              v.date <= to &&
              (ledger === undefined || v.legs.some((l) => l.ledger.trim().toLowerCase() === ledger)),
          )
          .map((v) =>
            el('VOUCHER', { VCHTYPE: v.type }, [
              leaf('DATE', toTallyDate(v.date), { TYPE: 'Date' }),
              leaf('VOUCHERTYPENAME', v.type, { TYPE: 'String' }),
              ...v.legs.map((l) =>
                el('ALLLEDGERENTRIES.LIST', {}, [
                  leaf('LEDGERNAME', l.ledger, { TYPE: 'String' }),
                  leaf('AMOUNT', tallyAmount(l.amount), { TYPE: 'Amount' }),
                ]),
              ),
            ]),
          );
        break;
      }
      case 'vouchertype':
        objects = PREDEFINED_VOUCHER_TYPES.filter((t) => company.voucherTypes.has(t.toLowerCase())).map((t) =>
          el('VOUCHERTYPE', { NAME: t }, [parent(t)]),
        );
        break;
      case 'taxunit':
        // Tax Units are TallyPrime 3.0's: an earlier release knows no such collection (037 #29).
        if (gstDutyHeadsFor(this.version).cgst !== GST_DUTY_HEADS_3.cgst)
          return fail(TALLY_MESSAGES.unknownRequest);
        objects = company.registrations.map((r) =>
          el('TAXUNIT', { NAME: r.name }, [
            leaf('STATENAME', r.state, { TYPE: 'String' }),
            leaf('GSTREGNUMBER', r.gstin, { TYPE: 'String' }),
          ]),
        );
        break;
      default:
        return fail(TALLY_MESSAGES.unknownRequest);
    }
    return serializeXml(
      el('ENVELOPE', {}, [
        el('HEADER', {}, [leaf('VERSION', '1'), leaf('STATUS', '1')]),
        el('BODY', {}, [el('DESC', {}, []), el('DATA', {}, [el('COLLECTION', {}, objects)])]),
      ]),
      { declaration: false },
    );
  }

  imported(): ImportedSummary {
    return {
      companies: [...this.book.companies.values()].map((c) => ({
        name: c.name,
        ledgers: [...c.ledgers.values()],
        balances: Object.fromEntries(
          [...c.balances()].filter(([, v]) => v !== 0).map(([k, v]) => [c.ledgers.get(k)?.name ?? k, v]),
        ),
        stockItems: [...c.stockItems.values()].map((s) => s.name),
        vouchers: [...c.vouchers],
      })),
      requests: this.requests,
    };
  }

  readonly handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'GET') return this.status(req, res);
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = req.headers['content-type'] ?? '';
      const request = decodeXmlBytes(body, contentType);
      const answer = this.exportXml(request) ?? this.importXml(request).xml;
      if (isUtf16(body, contentType)) {
        res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-16' }).end(encodeForTally(answer));
      } else {
        res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end(answer);
      }
    });
  };

  private status(req: IncomingMessage, res: ServerResponse): void {
    const summary = this.imported();
    const wantsJson =
      (req.url ?? '').includes('format=json') || (req.headers.accept ?? '').includes('application/json');
    if (wantsJson) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(summary, null, 2));
      return;
    }
    // Real TallyPrime answers GET with this sentence; tools probe for it.
    const rows = summary.companies
      .map(
        (c) =>
          `<h2>${escapeText(c.name)}</h2><p>${c.ledgers.length} ledgers, ${c.stockItems.length} stock items, ${c.vouchers.length} vouchers</p>` +
          `<table border="1" cellpadding="4"><tr><th>#</th><th>Date</th><th>Type</th><th>Party</th><th>Narration</th></tr>` +
          c.vouchers
            .slice(-200)
            .map(
              (v) =>
                `<tr><td>${v.id}</td><td>${v.date}</td><td>${escapeText(v.type)}</td><td>${escapeText(v.party)}</td><td>${escapeText(v.narration)}</td></tr>`,
            )
            .join('') +
          `</table>`,
      )
      .join('');
    res
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>Tally emulator</title><h1>TallyPrime Server is Running</h1>${rows}`);
  }
}

export interface RunningEmulator {
  emulator: TallyEmulator;
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function startTallyEmulator(
  options: {
    port?: number;
    host?: string;
    companies?: readonly (string | CompanyProfile)[];
    version?: string;
    /** What a known REMOTEID does (not assumed by default: see RemoteIdRule). */
    remoteIds?: RemoteIdRule;
    /** What ACTION="Create" does to a master Tally has (see MasterCreateRule). */
    mastersOnCreate?: MasterCreateRule;
  } = {},
): Promise<RunningEmulator> {
  const emulator = new TallyEmulator(options.companies, options.version, {
    remoteIds: options.remoteIds,
    mastersOnCreate: options.mastersOnCreate,
  });
  const server = createServer(emulator.handle);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    emulator,
    server,
    port,
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
