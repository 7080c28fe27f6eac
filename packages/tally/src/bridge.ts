// `bahi bridge`: the office connector. The web app (in the bookkeeper's browser) cannot post to
// TallyPrime itself (CORS, mixed content, a private address), so it hands the XML to this small
// server on 127.0.0.1, which posts it to Tally on the office network and answers with Tally's
// parsed RESPONSE. The web app sends either the XML or `{ export_id, api_base, token }`, in which
// case the bridge fetches the stored XML from Bahi and reports Tally's answer back
// (bridge-export.ts). Only the web app's origin may use it; the XML and token are never logged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIPv4, type AddressInfo } from 'node:net';
import { allowedApiBases, fetchExportXml, reportExportResponse } from './bridge-export.ts';
import { pushToTally, TALLY_DEFAULT_PORT } from './client.ts';
import { checkDutyHeadsBack } from './duty-heads.ts';
import { readTallyCompany } from './company.ts';
import { TallyError } from './errors.ts';
import { readHeldVouchers } from './held.ts';

export const BRIDGE_NAME = 'bahi-bridge';
export const BRIDGE_DEFAULT_PORT = 9100;
export const BRIDGE_DEFAULT_ORIGIN = 'http://localhost:8080';
export const BRIDGE_MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface BridgeOptions {
  /** Origins allowed to call the bridge (exact match, e.g. https://bahi.example.com). */
  origins?: readonly string[];
  /** the address it listens on, when not loopback: a Host naming it is accepted too */
  host?: string;
  tallyPort?: number;
  timeoutMs?: number;
  maxBodyBytes?: number;
  version?: string;
  /** Where to write one line per push (never the XML). */
  log?: (line: string) => void;
}

/** IPv4 addresses of the office network (and this machine): the only places the bridge posts to. */
export function isOfficeAddress(ip: string): boolean {
  if (!isIPv4(ip)) return false;
  const [a, b] = ip.split('.').map(Number);
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
  // not 169.254/16: link-local is no office's TallyPrime, and 169.254.169.254 is a cloud's metadata
}

// Names this bridge answers to. A page on another name that resolves to 127.0.0.1 (DNS rebinding)
// sends its own name as Host, and is refused.
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function createBridge(options: BridgeOptions = {}): Server {
  const origins = new Set(
    (options.origins?.length ? options.origins : [BRIDGE_DEFAULT_ORIGIN]).map((o) => o.replace(/\/$/, '')),
  );
  const apiBases = allowedApiBases(origins);
  const maxBody = options.maxBodyBytes ?? BRIDGE_MAX_BODY_BYTES;
  const log = options.log ?? (() => {});

  return createServer((req, res) => {
    if (!LOOPBACK_NAMES.has(hostName(req.headers.host)) && hostName(req.headers.host) !== options.host) {
      json(res, 421, { ok: false, detail: 'Host not allowed' });
      return;
    }
    const origin = req.headers.origin;
    // Requests from a browser carry Origin; a foreign page gets no CORS headers and a 403, so it
    // can neither read answers nor trigger pushes with "simple" requests. Local tools send none.
    if (origin !== undefined && !origins.has(origin)) {
      json(res, 403, { ok: false, detail: 'Origin not allowed' });
      return;
    }
    const cors: Record<string, string> = origin
      ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
      : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, Authorization',
        'Access-Control-Allow-Private-Network': 'true',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/health') {
      json(res, 200, { ok: true, name: BRIDGE_NAME, version: options.version ?? '0.1.0' }, cors);
      return;
    }
    if (req.method === 'POST' && path === '/push') {
      void push(req, res, cors);
      return;
    }
    if (req.method === 'POST' && path === '/company') {
      void company(req, res, cors);
      return;
    }
    if (req.method === 'POST' && path === '/held') {
      void held(req, res, cors);
      return;
    }
    json(res, 404, { ok: false, detail: 'Not found' }, cors);
  });

  /** The company and its masters, read from Tally at local_ip (docs/decisions/036). */
  async function company(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
    const fail = (status: number, detail: string, code?: string) =>
      json(res, status, { ok: false, detail, code }, cors);
    let body: { local_ip?: unknown; company?: unknown };
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      fail(400, 'Send JSON { local_ip, company }.');
      return;
    }
    const ip = officeIp(body.local_ip);
    if (!isOfficeAddress(ip)) {
      fail(400, `local_ip must be an IPv4 address of the office network, not '${ip}'.`);
      return;
    }
    const name = typeof body.company === 'string' ? body.company.trim().slice(0, 200) : '';
    const started = Date.now();
    try {
      const snapshot = await readTallyCompany({
        host: ip,
        port: options.tallyPort ?? TALLY_DEFAULT_PORT,
        timeoutMs: options.timeoutMs,
        company: name || undefined,
      });
      log(
        `company read from ${ip}: ${snapshot.ledgers.length} ledgers, ${snapshot.stockItems.length} items in ${Date.now() - started} ms`,
      );
      json(res, 200, { ok: true, ...snapshot }, cors);
    } catch (err) {
      const e =
        err instanceof TallyError ? err : new TallyError('io', 'Could not talk to Tally.', String(err));
      log(`company read from ${ip}: failed (${e.logMessage})`);
      fail(e.code === 'no_company' ? 404 : 502, e.userMessage, e.code);
    }
  }

  /**
   * What the company holds on a bank ledger in a period (held.ts), read from Tally at local_ip, so
   * a push sends only what is not there (issue 31). { local_ip, company, ledger, from, to } (ISO).
   */
  async function held(req: IncomingMessage, res: ServerResponse, cors: Record<string, string>) {
    const fail = (status: number, detail: string, code?: string) =>
      json(res, status, { ok: false, detail, code }, cors);
    let body: { local_ip?: unknown; company?: unknown; ledger?: unknown; from?: unknown; to?: unknown };
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8'));
    } catch {
      fail(400, 'Send JSON { local_ip, company, ledger, from, to }.');
      return;
    }
    const ip = officeIp(body.local_ip);
    if (!isOfficeAddress(ip)) {
      fail(400, `local_ip must be an IPv4 address of the office network, not '${ip}'.`);
      return;
    }
    const str = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 200) : '');
    const iso = /^\d{4}-\d{2}-\d{2}$/;
    const [company, ledger, from, to] = [str(body.company), str(body.ledger), str(body.from), str(body.to)];
    if (!ledger || !iso.test(from) || !iso.test(to)) {
      fail(400, 'Send the bank ledger and the period (from, to as YYYY-MM-DD).');
      return;
    }
    try {
      const movements = await readHeldVouchers({
        host: ip,
        port: options.tallyPort ?? TALLY_DEFAULT_PORT,
        timeoutMs: options.timeoutMs,
        company: company || undefined,
        bankLedger: ledger,
        from,
        to,
      });
      log(`held on '${ledger}' ${from}..${to} from ${ip}: ${movements.length} movement(s)`);
      json(res, 200, { ok: true, movements }, cors);
    } catch (err) {
      const e =
        err instanceof TallyError ? err : new TallyError('io', 'Could not talk to Tally.', String(err));
      log(`held on '${ledger}' from ${ip}: failed (${e.logMessage})`);
      fail(502, e.userMessage, e.code);
    }
  }

  async function push(
    req: IncomingMessage,
    res: ServerResponse,
    cors: Record<string, string>,
  ): Promise<void> {
    const fail = (status: number, detail: string) =>
      json(res, status, { ok: false, status: 'error', detail }, cors);
    let body: BridgeRequest;
    try {
      body = JSON.parse((await readBody(req, maxBody)).toString('utf8'));
    } catch (err) {
      const tooBig = err instanceof TallyError && err.code === 'too_large';
      fail(tooBig ? 413 : 400, tooBig ? 'The XML is too large.' : 'Send JSON { phone, local_ip, xml }.');
      return;
    }
    const ip = officeIp(body.local_ip);
    if (!isOfficeAddress(ip)) {
      fail(400, `local_ip must be an IPv4 address of the office network, not '${ip}'.`);
      return;
    }
    const source = exportSource(body);
    if (typeof source === 'string') {
      fail(400, source);
      return;
    }
    let xml: string;
    if (source) {
      const fetched = await fetchExportXml(
        source.apiBase,
        source.id,
        source.token,
        options.timeoutMs,
        source.part,
      );
      if (!fetched.ok) {
        log(`export ${source.id}: fetch failed (${fetched.status})`);
        fail(fetched.status, fetched.detail);
        return;
      }
      xml = fetched.xml;
    } else if (typeof body.xml === 'string' && body.xml.trim()) {
      xml = body.xml;
    } else {
      fail(400, 'Send xml, or export_id with api_base and token.');
      return;
    }
    const what = source
      ? `export ${source.id}${source.part !== undefined ? ` part ${source.part + 1}` : ''} to ${ip}`
      : `push to ${ip}`;
    const started = Date.now();
    let status: number;
    let answer: {
      ok: boolean;
      status: string;
      tally_response?: unknown;
      detail?: string;
      code?: string;
      /** what Tally took but kept otherwise than sent (a tax ledger without its duty head) */
      warnings?: string[];
    };
    try {
      const result = await pushToTally(xml, {
        host: ip,
        port: options.tallyPort ?? TALLY_DEFAULT_PORT,
        timeoutMs: options.timeoutMs,
      });
      log(
        `${what}: ${result.ok ? 'success' : 'error'} created=${result.created} altered=${result.altered} errors=${result.errors} in ${Date.now() - started} ms`,
      );
      status = 200;
      // Tally counts a tax ledger created even when it dropped its duty-head word: read them back.
      const warnings = await checkDutyHeadsBack(xml, {
        host: ip,
        port: options.tallyPort ?? TALLY_DEFAULT_PORT,
        timeoutMs: options.timeoutMs,
      }).catch((err: unknown) => [`Could not read the tax ledgers back from Tally: ${String(err)}`]);
      for (const w of warnings) log(`${what}: ${w}`);
      answer = {
        ok: true,
        status: result.ok ? 'success' : 'error',
        tally_response: result,
        ...(warnings.length ? { warnings } : {}),
      };
    } catch (err) {
      const e =
        err instanceof TallyError ? err : new TallyError('io', 'Could not talk to Tally.', String(err));
      log(`${what}: failed (${e.logMessage})`);
      status = 502;
      answer = { ok: false, status: 'error', detail: e.userMessage, code: e.code };
    }
    if (source) {
      const report = {
        ok: answer.ok,
        status: answer.status,
        tally_response: answer.tally_response,
        detail: answer.detail,
      };
      if (
        !(await reportExportResponse(
          source.apiBase,
          source.id,
          source.token,
          report,
          options.timeoutMs,
          source.part,
        ))
      )
        log(`export ${source.id}: could not report Tally's answer to Bahi`);
    }
    json(res, status, answer, cors);
  }

  /** The export a request names, null when it sends the XML itself, or why it cannot be used. */
  function exportSource(
    body: BridgeRequest,
  ): { id: string; apiBase: string; token: string; part?: number } | null | string {
    // The XML itself wins: older web apps sent it along with the export id.
    if (body.export_id === undefined || body.export_id === null || typeof body.xml === 'string') return null;
    const id = String(body.export_id).trim();
    const apiBase = String(body.api_base ?? '').replace(/\/$/, '');
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    if (!/^[\w-]{1,100}$/.test(id)) return 'export_id is not an export id.';
    if (!apiBases.has(apiBase)) return "api_base must be the web app's own origin + '/api'.";
    if (!token || /\s/.test(token)) return 'token is missing.';
    // A push in parts (docs/decisions/036): the web app asks for each part of the stored export in turn.
    if (body.part === undefined || body.part === null) return { id, apiBase, token };
    const part = Number(body.part);
    if (!Number.isInteger(part) || part < 0 || part > 100_000) return 'part is not a part number.';
    return { id, apiBase, token, part };
  }
}

type BridgeRequest = {
  phone?: unknown;
  local_ip?: unknown;
  xml?: unknown;
  export_id?: unknown;
  api_base?: unknown;
  token?: unknown;
  part?: unknown;
};

function officeIp(value: unknown): string {
  return (
    String(value ?? '')
      .trim()
      .replace(/^localhost$/i, '127.0.0.1') || '127.0.0.1'
  );
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new TallyError('too_large', 'The XML is too large.'));
        req.pause();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startBridge(
  options: BridgeOptions & { port?: number } = {},
): Promise<{ server: Server; port: number; url: string; close(): Promise<void> }> {
  const server = createBridge(options);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? BRIDGE_DEFAULT_PORT, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://${host}:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
