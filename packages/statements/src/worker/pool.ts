// A pool of reader processes that read and parse statements outside the caller's process
// (issue 18, docs/decisions/027-reader-processes.md). Each reader is a long-lived Node process
// started under a hard memory limit the kernel enforces (RLIMIT_DATA, set by `ulimit -d` in the
// shell that execs it) and a V8 heap cap; whatever a file makes a reader allocate, the caller's
// process never grows. A job past its time limit, or whose reader passes its memory cap (watched
// from outside through /proc), or whose reader dies of its hard limit, fails with a clear
// StatementError; its reader is killed and replaced, and the pool keeps working.
//
// Readers start with the first job that needs them, exit after sitting idle (so a server returns
// to its rest memory) and are replaced after so many jobs (so leaks cannot accumulate). A file's
// bytes go to its reader through the reader's stdin pipe: the pool writes nothing to disk. A file
// the caller keeps on disk (KeptFile: the server's uploads) is piped from there when its job starts.
//
// A long PDF is read by several readers at once: the job's reader offers its pages ('share') and,
// when another reader is free, the pool starts a helper job on it. Both claim pages from a counter
// the pool keeps; the helper sends its pages on as it reads them (its memory stays flat) and the
// pool hands them to the job's reader, which merges them in page order and parses. The helper
// works to its job's deadline and is ended with it.
//
// Fairness (issue 18): a job may name its owner (the user). Queued jobs start in the order of
// schedule.ts (an owner with fewer jobs running, then with less reader time used recently, then
// the smaller file), and no owner holds more than `maxPerOwner` readers, so one user's queue of
// slow scans never keeps another user's statement waiting for all of them.
//
// Memory (issue 18): the budget covers this process and every reader alive, a reader counting
// until its process has exited, not when it was told to: no reader is started while the readers
// alive (dying ones included) fill the pool, and the watchdog adds them all up.
import type { ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { StatementError, errorKind } from '../errors.ts';
import type { FromChild, ToChild } from './child.ts';
import type { Job, JobOutput, KeptFile } from './job.ts';
import { unpackAnswer, type PackedRows } from './rows-wire.ts';
import {
  READER_REST_MB,
  cpuMsOf,
  defaultBudgetMb,
  hardLimitMbFor,
  poolSizeFor,
  residentMb,
} from './memory.ts';
import { ReaderTime, isHeavyTable, nextJob } from './schedule.ts';

export { poolSizeFor } from './memory.ts';

export interface PoolOptions {
  /** readers (default: poolSizeFor the budget, what this process holds now and the reader cap) */
  size?: number;
  /**
   * what this process and all its readers together may hold resident, in MB (default: half of
   * the machine's or container's memory; the server sets it from BAHI_MEMORY_MB)
   */
  memoryBudgetMb?: number;
  /** resident memory one reader may reach, in MB, before its job is ended (default 512) */
  readerMemoryMb?: number;
  /** the kernel's limit on a reader's data mappings, in MB (default readerMemoryMb + 1280; 0: none) */
  hardLimitMb?: number;
  /** how often the memory watchdog looks, in ms (default 50) */
  watchdogMs?: number;
  /**
   * readers one owner's jobs may hold at once (default: all but one, at least one); a long PDF's
   * helper may go past it while no other owner's job waits
   */
  maxPerOwner?: number;
  /** time allowed per page once the page count is known (default 10 s) */
  perPageMs?: number;
  /**
   * time allowed to open the file and count its pages, and added to the per-page budget (default
   * 10 s, or BAHI_READER_BASE_MS: a browser test of a scan on a shared, loaded machine, where one
   * photo's OCR took over 10 s)
   */
  baseMs?: number;
  /** no job runs longer than this, whatever its page count (default 5 min) */
  maxJobMs?: number;
  /** V8 old-space cap per reader (default: the reader's memory cap) */
  maxOldGenerationSizeMb?: number;
  /** a reader idle this long exits (default 15 s) */
  idleMs?: number;
  /** a reader is replaced after this many jobs (default 50) */
  maxJobsPerReader?: number;
  /** a PDF of at least this many pages is read by two readers when one is free (default 8) */
  sharePagesFrom?: number;
  /** ... and of at most this many (default: no limit; a helper's memory does not grow with the file) */
  sharePagesUpTo?: number;
  /**
   * the readers' OS priority, a nice value 0-19 (default READER_NICE, or BAHI_READER_NICE; 0 keeps
   * this process's): readers yield the CPU to the server's thread and its database (issue 38)
   */
  readerNice?: number;
}

/**
 * Below this many pages a second reader opening the same PDF costs about what it saves
 * (bench/share-crossover.ts, warm pool of 2: 0.9-1.2x up to 6 pages, noise; 1.3-1.6x from 8).
 */
const SHARE_PAGES_FROM = 8;

/**
 * A reader's nice value. On 2 cores four large reads left the server's thread and PGlite's waiting
 * for a core: a database route's p99 went from 16 to 115 ms (issue 38). At nice 10 a reader weighs
 * about a tenth of the server's threads when they want the CPU, and still takes every idle cycle.
 */
export const READER_NICE = 10;

/** The readers' nice value: an option, else BAHI_READER_NICE, else READER_NICE; always 0-19. */
function readerNiceOf(option: number | undefined, env = process.env.BAHI_READER_NICE): number {
  const fromEnv = env?.trim() ? Number(env) : NaN;
  const n = option ?? (Number.isInteger(fromEnv) ? fromEnv : READER_NICE);
  return Math.min(19, Math.max(0, Math.trunc(n) || 0));
}

/** Per-reader cap: a 500-page statement read alone (427 MB), or a page of OCR (~360 MB), stays under it. */
const READER_MEMORY_MB = 512;

/** A reader holding more than this after its job leaves instead of idling: its memory goes back. */
const KEEP_READER_MB = 2 * READER_REST_MB;

const MB = 1024 * 1024;

/** Reading time a megabyte of file earns before its pages are counted. */
export const PER_MB_MS = 10_000;

/** A job that reads a large table file whole (schedule.ts): one such job runs at a time. */
const heavy = (job: Job): boolean =>
  (job.op === 'extract' || job.op === 'previewSheets' || job.op === 'readWorkbook') &&
  isHeavyTable(keptOf(job)?.head ?? job.bytes, sizeOf(job));

/** The kept file a job's bytes are piped from when it starts (KeptFile), if it has one. */
const keptOf = (job: Job): KeptFile | undefined => ('file' in job ? job.file : undefined);

/** A job's file size: piped bytes, a kept file, or the file a reader opens itself (an archive's `from`). */
const sizeOf = (job: Job): number =>
  job.op === 'openArchive' && job.from ? (job.fromBytes ?? 0) : (keptOf(job)?.size ?? job.bytes.byteLength);

/**
 * A job's time limit: `baseMs` (plus `PER_MB_MS` a megabyte, since a workbook or report has no
 * pages to count and a year of rows is a few megabytes) to open the file and count its pages,
 * then `baseMs` plus `perPageMs` a page, never more than `maxJobMs`.
 */
export function timeLimitMs(
  limits: { baseMs: number; perPageMs: number; maxJobMs: number },
  pages: number | null,
  bytes = 0,
): number {
  const budget =
    pages === null
      ? limits.baseMs + Math.round((PER_MB_MS * bytes) / 2 ** 20)
      : limits.baseMs + limits.perPageMs * pages;
  return Math.min(budget, limits.maxJobMs);
}

/** How far a job's reader is: pages of the file, and pages read before the one being read now. */
export interface ReadProgress {
  pagesRead: number;
  pages: number;
}

/** A page counter shared by a job's reader and its helper (decision 023, now across processes). */
interface Claims {
  last: number;
  pageCount: number;
}

interface Pending {
  id: number;
  job: Job;
  /** whose job it is (a user id), for fair scheduling; none for the command line and tests */
  owner?: string;
  resolve: (v: JobOutput) => void;
  reject: (e: StatementError) => void;
  signal?: AbortSignal;
  /** told the page count, then each page a reader starts (the office's "reading page k of n") */
  onProgress?: (progress: ReadProgress) => void;
  /** pages of the job's file, once its reader has counted them */
  pages?: number;
  onAbort?: () => void;
  /** for a helper job: the job it reads pages for */
  parent?: Pending;
  /** for a job with a helper: the helper's slot while it works */
  helper?: Slot;
  /** for a shared job: the counter its readers claim pages from */
  claims?: Claims;
  /**
   * for a helper job: it holds a reader beyond its owner's `maxPerOwner`, lent while nobody else
   * waited; it claims no more pages once another owner's job waits (issue 38)
   */
  borrowed?: boolean;
  /** the parts of the answer's transaction lists received so far, by list ('rows' messages) */
  rowParts?: PackedRows[][];
}

interface Slot {
  child: ChildProcess;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
  startedAt: number;
  budgetMs: number;
  /** the reader's CPU time (ms) when its job's clock started, or null where it cannot be read */
  cpuAt: number | null;
  jobs: number;
  /** when its current job started on it, for the owner's reader time */
  began: number;
  /** its resident memory at the watchdog's last look, in MB */
  lastMb: number;
  /** the reader has loaded its code: a job's clock runs from then (a cold start is not the file's fault) */
  ready: boolean;
  /** until it is ready: the queued job it was started for (dispatch, startReaders) */
  forJob?: Pending;
  /** the end of the reader's stderr, to tell a death by the memory limit; never logged */
  stderr: string;
}

/**
 * The reader process's script, found by the package's name, not beside this file: the command line
 * runs this module from a bundle in another directory (cli/scripts/bundle.ts).
 */
const childPath = () => fileURLToPath(import.meta.resolve('@bahi/statements/reader-child'));

/**
 * A job's time limit counts its reader's CPU time where that can be read; by the wall clock it may
 * run this many times its limit, but never past maxJobMs (a machine at load 20 on 2 cores gives a
 * reader ~1/10 of a core).
 */
const WALL_FACTOR = 3;

/** Time a reader may take to start (load pdf.js and the parsers) before its job's clock runs. */
const START_MS = 60_000;

/** What V8 and Node print when an allocation fails (the hard limit, or the heap cap). */
const OUT_OF_MEMORY = /out of memory|allocation failed|heap limit/i;

function tooLarge(logMessage: string): StatementError {
  return new StatementError('TOO_LARGE', {
    userMessage: 'The file needs too much memory to process.',
    logMessage,
  });
}

export class StatementPool {
  private readonly size: number;
  readonly perPageMs: number;
  readonly baseMs: number;
  readonly maxJobMs: number;
  private readonly maxOldMb: number;
  private readonly sharePagesFrom: number;
  private readonly sharePagesUpTo: number;
  private readonly budgetMb: number;
  private readonly readerMb: number;
  private readonly hardLimitMb: number;
  private readonly watchdogMs: number;
  private readonly maxPerOwner: number;
  private readonly idleMs: number;
  private readonly maxJobsPerReader: number;
  private readonly readerNice: number;
  private watchdog: NodeJS.Timeout | null = null;
  /** reader time each owner used recently, for the order of the queue */
  private readonly used = new ReaderTime();
  private readonly slots: Slot[] = [];
  /** readers told to exit that have not yet: their memory is still held */
  private readonly dying = new Set<ChildProcess>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  private started = 0;

  constructor(opts: PoolOptions = {}) {
    this.budgetMb = opts.memoryBudgetMb ?? defaultBudgetMb();
    this.readerMb = opts.readerMemoryMb ?? READER_MEMORY_MB;
    this.hardLimitMb = opts.hardLimitMb ?? hardLimitMbFor(this.readerMb);
    this.watchdogMs = opts.watchdogMs ?? 50;
    const ownMb = process.memoryUsage.rss() / MB;
    this.size = Math.max(1, opts.size ?? poolSizeFor(this.budgetMb, this.readerMb, ownMb));
    this.maxPerOwner = Math.max(1, opts.maxPerOwner ?? this.size - 1);
    this.perPageMs = opts.perPageMs ?? 10_000;
    this.baseMs = opts.baseMs ?? (Number(process.env.BAHI_READER_BASE_MS) || 10_000);
    this.maxJobMs = opts.maxJobMs ?? 5 * 60_000;
    this.maxOldMb = opts.maxOldGenerationSizeMb ?? this.readerMb;
    this.idleMs = opts.idleMs ?? 15_000;
    this.maxJobsPerReader = Math.max(1, opts.maxJobsPerReader ?? 50);
    this.sharePagesFrom = opts.sharePagesFrom ?? SHARE_PAGES_FROM;
    this.sharePagesUpTo = opts.sharePagesUpTo ?? Infinity;
    this.readerNice = readerNiceOf(opts.readerNice);
  }

  /** Run one job in a reader process. The job's bytes are not changed or detached. */
  run(
    job: Job,
    signal?: AbortSignal,
    owner?: string,
    onProgress?: (progress: ReadProgress) => void,
  ): Promise<JobOutput> {
    if (this.closed) {
      return Promise.reject(new StatementError('INTERNAL', { logMessage: 'pool: closed', stopped: true }));
    }
    return new Promise<JobOutput>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, job, owner, resolve, reject, signal, onProgress };
      if (signal) {
        if (signal.aborted) {
          reject(abortError());
          return;
        }
        pending.onAbort = () => this.cancel(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Readers alive now (for tests and health checks). */
  get threads(): number {
    return this.slots.length;
  }

  /** Readers working on a job or helping one (for tests and health checks). */
  get busyThreads(): number {
    return this.slots.filter((s) => s.busy).length;
  }

  /** The readers this pool runs at most (for tests and health checks). */
  get maxThreads(): number {
    return this.size;
  }

  /** Reader processes started since the pool was made (for tests and benchmarks). */
  get readersStarted(): number {
    return this.started;
  }

  /** Process ids of the live readers (for benchmarks that measure their memory). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.child.pid ? [s.child.pid] : []));
  }

  /** Readers told to exit whose process has not exited yet (for tests). */
  get exiting(): number {
    return this.dying.size;
  }

  /** Readers alive, whether working, idle or on their way out: what the pool size bounds. */
  private get alive(): number {
    return this.slots.length + this.dying.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    for (const p of this.queue.splice(0)) {
      this.settle(
        p,
        new StatementError('INTERNAL', { logMessage: 'pool: closed before start', stopped: true }),
      );
    }
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.busy) {
          this.settle(
            slot.busy,
            new StatementError('INTERNAL', { logMessage: 'pool: closed mid-job', stopped: true }),
          );
        }
        return this.end(slot);
      }),
    );
  }

  private spawn(): Slot {
    const args = [`--max-old-space-size=${this.maxOldMb}`, childPath()];
    const options = {
      // stdin carries the files' bytes; stdout is dropped (tesseract prints diagnostics there,
      // and a CLI's stdout carries its result); stderr is kept in part, to tell how a reader died.
      stdio: ['pipe', 'ignore', 'pipe', 'ipc'] as ('pipe' | 'ignore' | 'ipc')[],
      serialization: 'advanced' as const,
      // @napi-rs/canvas (loaded by pdf.js for its polyfills) links mimalloc, which maps a 1 GiB
      // arena up front: untouched, but counted by RLIMIT_DATA. Without it a reader maps ~0.67 GB.
      env: { ...process.env, MIMALLOC_ARENA_RESERVE: '0' },
    };
    const limited = this.hardLimitMb > 0 && process.platform !== 'win32';
    // loaded here, not with this module: a command that reads in its own thread never needs it
    const { spawn } = process.getBuiltinModule('node:child_process');
    const child = limited
      ? // POSIX sh sets the limit, then becomes the reader (exec keeps the pid and the IPC channel).
        spawn(
          '/bin/sh',
          ['-c', `ulimit -d ${this.hardLimitMb * 1024} && exec "$0" "$@"`, process.execPath, ...args],
          options,
        )
      : spawn(process.execPath, args, options);
    this.lowerPriority(child);
    this.started++;
    const slot: Slot = {
      child,
      busy: null,
      timer: null,
      idle: null,
      startedAt: 0,
      cpuAt: null,
      budgetMs: 0,
      jobs: 0,
      began: 0,
      lastMb: 0,
      ready: false,
      stderr: '',
    };
    child.stderr?.setEncoding('latin1');
    child.stderr?.on('data', (d: string) => {
      slot.stderr = (slot.stderr + d).slice(-4096);
    });
    // A reader that dies takes its pipe with it: writes to it fail, and 'exit' tells why.
    child.stdin?.on('error', () => {});
    child.on('message', (msg: FromChild) => this.onMessage(slot, msg));
    child.on('error', (err: Error & { code?: string }) => {
      this.fail(
        slot,
        new StatementError('INTERNAL', {
          logMessage: `pool: reader error ${err.code ?? err.name}`,
          stopped: true,
        }),
      );
    });
    child.on('exit', (code, signal) => {
      const oom = OUT_OF_MEMORY.test(slot.stderr) || signal === 'SIGABRT';
      this.fail(
        slot,
        oom
          ? tooLarge(`pool: reader died at its memory limit (${signal ?? code})`)
          : new StatementError('INTERNAL', {
              logMessage: `pool: reader exited (${signal ?? code})`,
              stopped: true,
            }),
      );
    });
    this.hold(slot, false);
    this.slots.push(slot);
    return slot;
  }

  /**
   * The reader below this process's priority, set at once: spawn returns once the shell (or Node)
   * is exec'd, before Node starts its own threads, which inherit the value (Linux's nice is per
   * thread). Relative to this process's own nice, so a server started under `nice` keeps the gap.
   * An OS that refuses (or a reader already gone) leaves the reader at this process's priority.
   */
  private lowerPriority(child: ChildProcess): void {
    if (!this.readerNice || !child.pid) return;
    const os = process.getBuiltinModule('node:os');
    try {
      os.setPriority(child.pid, Math.min(19, os.getPriority() + this.readerNice));
    } catch {
      // not permitted or no such process: the reader runs at our priority, nothing else changes
    }
  }

  /** An idle reader must not keep the caller's process alive (a CLI exits when its work is done). */
  private hold(slot: Slot, busy: boolean): void {
    const { child } = slot;
    const handles = [child, child.channel, child.stdin, child.stderr] as (
      { ref?: () => void; unref?: () => void } | null | undefined
    )[];
    for (const h of handles) {
      if (busy) h?.ref?.();
      else h?.unref?.();
    }
  }

  /**
   * Starts queued jobs on readers that are up, and starts readers for the jobs that may start and
   * have none. A job waits for the first reader ready, a new one or one that ends its job before
   * it (decision 052 round twenty): bound to a reader being started, a user's one file waited for
   * Node to start (0.1-0.5 s) while the reader already up read another user's backlog beside it.
   */
  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const free = this.slots.find((s) => !s.busy && s.ready);
      // (among equals, a job a reader is being started for goes first: it was there when none was free)
      const promised = new Set(this.slots.flatMap((s) => (s.forJob ? [s.forJob] : [])));
      const order = [
        ...this.queue.filter((p) => promised.has(p)),
        ...this.queue.filter((p) => !promised.has(p)),
      ];
      const index = this.nextIndex(order, this.running());
      if (index < 0) return;
      if (!free) {
        this.startReaders();
        return;
      }
      const pending = order[index];
      this.queue.splice(this.queue.indexOf(pending), 1);
      this.start(free, pending, Date.now(), timeLimitMs(this, null, sizeOf(pending.job)));
    }
  }

  private nextIndex(queue: readonly Pending[], running: Map<string, number>): number {
    return nextJob(
      queue.map((p) => ({ owner: p.owner, bytes: sizeOf(p.job), heavy: heavy(p.job) })),
      running,
      (owner) => this.used.of(owner),
      this.maxPerOwner,
      this.slots.some((s) => s.busy && heavy(s.busy.job)),
    );
  }

  /**
   * Readers started for the queued jobs that may start (their owner under maxPerOwner, counting the
   * jobs before them), beyond the readers already starting, as the pool's size allows. Each is
   * started for a job (`forJob`): a reader that dies or does not start before it is ready fails
   * that job if it still waits, as when the job was sent to it at once.
   */
  private startReaders(): void {
    let covered = this.slots.filter((s) => !s.busy && !s.ready).length;
    const queue = [...this.queue];
    const running = this.running();
    while (queue.length > 0) {
      const index = this.nextIndex(queue, running);
      if (index < 0) return;
      const [pending] = queue.splice(index, 1);
      if (pending.owner !== undefined) running.set(pending.owner, (running.get(pending.owner) ?? 0) + 1);
      // (a reader on its way takes this one)
      if (covered-- > 0) continue;
      if (this.alive >= this.size) return;
      const slot = this.spawn();
      slot.forJob = pending;
      // (held while a job waits for it: a command line's only job keeps its process alive)
      this.hold(slot, true);
      slot.timer = setTimeout(
        () => this.fail(slot, new StatementError('TIMEOUT', { logMessage: 'pool: reader did not start' })),
        START_MS,
      );
    }
  }

  /** A job of another owner (or of none) is queued. */
  private othersWaiting(owner: string | undefined): boolean {
    return this.queue.some((p) => p.owner === undefined || p.owner !== owner);
  }

  /** Readers each owner's jobs (and their helpers) hold now. */
  private running(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const s of this.slots) {
      const owner = s.busy ? (s.busy.parent ?? s.busy).owner : undefined;
      if (owner !== undefined) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Every `watchdogMs` while a reader works: a busy reader over its cap is ended; when this
   * process and all readers (idle and exiting ones too) together pass the budget, idle readers
   * leave first, then the busy reader that grew most since the last look (the one pushing) is ended.
   */
  private watch(): void {
    if (this.watchdog || this.closed) return;
    this.watchdog = setInterval(() => this.sample(), this.watchdogMs);
    this.watchdog.unref();
  }

  private sample(): void {
    if (!this.slots.some((s) => s.busy)) {
      if (this.watchdog) clearInterval(this.watchdog);
      this.watchdog = null;
      return;
    }
    const mbOf = (pid: number | undefined) => (pid && residentMb(pid)) || 0;
    const readers = this.slots.map((slot) => {
      const mb = mbOf(slot.child.pid);
      const grew = mb - (slot.lastMb || mb);
      slot.lastMb = mb;
      return { slot, mb, grew };
    });
    const over = readers.filter(({ slot, mb }) => slot.busy && mb > this.readerMb);
    for (const { slot, mb } of over) {
      this.tooMuchMemory(slot, `reader at ${Math.round(mb)} MB, cap ${this.readerMb} MB`);
    }
    // What was just ended is on its way out: the next look sees what is left.
    if (over.length > 0) return;
    const exiting = [...this.dying].reduce((n, child) => n + mbOf(child.pid), 0);
    const live = readers;
    let total = process.memoryUsage.rss() / MB + exiting + live.reduce((n, r) => n + r.mb, 0);
    if (total <= this.budgetMb) return;
    const why = `this process and its readers at ${Math.round(total)} MB, budget ${this.budgetMb} MB`;
    for (const idle of live.filter((r) => !r.slot.busy).sort((a, b) => b.mb - a.mb)) {
      if (total <= this.budgetMb) return;
      this.retire(idle.slot);
      total -= idle.mb;
    }
    // Over only by what exiting readers still hold: that goes back without ending anyone's job.
    if (total - exiting <= this.budgetMb) return;
    const pushing = live.filter((r) => r.slot.busy).sort((a, b) => b.grew - a.grew || b.mb - a.mb)[0];
    if (pushing) this.tooMuchMemory(pushing.slot, why);
  }

  private tooMuchMemory(slot: Slot, why: string): void {
    // A helper's memory is its parent's job's: end the parent (fail ends the helper with it).
    const parent = slot.busy?.parent;
    const target = parent ? this.slots.find((s) => s.busy === parent) : undefined;
    const error = tooLarge(`pool: ${why}`);
    if (target) this.fail(target, error);
    this.fail(slot, error);
  }

  private start(slot: Slot, pending: Pending, startedAt: number, budgetMs: number): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    slot.busy = pending;
    slot.startedAt = startedAt;
    slot.began = Date.now();
    slot.cpuAt = slot.child.pid ? cpuMsOf(slot.child.pid) : null;
    slot.jobs++;
    this.hold(slot, true);
    this.arm(slot, budgetMs);
    // A reader still starting: its job's clock starts at 'ready', and the start has its own limit.
    if (!slot.ready && !pending.parent && slot.timer) {
      clearTimeout(slot.timer);
      slot.timer = setTimeout(
        () => this.fail(slot, new StatementError('TIMEOUT', { logMessage: 'pool: reader did not start' })),
        START_MS,
      );
    }
    this.watch();
    const { bytes, ...rest } = pending.job;
    const kept = keptOf(pending.job);
    if ('file' in rest) delete rest.file;
    // The bytes follow the message on the reader's stdin (a pipe is faster than IPC for megabytes).
    slot.child.send({
      id: pending.id,
      job: { ...rest, bytes: new Uint8Array(0) } as Job,
      bytes: kept ? kept.size : bytes.byteLength,
    } satisfies ToChild);
    if (kept) this.pipeFile(slot, pending, kept);
    else slot.child.stdin?.write(bytes);
  }

  /**
   * A kept file's bytes into the reader's stdin, read from disk a chunk at a time as the pipe takes
   * them (issue 33: a queued upload no longer waits in this process's memory). The reader waits for
   * exactly `size` bytes; a file that cannot be read, or has changed size, fails the job.
   */
  private pipeFile(slot: Slot, pending: Pending, kept: KeptFile): void {
    const stdin = slot.child.stdin;
    if (!stdin) return;
    const from = createReadStream(kept.path, { start: 0, end: Math.max(0, kept.size - 1) });
    let sent = 0;
    const stop = () => from.destroy();
    stdin.once('close', stop);
    from.on('data', (chunk) => {
      sent += chunk.length;
      if (!stdin.write(chunk)) {
        from.pause();
        stdin.once('drain', () => from.resume());
      }
    });
    const failed = (why: string) => {
      if (slot.busy === pending)
        this.fail(slot, new StatementError('INTERNAL', { logMessage: `pool: kept file ${why}` }));
    };
    from.once('error', (err) => {
      stdin.off('close', stop);
      failed(`unreadable (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    });
    from.once('end', () => {
      stdin.off('close', stop);
      if (sent !== kept.size) failed(`of ${sent} bytes, not ${kept.size}`);
    });
  }

  /**
   * A job offers its PDF's pages to another reader. Only a reader that is free now takes them (a
   * queued job is never made to wait for a helper); a missing one is started, since pages are
   * claimed as they go and a reader that starts late simply claims fewer.
   */
  private share(slot: Slot, parent: Pending, pageCount: number): void {
    const job = parent.job;
    let borrowed = false;
    const free = () => {
      const worth = pageCount >= this.sharePagesFrom && pageCount <= this.sharePagesUpTo;
      if (this.closed || job.op !== 'extract' || !worth) return undefined;
      // Only when the budget holds this process and both readers at their cap: two readers of a
      // scan each reach ~450 MB (a recogniser each), and a 14-page scan at BAHI_MEMORY_MB=1024 was
      // ended as too large when read by two, while one reads it within the budget (issue 32).
      if (process.memoryUsage.rss() / MB + 2 * this.readerMb > this.budgetMb) return undefined;
      const idle = this.slots.find((s) => !s.busy && s.ready);
      // The helper counts as the owner's: within its reader limit, or beyond it while no other
      // owner's job waits (issue 38: on 2 cores the limit kept a lone user's statement to one
      // reader with the other idle). A borrowed reader goes back at its next claim (see 'claim').
      const mine = parent.owner === undefined ? 0 : (this.running().get(parent.owner) ?? 0);
      borrowed = mine >= this.maxPerOwner;
      if (borrowed && this.othersWaiting(parent.owner)) return undefined;
      if (idle || this.alive >= this.size || this.queue.length > 0) return idle;
      return this.spawn();
    };
    const helper = free();
    if (!helper || job.op !== 'extract') {
      this.send(slot, { id: parent.id, shared: false });
      return;
    }
    parent.claims = { last: 0, pageCount };
    this.send(slot, { id: parent.id, shared: true });
    const toParent = (answer: ToChild) => {
      parent.helper = undefined;
      // The parent may have ended already (its own failure, time limit, abort).
      if (slot.busy === parent) this.send(slot, answer);
    };
    const child: Pending = {
      id: this.nextId++,
      job: {
        op: 'readPart',
        bytes: job.bytes,
        ...(job.file ? { file: job.file } : {}),
        password: job.password,
        pageCount,
        ocr: job.ocr,
        preview: job.crops === true,
      },
      parent,
      ...(borrowed ? { borrowed } : {}),
      resolve: (value) => toParent({ id: parent.id, partEnd: value as never }),
      reject: (err) => toParent({ id: parent.id, partError: err.toJSON() }),
    };
    parent.helper = helper;
    this.start(helper, child, slot.startedAt, slot.budgetMs);
  }

  private send(slot: Slot, msg: ToChild): void {
    if (slot.child.connected) slot.child.send(msg);
  }

  private arm(slot: Slot, limit: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.budgetMs = limit;
    const remaining = limit - (Date.now() - slot.startedAt);
    slot.timer = setTimeout(() => this.expire(slot, limit), Math.max(0, remaining));
  }

  /**
   * A job's time is up by the wall clock. Where the reader's CPU time can be read, the limit counts
   * that instead (issue 37): on a busy machine a reader waits for a core, and a 124,000-row CSV that
   * needs ~10 s of CPU took 112 s of wall time at load 20 and was cut. A reader that has used less
   * CPU than its limit goes on, up to WALL_FACTOR times its limit by the wall clock and never past
   * maxJobMs (what the queue's own watchdog counts on), so one stuck without using CPU (waiting on
   * something that never comes) still ends.
   */
  private expire(slot: Slot, limit: number): void {
    const pid = slot.child.pid;
    const now = pid && slot.cpuAt !== null ? cpuMsOf(pid) : null;
    const used = now === null || slot.cpuAt === null ? null : now - slot.cpuAt;
    const wallCap = Math.min(WALL_FACTOR * limit, Math.max(limit, this.maxJobMs));
    const wallLeft = wallCap - (Date.now() - slot.startedAt);
    if (used !== null && used < limit && wallLeft > 0) {
      slot.timer = setTimeout(() => this.expire(slot, limit), Math.max(50, Math.min(limit - used, wallLeft)));
      return;
    }
    this.fail(
      slot,
      new StatementError('TIMEOUT', {
        logMessage: `pool: job over its ${Math.round(limit / 1000)} s limit`,
      }),
    );
  }

  private onMessage(slot: Slot, msg: FromChild): void {
    if (!('id' in msg)) {
      // 'ready': the job waiting for this reader starts its clock now. A helper keeps its job's.
      slot.ready = true;
      slot.forJob = undefined;
      if (slot.busy && !slot.busy.parent) {
        slot.startedAt = slot.began = Date.now();
        slot.cpuAt = slot.child.pid ? cpuMsOf(slot.child.pid) : null;
        this.arm(slot, slot.budgetMs);
      }
      if (!slot.busy) {
        // started for a queued job: it takes the next one (a reader freed meanwhile may have taken
        // that job), or waits idle like any reader
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
        this.hold(slot, false);
        slot.idle = setTimeout(() => this.retire(slot), this.idleMs);
        slot.idle.unref();
        this.dispatch();
      }
      return;
    }
    const pending = slot.busy;
    if (!pending || pending.id !== msg.id) return;
    switch (msg.type) {
      case 'pages': {
        // A workbook's or a delimited file's rows have no printed pages: their reading time is what
        // the file's size earned, unless the sheets earn more (issue 37: a 124,000-row CSV, 7 MB,
        // was cut at the 20 s of its "one page" on a busy machine, though its size earns 80 s).
        const byPages = timeLimitMs(this, msg.pages);
        this.arm(
          slot,
          msg.sheets ? Math.max(byPages, timeLimitMs(this, null, sizeOf(pending.job))) : byPages,
        );
        pending.pages = msg.pages;
        progress(pending, 1);
        return;
      }
      case 'reading':
        progress(pending, msg.page);
        return;
      case 'share':
        this.share(slot, pending, msg.pageCount);
        return;
      case 'claim': {
        const claims = (pending.parent ?? pending).claims;
        // A borrowed helper stops when another owner's job waits: it ends after the page in hand,
        // its reader takes that job, and the job's own reader claims the pages left.
        const lent = pending.borrowed && this.othersWaiting(pending.parent?.owner);
        const n = claims && claims.last < claims.pageCount && !lent ? ++claims.last : null;
        this.send(slot, { id: msg.id, claim: n });
        if (n !== null) progress(pending.parent ?? pending, n);
        return;
      }
      case 'stop': {
        const claims = (pending.parent ?? pending).claims;
        if (claims) claims.last = claims.pageCount;
        return;
      }
      case 'partPages': {
        const parent = pending.parent;
        const owner = parent && this.slots.find((s) => s.busy === parent);
        if (owner) this.send(owner, { id: parent.id, partPages: msg.part });
        return;
      }
      case 'rows':
        ((pending.rowParts ??= [])[msg.list] ??= []).push(msg.part);
        return;
    }
    this.release(slot);
    if (msg.type === 'done' && msg.rows) {
      // the rows are made again a part at a time (the event loop free between), then answered
      const got = pending.rowParts ?? [];
      pending.rowParts = undefined;
      const rows = msg.rows.map((n, list) => (n === null ? null : (got[list] ?? [])));
      const whole = msg.rows.every((n, list) => n === null || rows[list]!.length === n);
      const unpacked = whole
        ? unpackAnswer(msg.value as JobOutput, rows).catch(
            (err: unknown) => `not unpacked: ${errorKind(err)}`,
          )
        : Promise.resolve('parts missing');
      void unpacked.then((value) =>
        typeof value === 'string'
          ? this.settle(pending, new StatementError('INTERNAL', { logMessage: `pool: rows ${value}` }))
          : this.settle(pending, null, value),
      );
    } else if (msg.type === 'done') this.settle(pending, null, msg.value as JobOutput);
    else this.settle(pending, StatementError.fromJSON(msg.error));
    this.dispatch();
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const pending = slot.busy;
    slot.busy = null;
    this.charge(slot, pending);
    // A helper still reading for a job that has ended gets no more pages.
    if (pending?.claims) pending.claims.last = pending.claims.pageCount;
    const held = (slot.child.pid && residentMb(slot.child.pid)) || 0;
    if (slot.jobs >= this.maxJobsPerReader || held > KEEP_READER_MB) {
      this.retire(slot);
      return;
    }
    this.hold(slot, false);
    slot.idle = setTimeout(() => this.retire(slot), this.idleMs);
    slot.idle.unref();
  }

  /** An idle reader leaves (idle too long, or recycled): the memory it held goes back. */
  private retire(slot: Slot): void {
    if (slot.busy) return;
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    void this.end(slot);
  }

  /** The job's owner used the slot's reader from the job's start until now. */
  private charge(slot: Slot, pending: Pending | null): void {
    if (pending) this.used.add((pending.parent ?? pending).owner, Date.now() - slot.began);
  }

  /** Stop a reader and wait for it to be gone; until then it counts as alive (`dying`). */
  private end(slot: Slot): Promise<void> {
    const { child } = slot;
    if (slot.timer) clearTimeout(slot.timer);
    if (slot.idle) clearTimeout(slot.idle);
    slot.timer = slot.idle = null;
    child.removeAllListeners('exit');
    child.removeAllListeners('message');
    child.on('error', () => {});
    if (child.exitCode !== null || child.signalCode !== null) {
      this.hold(slot, false);
      return Promise.resolve();
    }
    // Held until it is gone, so that a caller awaiting close() sees it go.
    this.hold(slot, true);
    this.dying.add(child);
    const gone = new Promise<void>((resolve) =>
      child.once('exit', () => {
        this.dying.delete(child);
        resolve();
        // Its place in the pool is free only now.
        if (!this.closed) this.dispatch();
      }),
    );
    child.kill('SIGKILL');
    return gone;
  }

  /** The slot's job failed from outside (timeout, memory, death): kill the reader, replace it. */
  private fail(slot: Slot, err: StatementError): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const pending = slot.busy;
    slot.busy = null;
    this.charge(slot, pending);
    void this.end(slot);
    if (pending) this.settle(pending, err);
    // A reader started for a queued job that died (or did not start) before it was ready: that
    // job fails with its error, as when it was sent to the reader at once.
    const waiting = slot.forJob && !slot.ready ? this.queue.indexOf(slot.forJob) : -1;
    if (waiting >= 0) this.settle(this.queue.splice(waiting, 1)[0], err);
    // A helper works for its parent only: end it with the parent.
    if (pending?.helper) this.fail(pending.helper, err);
    if (!this.closed) this.dispatch();
  }

  private cancel(pending: Pending): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(pending, abortError());
      return;
    }
    const slot = this.slots.find((s) => s.busy === pending);
    if (slot) this.fail(slot, abortError());
  }

  private settle(pending: Pending, err: StatementError | null, value?: JobOutput): void {
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    if (err) pending.reject(err);
    else pending.resolve(value!);
  }
}

/** Tells the job's caller that its reader starts page `page`; a caller's fault never stops the read. */
function progress(job: Pending, page: number): void {
  try {
    job.onProgress?.({ pagesRead: page - 1, pages: job.pages ?? page });
  } catch {
    // the read goes on without its progress
  }
}

function abortError(): StatementError {
  return new StatementError('CANCELLED', {
    logMessage: 'pool: job aborted by caller',
  });
}
