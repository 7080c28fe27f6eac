// The public way in for the server, the command line and the office queue: bytes in,
// StatementResult out, through the pool of reader processes (src/worker/pool.ts: each reader runs
// under a hard memory limit, with a time limit per job; decision 027), or in this process with
// `inProcess` (tests, and a command line reading a small trusted file without starting a reader).
import { readFileSync } from 'node:fs';
import { cleanValues, type BankCode } from '@bahi/core';
import type { TallyCompanySnapshot } from '@bahi/tally';
import { StatementError } from './errors.ts';
import type { StatementResult, TaughtLayout } from './parse/index.ts';
import type { LayoutSignature } from './taught.ts';
import type { SheetMapping, SheetPreview, SheetSignature } from './mapped.ts';
import type { FileKind } from './read/index.ts';
import type { Cell } from './source.ts';
import type { ArchiveFile, ArchiveLimits } from './read/zip.ts';
import type {
  ArchiveOutput,
  ExtractJob,
  ExtractOutput,
  JobOutput,
  KeptFile,
  MappedCandidate,
  TaughtCandidate,
  WorkbookOutput,
  WrittenArchiveOutput,
} from './worker/job.ts';
import type { WrittenArchiveFile } from './worker/archive-files.ts';
import { StatementPool, type PoolOptions, type ReadProgress } from './worker/pool.ts';

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
  /** read the sheet with the columns the user marked (issue 35) */
  mapping?: SheetMapping;
  /** sheet mappings made before: the first whose heading the file has reads it (where it does better) */
  mapped?: MappedCandidate[];
  /**
   * Cut the strip of the scanned page beside each row read from a scan that the checks cannot vouch
   * for (Transaction.scanCrop, a base64 JPEG; issue 32): the result screen shows it. Default false.
   */
  scanCrops?: boolean;
  /**
   * Read in this process instead of a reader process: no time or memory limit, no start-up of a
   * reader (~0.2-0.5 s). Only for files nobody hostile chose (the command line reading the
   * user's own file); `signal` and `owner` are then ignored. Default false.
   */
  inProcess?: boolean;
  /**
   * Called once the reader has counted the file's pages, then as it starts each PDF page: how many
   * it has read of how many (the office's "reading page k of n"). Not called with `inProcess`.
   */
  onProgress?: (progress: ReadProgress) => void;
}

export interface Extraction {
  result: StatementResult;
  pages: number;
  format: StatementResult['format'];
  meta: { kind: FileKind; bytes: number; ocrPages: number; ms: number };
  /** with `layout`: the file's shape, to recognise the next statement like it */
  signature?: LayoutSignature | null;
  /** with `mapping`: the sheet's heading, to recognise the next file like it */
  sheetSignature?: SheetSignature | null;
  /** the taught layout that read the file */
  layoutUsed?: string;
  /** the other read when a taught layout fitted (see ExtractOutput.other) */
  other?: ExtractOutput['other'];
}

let shared: StatementPool | null = null;
let sharedOptions: PoolOptions = {};

/**
 * Set some of the shared pool's options (before first use, e.g. at server start); options set
 * before and not named here are kept.
 */
export function configurePool(opts: PoolOptions): void {
  sharedOptions = { ...sharedOptions, ...opts };
}

function pool(): StatementPool {
  shared ??= new StatementPool(sharedOptions);
  return shared;
}

/**
 * A job's answer from a reader process, every string in it without control characters (issue 33:
 * a NUL in a cell made PostgreSQL refuse the statement, which went into the error log, and
 * answered 500). The reader cleans its answer before sending it (worker/child.ts): the walk over a
 * large statement's rows costs the reader's time, not the server's one thread.
 */
async function run(...args: Parameters<StatementPool['run']>): Promise<JobOutput> {
  return pool().run(...args);
}

/** Stop the shared pool's readers (server shutdown, CLI exit). Safe to call more than once. */
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
    ...(out.sheetSignature !== undefined ? { sheetSignature: out.sheetSignature } : {}),
    ...(out.layoutUsed ? { layoutUsed: out.layoutUsed } : {}),
    ...(out.other ? { other: out.other } : {}),
  };
}

function noBytes(): StatementError {
  return new StatementError('UNREADABLE', {
    userMessage: 'The file is empty.',
    logMessage: 'extract: empty',
  });
}

/**
 * A statement's bytes, or the file they are kept in (the server streams uploads to disk: a job
 * waiting for a reader then holds the file's first bytes, not the file; issue 33).
 */
export type StatementInput = Uint8Array | KeptFile;

const isKept = (input: StatementInput): input is KeptFile => !(input instanceof Uint8Array);
const sizeOfInput = (input: StatementInput): number => (isKept(input) ? input.size : input.length);
/** The job's `bytes` and `file` for an input: a kept file is piped by the pool when the job starts. */
const bytesOf = (input: StatementInput): { bytes: Uint8Array; file?: KeptFile } =>
  isKept(input) ? { bytes: new Uint8Array(0), file: input } : { bytes: input };
/** The bytes themselves, for a job run in this thread. */
const loaded = (input: StatementInput): Uint8Array => (isKept(input) ? readFileSync(input.path) : input);

/** The reader's job for these bytes, the same in a reader process and in this thread. */
const extractJob = (input: StatementInput, opts: ExtractOptions): ExtractJob => ({
  op: 'extract',
  ...bytesOf(input),
  password: opts.password || undefined,
  bank: opts.bank,
  fileName: opts.fileName,
  layout: opts.layout,
  taught: opts.taught,
  mapping: opts.mapping,
  mapped: opts.mapped,
  ...(opts.scanCrops ? { crops: true } : {}),
});

/**
 * Read and parse a statement in a reader process (or here, with `inProcess`). The caller's
 * bytes are piped to the reader as they are: not copied, not changed.
 */
export async function extractStatement(
  input: StatementInput,
  opts: ExtractOptions = {},
): Promise<Extraction> {
  if (sizeOfInput(input) === 0) throw noBytes();
  if (opts.inProcess) return extractStatementInProcess(loaded(input), opts);
  const started = performance.now();
  const out = (await run(extractJob(input, opts), opts.signal, opts.owner, opts.onProgress)) as ExtractOutput;
  return toExtraction(out, sizeOfInput(input), started);
}

/** The same in this thread, without time or memory limits: for tests and trusted files. */
export async function extractStatementInProcess(
  bytes: Uint8Array,
  opts: Omit<ExtractOptions, 'signal' | 'owner' | 'inProcess'> = {},
): Promise<Extraction> {
  if (bytes.length === 0) throw noBytes();
  const started = performance.now();
  // Loaded here, not at the top: a caller that only uses the pool (the server) never loads the
  // readers in its own process.
  const { runJob } = await import('./worker/job.ts');
  const out = cleanValues(await runJob(extractJob(bytes, opts))) as ExtractOutput;
  return toExtraction(out, bytes.length, started);
}

/**
 * The first rows of a workbook or delimited file as the reader sees them, read in a reader process
 * (the mapping screen, issue 35). A PDF, a report or an image is refused (UNSUPPORTED).
 */
export async function previewSheets(
  input: StatementInput,
  opts: {
    password?: string;
    fileName?: string;
    signal?: AbortSignal;
    owner?: string;
    inProcess?: boolean;
  } = {},
): Promise<SheetPreview> {
  if (sizeOfInput(input) === 0) throw noBytes();
  const job = {
    op: 'previewSheets' as const,
    ...bytesOf(input),
    password: opts.password || undefined,
    fileName: opts.fileName,
  };
  if (opts.inProcess) {
    const { runJob } = await import('./worker/job.ts');
    return cleanValues(await runJob({ ...job, bytes: loaded(input) })) as SheetPreview;
  }
  return (await run(job, opts.signal, opts.owner)) as SheetPreview;
}

/** The API's check-password call, in a reader process: does this file need a password? */
export async function checkPassword(
  input: StatementInput,
  opts: { signal?: AbortSignal; owner?: string } = {},
): Promise<{ password_required: boolean }> {
  if (sizeOfInput(input) === 0) throw noBytes();
  return (await run({ op: 'checkPassword', ...bytesOf(input) }, opts.signal, opts.owner)) as {
    password_required: boolean;
  };
}

/**
 * A workbook's first sheet, read in a reader process like a statement (issue 18: a workbook
 * read on the request thread froze the API). Decryption, the key-iteration cap and the size checks
 * all happen there. Throws StatementError.
 */
export async function readWorkbookRows(
  input: StatementInput,
  opts: { password?: string; signal?: AbortSignal; owner?: string } = {},
): Promise<Cell[][]> {
  if (sizeOfInput(input) === 0) throw noBytes();
  const out = (await run(
    { op: 'readWorkbook', ...bytesOf(input), password: opts.password || undefined },
    opts.signal,
    opts.owner,
  )) as WorkbookOutput;
  return out.rows;
}

/**
 * The statements inside a .zip, opened in a reader process under `limits` (issue 33: inflating in
 * the request froze the API and a small zip of overlapping entries became 300 MB). Throws
 * StatementError with words for the user.
 */
export async function openArchiveInReader(
  bytes: Uint8Array,
  limits: ArchiveLimits,
  opts: { signal?: AbortSignal; owner?: string } = {},
): Promise<ArchiveFile[]> {
  if (bytes.length === 0) throw noBytes();
  const out = (await run({ op: 'openArchive', bytes, limits }, opts.signal, opts.owner)) as ArchiveOutput;
  return out.files;
}

/**
 * The same, with the files written into `folder` by the reader (their names there answered, not
 * their bytes): the server's office drop, which keeps them as files anyway (issue 33).
 */
export async function openArchiveIntoFolder(
  bytes: Uint8Array,
  limits: ArchiveLimits,
  folder: string,
  opts: { signal?: AbortSignal; owner?: string } = {},
): Promise<WrittenArchiveFile[]> {
  if (bytes.length === 0) throw noBytes();
  const out = (await run(
    { op: 'openArchive', bytes, limits, into: folder },
    opts.signal,
    opts.owner,
  )) as WrittenArchiveOutput;
  return out.written;
}

/**
 * The archive kept as the file `file` (`size` bytes), opened by a reader that reads it itself, its
 * files written into `folder`: the server holds none of its bytes (issue 33). Undefined when the file
 * is no archive of files (a workbook, or a file that only starts like a zip).
 */
export async function openArchiveFileIntoFolder(
  file: string,
  size: number,
  limits: ArchiveLimits,
  folder: string,
  opts: { signal?: AbortSignal; owner?: string } = {},
): Promise<WrittenArchiveFile[] | undefined> {
  if (size === 0) throw noBytes();
  const out = (await run(
    { op: 'openArchive', bytes: new Uint8Array(0), from: file, fromBytes: size, limits, into: folder },
    opts.signal,
    opts.owner,
  )) as WrittenArchiveOutput;
  return out.notArchive ? undefined : out.written;
}

/**
 * A TallyPrime masters export read in a reader process (issue 33: parsed on the request thread,
 * 8 MB froze the API for 9.6 s). Throws StatementError: TOO_LARGE past the tag cap or the reader's
 * limits, UNSUPPORTED with the words when it is not a masters export.
 */
export async function readMastersInReader(
  input: StatementInput,
  opts: { signal?: AbortSignal; owner?: string } = {},
): Promise<TallyCompanySnapshot> {
  if (sizeOfInput(input) === 0) throw noBytes();
  return (await run(
    { op: 'readMasters', ...bytesOf(input) },
    opts.signal,
    opts.owner,
  )) as TallyCompanySnapshot;
}
