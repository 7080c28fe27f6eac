/**
 * An error answer: `detail` is shown to the user as is; `logMessage` (optional) goes only to the log.
 * Every route throws these; the app's error handler turns them into JSON { detail }.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  constructor(status: number, detail: string, logMessage?: string) {
    super(logMessage ?? detail);
    this.status = status;
    this.detail = detail;
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Not signed in or the session has expired.') =>
  new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const tooMany = (detail: string) => new HttpError(429, detail);
