/** An error with one message for the person using Bahi and one, more exact, for the log. */
export class TallyError extends Error {
  readonly userMessage: string;
  readonly logMessage: string;
  readonly code: string;
  constructor(code: string, userMessage: string, logMessage = userMessage) {
    super(logMessage);
    this.name = 'TallyError';
    this.code = code;
    this.userMessage = userMessage;
    this.logMessage = logMessage;
  }
}
