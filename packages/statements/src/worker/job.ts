// What one job does, wherever it runs (a pool worker, or in-process for tests): read the file,
// parse it, and return plain data.
import { readFileSync } from 'node:fs';
import type { BankCode } from '@bahi/core';
import type { TallyCompanySnapshot } from '@bahi/tally';
import { StatementError } from '../errors.ts';
import { parseStatement, Trace } from '../parse/index.ts';
import { cutScanCrops } from '../scan/crops.ts';
import { rereadDateCells } from '../scan/date-cells.ts';
import type { StatementResult, TaughtLayout } from '../parse/index.ts';
import {
  fitLayout,
  layoutSignature,
  preferTaught,
  readQuality,
  snapLayout,
  type LayoutSignature,
} from '../taught.ts';
import {
  fitMapping,
  readMapped,
  sheetPreview,
  sheetSignature,
  type SheetMapping,
  type SheetPreview,
  type SheetSignature,
} from '../mapped.ts';
import { checkPassword, readDocument, type FileKind, type ReadOptions } from '../read/index.ts';
import { readPdfPart, type PageClaims, type PdfPart } from '../read/pdf.ts';
import { detectFileKind } from '../read/kind.ts';
import { readXlsx } from '../read/xlsx.ts';
import { openArchive, zipEntries, type ArchiveFile, type ArchiveLimits } from '../read/zip.ts';
import { writeArchiveFiles, type WrittenArchiveFile } from './archive-files.ts';
import type { Cell, Page } from '../source.ts';

/**
 * A file kept on disk (an upload the server streamed under its data directory, issue 33): the pool
 * pipes it to the reader when the job starts, so a queued job holds its first bytes, not its file.
 * The job's `bytes` are then empty; `head` is the file's first bytes (at least 4 KB or the whole
 * file), for the scheduler's look at its kind.
 */
export interface KeptFile {
  path: string;
  size: number;
  head: Uint8Array;
}

export interface ExtractJob {
  op: 'extract';
  bytes: Uint8Array;
  file?: KeptFile;
  password?: string;
  bank?: BankCode;
  fileName?: string;
  /** OCR pages without a text layer (default true) */
  ocr?: boolean;
  /** read the table with this layout the user marked (issue 17) */
  layout?: TaughtLayout;
  /** layouts the user taught before: the first whose shape this file has reads it */
  taught?: TaughtCandidate[];
  /** read the sheet with the columns the user marked (issue 35) */
  mapping?: SheetMapping;
  /** sheet mappings the user made before: the first whose heading this file has reads it */
  mapped?: MappedCandidate[];
  /** cut the strip of the scanned page beside each flagged OCR row (Transaction.scanCrop; issue 32) */
  crops?: boolean;
}

export interface MappedCandidate {
  id: string;
  mapping: SheetMapping;
  signature: SheetSignature;
}

/** The first rows of a workbook or delimited file, as the reader sees them (the mapping screen). */
export interface PreviewSheetsJob {
  op: 'previewSheets';
  bytes: Uint8Array;
  file?: KeptFile;
  password?: string;
  fileName?: string;
}

export interface TaughtCandidate {
  id: string;
  layout: TaughtLayout;
  signature: LayoutSignature;
}

export interface CheckPasswordJob {
  op: 'checkPassword';
  bytes: Uint8Array;
  file?: KeptFile;
}

/** A helper's share of another job's PDF: the pages it claims (JobHooks.claims) from the pool. */
export interface ReadPartJob {
  op: 'readPart';
  bytes: Uint8Array;
  file?: KeptFile;
  password?: string;
  pageCount: number;
  ocr?: boolean;
  /** keep the OCR'd pages' small pictures, as the owner does (its job cuts unsure rows' strips) */
  preview?: boolean;
}

/** A billing workbook's first sheet (the server's billing calls). */
export interface ReadWorkbookJob {
  op: 'readWorkbook';
  bytes: Uint8Array;
  /** the upload kept on disk, piped by the pool when the job starts (issue 33) */
  file?: KeptFile;
  password?: string;
}

export interface WorkbookOutput {
  rows: Cell[][];
}

/** A .zip dropped on the office queue: its statements, opened under limits (issue 33). */
export interface OpenArchiveJob {
  op: 'openArchive';
  /** the archive's bytes; empty with `from` */
  bytes: Uint8Array;
  limits: ArchiveLimits;
  /** write the files into this folder and answer their names, not their bytes */
  into?: string;
  /**
   * The archive as a file the reader reads itself, `fromBytes` long (issue 33: the server no longer
   * reads a dropped .zip back, up to 25 MB a request, to pipe it over). The reader also says whether
   * it is an archive at all (an XLSX or a file that merely starts with "PK" is not: `notArchive`).
   */
  from?: string;
  fromBytes?: number;
}

export interface ArchiveOutput {
  files: ArchiveFile[];
}

export interface WrittenArchiveOutput {
  written: WrittenArchiveFile[];
  /** with `from`: the file is no archive of files (a workbook, or not a zip), nothing written */
  notArchive?: boolean;
}

/** A TallyPrime masters export (the server's company-from-a-file call, issue 33). */
export interface ReadMastersJob {
  op: 'readMasters';
  bytes: Uint8Array;
  /** the upload kept on disk, piped by the pool when the job starts (issue 33) */
  file?: KeptFile;
}

export type Job =
  | ExtractJob
  | PreviewSheetsJob
  | CheckPasswordJob
  | ReadPartJob
  | ReadWorkbookJob
  | OpenArchiveJob
  | ReadMastersJob;

export interface ExtractOutput {
  result: StatementResult;
  /** pages of the file (PDF pages, report pages, sheets, 1 for an image) */
  pages: number;
  format: StatementResult['format'];
  kind: FileKind;
  /** words or rows or lines read, for logs and sanity checks */
  size: number;
  ocrPages: number;
  /** PDF pages read by a helper reader */
  sharedPages: number;
  /** with `layout`: the shape of the file, to recognise the next one */
  signature?: LayoutSignature | null;
  /** with `mapping`: the sheet's heading, to recognise the next file of the bank */
  sheetSignature?: SheetSignature | null;
  /** the id of the taught layout that read this file */
  layoutUsed?: string;
  /**
   * When a taught layout fitted the file and read rows: the read not shown (the built-in one when
   * the taught layout's is shown, else the taught layout's, with its id), and why the shown one was
   * chosen (issue 34: a taught layout is used only where the built-in read fails or balances worse).
   */
  other?: { result: StatementResult; layoutId?: string; why: string };
}

export type JobOutput =
  | ExtractOutput
  | { password_required: boolean }
  | PdfPart
  | WorkbookOutput
  | ArchiveOutput
  | WrittenArchiveOutput
  | TallyCompanySnapshot
  | SheetPreview;

export interface JobHooks {
  onPageCount?: (n: number, sheets?: boolean) => void;
  share?: ReadOptions['share'];
  /** readPart: where the helper claims its pages, and where it hands each one over */
  claims?: PageClaims;
  onPage?: (page: Page) => void;
}

export async function runJob(job: Job, hooks: JobHooks = {}): Promise<JobOutput> {
  if (job.op === 'checkPassword') return checkPassword(job.bytes);
  if (job.op === 'readPart') {
    if (!hooks.claims) throw new StatementError('INTERNAL', { logMessage: 'job: readPart without claims' });
    return readPdfPart(job.bytes, { ...job, claims: hooks.claims, onPage: hooks.onPage });
  }
  if (job.op === 'readWorkbook') {
    const { sheets } = await readXlsx(job.bytes, { password: job.password });
    return { rows: sheets[0]?.rows ?? [] };
  }
  if (job.op === 'openArchive') {
    const bytes = job.from ? readFileSync(job.from) : job.bytes;
    if (job.from && (detectFileKind(bytes) === 'xlsx' || zipEntries(bytes) === null))
      return { written: [], notArchive: true };
    const files = openArchive(bytes, job.limits);
    return job.into ? { written: writeArchiveFiles(files, job.into) } : { files };
  }
  // Loaded only by the reader that reads one (the XML parser is not a statement reader's).
  if (job.op === 'readMasters') return (await import('../read/masters.ts')).readMasters(job.bytes);
  if (job.op === 'previewSheets') {
    const { doc } = await readDocument(job.bytes, {
      password: job.password,
      fileName: job.fileName,
      ocr: false,
    });
    const preview = sheetPreview(doc);
    if (!preview)
      throw new StatementError('UNSUPPORTED', {
        userMessage: 'Only a workbook (XLSX, XLS) or a CSV or text download can be mapped by its columns.',
        logMessage: `previewSheets: a ${doc.kind} document`,
      });
    return preview;
  }
  const read = await readDocument(job.bytes, {
    password: job.password,
    fileName: job.fileName,
    ocr: job.ocr,
    // the pages' small pictures only for a job that cuts the strips of unsure rows
    preview: job.crops === true,
    onPageCount: hooks.onPageCount,
    share: hooks.share,
  });
  const doc = read.doc;
  // the rows' places on their pages, for the strips of the scanned page beside unsure rows, and for
  // a second look at a scanned PDF row's date cells
  const scannedPdf = doc.kind === 'pages' && doc.format === 'pdf-scanned' && job.ocr !== false;
  const trace =
    scannedPdf || (job.crops && doc.kind === 'pages' && doc.pages.some((p) => p.scan))
      ? new Trace()
      : undefined;
  const base = { ...(job.bank ? { bank: job.bank } : {}), ...(trace ? { trace } : {}) };
  let result: StatementResult | undefined;
  let layoutUsed: string | undefined;
  const layout = job.layout ? snapLayout(doc, job.layout) : undefined;
  let other: ExtractOutput['other'];
  // what the user marked before: a PDF layout whose shape the file has, a sheet mapping whose
  // heading it has; each a read of its own, used only where it does better (preferTaught)
  const fits = [
    ...(job.taught ?? []).map((c) => () => {
      const fitted = fitLayout(doc, c.layout, c.signature);
      return fitted ? { id: c.id, result: parseStatement(doc, { ...base, layout: fitted }) } : null;
    }),
    ...(job.mapped ?? []).map((c) => () => {
      const fitted = fitMapping(doc, c.mapping, c.signature);
      return fitted ? { id: c.id, result: readMapped(doc, fitted, base) } : null;
    }),
  ];
  if (layout) result = parseStatement(doc, { ...base, layout });
  else if (job.mapping) result = readMapped(doc, job.mapping, base);
  else
    for (const fit of fits) {
      const c = fit();
      if (!c) continue;
      const taught = c.result;
      if (!taught.accounts.some((a) => a.transactions.length > 0)) continue;
      const builtin = parseStatement(doc, base);
      const choice = preferTaught(readQuality(builtin), readQuality(taught));
      if (choice.taught) {
        result = taught;
        layoutUsed = c.id;
        other = { result: builtin, why: choice.why };
      } else {
        result = builtin;
        other = { result: taught, layoutId: c.id, why: choice.why };
      }
      break;
    }
  result ??= parseStatement(doc, base);
  // a flagged scanned row whose date is in doubt: its date cells read again from the file's page
  if (scannedPdf && trace) await rereadDateCells(result, doc, trace, job.bytes, job.password);
  if (trace && job.crops) await cutScanCrops(result, doc, trace);
  const size =
    doc.kind === 'pages'
      ? doc.pages.reduce((n, p) => n + p.words.length, 0)
      : doc.kind === 'sheets'
        ? doc.sheets.reduce((n, s) => n + s.rows.length, 0)
        : doc.lines.length;
  const ocrPages = doc.kind === 'pages' ? doc.pages.filter((p) => p.ocr).length : 0;
  return {
    result,
    pages: read.pages,
    format: doc.format,
    kind: read.kind,
    size,
    ocrPages,
    sharedPages: read.sharedPages,
    ...(layout ? { signature: layoutSignature(doc, layout) } : {}),
    ...(job.mapping ? { sheetSignature: sheetSignature(doc, job.mapping) } : {}),
    ...(layoutUsed ? { layoutUsed } : {}),
    ...(other ? { other } : {}),
  };
}
