import type { StatementErrorCode } from '@bahi/statements';

/**
 * An error answer: `detail` is shown to the user as is; `logMessage` (optional) goes only to the log;
 * `code` (optional) lets a screen tell kinds of failure apart without reading the words.
 * Every route throws these; the app's error handler turns them into JSON { detail, code? }.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | undefined;
  constructor(status: number, detail: string, logMessage?: string, code?: string) {
    super(logMessage ?? detail);
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not signed in or the session has expired.') =>
  new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const tooMany = (detail: string) => new HttpError(429, detail);

/** One status per file failure, for statements and billing workbooks alike. */
export const FILE_FAILURE_STATUS: Record<StatementErrorCode, number> = {
  PASSWORD_REQUIRED: 400,
  WRONG_PASSWORD: 400,
  UNREADABLE: 422,
  UNSUPPORTED: 422,
  TOO_LARGE: 413,
  TIMEOUT: 422,
  NO_TRANSACTIONS: 422,
  CANCELLED: 503,
  INTERNAL: 500,
};

/** A file failure as an answer { detail, code } with its status. */
export const fileFailure = (code: StatementErrorCode, detail: string, logMessage?: string) =>
  new HttpError(FILE_FAILURE_STATUS[code], detail, logMessage, code);
