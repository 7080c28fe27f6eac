import { BahiError, READ_REASON_CODES, readReason, type ReadReasonCode } from '@bahi/core';
import type { StatementErrorCode } from '@bahi/statements';

// The server's one way of failing. Every package's errors extend BahiError (@bahi/core) and carry a
// code; this file alone turns a code into an HTTP status and a next step, and the app's error handler
// (app.ts) answers every failure as { detail, code, next?, ...extra }. Routes throw; they never pick
// a status or write an error answer themselves.

/** The server's own failure codes, beside the codes of @bahi/statements, @bahi/tally and @bahi/core. */
type ServerErrorCode =
  | 'BAD_REQUEST'
  | 'NOT_SIGNED_IN'
  | 'NOT_ENOUGH_PAGES'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'STALE_REVISION'
  | 'INVALID'
  | 'TOO_MANY'
  | 'UPSTREAM'
  | 'UNAVAILABLE'
  | 'DISK_FULL';

/** Every code with a status of its own; any other BahiError is 422 (the request could not be done as asked). */
const STATUS: Record<ServerErrorCode | StatementErrorCode, number> & Record<string, number> = {
  BAD_REQUEST: 400,
  NOT_SIGNED_IN: 401,
  NOT_ENOUGH_PAGES: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // rows changed in another tab since the client read them
  STALE_REVISION: 409,
  INVALID: 422,
  TOO_MANY: 429,
  UPSTREAM: 502,
  UNAVAILABLE: 503,
  // the server's disk (the data directory, or PostgreSQL's) has no room: 507 Insufficient Storage
  DISK_FULL: 507,
  // @bahi/statements: one status per file failure, for statements and billing workbooks alike
  PASSWORD_REQUIRED: 400,
  WRONG_PASSWORD: 400,
  UNREADABLE: 422,
  UNSUPPORTED: 422,
  TOO_LARGE: 413,
  TIMEOUT: 422,
  NO_TRANSACTIONS: 422,
  CANCELLED: 503,
  INTERNAL: 500,
  // office/accounts.ts: a statement that would take a book past its row limit
  BOOK_FULL: 413,
  // @bahi/core: billing allocation input the user can correct
  'bad-input': 400,
  // @bahi/tally: Tally did not answer
  io: 502,
  too_large: 413,
};

/** The status an error is answered with. */
export function statusOf(err: BahiError): number {
  return STATUS[err.code] ?? 422;
}

/** What to do next, beside the reason (the web shows both next to the specification's alert). */
const NEXT: Partial<Record<ServerErrorCode, string>> = {
  NOT_SIGNED_IN: 'Sign in again, then repeat what you were doing.',
  NOT_ENOUGH_PAGES: 'Buy pages on the Pay screen, then try again.',
  TOO_MANY: 'Wait a few minutes, then try again.',
  UPSTREAM: 'Try again in a minute.',
  UNAVAILABLE: 'Try again later.',
  DISK_FULL: "Tell the server's administrator: once there is room again, send it again.",
};

export function nextStep(code: string): string | undefined {
  if ((READ_REASON_CODES as readonly string[]).includes(code)) return readReason(code as ReadReasonCode).next;
  return NEXT[code as ServerErrorCode];
}

/** The code of an answer Fastify itself refuses (a body that is not JSON, a media type it does not take). */
export const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'NOT_SIGNED_IN',
  402: 'NOT_ENOUGH_PAGES',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  422: 'INVALID',
  429: 'TOO_MANY',
  500: 'INTERNAL',
  502: 'UPSTREAM',
  503: 'UNAVAILABLE',
  507: 'DISK_FULL',
};

/**
 * A failure of a request: `detail` (the user message) is shown as is; the log message goes only to
 * the log; `extra` fields are added to the answer (a read's `reason`, a voucher export's `problems`).
 * Made by code, never by status: `new HttpError('NOT_FOUND', 'No such layout.')`.
 */
export class HttpError extends BahiError {
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    code: ServerErrorCode | StatementErrorCode | ReadReasonCode,
    detail: string,
    logMessage?: string,
    extra: Record<string, unknown> = {},
  ) {
    super(code, detail, logMessage ?? detail);
    this.name = 'HttpError';
    this.extra = extra;
  }

  get status(): number {
    return statusOf(this);
  }

  get detail(): string {
    return this.userMessage;
  }
}

export const badRequest = (detail: string) => new HttpError('BAD_REQUEST', detail);
export const unauthorized = (detail = 'Not signed in or the session has expired.') =>
  new HttpError('NOT_SIGNED_IN', detail);
export const forbidden = (detail = 'You do not have permission to do this.') =>
  new HttpError('FORBIDDEN', detail);
export const notFound = (detail = 'Not found.') => new HttpError('NOT_FOUND', detail);
export const conflict = (detail: string) => new HttpError('CONFLICT', detail);
export const invalid = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError('INVALID', detail, detail, extra);
export const tooMany = (detail: string) => new HttpError('TOO_MANY', detail);
export const unavailable = (detail: string) => new HttpError('UNAVAILABLE', detail);

/** What a request that needed room on a full disk hears (it kept nothing: its transaction failed). */
export const DISK_FULL = "The server's disk is full, so nothing of this was saved.";

/** What a request hears while PostgreSQL cannot be reached (a restart, a failover): 503, not 500. */
export const DATABASE_DOWN = 'The database is not reachable right now. Try again in a minute.';

/** A file failure as an answer { detail, code } with its status. */
export const fileFailure = (code: StatementErrorCode, detail: string, logMessage?: string) =>
  new HttpError(code, detail, logMessage);
