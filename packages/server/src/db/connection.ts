// The PostgreSQL connection is a resource that comes and goes (issue 37): a restart, a failover, a
// proxy closing idle connections or pg_terminate_backend end connections under a running process.
// node-postgres reports that as an 'error' event on the pool (idle connections) or on the client
// (checked-out ones), and an 'error' event nobody listens to ends the process. Here every such event
// is listened to and logged; the pool drops the dead connection and the next query opens a new one.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export type DbLog = { warn(obj: object, msg: string): void };

/** One JSON line on stderr, the queue's and the worker's format, when no logger is given. */
export const stderrDbLog: DbLog = {
  warn: (o, m) =>
    process.stderr.write(`${JSON.stringify({ level: 'warn', time: Date.now(), ...o, msg: m })}\n`),
};

/** What of a driver error may be logged: never its query or parameters (they can hold a file's bytes). */
/** A SQLSTATE: five digits or capitals, its class a digit first, or P0, F0, HV, XX (not EPIPE). */
const SQLSTATE = /^([0-9][0-9A-Z]|[PF]0|HV|XX)[0-9A-Z]{3}$/;

export function errorFields(err: unknown): { name?: string; code?: string; message?: string } {
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown } | undefined;
  if (!e || typeof e !== 'object') return { message: String(err).slice(0, 200) };
  const message = typeof e.message === 'string' ? e.message : '';
  // drizzle's "Failed query: <sql>\nparams: <values>" wraps the driver's error, its cause.
  if (message.startsWith('Failed query')) {
    if (e.cause) return errorFields(e.cause);
    return { name: e.name, code: e.code, message: 'Failed query (not logged: its parameters may hold data)' };
  }
  // A database's own error is told by its SQLSTATE alone: its message may quote a value of the
  // statement ('invalid input syntax for type uuid: "…"', a NUL's row; issue 33).
  if (typeof e.code === 'string' && SQLSTATE.test(e.code)) return { name: e.name, code: e.code };
  // Whatever else quotes parameters is cut before them.
  return { name: e.name, code: e.code, message: message.split(/\bparams:/)[0].slice(0, 200) };
}

// SQLSTATE classes and codes that mean "no connection", not "this statement failed":
// 08 connection exception; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
const DOWN_SQLSTATES = /^(08...|57P0[123])$/;
const DOWN_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres says these in words only.
const DOWN_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not queryable|Cannot use a pool after calling end/i;

/** True when `err` (or a cause of it) says the database cannot be reached, whatever the statement. */
export function isDatabaseDown(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DOWN_SQLSTATES.test(code) || DOWN_SOCKET_CODES.has(code)) return true;
    if (typeof e.message === 'string' && DOWN_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

// 53100 disk_full; node's own file errors; PostgreSQL's other write failures say it in words
// (58030 "could not write to file ...: No space left on device").
const FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);

/** True when `err` (or a cause of it) says the disk under the database or the data directory is full. */
export function isDiskFull(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && /No space left on device|Disk quota exceeded/i.test(e.message))
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * An error's stack frames only: the lines before them are its message, which may run over many
 * lines and quote a query's parameters (an upload's bytes hold newlines too).
 */
export function stackFrames(err: unknown): string | undefined {
  const e = err as { stack?: unknown; name?: unknown; message?: unknown } | undefined;
  if (typeof e?.stack !== 'string') return undefined;
  // V8 writes `${name}: ${message}` and then the frames: cut the header off whole, so that no line
  // of the message (however it looks) is kept; else only the frames at the end.
  const header = `${String(e.name)}: ${String(e.message)}`;
  const lines = (e.stack.startsWith(header) ? e.stack.slice(header.length) : e.stack).split('\n');
  let from = lines.length;
  while (from > 0 && /^\s+at \S/.test(lines[from - 1]!)) from--;
  return lines.slice(from).slice(0, 10).join('\n');
}

/**
 * Opening a connection sends no statement, so a failed connect is always safe to try again: the
 * pool waits a little and tries up to CONNECT_ATTEMPTS times (a restart's few seconds, a failover's
 * switch) before the caller sees the error. A statement that reached the server is never repeated
 * here: whether it ran is unknown; callers whose work is idempotent retry it themselves
 * (queue/read.ts). Wrong credentials or a missing database are not retried.
 */
const CONNECT_DELAYS_MS = [100, 400, 1_000];
const NOT_RETRIED = /^(28|3D)/;

/**
 * How long a connect may hang (a dropped network answers nothing) before it counts as failed; it is
 * also the longest wait for a free connection of the pool, hence well above any query of ours.
 */
const CONNECT_TIMEOUT_MS = 10_000;

class RetryingPool extends pg.Pool {
  private async connectRetrying(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await super.connect();
      } catch (err) {
        const code = String((err as { code?: unknown }).code ?? '');
        if (attempt >= CONNECT_DELAYS_MS.length || NOT_RETRIED.test(code) || this.ending) throw err;
        await sleep(CONNECT_DELAYS_MS[attempt]);
      }
    }
  }

  // pg.Pool's query() calls connect with a callback; drizzle's transactions call it without one.
  override connect(): Promise<pg.PoolClient>;
  override connect(cb: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void): void;
  override connect(cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) {
    if (!cb) return this.connectRetrying();
    this.connectRetrying().then(
      (client) => cb(undefined, client, client.release),
      (err: Error) => cb(err),
    );
    return undefined as never;
  }
}

/** The app's pool on PostgreSQL: every connection error listened to, failed connects retried. */
export function createPool(connectionString: string, log: DbLog = stderrDbLog): pg.Pool {
  const pool = new RetryingPool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose far end vanished (no RST: a failover, a NAT timeout) is found by TCP.
    keepAlive: true,
  });
  // An idle connection ended by the server: the pool has already dropped it.
  pool.on('error', (err) => log.warn({ err: errorFields(err) }, 'database connection lost (idle)'));
  // A checked-out connection ended mid-use: its statement fails (and says so to its caller); this
  // listener only keeps the event from ending the process. The pool drops it on release.
  pool.on('connect', (client) =>
    client.on('error', (err) => log.warn({ err: errorFields(err) }, 'database connection lost (in use)')),
  );
  return pool;
}
