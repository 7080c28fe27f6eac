import {
  CheckPasswordAnswer,
  ExtractAnswer,
  LayoutsAnswer,
  TaughtLayoutInfo,
  type ReadReasonInfo,
  type SaveLayoutRequest,
  type TaughtLayout,
  SuggestAnswer,
  type LedgerSuggestion,
  type StatementTransaction,
  SaveLedgersAnswer,
  type SaveLedgersRequest,
  SaveRowsAnswer,
  type SaveRowsRequest,
  StatementList,
  type StatementListItem,
  type StatementRowsPage,
  StoredStatement,
} from '@bahi/contract';
import { API_BASE, ApiError, api, apiBlob } from '../api/client.ts';
import { readToken } from '../auth/token.ts';

// The statement and Tally calls of spec section 7. The extraction goes through XMLHttpRequest so
// the Processing overlay can show the upload's progress; everything else uses the shared client.

/** A failed statement call: ApiError plus the server's machine-readable code (WRONG_PASSWORD...). */
export class StatementCallError extends ApiError {
  readonly code: string | undefined;
  /** why, in plain words, and the next step (issue 17) */
  readonly reason: ReadReasonInfo | undefined;
  constructor(
    status: number,
    detail: string,
    code: string | undefined,
    reason?: ReadReasonInfo,
    body: unknown = null,
  ) {
    super(status, detail, body);
    this.code = code;
    this.reason = reason;
  }
}

function reasonOf(value: unknown): ReadReasonInfo | undefined {
  const r = value as Partial<ReadReasonInfo> | null | undefined;
  return r && typeof r.code === 'string' && typeof r.message === 'string' && typeof r.next === 'string'
    ? { code: r.code, message: r.message, next: r.next }
    : undefined;
}

const segment = (bank: string) => encodeURIComponent(bank.toLowerCase());

function form(file: File, password?: string, layout?: TaughtLayout): FormData {
  const data = new FormData();
  // The password goes before the file: the server reads fields in order and sees it either way.
  if (password) data.append('password', password);
  if (layout) data.append('layout', JSON.stringify(layout));
  data.append('file', file, file.name);
  return data;
}

export async function checkPasswordRequired(bank: string, file: File): Promise<boolean> {
  const answer = await api(
    `/${segment(bank)}/check-password`,
    { body: { multipart: form(file) } },
    CheckPasswordAnswer,
  );
  return answer.password_required;
}

export type Progress = { phase: 'upload'; percent: number } | { phase: 'reading' };

/** POST /{bank}/extract-statement with upload progress. Rejects with StatementCallError. */
export function extractStatement(
  bank: string,
  file: File,
  password: string | undefined,
  onProgress: (p: Progress) => void = () => {},
  layout?: TaughtLayout,
): Promise<ExtractAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/${segment(bank)}/${layout ? 'read-with-layout' : 'extract-statement'}`);
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        onProgress({ phase: 'upload', percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.upload.onload = () => onProgress({ phase: 'reading' });
    xhr.onerror = () =>
      reject(new StatementCallError(0, 'Could not reach the server. Check your connection.', undefined));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ExtractAnswer.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else
          reject(
            new StatementCallError(xhr.status, 'The server answered in an unexpected shape.', undefined),
          );
        return;
      }
      const body = (data ?? {}) as { detail?: unknown; code?: unknown; reason?: unknown };
      reject(
        new StatementCallError(
          xhr.status,
          typeof body.detail === 'string' ? body.detail : xhr.statusText || `Request failed (${xhr.status})`,
          typeof body.code === 'string' ? body.code : undefined,
          reasonOf(body.reason),
          data,
        ),
      );
    };
    xhr.send(form(file, password, layout));
  });
}

/** POST /{bankCode}/download-xml: the file (statement_{acc}.xml, bob_statement_{acc}.xml for BOB). */
export function downloadXml(
  bank: string,
  body: {
    acc: string;
    transactions: StatementTransaction[];
    ledger_name: string;
    company_name?: string;
    statement_id?: string;
  },
) {
  return apiBlob(`/${segment(bank)}/download-xml`, { body: { json: body } }, `statement_${body.acc}.xml`);
}

export function rememberLedgers(assignments: { description: string; ledger: string }[]) {
  return api('/ledger-memory', { body: { json: { assignments } } });
}

export async function suggestLedgers(descriptions: string[]): Promise<LedgerSuggestion[]> {
  if (descriptions.length === 0) return [];
  return (await api('/ledger-memory/suggest', { body: { json: { descriptions } } }, SuggestAnswer))
    .suggestions;
}

// ---- layouts the user taught (issue 17) ----

export async function listLayouts(): Promise<TaughtLayoutInfo[]> {
  return (await api('/layouts', {}, LayoutsAnswer)).layouts;
}

export function saveLayout(body: SaveLayoutRequest) {
  return api('/layouts', { body: { json: body } }, TaughtLayoutInfo);
}

export function renameLayout(id: string, name: string) {
  return api(
    `/layouts/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: { json: { name } } },
    TaughtLayoutInfo,
  );
}

export function deleteLayout(id: string) {
  return api(`/layouts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

// ---- statements kept on the server (issue 19) ----

export function getStatement(id: string, signal?: AbortSignal): Promise<StoredStatement> {
  return api(`/statements/${encodeURIComponent(id)}`, { signal }, StoredStatement);
}

/**
 * Every row of a statement with its ledger names, in one answer (gzipped by the server). The rows
 * are checked for shape by hand: zod over 20,000 tuples would cost more than the request.
 */
export async function getStatementRows(id: string, signal?: AbortSignal): Promise<StatementRowsPage> {
  const page = (await api(`/statements/${encodeURIComponent(id)}/rows`, { signal })) as StatementRowsPage;
  if (
    !page ||
    !Array.isArray(page.rows) ||
    !Array.isArray(page.ledgers) ||
    page.rows.length !== page.ledgers.length ||
    typeof page.revision !== 'number' ||
    !page.rows.every((r) => Array.isArray(r) && r.length === 5)
  )
    throw new ApiError(200, 'The server answered in an unexpected shape.');
  return page;
}

/** The newest statement of the user, or null when there is none (the result screen without an id). */
export async function latestStatement(): Promise<StatementListItem | null> {
  const list = await api('/statements', { query: { limit: 1 } }, StatementList);
  return list.statements[0] ?? null;
}

export function saveStatementLedgers(id: string, body: SaveLedgersRequest) {
  return api(`/statements/${encodeURIComponent(id)}/ledgers`, { body: { json: body } }, SaveLedgersAnswer);
}

export function saveStatementRows(id: string, body: SaveRowsRequest) {
  return api(
    `/statements/${encodeURIComponent(id)}/rows`,
    { method: 'PUT', body: { json: body } },
    SaveRowsAnswer,
  );
}

export function saveStatementAccepted(id: string, accepted: boolean) {
  return api(`/statements/${encodeURIComponent(id)}/accepted`, {
    method: 'PUT',
    body: { json: { accepted } },
  });
}
