import {
  ENDPOINTS,
  type RequestInputOf,
  type AccountInput,
  type BookQuery,
  type HeldMovements,
  type ClientInput,
  type RuleInput,
  type TaxSplitInfo,
  type FixRowRequest,
} from '@bahi/contract';
import { call } from '../api/client.ts';

// The office calls (issue 13, clients part), made by the contract's endpoint entries: the method,
// path and answer schema come from ENDPOINTS, as the other screens do.

const id = (value: string) => ({ params: { id: value } });

export const listClients = async (archived = false) =>
  (await call(ENDPOINTS.clients, { query: { archived: archived ? 'true' : undefined } })).clients;

export const createClient = (body: ClientInput) => call(ENDPOINTS.createClient, { json: body });

export const updateClient = (clientId: string, body: ClientInput) =>
  call(ENDPOINTS.updateClient, { ...id(clientId), json: body });

export const archiveClient = (clientId: string, archived: boolean) =>
  call(ENDPOINTS.archiveClient, { ...id(clientId), json: { archived } });

export const getClient = (clientId: string) => call(ENDPOINTS.client, id(clientId));

export const addAccount = (clientId: string, body: AccountInput) =>
  call(ENDPOINTS.createAccount, { ...id(clientId), json: body });

export const archiveAccount = (accountId: string, archived: boolean) =>
  call(ENDPOINTS.archiveAccount, { ...id(accountId), json: { archived } });

/** A page of the book's rows (of the rows a view shows, when one is given), with the whole book's summaries. */
export const getBook = (accountId: string, query: BookQuery) =>
  call(ENDPOINTS.book, { ...id(accountId), query: { ...query } });

export const setLedgers = (accountId: string, rows: { id: string; ledger: string }[]) =>
  call(ENDPOINTS.setBookLedgers, { ...id(accountId), json: { rows } });

/** GST/TDS split of rows (null: none), decision 055. */
export const setSplits = (accountId: string, rows: { id: string; tax_split: TaxSplitInfo | null }[]) =>
  call(ENDPOINTS.setBookSplits, { ...id(accountId), json: { rows } });

/** One unpushed row fixed in place (decision 057): only the fields given change. */
export const fixRow = (accountId: string, fix: FixRowRequest) =>
  call(ENDPOINTS.fixBookRow, { ...id(accountId), json: fix });

/** Every unpushed row of the book, or those of one month ('YYYY-MM'). */
export const pushBook = (
  accountId: string,
  month?: string,
  held?: HeldMovements,
  /**
   * The groups of the push's new ledgers, chosen when the server asked (one each, or one for all),
   * and whether rows without a ledger take the suggested one (issue 31).
   */
  choice: Pick<
    RequestInputOf<typeof ENDPOINTS.pushBook>,
    'ledger_groups' | 'new_ledger_group' | 'use_suggestions'
  > = {},
) =>
  call(ENDPOINTS.pushBook, {
    ...id(accountId),
    json: {
      ...(month ? { month } : {}),
      ...(held ? { held } : {}),
      ...(choice.ledger_groups && Object.keys(choice.ledger_groups).length
        ? { ledger_groups: choice.ledger_groups }
        : {}),
      ...(choice.new_ledger_group ? { new_ledger_group: choice.new_ledger_group } : {}),
      ...(choice.use_suggestions ? { use_suggestions: true } : {}),
    },
  });

export const fileStatement = (body: RequestInputOf<typeof ENDPOINTS.fileStatement>) =>
  call(ENDPOINTS.fileStatement, { json: body });

export const fileUnfiled = (unfiledId: string, accountId: string) =>
  call(ENDPOINTS.fileUnfiled, { ...id(unfiledId), json: { account_id: accountId } });

export const dropUnfiled = (unfiledId: string) => call(ENDPOINTS.dropUnfiled, id(unfiledId));

export const createRule = (clientId: string, body: RuleInput) =>
  call(ENDPOINTS.createRule, { ...id(clientId), json: body });

export const moveRule = (ruleId: string, direction: 'up' | 'down') =>
  call(ENDPOINTS.moveRule, { ...id(ruleId), json: { direction } });

export const deleteRule = (ruleId: string) => call(ENDPOINTS.deleteRule, id(ruleId));

/** The inbox's statements no client's account matched, and the accounts they may go to (issue 34). */
export const getInbox = () => call(ENDPOINTS.inbox);

/**
 * The whole file of a kept export: a push of more than one part is kept in parts and its answer
 * carries no XML (issue 33), so its Download asks for it by id.
 */
export const exportXml = async (exportId: string): Promise<string> =>
  ((await call(ENDPOINTS.tallyExport, id(exportId))) as { xml?: string }).xml ?? '';
