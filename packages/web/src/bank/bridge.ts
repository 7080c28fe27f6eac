import { HeldMovements } from '@bahi/contract';
import { API_BASE } from '../api/client.ts';
import { decodeClaims, readToken } from '../auth/token.ts';

// `bahi bridge`, the office connector, listens on this machine (spec: the desktop wrapper's local
// bridge). Its address can be changed for a non-default port in the Tally panel (issue 34; kept on
// this computer, localStorage 'bahi.bridge_url').
export const DEFAULT_BRIDGE_URL = 'http://127.0.0.1:9100';
/** The spec's fixed phone number when the token carries none. */
const DEFAULT_PHONE = '9999999999';

export function bridgeUrl(): string {
  try {
    return localStorage.getItem('bahi.bridge_url') || DEFAULT_BRIDGE_URL;
  } catch {
    return DEFAULT_BRIDGE_URL;
  }
}

/** Keeps the bridge's address ('' goes back to the default); false when it is no http(s) address. */
export function rememberBridgeUrl(typed: string): boolean {
  const url = typed.trim().replace(/\/+$/, '');
  if (url && !/^https?:\/\/[^\s/]+$/.test(url)) return false;
  if (url && url !== DEFAULT_BRIDGE_URL) localStorage.setItem('bahi.bridge_url', url);
  else localStorage.removeItem('bahi.bridge_url');
  return true;
}

// The local IP of the Tally connector, kept on this computer for the next push: the bank screen
// and a client's book ask for the same one.
const TALLY_IP_KEY = 'bahi.tally.local_ip';
export const rememberedTallyIp = (): string => localStorage.getItem(TALLY_IP_KEY) ?? '';
export const rememberTallyIp = (ip: string): void => localStorage.setItem(TALLY_IP_KEY, ip.trim());

function phoneForBridge(): string {
  const token = readToken();
  const phone = token ? decodeClaims(token)?.phone : null;
  return phone && /^\d{10}$/.test(phone) ? phone : DEFAULT_PHONE;
}

/** Is the bridge running? (GET /health within 2 seconds) */
export async function bridgeAvailable(): Promise<boolean> {
  try {
    const res = await fetch(`${bridgeUrl()}/health`, { signal: AbortSignal.timeout(2000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { ok?: boolean };
    return body.ok === true;
  } catch {
    return false;
  }
}

export type BridgeAnswer = {
  ok: boolean;
  status?: string;
  tally_response?: unknown;
  detail?: string;
  /** What Tally took but kept otherwise than sent: a tax ledger without its duty head (issue 31). */
  warnings?: string[];
};

/**
 * Asks the bridge to push a stored export to Tally at `localIp`: it fetches the XML from this app's
 * own API with the user's token and records Tally's answer on the export, so only the id travels.
 * Throws when the bridge fails.
 */
export async function pushThroughBridge(
  localIp: string,
  exportId: string,
  /** A push in parts (issue 19): the bridge fetches and posts this part alone. */
  part?: number,
): Promise<BridgeAnswer> {
  const res = await fetch(`${bridgeUrl()}/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      phone: phoneForBridge(),
      local_ip: localIp.trim(),
      export_id: exportId,
      // The bridge accepts only its allowed origins + '/api' (DESIGN: the API is same-origin).
      api_base: new URL(API_BASE, window.location.origin).href.replace(/\/$/, ''),
      token: readToken() ?? '',
      ...(part === undefined ? {} : { part }),
    }),
  });
  const body = (await res.json().catch(() => ({}))) as BridgeAnswer;
  if (!res.ok) throw new Error(body.detail || `bridge answered ${res.status}`);
  return body;
}

/**
 * What the company already holds on the bank ledger from `from` to `to` (ISO dates), read by the
 * bridge from Tally at `localIp` (issue 31): sent with the push so the server leaves those out.
 * Null when the bridge or Tally cannot say (the push then relies on Bahi's own record alone).
 */
export async function readHeldThroughBridge(
  localIp: string,
  company: string,
  ledger: string,
  from: string,
  to: string,
): Promise<HeldMovements | null> {
  try {
    const res = await fetch(`${bridgeUrl()}/held`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        local_ip: localIp.trim(),
        company: company.trim(),
        ledger: ledger.trim(),
        from,
        to,
      }),
    });
    const body = (await res.json().catch(() => ({}))) as { ok?: boolean; movements?: unknown };
    if (!res.ok || !body.ok) return null;
    const parsed = HeldMovements.safeParse(body.movements);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
