// Statement parsing: SourceDocument -> StatementResult. Pure and synchronous.
export type * from './types.ts';
export { parseStatement } from './statement.ts';
export { toTruthJson } from './truth.ts';
