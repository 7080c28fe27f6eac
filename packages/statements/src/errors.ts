// One error type for everything that can go wrong turning a file into a statement, on Bahi's one
// base error (BahiError of @bahi/core). `userMessage` is safe to show to the user; `logMessage` is
// safe to log: neither ever holds a password or any text from the statement.
import { BahiError } from '@bahi/core';

export type StatementErrorCode =
  | 'PASSWORD_REQUIRED'
  | 'WRONG_PASSWORD'
  | 'UNREADABLE'
  | 'UNSUPPORTED'
  | 'TOO_LARGE'
  | 'TIMEOUT'
  | 'NO_TRANSACTIONS'
  | 'CANCELLED'
  | 'INTERNAL';

const DEFAULT_MESSAGES: Record<StatementErrorCode, string> = {
  PASSWORD_REQUIRED: 'This file is password-protected. Please enter its password.',
  WRONG_PASSWORD: 'Incorrect password.',
  UNREADABLE: 'The file is damaged or incomplete and cannot be read.',
  UNSUPPORTED: 'This kind of file is not supported. Upload a PDF, XLSX, RPT or image of the statement.',
  TOO_LARGE: 'The file is too large to process.',
  TIMEOUT: 'The file took too long to process.',
  NO_TRANSACTIONS: 'No transactions were found in this file.',
  CANCELLED: 'Processing was cancelled.',
  INTERNAL: 'The statement could not be processed.',
};

export class StatementError extends BahiError {
  declare readonly code: StatementErrorCode;
  /**
   * The reader stopped before it answered (its process died, or the pool closed): the file may
   * read on another try. Unset on what a reader answered, an unexpected exception of its parser
   * included: that answer comes again on every try (issue 33: a table that crashed the parser
   * was read three times by the queue's retries).
   */
  readonly stopped: boolean;

  constructor(
    code: StatementErrorCode,
    opts: { userMessage?: string; logMessage?: string; stopped?: boolean } = {},
  ) {
    const userMessage = opts.userMessage ?? DEFAULT_MESSAGES[code];
    super(code, userMessage, opts.logMessage ?? code);
    // The message stays the user's words, as callers and the CLI print it; the log takes logMessage.
    this.message = userMessage;
    this.name = 'StatementError';
    this.stopped = opts.stopped ?? false;
  }

  /**
   * Plain data, to cross a worker boundary (`stopped` too: a helper reader that died fails its
   * job's reader with that error, which the job's reader answers on).
   */
  toJSON(): { code: StatementErrorCode; userMessage: string; logMessage: string; stopped?: boolean } {
    return {
      code: this.code,
      userMessage: this.userMessage,
      logMessage: this.logMessage,
      ...(this.stopped ? { stopped: true } : {}),
    };
  }

  static fromJSON(data: {
    code: StatementErrorCode;
    userMessage: string;
    logMessage: string;
    stopped?: boolean;
  }) {
    return new StatementError(data.code, data);
  }
}

export function isStatementError(err: unknown): err is StatementError {
  return err instanceof StatementError;
}

/** The name of an unexpected error for a log line: its class, never its message (it may quote the file). */
export function errorKind(err: unknown): string {
  return err instanceof Error ? err.name || 'Error' : typeof err;
}
