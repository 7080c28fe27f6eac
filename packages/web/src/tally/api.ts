import {
  ENDPOINTS,
  TallyCompanyAnswer,
  type BankStatementFileRequest,
  TallyCompanySnapshot,
  type HeldMovements,
  type PushPlanAnswer,
  type PushPlanRequest,
  type SendToTallyRequest,
  type TallyImportReport,
  type TallyPushDetail,
  type TallyPushesAnswer,
  type TallyPushVoucherState,
  type TallySendAgainAnswer,
} from '@bahi/contract';
import { call, callForFile } from '../api/client.ts';
import { bridgeUrl } from '../bank/bridge.ts';

// The Tally calls of the web app, by the contract's endpoints. The company in TallyPrime: read
// through `bahi bridge` (which asks Tally itself), or from a masters export file, and kept on the
// server for this user (GET/PUT /api/tally/company, POST .../file).

/** The company kept in Bahi (the one named, else the last read); null when none is read yet. */
export function fetchCompany(name?: string): Promise<TallyCompanyAnswer | null> {
  return call(ENDPOINTS.tallyCompany, { query: { name: name?.trim() || undefined } });
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
  return call(ENDPOINTS.saveTallyCompany, { json: snapshot });
}

/** Loads the company from a masters file TallyPrime exported (XML), for offices without the bridge. */
export function uploadMastersFile(
  file: File,
  fields: { company_name?: string; state?: string; gstin?: string },
): Promise<TallyCompanyAnswer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v?.trim()) form.append(k, v.trim());
  form.append('file', file);
  return call(ENDPOINTS.tallyCompanyFile, { multipart: form });
}

/**
 * Stores the push on the server without downloading its XML back: the bridge fetches it part by
 * part. `statement_id` names the stored statement the rows are from (references and value dates).
 */
export function sendForParts(body: SendToTallyRequest) {
  return call(ENDPOINTS.sendToTally, { query: { xml: 'none' }, json: body });
}

/** What the bridge answered, kept with the export (History shows it). */
export function reportTallyResponse(
  id: string,
  report: { ok: boolean; status?: string; tally_response?: TallyImportReport | null; detail?: string },
) {
  return call(ENDPOINTS.tallyExportResponse, { params: { id }, json: report });
}

/** The pushes kept (newest first), with how many of each one's vouchers are in Tally (issue 31). */
export function fetchPushes(offset: number, limit: number): Promise<TallyPushesAnswer> {
  return call(ENDPOINTS.tallyPushes, { query: { offset, limit } });
}

/** One push with its vouchers (those in `state` when given), a page of them. */
export function fetchPush(
  id: string,
  state?: TallyPushVoucherState | 'waiting',
  limit = 200,
): Promise<TallyPushDetail> {
  return call(ENDPOINTS.tallyPush, { params: { id }, query: { state, limit } });
}

/** A new push of the vouchers of `id` that are not in Tally; `held` is what the company was found to hold. */
export function sendAgain(id: string, held?: HeldMovements): Promise<TallySendAgainAnswer> {
  return call(ENDPOINTS.tallySendAgain, { params: { id }, json: held ? { held } : {} });
}

/** What Send to Tally or Download XML of these rows would do (issue 31); nothing is kept. */
export function planPush(body: PushPlanRequest): Promise<PushPlanAnswer> {
  return call(ENDPOINTS.tallyPushPlan, { json: body });
}

/**
 * The statement as TallyPrime's bank-statement file for auto reconciliation (MT940, issue 31): the
 * whole statement as read, so its balances chain. It records and creates nothing in Tally.
 */
export function downloadBankStatementFile(body: BankStatementFileRequest) {
  return callForFile(ENDPOINTS.tallyBankStatementFile, { json: body }, `statement_${body.acc}.sta`);
}
