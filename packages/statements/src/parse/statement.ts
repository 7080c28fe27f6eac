import type { SourceDocument } from '../source.ts';
import type { ParseOptions, StatementResult } from './types.ts';

// First version: the engine lands bank by bank behind this signature.
export function parseStatement(doc: SourceDocument, opts: ParseOptions = {}): StatementResult {
  return {
    bank: opts.bank ?? null,
    detection: {
      code: opts.bank ?? null,
      confidence: 0,
      requested: opts.bank ?? null,
      corrected: false,
      reason: 'not implemented yet',
    },
    format: doc.format,
    accounts: [],
    issues: [{ kind: 'layout', message: 'No transaction table found.' }],
  };
}
