import { TallyCompanyAnswer, TallyCompanySnapshot } from '@bahi/contract';
import { z } from 'zod';
import { api, ApiError } from '../api/client.ts';
import { bridgeUrl } from '../bank/bridge.ts';

// The company in TallyPrime: read through `bahi bridge` (which asks Tally itself), or from a masters
// export file, and kept on the server for this user (GET/PUT /api/tally/company, POST .../file).

export async function fetchCompany(name?: string): Promise<TallyCompanyAnswer | null> {
  try {
    return await api('/tally/company', { query: { name: name?.trim() || undefined } }, TallyCompanyAnswer);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Asks the bridge to read the company at `localIp` (TallyPrime's XML server), then keeps it in Bahi. */
export async function readCompanyThroughBridge(
  localIp: string,
  company: string,
): Promise<TallyCompanyAnswer> {
  let res: Response;
  try {
    res = await fetch(`${bridgeUrl()}/company`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ local_ip: localIp.trim(), company: company.trim() }),
    });
  } catch {
    throw new Error('The Tally connector (bahi bridge) is not running on this computer.');
  }
  const body = (await res.json().catch(() => ({}))) as { ok?: boolean; detail?: string };
  if (!res.ok || !body.ok) throw new Error(body.detail || `The connector answered ${res.status}.`);
  const snapshot = TallyCompanySnapshot.parse(body);
  return api('/tally/company', { method: 'PUT', body: { json: snapshot } }, TallyCompanyAnswer);
}

/** Loads the company from a masters file TallyPrime exported (XML), for offices without the bridge. */
export function uploadMastersFile(
  file: File,
  fields: { company_name?: string; state?: string; gstin?: string },
): Promise<TallyCompanyAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v?.trim()) form.append(k, v.trim());
  form.append('file', file);
  return api('/tally/company/file', { body: { multipart: form } }, TallyCompanyAnswer);
}

const SentForParts = z.object({
  ok: z.boolean(),
  xml_id: z.string(),
  vouchers: z.number().int(),
  parts: z.number().int().min(1),
});
export type SentForParts = z.infer<typeof SentForParts>;

/** Stores the push on the server without downloading its XML back: the bridge fetches it part by part. */
export function sendForParts(body: {
  transactions: unknown[];
  ledger_name: string;
  company_name: string;
}): Promise<SentForParts> {
  return api('/tally/send-to-tally', { query: { xml: 'none' }, body: { json: body } }, SentForParts);
}
