// The public way in for the server and the command line: bytes in, StatementResult out, through
// the worker pool (or in this thread, for tests and tools that want no threads).
import type { BankCode } from '@bahi/core';
import { StatementError } from './errors.ts';
import type { StatementResult, TaughtLayout } from './parse/index.ts';
import type { LayoutSignature } from './taught.ts';
import type { FileKind } from './read/index.ts';
import type { Cell } from './source.ts';
import type { ExtractOutput, TaughtCandidate, WorkbookOutput } from './worker/job.ts';
import { StatementPool, type PoolOptions } from './worker/pool.ts';

export interface ExtractOptions {
  password?: string;
  bank?: BankCode;
  /** the file's kind is judged by its content; a name whose extension contradicts it is refused */
  fileName?: string;
  signal?: AbortSignal;
  /** whose job it is (a user id): the pool shares its threads fairly between owners */
  owner?: string;
  /** read the table with this layout the user marked */
  layout?: TaughtLayout;
  /** layouts taught before: the first whose shape the file has reads it */
  taught?: TaughtCandidate[];
}

export interface Extraction {
  result: StatementResult;
  pages: number;
  format: StatementResult['format'];
  meta: { kind: FileKind; bytes: number; ocrPages: number; ms: number };
  /** with `layout`: the file's shape, to recognise the next statement like it */
  signature?: LayoutSignature | null;
  /** the taught layout that read the file */
  layoutUsed?: string;
}

let shared: StatementPool | null = null;
let sharedOptions: PoolOptions = {};

/** Set the shared pool's options (before first use, e.g. at server start). */
export function configurePool(opts: PoolOptions): void {
  sharedOptions = opts;
}

function pool(): StatementPool {
  shared ??= new StatementPool(sharedOptions);
  return shared;
}

/** Stop the shared pool's threads (server shutdown, CLI exit). Safe to call more than once. */
export async function closePool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}

function toExtraction(out: ExtractOutput, bytes: number, started: number): Extraction {
  return {
    result: out.result,
    pages: out.pages,
    format: out.format,
    meta: { kind: out.kind, bytes, ocrPages: out.ocrPages, ms: Math.round(performance.now() - started) },
    ...(out.signature !== undefined ? { signature: out.signature } : {}),
    ...(out.layoutUsed ? { layoutUsed: out.layoutUsed } : {}),
  };
}

function noBytes(): StatementError {
  return new StatementError('UNREADABLE', {
    userMessage: 'The file is empty.',
    logMessage: 'extract: empty',
  });
}

/**
 * Read and parse a statement in a worker thread. The bytes are copied once and the copy is
 * transferred, so the caller's buffer stays usable.
 */
export async function extractStatement(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<Extraction> {
  if (bytes.length === 0) throw noBytes();
  const started = performance.now();
  const out = (await pool().run(
    {
      op: 'extract',
      bytes: new Uint8Array(bytes),
      password: opts.password || undefined,
      bank: opts.bank,
      fileName: opts.fileName,
      layout: opts.layout,
      taught: opts.taught,
    },
    opts.signal,
    opts.owner,
  )) as ExtractOutput;
  return toExtraction(out, bytes.length, started);
}

/** The same in this thread, without time or memory limits: for tests and trusted files. */
export async function extractStatementInProcess(
  bytes: Uint8Array,
  opts: Omit<ExtractOptions, 'signal' | 'owner'> = {},
): Promise<Extraction> {
  if (bytes.length === 0) throw noBytes();
  const started = performance.now();
  // Loaded here, not at the top: a caller that only uses the pool (the server, the command line)
  // never loads the readers in its own thread.
  const { runJob } = await import('./worker/job.ts');
  const out = (await runJob({
    op: 'extract',
    bytes,
    password: opts.password || undefined,
    bank: opts.bank,
    fileName: opts.fileName,
    layout: opts.layout,
    taught: opts.taught,
  })) as ExtractOutput;
  return toExtraction(out, bytes.length, started);
}

/** The API's check-password call, in a worker thread: does this file need a password? */
export async function checkPassword(
  bytes: Uint8Array,
  opts: { signal?: AbortSignal; owner?: string } = {},
): Promise<{ password_required: boolean }> {
  if (bytes.length === 0) throw noBytes();
  return (await pool().run(
    { op: 'checkPassword', bytes: new Uint8Array(bytes) },
    opts.signal,
    opts.owner,
  )) as {
    password_required: boolean;
  };
}

/**
 * A workbook's first sheet, read in a worker thread like a statement (issue 18: a workbook read
 * on the request thread froze the API). Decryption, the key-iteration cap and the size checks
 * all happen there. Throws StatementError.
 */
export async function readWorkbookRows(
  bytes: Uint8Array,
  opts: { password?: string; signal?: AbortSignal; owner?: string } = {},
): Promise<Cell[][]> {
  if (bytes.length === 0) throw noBytes();
  const out = (await pool().run(
    { op: 'readWorkbook', bytes: new Uint8Array(bytes), password: opts.password || undefined },
    opts.signal,
    opts.owner,
  )) as WorkbookOutput;
  return out.rows;
}
