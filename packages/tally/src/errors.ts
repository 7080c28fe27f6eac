import { BahiError } from '@bahi/core';

/** An error with one message for the person using Bahi and one, more exact, for the log. */
export class TallyError extends BahiError {
  constructor(code: string, userMessage: string, logMessage = userMessage) {
    super(code, userMessage, logMessage);
    this.name = 'TallyError';
  }
}
