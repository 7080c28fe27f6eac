// The bridge's side of `{ export_id, api_base, token }` pushes: the XML stays on the Bahi server
// (the browser sends an id, not megabytes), the bridge fetches it with the user's own token and
// reports Tally's answer back so History shows it. The token and the XML are never logged.

export const BRIDGE_API_TIMEOUT_MS = 30_000;

/** The API bases a bridge fetches from: each allowed origin + '/api', nothing else. */
export function allowedApiBases(origins: Iterable<string>): Set<string> {
  return new Set([...origins].map((o) => `${o.replace(/\/$/, '')}/api`));
}

export type ExportFetch = { ok: true; xml: string } | { ok: false; status: number; detail: string };

const exportUrl = (apiBase: string, id: string) => `${apiBase}/tally/exports/${encodeURIComponent(id)}`;
/** `?part=N` when the push goes in parts: the API serves and records that part alone. */
const partQuery = (part: number | undefined) => (part === undefined ? '' : `?part=${part}`);
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** GET {api_base}/tally/exports/{id}: the stored XML, or the API's status and words. */
export async function fetchExportXml(
  apiBase: string,
  id: string,
  token: string,
  timeoutMs = BRIDGE_API_TIMEOUT_MS,
  part?: number,
): Promise<ExportFetch> {
  let res: Response;
  try {
    res = await fetch(exportUrl(apiBase, id) + partQuery(part), {
      headers: auth(token),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { ok: false, status: 502, detail: 'Could not reach Bahi to fetch the export.' };
  }
  const body = (await res.json().catch(() => ({}))) as { xml?: unknown; detail?: unknown };
  if (!res.ok) {
    const words = typeof body.detail === 'string' ? body.detail : `Bahi answered ${res.status}.`;
    // 4xx are the user's (no such export, signed out): pass them on; anything else is a bad gateway.
    return { ok: false, status: res.status >= 400 && res.status < 500 ? res.status : 502, detail: words };
  }
  if (typeof body.xml !== 'string' || !body.xml.trim()) {
    return { ok: false, status: 502, detail: 'The export has no XML.' };
  }
  return { ok: true, xml: body.xml };
}

/** POST {api_base}/tally/exports/{id}/response, best effort: false when it did not land. */
export async function reportExportResponse(
  apiBase: string,
  id: string,
  token: string,
  report: { ok: boolean; status?: string; tally_response?: unknown; detail?: string },
  timeoutMs = BRIDGE_API_TIMEOUT_MS,
  part?: number,
): Promise<boolean> {
  try {
    const res = await fetch(`${exportUrl(apiBase, id)}/response${partQuery(part)}`, {
      method: 'POST',
      headers: { ...auth(token), 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok;
  } catch {
    return false;
  }
}
