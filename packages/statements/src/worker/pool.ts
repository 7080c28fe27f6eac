// A pool of worker threads that read and parse statements off the main thread. Each job gets a
// time limit (a base plus so much per page, capped) and each thread a memory cap; a job past either
// has its thread terminated and replaced, and fails with a clear StatementError. The process never
// crashes or hangs because of a file.
//
// A long PDF is read by two threads at once: the job's thread offers its pages ('share') and,
// when another thread is free, the pool starts a helper job on it that claims pages from the same
// counter. The helper works to the parent job's deadline, is ended with it, and its pages (or its
// failure) are handed to the parent, which merges them in page order and parses.
//
// Memory (issue 18, docs/decisions/024-reader-memory-limits.md): V8's resourceLimits cover only
// a thread's JavaScript heap, not the buffers pdf.js decodes into. A watchdog samples every busy
// thread's heap plus external memory (ArrayBuffers) and the process's RSS; a thread over its cap,
// or the biggest one when the process is over its budget, is terminated and its job fails with
// TOO_LARGE. The pool has as many threads as the memory budget holds caps, at most one per core.
//
// Fairness (issue 18): a job may name its owner (the user). A queued job of an owner with fewer
// jobs running goes first, and no owner holds more than `maxPerOwner` threads, so one user's queue
// of slow scans never keeps another user's statement waiting for all of them.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { StatementError } from '../errors.ts';
import type { Job, JobOutput } from './job.ts';
import { partTransfer, transferable, type PackedPart } from './part.ts';
import type { FromWorker, ToWorker } from './thread.ts';

export interface PoolOptions {
  /** threads (default: as many as the memory budget holds thread caps, at most the available cores) */
  size?: number;
  /** what all threads together may use, in MB (default: half of the machine's or container's memory) */
  memoryBudgetMb?: number;
  /** heap plus decoded buffers one thread may hold, in MB, before its job is ended (default 384) */
  threadMemoryMb?: number;
  /** how often the memory watchdog looks, in ms (default 100) */
  watchdogMs?: number;
  /** threads one owner's jobs may hold at once (default: all but one, at least one) */
  maxPerOwner?: number;
  /** time allowed per page once the page count is known (default 10 s) */
  perPageMs?: number;
  /** time allowed to open the file and count its pages, and added to the per-page budget (default 10 s) */
  baseMs?: number;
  /** no job runs longer than this, whatever its page count (default 5 min) */
  maxJobMs?: number;
  /** V8 old-space cap per thread (default 768 MB) */
  maxOldGenerationSizeMb?: number;
  /** V8 young generation per thread (default 32 MB; 64 MB saved ~25 ms of scavenges per 100 pages but added ~55 MB to the peak of a 500-page job on 2 threads) */
  maxYoungGenerationSizeMb?: number;
  /** a PDF of at least this many pages is read by two threads when one is free (default 8) */
  sharePagesFrom?: number;
  /** ... and of at most this many (default 400) */
  sharePagesUpTo?: number;
}

/**
 * Below this many pages a second thread opening the same PDF costs about what it saves
 * (bench/share-crossover.ts, warm 2-thread pool: 0.9-1.2x up to 6 pages, noise; 1.3-1.6x from 8).
 */
const SHARE_PAGES_FROM = 8;
/**
 * Two threads reading one PDF hold two heaps. Measured peak RSS of a fresh process (main thread
 * + pool) with both threads reading: 300 pages ~360 MB, 400 ~365 MB, 500 ~390-430 MB, over the
 * 400 MB budget for a 500-page statement; one thread reads 500 pages in ~310-340 MB.
 */
const SHARE_PAGES_UP_TO = 400;

interface Pending {
  id: number;
  job: Job;
  /** whose job it is (a user id), for fair scheduling; none for the command line and tests */
  owner?: string;
  resolve: (v: JobOutput) => void;
  reject: (e: StatementError) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  /** for a helper job: the job it reads pages for */
  parent?: Pending;
  /** for a job with a helper: the helper's slot while it works */
  helper?: Slot;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
  startedAt: number;
  budgetMs: number;
}

/** Per-thread cap: a 500-page statement read alone stays well under it (bench/peak-rss.ts). */
const THREAD_MEMORY_MB = 384;

/** Half of the memory this process may have: the machine's, or a container's limit when lower. */
function defaultBudgetMb(): number {
  const machine = os.totalmem();
  const constrained = process.constrainedMemory?.() ?? 0;
  const limit = constrained > 0 && constrained < machine ? constrained : machine;
  return Math.floor(limit / 2 / (1024 * 1024));
}

/** Threads for a budget: as many caps as fit, at most one per core, at least one. */
export function poolSizeFor(budgetMb: number, threadMb: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.min(cores, Math.floor(budgetMb / threadMb)));
}

const THREAD_URL = new URL('./thread.ts', import.meta.url);

export class StatementPool {
  private readonly size: number;
  private readonly perPageMs: number;
  private readonly baseMs: number;
  private readonly maxJobMs: number;
  private readonly maxOldMb: number;
  private readonly maxYoungMb: number;
  private readonly sharePagesFrom: number;
  private readonly sharePagesUpTo: number;
  private readonly budgetMb: number;
  private readonly threadMb: number;
  private readonly watchdogMs: number;
  private readonly maxPerOwner: number;
  private watchdog: NodeJS.Timeout | null = null;
  private sampling = false;
  /** when each owner last had a job started (a rising count), for round robin */
  private readonly served = new Map<string, number>();
  private serveCount = 0;
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: PoolOptions = {}) {
    this.budgetMb = opts.memoryBudgetMb ?? defaultBudgetMb();
    this.threadMb = opts.threadMemoryMb ?? THREAD_MEMORY_MB;
    this.watchdogMs = opts.watchdogMs ?? 100;
    this.size = Math.max(1, opts.size ?? poolSizeFor(this.budgetMb, this.threadMb));
    this.maxPerOwner = Math.max(1, opts.maxPerOwner ?? this.size - 1);
    this.perPageMs = opts.perPageMs ?? 10_000;
    this.baseMs = opts.baseMs ?? 10_000;
    this.maxJobMs = opts.maxJobMs ?? 5 * 60_000;
    this.maxOldMb = opts.maxOldGenerationSizeMb ?? Math.min(768, this.threadMb);
    this.maxYoungMb = opts.maxYoungGenerationSizeMb ?? 32;
    this.sharePagesFrom = opts.sharePagesFrom ?? SHARE_PAGES_FROM;
    this.sharePagesUpTo = opts.sharePagesUpTo ?? SHARE_PAGES_UP_TO;
  }

  /** Run one job. The job's bytes are transferred to the thread: the caller's copy is detached. */
  run(job: Job, signal?: AbortSignal, owner?: string): Promise<JobOutput> {
    if (this.closed) {
      return Promise.reject(new StatementError('INTERNAL', { logMessage: 'pool: closed' }));
    }
    return new Promise<JobOutput>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, job, owner, resolve, reject, signal };
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

  /** Threads currently alive (for tests and health checks). */
  get threads(): number {
    return this.slots.length;
  }

  /** Threads working on a job or helping one (for tests and health checks). */
  get busyThreads(): number {
    return this.slots.filter((s) => s.busy).length;
  }

  /** The threads this pool runs at most (for tests and health checks). */
  get maxThreads(): number {
    return this.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    for (const p of this.queue.splice(0)) {
      this.settle(p, new StatementError('INTERNAL', { logMessage: 'pool: closed before start' }));
    }
    await Promise.all(
      this.slots.splice(0).map(async (slot) => {
        if (slot.busy) {
          this.settle(slot.busy, new StatementError('INTERNAL', { logMessage: 'pool: closed mid-job' }));
        }
        if (slot.timer) clearTimeout(slot.timer);
        slot.worker.removeAllListeners();
        slot.worker.on('error', () => {});
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(THREAD_URL, {
      resourceLimits: {
        maxOldGenerationSizeMb: this.maxOldMb,
        maxYoungGenerationSizeMb: this.maxYoungMb,
        stackSizeMb: 8,
      },
      // Workers inherit the parent's execArgv; nothing else is needed to run .ts on Node 24.
      // Their console output (tesseract prints diagnostics) must never reach our stdout, which
      // carries the CLI's result: take the streams and drop them. Jobs report by message.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, busy: null, timer: null, startedAt: 0, budgetMs: 0 };
    worker.on('message', (msg: FromWorker) => this.onMessage(slot, msg));
    worker.on('error', (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(
        slot,
        oom
          ? new StatementError('TOO_LARGE', {
              userMessage: 'The file needs too much memory to process.',
              logMessage: 'pool: worker out of memory',
            })
          : new StatementError('INTERNAL', { logMessage: `pool: worker error ${err.code ?? err.name}` }),
      );
    });
    worker.on('exit', () => {
      this.fail(slot, new StatementError('INTERNAL', { logMessage: 'pool: worker exited' }));
    });
    worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      if (!this.slots.some((s) => !s.busy) && this.slots.length >= this.size) return;
      const index = this.nextQueued();
      if (index < 0) return;
      const slot = this.slots.find((s) => !s.busy) ?? this.spawn();
      const [pending] = this.queue.splice(index, 1);
      this.start(slot, pending, Date.now(), this.baseMs);
    }
  }

  /** Threads each owner's jobs (and their helpers) hold now. */
  private running(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const s of this.slots) {
      const owner = s.busy ? (s.busy.parent ?? s.busy).owner : undefined;
      if (owner !== undefined) counts.set(owner, (counts.get(owner) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * The queued job to start next: of the owners under their thread limit, the one running the
   * fewest jobs, then the one served longest ago (round robin), oldest job first. A job without
   * an owner competes as an owner running none, served never.
   */
  private nextQueued(): number {
    const counts = this.running();
    let best = -1;
    let bestKey: [number, number] = [Infinity, Infinity];
    this.queue.forEach((p, i) => {
      const n = p.owner === undefined ? 0 : (counts.get(p.owner) ?? 0);
      if (p.owner !== undefined && n >= this.maxPerOwner) return;
      const served = p.owner === undefined ? -1 : (this.served.get(p.owner) ?? -1);
      if (n < bestKey[0] || (n === bestKey[0] && served < bestKey[1])) {
        best = i;
        bestKey = [n, served];
      }
    });
    if (best >= 0) {
      const owner = this.queue[best].owner;
      if (owner !== undefined) {
        this.served.delete(owner);
        this.served.set(owner, this.serveCount++);
      }
    }
    return best;
  }

  /** Sample the busy threads' memory; end the job of a thread over its cap, or of the biggest when the process is over budget. */
  private watch(): void {
    if (this.watchdog || this.closed) return;
    this.watchdog = setInterval(() => void this.sample(), this.watchdogMs);
    this.watchdog.unref();
  }

  private async sample(): Promise<void> {
    const busy = this.slots.filter((s) => s.busy);
    if (busy.length === 0) {
      if (this.watchdog) clearInterval(this.watchdog);
      this.watchdog = null;
      return;
    }
    if (this.sampling) return;
    this.sampling = true;
    try {
      const MB = 1024 * 1024;
      const used = await Promise.all(
        busy.map(async (slot) => {
          try {
            const h = await slot.worker.getHeapStatistics();
            return { slot, mb: (h.used_heap_size + (h.external_memory ?? 0)) / MB };
          } catch {
            return { slot, mb: 0 };
          }
        }),
      );
      for (const { slot, mb } of used) {
        if (mb > this.threadMb)
          this.tooMuchMemory(slot, `thread at ${Math.round(mb)} MB, cap ${this.threadMb} MB`);
      }
      const rss = process.memoryUsage.rss() / MB;
      if (rss > this.budgetMb) {
        const live = used.filter((u) => u.slot.busy && this.slots.includes(u.slot));
        const biggest = live.sort((a, b) => b.mb - a.mb)[0];
        if (biggest)
          this.tooMuchMemory(biggest.slot, `process at ${Math.round(rss)} MB, budget ${this.budgetMb} MB`);
      }
    } finally {
      this.sampling = false;
    }
  }

  private tooMuchMemory(slot: Slot, why: string): void {
    // A helper's memory is its parent's job's: end the parent (fail ends the helper with it).
    const parent = slot.busy?.parent;
    const target = parent ? this.slots.find((s) => s.busy === parent) : undefined;
    const error = new StatementError('TOO_LARGE', {
      userMessage: 'The file needs too much memory to process.',
      logMessage: `pool: ${why}`,
    });
    if (target) this.fail(target, error);
    this.fail(slot, error);
  }

  private start(slot: Slot, pending: Pending, startedAt: number, budgetMs: number): void {
    slot.busy = pending;
    slot.startedAt = startedAt;
    slot.worker.ref();
    this.arm(slot, budgetMs);
    this.watch();
    const { job } = pending;
    slot.worker.postMessage({ id: pending.id, job } satisfies ToWorker, transferable(job.bytes));
  }

  /**
   * A job offers its PDF's pages to another thread. Only a thread that is free now takes them
   * (a queued job is never made to wait for a helper); a missing one is spawned, since the
   * pages are claimed as they go and a thread that starts late simply claims fewer.
   */
  private share(slot: Slot, parent: Pending, msg: Extract<FromWorker, { type: 'share' }>): void {
    const job = parent.job;
    const free = () => {
      const worth = msg.pageCount >= this.sharePagesFrom && msg.pageCount <= this.sharePagesUpTo;
      if (this.closed || job.op !== 'extract' || !worth) return undefined;
      const idle = this.slots.find((s) => !s.busy);
      // The helper counts as the owner's: within its thread limit only.
      const mine = parent.owner === undefined ? 0 : (this.running().get(parent.owner) ?? 0);
      if (mine >= this.maxPerOwner) return undefined;
      if (idle || this.slots.length >= this.size || this.queue.length > 0) return idle;
      return this.spawn();
    };
    const helper = free();
    if (!helper || job.op !== 'extract') {
      slot.worker.postMessage({ id: parent.id, part: null } satisfies ToWorker);
      return;
    }
    const toParent = (answer: ToWorker) => {
      parent.helper = undefined;
      // The parent may have ended already (its own failure, time limit, abort).
      if (slot.busy !== parent) return;
      slot.worker.postMessage(answer, 'part' in answer ? partTransfer(answer.part) : []);
    };
    const child: Pending = {
      id: this.nextId++,
      job: {
        op: 'readPart',
        bytes: msg.bytes,
        password: job.password,
        pageCount: msg.pageCount,
        counter: msg.counter,
        ocr: job.ocr,
      },
      parent,
      resolve: (value) => toParent({ id: parent.id, part: value as unknown as PackedPart }),
      reject: (err) => toParent({ id: parent.id, partError: err.toJSON() }),
    };
    parent.helper = helper;
    this.start(helper, child, slot.startedAt, slot.budgetMs);
  }

  private arm(slot: Slot, budgetMs: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.budgetMs = budgetMs;
    const remaining = Math.min(budgetMs, this.maxJobMs) - (Date.now() - slot.startedAt);
    slot.timer = setTimeout(
      () =>
        this.fail(
          slot,
          new StatementError('TIMEOUT', {
            logMessage: `pool: job over its ${Math.round(Math.min(budgetMs, this.maxJobMs) / 1000)} s limit`,
          }),
        ),
      Math.max(0, remaining),
    );
  }

  private onMessage(slot: Slot, msg: FromWorker): void {
    const pending = slot.busy;
    if (!pending || pending.id !== msg.id) return;
    if (msg.type === 'pages') {
      this.arm(slot, this.baseMs + this.perPageMs * msg.pages);
      return;
    }
    if (msg.type === 'share') {
      this.share(slot, pending, msg);
      return;
    }
    this.release(slot);
    if (msg.type === 'done') this.settle(pending, null, msg.value as JobOutput);
    else this.settle(pending, StatementError.fromJSON(msg.error));
    this.dispatch();
  }

  private release(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.busy = null;
    slot.worker.unref();
  }

  /** The slot's job failed from outside (timeout, memory, crash): end the thread, replace it. */
  private fail(slot: Slot, err: StatementError): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const pending = slot.busy;
    slot.busy = null;
    if (slot.timer) clearTimeout(slot.timer);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    void slot.worker.terminate();
    if (pending) this.settle(pending, err);
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

function abortError(): StatementError {
  return new StatementError('CANCELLED', {
    logMessage: 'pool: job aborted by caller',
  });
}
