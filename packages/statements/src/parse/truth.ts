import type { StatementResult } from './types.ts';

export function toTruthJson(result: StatementResult): object {
  return {
    bank: result.bank,
    format: result.format,
    transactions: [],
    accounts: [],
    detection: result.detection,
  };
}
