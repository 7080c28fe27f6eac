// The embedded database (PGlite) on a thread of its own (issues 37 and 38). PGlite runs PostgreSQL
// as WebAssembly, and every query is one synchronous call: in the server's thread, 14-17 s of a
// 40 s profile under the 20-user load (decision 052, round two), each call holding every request
// behind it (health and the jobs list at p99 in the hundreds of ms). Here the server's thread only
// sends the query and receives the rows; PostgreSQL runs in a worker thread with its own event loop.
//
// The handle answers what drizzle's PGlite session, pg-boss's PGlite adapter and the server use of
// PGlite: query (rows as objects or arrays; drizzle's parsers that keep dates as text), exec,
// transaction (held open in the worker across messages; PGlite's own lock still orders it against
// every other query, as when it ran here) and close.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { type Reply, type Request, fromWireError } from './pglite-wire.ts';

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

// What a request carries besides its id (the distributive Omit keeps each op's own fields).
type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** The error every call gets once the database's thread is gone: the database is down. */
const STOPPED = 'Connection terminated: the embedded database thread stopped';

export interface PGliteTx {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  /** rolls the transaction back when its callback returns (PGlite's tx.rollback) */
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PGliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTx = 1;
  private stopped: Error | null = null;
  private readonly worker: Worker;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (m: Reply) => this.answer(m));
    worker.on('error', (err) => this.stop(err));
    worker.on('exit', () => this.stop(new Error(STOPPED)));
    worker.unref();
  }

  /** Starts PGlite in `dataDir` (in memory when undefined) on its own thread. */
  static async create(dataDir: string | undefined, opts: { startParams: string[] }): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { dataDir, startParams: opts.startParams },
    });
    // the worker's first message says PGlite is up, or why it is not
    let onMessage!: (m: Reply) => void;
    let onError!: (err: Error) => void;
    let onExit!: (code: number) => void;
    const first = await new Promise<Reply>((resolve, reject) => {
      onMessage = resolve;
      onError = reject;
      onExit = (code) => reject(new Error(`the embedded database thread exited (${code})`));
      worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    }).finally(() => worker.off('message', onMessage).off('error', onError).off('exit', onExit));
    if (!first.ok) {
      await worker.terminate();
      throw fromWireError(first.error);
    }
    return new PGliteThread(worker);
  }

  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, ...wireOptions(options), tx }) as Promise<Results<T>>;
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.send({ op: 'exec', sql, tx }) as Promise<Results[]>;
  }

  /**
   * `fn` in one transaction: committed when it returns, rolled back when it throws. The begin is not
   * waited for: the transaction's first statement follows it at once, and the database's thread
   * runs it as soon as PGlite has begun (pglite-worker.ts). A round trip between the two threads
   * less while the transaction holds the database and every other query waits (decision 052, round
   * eighteen); were the begin to fail, its statements fail with its error.
   */
  async transaction<T>(fn: (tx: PGliteTx) => Promise<T>): Promise<T> {
    const id = this.nextTx++;
    const begun = this.send({ op: 'begin', tx: id });
    // (answered through the statements, or awaited before the commit below)
    begun.catch(() => {});
    let closed = false;
    let rollback = false;
    const tx: PGliteTx = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      exec: (sql) => this.exec(sql, id),
      rollback: async () => {
        rollback = true;
      },
      get closed() {
        return closed;
      },
    };
    let out: T;
    try {
      out = await fn(tx);
    } catch (err) {
      closed = true;
      await this.send({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw err;
    }
    closed = true;
    // (a begin that failed fails the transaction, statements or none)
    await begun;
    await this.send({ op: 'end', tx: id, commit: !rollback });
    return out;
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.send({ op: 'close' });
    this.stopped = new Error(STOPPED);
    await this.worker.terminate();
  }

  private send(ask: Ask): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // a call in flight keeps the process alive (an idle database thread does not)
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...ask, id } as Request);
    });
  }

  private answer(m: Reply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.ok) p.resolve(m.value);
    else p.reject(fromWireError(m.error));
  }

  private stop(err: Error): void {
    this.stopped ??= err;
    for (const p of this.pending.values()) p.reject(this.stopped);
    this.pending.clear();
  }
}

/** drizzle's options as data: its parsers only ever hand dates, times and intervals back as text. */
function wireOptions(
  options: QueryOptions | undefined,
): Pick<Extract<Request, { op: 'query' }>, 'rowMode' | 'raw'> {
  if (!options) return {};
  const raw: number[] = [];
  for (const [oid, parse] of Object.entries(options.parsers ?? {})) {
    // (a parser that changes the text cannot cross to the database's thread)
    if (parse('1', Number(oid)) !== '1') throw new Error(`a query parser for type ${oid} is not supported`);
    raw.push(Number(oid));
  }
  if (options.serializers && Object.keys(options.serializers).length)
    throw new Error('query serializers are not supported on the embedded database thread');
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), ...(raw.length ? { raw } : {}) };
}
