import {
  ENDPOINTS,
  ExtractAnswer,
  pathOf,
  type LedgerSuggestion,
  type ReadReasonInfo,
  type SaveLayoutRequest,
  type SaveMappingRequest,
  type SheetMapping,
  type SheetPreviewAnswer,
  type SaveLedgersRequest,
  type SaveSplitsRequest,
  type SaveRowsRequest,
  type StatementListItem,
  type StatementRowsPage,
  type StatementTransaction,
  type StoredStatement,
  type TaughtLayout,
  type TaughtLayoutInfo,
} from '@bahi/contract';
import { xmlDownloadName } from '@bahi/core';
import { API_BASE, ApiError, call, callForFile } from '../api/client.ts';
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

  /**
   * Why it failed and what to do next: the read's reason, else the server's code, detail and next
   * step when it gave one (not enough pages, too many reads at once).
   */
  get why(): ReadReasonInfo | undefined {
    if (this.reason) return this.reason;
    return this.code && this.next ? { code: this.code, message: this.detail, next: this.next } : undefined;
  }
}

function reasonOf(value: unknown): ReadReasonInfo | undefined {
  const r = value as Partial<ReadReasonInfo> | null | undefined;
  return r && typeof r.code === 'string' && typeof r.message === 'string' && typeof r.next === 'string'
    ? { code: r.code, message: r.message, next: r.next }
    : undefined;
}

/** The bank's path parameter: the spec's paths name banks in lower case. */
const bankParam = (bank: string) => ({ bank: bank.toLowerCase() });

function form(file: File, password?: string, layout?: TaughtLayout, mapping?: SheetMapping): FormData {
  const data = new FormData();
  // The password goes before the file: the server reads fields in order and sees it either way.
  if (password) data.append('password', password);
  if (layout) data.append('layout', JSON.stringify(layout));
  if (mapping) data.append('mapping', JSON.stringify(mapping));
  data.append('file', file, file.name);
  return data;
}

export async function checkPasswordRequired(bank: string, file: File): Promise<boolean> {
  const answer = await call(ENDPOINTS.checkPassword, { params: bankParam(bank), multipart: form(file) });
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
  /** the sheet's columns the user marked (issue 35): read-with-mapping */
  mapping?: SheetMapping,
): Promise<ExtractAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const endpoint = layout
      ? ENDPOINTS.readWithLayout
      : mapping
        ? ENDPOINTS.readWithMapping
        : ENDPOINTS.extractStatement;
    xhr.open(endpoint.method, `${API_BASE}${pathOf(endpoint, bankParam(bank))}`);
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
    xhr.send(form(file, password, layout, mapping));
  });
}

/** POST /{bankCode}/download-xml: the file, named by the server as core's xmlDownloadName names it. */
export function downloadXml(
  bank: string,
  body: {
    acc: string;
    transactions: StatementTransaction[];
    ledger_name: string;
    company_name?: string;
    statement_id?: string;
    /** the rows sent or downloaded before too (issue 31) */
    include_sent?: boolean;
    /** the groups of the new ledgers, chosen before the download (issue 31) */
    ledger_groups?: Record<string, string>;
  },
) {
  return callForFile(
    ENDPOINTS.downloadXml,
    { params: bankParam(bank), json: body },
    xmlDownloadName(bank.toUpperCase(), body.acc),
  );
}

export async function suggestLedgers(descriptions: string[]): Promise<LedgerSuggestion[]> {
  if (descriptions.length === 0) return [];
  return (await call(ENDPOINTS.suggestLedgers, { json: { descriptions } })).suggestions;
}

// ---- layouts the user taught (issue 17) ----

/** POST /{bank}/sheet-preview: a workbook's or CSV's first rows as the reader sees them (issue 35). */
export function sheetPreview(bank: string, file: File, password?: string): Promise<SheetPreviewAnswer> {
  return call(ENDPOINTS.sheetPreview, { params: bankParam(bank), multipart: form(file, password) });
}

export function saveMapping(body: SaveMappingRequest) {
  return call(ENDPOINTS.saveMapping, { json: body });
}

export async function listLayouts(): Promise<TaughtLayoutInfo[]> {
  return (await call(ENDPOINTS.layouts)).layouts;
}

export function saveLayout(body: SaveLayoutRequest) {
  return call(ENDPOINTS.saveLayout, { json: body });
}

export function renameLayout(id: string, name: string) {
  return call(ENDPOINTS.renameLayout, { params: { id }, json: { name } });
}

export function deleteLayout(id: string) {
  return call(ENDPOINTS.deleteLayout, { params: { id } });
}

// ---- statements kept on the server (issue 19) ----

export function getStatement(id: string, signal?: AbortSignal): Promise<StoredStatement> {
  return call(ENDPOINTS.statement, { params: { id }, signal });
}

/**
 * Every row of a statement with its ledger names, in one answer (gzipped by the server). The rows
 * are checked for shape by hand: zod over 20,000 tuples would cost more than the request.
 */
export async function getStatementRows(id: string, signal?: AbortSignal): Promise<StatementRowsPage> {
  const page = (await call(ENDPOINTS.statementRows, { params: { id }, signal, unchecked: true })) as
    StatementRowsPage | undefined;
  if (
    !page ||
    !Array.isArray(page.rows) ||
    !Array.isArray(page.ledgers) ||
    page.rows.length !== page.ledgers.length ||
    typeof page.revision !== 'number' ||
    // the five shown items, then the printed reference and value date when the statement had them
    !page.rows.every((r) => Array.isArray(r) && r.length >= 5 && r.length <= 7)
  )
    throw new ApiError(200, 'The server answered in an unexpected shape.');
  return page;
}

/** The newest statement of the user, or null when there is none (the result screen without an id). */
export async function latestStatement(): Promise<StatementListItem | null> {
  const list = await call(ENDPOINTS.statements, { query: { limit: 1 } });
  return list.statements[0] ?? null;
}

/** The strips of the scanned page beside the rows read unsure, by row index (issue 32). */
export async function getScanCrops(id: string, signal?: AbortSignal): Promise<Record<string, string>> {
  return (await call(ENDPOINTS.statementScanCrops, { params: { id }, signal })).crops;
}

export function saveStatementLedgers(id: string, body: SaveLedgersRequest) {
  return call(ENDPOINTS.saveStatementLedgers, { params: { id }, json: body });
}

/** A GST/TDS split given to rows of the statement (null clears it), from the revision seen. */
export function saveStatementSplits(id: string, body: SaveSplitsRequest) {
  return call(ENDPOINTS.saveStatementSplits, { params: { id }, json: body });
}

export function saveStatementRows(id: string, body: SaveRowsRequest) {
  return call(ENDPOINTS.saveStatementRows, { params: { id }, json: body });
}

export function saveStatementAccepted(id: string, accepted: boolean) {
  return call(ENDPOINTS.acceptStatement, { params: { id }, json: { accepted } });
}
