// @bahi/statements: bank statement files -> transactions, with a reconciliation.
export type * from './source.ts';
export * from './parse/index.ts';
export { StatementError, isStatementError, type StatementErrorCode } from './errors.ts';
export {
  extractStatement,
  extractStatementInProcess,
  checkPassword,
  closePool,
  configurePool,
  type ExtractOptions,
  type Extraction,
} from './extract.ts';
export { StatementPool, type PoolOptions } from './worker/pool.ts';
export { readDocument, detectFileKind, type FileKind, type ReadResult } from './read/index.ts';
