// A pool of worker threads that read and parse statements off the main thread. Each job gets a
// time limit (a base plus so much per page, capped) and each thread a memory cap; a job past either
// has its thread terminated and replaced, and fails with a clear StatementError. The process never
// crashes or hangs because of a file.
//
// A long PDF is read by two threads at once: the job's thread offers its pages ('share') and,
// when another thread is free, the pool starts a helper job on it that claims pages from the same
// counter. The helper works to the parent job's deadline, is ended with it, and its pages (or its
// failure) are handed to the parent, which merges them in page order and parses.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { StatementError } from '../errors.ts';
import type { Job, JobOutput } from './job.ts';
import { partTransfer, transferable, type PackedPart } from './part.ts';
import type { FromWorker, ToWorker } from './thread.ts';

export interface PoolOptions {
  /** threads (default: available cores) */
  size?: number;
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
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: PoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? os.availableParallelism());
    this.perPageMs = opts.perPageMs ?? 10_000;
    this.baseMs = opts.baseMs ?? 10_000;
    this.maxJobMs = opts.maxJobMs ?? 5 * 60_000;
    this.maxOldMb = opts.maxOldGenerationSizeMb ?? 768;
    this.maxYoungMb = opts.maxYoungGenerationSizeMb ?? 32;
    this.sharePagesFrom = opts.sharePagesFrom ?? SHARE_PAGES_FROM;
    this.sharePagesUpTo = opts.sharePagesUpTo ?? SHARE_PAGES_UP_TO;
  }

  /** Run one job. The job's bytes are transferred to the thread: the caller's copy is detached. */
  run(job: Job, signal?: AbortSignal): Promise<JobOutput> {
    if (this.closed) {
      return Promise.reject(new StatementError('INTERNAL', { logMessage: 'pool: closed' }));
    }
    return new Promise<JobOutput>((resolve, reject) => {
      const pending: Pending = { id: this.nextId++, job, resolve, reject, signal };
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
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
      let slot = this.slots.find((s) => !s.busy);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!, Date.now(), this.baseMs);
    }
  }

  private start(slot: Slot, pending: Pending, startedAt: number, budgetMs: number): void {
    slot.busy = pending;
    slot.startedAt = startedAt;
    slot.worker.ref();
    this.arm(slot, budgetMs);
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
