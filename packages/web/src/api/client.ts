import type { AnswerOf, Endpoint, RequestInputOf } from '@bahi/contract';
import { pathOf } from '@bahi/contract';
import type { z } from 'zod';
import { clearToken, readToken } from '../auth/token.ts';

/** Base URL of the API; set VITE_API_BASE at build time to call another host. */
export const API_BASE: string = (import.meta.env.VITE_API_BASE as string | undefined) || '/api';

/**
 * A failed call: the HTTP status (0 when the network failed), the server's `detail` (the reason in
 * plain words), its `code` and `next` step when it gave them, and the whole parsed JSON answer
 * (`body`, null when there was none) for answers that say more, such as the voucher export's per-row
 * `problems`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | undefined;
  readonly next: string | undefined;
  readonly body: unknown;
  constructor(status: number, detail: string, body: unknown = null) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.body = body;
    const said = (body ?? {}) as { code?: unknown; next?: unknown };
    this.code = typeof said.code === 'string' ? said.code : undefined;
    this.next =
      typeof said.next === 'string'
        ? said.next
        : status === 0
          ? 'Check your connection, then try again.'
          : undefined;
  }
}

type Body =
  { json: unknown } | { form: Record<string, string> } | { multipart: FormData } | Record<string, never>;

type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Body;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  keepalive?: true;
};

function url(path: string, query?: CallOptions['query']): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

function request(opts: CallOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  const b = opts.body ?? {};
  if ('json' in b) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(b.json);
  } else if ('form' in b) {
    // URLSearchParams sets application/x-www-form-urlencoded itself.
    body = new URLSearchParams(b.form);
  } else if ('multipart' in b) {
    // The browser writes the multipart boundary into Content-Type; setting it here would break it.
    body = b.multipart;
  }
  return {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: opts.signal,
    keepalive: opts.keepalive,
  };
}

async function send(path: string, opts: CallOptions): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url(path, opts.query), request(opts));
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'Could not reach the server. Check your connection.');
  }
  if (!res.ok) {
    // A refused token (expired, or signed out everywhere) is dropped so the guards send the user to /login.
    if (res.status === 401 && readToken() !== null) clearToken();
    throw await failure(res);
  }
  return res;
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the status text says what there is to say
  }
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return new ApiError(res.status, detail, body);
  // FastAPI-style validation errors carry a list of {msg}.
  if (Array.isArray(detail)) {
    return new ApiError(res.status, detail.map((d: { msg?: string }) => d.msg ?? '').join('; '), body);
  }
  return new ApiError(res.status, res.statusText || `Request failed (${res.status})`, body);
}

/** Calls the API and returns the parsed JSON answer, checked with `schema` when one is given. */
async function api<T = unknown>(path: string, opts: CallOptions = {}, schema?: z.ZodType<T>): Promise<T> {
  const res = await send(path, opts);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : null;
  return schema ? schema.parse(data) : (data as T);
}

/** How a call to an endpoint of the contract sends its body and fills its path. */
type EndpointCall<E extends Endpoint> = {
  params?: Record<string, string>;
  query?: CallOptions['query'];
  signal?: AbortSignal;
  /** JSON, checked against the endpoint's request type */
  json?: RequestInputOf<E>;
  /** form-encoded (the OAuth2-style sign-in) */
  form?: Record<string, string>;
  /** a file upload (the endpoint's `upload`) */
  multipart?: FormData;
  /** the caller checks the answer's shape itself (20,000 statement rows cost zod more than the request) */
  unchecked?: true;
  /** the request outlives the page (signing out while the tab closes) */
  keepalive?: true;
};

function endpointOptions<E extends Endpoint>(endpoint: E, call: EndpointCall<E>): CallOptions {
  const body: Body =
    call.multipart !== undefined
      ? { multipart: call.multipart }
      : call.form !== undefined
        ? { form: call.form }
        : call.json !== undefined
          ? { json: call.json }
          : {};
  return { method: endpoint.method, body, query: call.query, signal: call.signal, keepalive: call.keepalive };
}

/**
 * Calls an endpoint of the contract (@bahi/contract ENDPOINTS) by its entry, never by a path
 * string: the method and path come from the entry, and the answer is checked with its schema.
 */
export function call<E extends Endpoint>(endpoint: E, opts: EndpointCall<E> = {}): Promise<AnswerOf<E>> {
  const schema = opts.unchecked ? undefined : endpoint.answer;
  return api(pathOf(endpoint, opts.params), endpointOptions(endpoint, opts), schema) as Promise<AnswerOf<E>>;
}

/** An endpoint whose answer is a file: the blob and its file name. */
export function callForFile<E extends Endpoint>(
  endpoint: E,
  opts: EndpointCall<E> = {},
  fallbackName = 'download',
): Promise<{ blob: Blob; filename: string }> {
  return apiBlob(pathOf(endpoint, opts.params), endpointOptions(endpoint, opts), fallbackName);
}

/** Calls the API for a file: the blob and the file name from Content-Disposition (or `fallbackName`). */
async function apiBlob(
  path: string,
  opts: CallOptions = {},
  fallbackName = 'download',
): Promise<{ blob: Blob; filename: string }> {
  const res = await send(path, opts);
  return {
    blob: await res.blob(),
    filename: fileNameOf(res.headers.get('Content-Disposition')) ?? fallbackName,
  };
}

export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*("?)([^";]+)\1/i.exec(disposition);
  return plain?.[2];
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The server's reason when it gave one, else the caller's words. */
export const reasonOf = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.status > 0 ? err.detail : fallback;

/** The server's next step, when it named one. */
export const nextOf = (err: unknown): string | undefined => (err instanceof ApiError ? err.next : undefined);
