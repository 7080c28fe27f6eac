// What one job does, wherever it runs (a pool worker, or in-process for tests): read the file,
// parse it, and return plain data.
import type { BankCode } from '@bahi/core';
import { parseStatement } from '../parse/index.ts';
import type { StatementResult } from '../parse/index.ts';
import { checkPassword, readDocument, type FileKind } from '../read/index.ts';

export interface ExtractJob {
  op: 'extract';
  bytes: Uint8Array;
  password?: string;
  bank?: BankCode;
  fileName?: string;
  /** OCR pages without a text layer (default true) */
  ocr?: boolean;
}

export interface CheckPasswordJob {
  op: 'checkPassword';
  bytes: Uint8Array;
}

export type Job = ExtractJob | CheckPasswordJob;

export interface ExtractOutput {
  result: StatementResult;
  /** pages of the file (PDF pages, report pages, sheets, 1 for an image) */
  pages: number;
  format: StatementResult['format'];
  kind: FileKind;
  /** words or rows or lines read, for logs and sanity checks */
  size: number;
  ocrPages: number;
}

export type JobOutput = ExtractOutput | { password_required: boolean };

export async function runJob(job: Job, onPageCount?: (n: number) => void): Promise<JobOutput> {
  if (job.op === 'checkPassword') return checkPassword(job.bytes);
  const read = await readDocument(job.bytes, {
    password: job.password,
    fileName: job.fileName,
    ocr: job.ocr,
    onPageCount,
  });
  const result = parseStatement(read.doc, job.bank ? { bank: job.bank } : {});
  const doc = read.doc;
  const size =
    doc.kind === 'pages'
      ? doc.pages.reduce((n, p) => n + p.words.length, 0)
      : doc.kind === 'sheets'
        ? doc.sheets.reduce((n, s) => n + s.rows.length, 0)
        : doc.lines.length;
  const ocrPages = doc.kind === 'pages' ? doc.pages.filter((p) => p.ocr).length : 0;
  return { result, pages: read.pages, format: doc.format, kind: read.kind, size, ocrPages };
}
