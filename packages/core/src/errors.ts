/**
 * A domain rule was broken. `userMessage` is safe to show as is; `message` is for the log and may
 * carry numbers a developer needs. `code` lets callers pick an HTTP status or a screen message.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly userMessage: string;

  constructor(code: string, userMessage: string, logMessage: string = userMessage) {
    super(logMessage);
    this.name = 'DomainError';
    this.code = code;
    this.userMessage = userMessage;
  }
}
