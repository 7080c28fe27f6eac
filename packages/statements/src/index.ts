// @bahi/statements: bank statement files -> transactions, with a reconciliation.
export type * from './source.ts';
export * from './parse/index.ts';
export { StatementError, isStatementError, type StatementErrorCode } from './errors.ts';
export {
  extractStatement,
  extractStatementInProcess,
  checkPassword,
  readWorkbookRows,
  previewSheets,
  openArchiveInReader,
  openArchiveIntoFolder,
  openArchiveFileIntoFolder,
  readMastersInReader,
  closePool,
  configurePool,
  type ExtractOptions,
  type Extraction,
  type StatementInput,
} from './extract.ts';
export {
  layoutSignature,
  fitLayout,
  preferTaught,
  readQuality,
  type LayoutSignature,
  type ReadQuality,
} from './taught.ts';
export type { TaughtCandidate, MappedCandidate, KeptFile } from './worker/job.ts';
export {
  readMapped,
  fitMapping,
  sheetSignature,
  sheetPreview,
  mappingProblem,
  PREVIEW_ROWS,
  PREVIEW_COLUMNS,
  type SheetMapping,
  type SheetSignature,
  type SheetPreview,
  type AmountStyle,
} from './mapped.ts';
export { StatementPool, type PoolOptions } from './worker/pool.ts';
export { detectFileKind, type FileKind } from './read/kind.ts';
export { xlsxNeedsPassword } from './read/xlsx.ts';
export { zipEntries, type ZipEntry, type ArchiveFile, type ArchiveLimits } from './read/zip.ts';
export type { WrittenArchiveFile } from './worker/archive-files.ts';
export type { ReadResult, ReadOptions } from './read/index.ts';

/** Read a file into a SourceDocument in this thread (pdf.js, OCR and exceljs load on first call). */
export async function readDocument(
  ...args: Parameters<typeof import('./read/index.ts').readDocument>
): ReturnType<typeof import('./read/index.ts').readDocument> {
  return (await import('./read/index.ts')).readDocument(...args);
}

/** Stops the OCR workers, if any were started (the OCR code loads only when a scan is read). */
export async function closeOcr(): Promise<void> {
  return (await import('./read/ocr.ts')).closeOcr();
}
