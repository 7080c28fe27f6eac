import { ENDPOINTS } from '@bahi/contract';
import { call } from '../api/client.ts';

// The office drop's calls (issue 13, queue part), made by the contract's endpoint entries.

/** Files dropped on a client (or on the inbox, clientId null): each becomes a queued job. */
export function dropFiles(clientId: string | null, files: File[]) {
  const form = new FormData();
  if (clientId) form.append('client_id', clientId);
  for (const f of files) form.append('file', f, f.name);
  return call(ENDPOINTS.drop, { multipart: form });
}

export const listJobs = (clientId: string | null) =>
  call(ENDPOINTS.jobs, { query: clientId ? { client_id: clientId } : { inbox: '1' } });

/** The password is sent once and tried on every waiting file of that client; nothing keeps it. */
export const tryPassword = (clientId: string | null, password: string) =>
  call(ENDPOINTS.jobsPassword, { json: { client_id: clientId, password } });

/** The query key of a client's (or the inbox's) jobs, shared by the drop zone and the table. */
export const jobsKey = (clientId: string | null) => ['office-jobs', clientId ?? 'inbox'] as const;
