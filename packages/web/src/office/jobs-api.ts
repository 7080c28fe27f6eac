import { DropAnswer, JobsAnswer, JobsPasswordAnswer } from '@bahi/contract/office-jobs.ts';
import { api } from '../api/client.ts';

// The office drop's calls (issue 13, queue part): /api/office/drops and /api/office/jobs.

/** Files dropped on a client (or on the inbox, clientId null): each becomes a queued job. */
export function dropFiles(clientId: string | null, files: File[]) {
  const form = new FormData();
  if (clientId) form.append('client_id', clientId);
  for (const f of files) form.append('file', f, f.name);
  return api('/office/drops', { body: { multipart: form } }, DropAnswer);
}

export const listJobs = (clientId: string | null) =>
  api('/office/jobs', { query: clientId ? { client_id: clientId } : { inbox: '1' } }, JobsAnswer);

/** The password is sent once and tried on every waiting file of that client; nothing keeps it. */
export const tryPassword = (clientId: string | null, password: string) =>
  api('/office/jobs/password', { body: { json: { client_id: clientId, password } } }, JobsPasswordAnswer);

/** The query key of a client's (or the inbox's) jobs, shared by the drop zone and the table. */
export const jobsKey = (clientId: string | null) => ['office-jobs', clientId ?? 'inbox'] as const;
