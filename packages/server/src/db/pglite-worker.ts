// The embedded database's own thread (issue 37/38; see pglite-thread.ts for why). Runs PGlite and
// answers the server thread's messages: queries, exec, transactions held open across messages, and
// close. Every call is started as its message arrives, in order, so PGlite's own locks order them
// exactly as they did when the server called it directly.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { PreparedSelects } from './pglite-prepared.ts';
import { type Request, type Reply, toWireError } from './pglite-wire.ts';

const { dataDir, startParams } = workerData as { dataDir: string | undefined; startParams: string[] };
const port = parentPort!;

/**
 * Open transactions, by the id the server thread gave them: `ready` once PGlite has begun it (after
 * any transaction before it), then the callback PGlite runs stays open until the server ends it.
 * The server thread sends a transaction's first statements right behind its begin, without waiting
 * for the begin's answer (decision 052, round eighteen): each waits here for `ready`, in the order
 * it came.
 */
const open = new Map<number, { ready: Promise<Transaction>; end?: (commit: boolean) => void }>();

const reply = (msg: Reply) => port.postMessage(msg);

// A parser that hands the text back as it came: drizzle asks this of dates, times and intervals.
const asText = (value: string) => value;

function options(
  raw: number[] | undefined,
  rowMode: 'array' | 'object' | undefined,
): QueryOptions | undefined {
  if (!raw?.length && !rowMode) return undefined;
  const out: QueryOptions = {};
  if (rowMode) out.rowMode = rowMode;
  if (raw?.length) out.parsers = Object.fromEntries(raw.map((oid) => [oid, asText]));
  return out;
}

let db: PGlite;
try {
  db = await PGlite.create(dataDir, { startParams });
} catch (err) {
  reply({ id: 0, ok: false, error: toWireError(err) });
  process.exit(1);
}
const prepared = new PreparedSelects(db);

async function handle(m: Request): Promise<unknown> {
  if (m.op === 'begin') return begin(m.tx!);
  const t = m.tx === undefined ? undefined : open.get(m.tx);
  if (m.tx !== undefined && !t) throw new Error('the transaction has ended');
  const target = t ? await t.ready : db;
  switch (m.op) {
    case 'query':
      // a select, a `with` statement or a write asked again: parsed once, then bound and run
      // (pglite-prepared.ts)
      return prepared.takes(m.sql)
        ? prepared.query(m.sql, m.params, options(m.raw, m.rowMode), m.tx !== undefined)
        : target.query(m.sql, m.params, options(m.raw, m.rowMode));
    case 'exec':
      return target.exec(m.sql);
    case 'end': {
      if (!open.has(m.tx!)) throw new Error('the transaction has ended');
      return new Promise<void>((resolve, reject) => {
        finishing.set(m.tx!, { resolve, reject });
        t!.end!(m.commit === true);
      });
    }
    case 'close':
      await db.close();
      return null;
  }
}

/** Begins transaction `id`: answers once PGlite has begun it, or with why it could not. */
function begin(id: number): Promise<null> {
  if (open.has(id)) throw new Error(`transaction ${id} is open already`);
  let begun!: (tx: Transaction) => void;
  let failed!: (err: unknown) => void;
  const ready = new Promise<Transaction>((resolve, reject) => {
    begun = resolve;
    failed = reject;
  });
  // (every statement of the transaction awaits it; its failure is answered through them)
  ready.catch(() => {});
  const entry: { ready: Promise<Transaction>; end?: (commit: boolean) => void } = { ready };
  open.set(id, entry);
  db.transaction(
    (tx) =>
      new Promise<void>((resolve, reject) => {
        entry.end = (commit) => (commit ? resolve() : reject(ROLLBACK));
        begun(tx);
      }),
  ).then(
    () => ended(id, null),
    (err) => {
      // (PGlite failing to begin at all: the statements sent behind the begin get its error)
      failed(err);
      ended(id, err === ROLLBACK ? null : err);
    },
  );
  return ready.then(() => null);
}

const ROLLBACK = Symbol('rollback');
const finishing = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();

function ended(id: number, err: unknown): void {
  open.delete(id);
  const f = finishing.get(id);
  finishing.delete(id);
  if (!f) return;
  if (err) f.reject(err);
  else f.resolve();
}

port.on('message', (m: Request) => {
  handle(m).then(
    (value) => reply({ id: m.id, ok: true, value }),
    (err) => reply({ id: m.id, ok: false, error: toWireError(err) }),
  );
});

reply({ id: 0, ok: true, value: null });
