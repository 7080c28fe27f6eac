/**
 * The one base of Bahi's errors: `code` says what went wrong in a word a program can switch on
 * (the server picks the HTTP status by it, in one table), `userMessage` is safe to show as is, and
 * `logMessage` is for the log and may carry numbers a developer needs (never a password or a
 * statement's text). Every package's errors extend it.
 */
export class BahiError extends Error {
  readonly code: string;
  readonly userMessage: string;
  readonly logMessage: string;

  constructor(code: string, userMessage: string, logMessage: string = userMessage) {
    super(logMessage);
    this.name = 'BahiError';
    this.code = code;
    this.userMessage = userMessage;
    this.logMessage = logMessage;
  }
}

export function isBahiError(err: unknown): err is BahiError {
  return err instanceof BahiError;
}

/** A domain rule was broken (an impossible split, an allocation with no answer). */
export class DomainError extends BahiError {
  constructor(code: string, userMessage: string, logMessage: string = userMessage) {
    super(code, userMessage, logMessage);
    this.name = 'DomainError';
  }
}
