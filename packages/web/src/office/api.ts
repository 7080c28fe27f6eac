import {
  AccountInfo,
  BookAnswer,
  ClientAnswer,
  ClientInfo,
  FilingInfo,
  PushAnswer,
  RuleInfo,
  type AccountInput,
  type ClientInput,
  type RuleInput,
} from '@bahi/contract/office.ts';
import type { StatementTransaction } from '@bahi/contract';
import { z } from 'zod';
import { api } from '../api/client.ts';

// The office calls (issue 13, clients part): /api/office/... Answers are checked with the contract's
// schemas, as the other screens do.

const ClientList = z.object({ clients: z.array(ClientInfo) });

export const listClients = async (archived = false) =>
  (await api('/office/clients', { query: { archived: archived ? 'true' : undefined } }, ClientList)).clients;

export const createClient = (body: ClientInput) =>
  api('/office/clients', { body: { json: body } }, ClientInfo);

export const updateClient = (id: string, body: ClientInput) =>
  api(`/office/clients/${id}`, { method: 'PUT', body: { json: body } }, ClientInfo);

export const archiveClient = (id: string, archived: boolean) =>
  api(`/office/clients/${id}/archive`, { body: { json: { archived } } });

export const getClient = (id: string) => api(`/office/clients/${id}`, {}, ClientAnswer);

export const addAccount = (clientId: string, body: AccountInput) =>
  api(
    `/office/clients/${clientId}/accounts`,
    { body: { json: body } },
    z.object({ account: AccountInfo, filed: z.number() }),
  );

export const updateAccount = (id: string, body: AccountInput) =>
  api(`/office/accounts/${id}`, { method: 'PUT', body: { json: body } }, AccountInfo);

export const archiveAccount = (id: string, archived: boolean) =>
  api(`/office/accounts/${id}/archive`, { body: { json: { archived } } });

export const getBook = (accountId: string) => api(`/office/accounts/${accountId}/book`, {}, BookAnswer);

export const setLedgers = (accountId: string, rows: { id: string; ledger: string }[]) =>
  api(`/office/accounts/${accountId}/ledgers`, { method: 'PUT', body: { json: { rows } } });

/** Every unpushed row of the book, or those of one month ('YYYY-MM'). */
export const pushBook = (accountId: string, month?: string) =>
  api(`/office/accounts/${accountId}/push`, { body: { json: month ? { month } : {} } }, PushAnswer);

export const fileStatement = (body: {
  client_id: string;
  account_id?: string;
  file_name: string;
  bank: string | null;
  account_number: string;
  period_from?: string | null;
  period_to?: string | null;
  transactions: StatementTransaction[];
}) => api('/office/statements/file', { body: { json: body } }, FilingInfo);

export const fileUnfiled = (unfiledId: string, accountId: string) =>
  api(`/office/unfiled/${unfiledId}/file`, { body: { json: { account_id: accountId } } }, FilingInfo);

export const dropUnfiled = (unfiledId: string) => api(`/office/unfiled/${unfiledId}`, { method: 'DELETE' });

const RuleAnswer = z.object({ rule: RuleInfo, applied: z.number() });

export const createRule = (clientId: string, body: RuleInput) =>
  api(`/office/clients/${clientId}/rules`, { body: { json: body } }, RuleAnswer);

export const moveRule = (id: string, direction: 'up' | 'down') =>
  api(`/office/rules/${id}/move`, { body: { json: { direction } } });

export const deleteRule = (id: string) => api(`/office/rules/${id}`, { method: 'DELETE' });
