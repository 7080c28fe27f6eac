// The embedded database's own thread (issue 37/38; see pglite-thread.ts for why). Runs PGlite and
// answers the server thread's messages: queries, exec, transactions held open across messages, and
// close. Every call is started as its message arrives, in order, so PGlite's own locks order them
// exactly as they did when the server called it directly.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { PreparedSelects, preparable } from './pglite-prepared.ts';
import { type Request, type Reply, toWireError } from './pglite-wire.ts';

const { dataDir, startParams } = workerData as { dataDir: string | undefined; startParams: string[] };
const port = parentPort!;

/** Open transactions: the callback PGlite runs stays open until the server thread ends it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTx = 1;

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
  const target = m.tx === undefined ? db : open.get(m.tx)?.tx;
  if (!target) throw new Error('the transaction has ended');
  switch (m.op) {
    case 'query':
      // a select or a `with` statement: parsed once, then bound and run (pglite-prepared.ts)
      return preparable(m.sql)
        ? prepared.query(m.sql, m.params, options(m.raw, m.rowMode), m.tx !== undefined)
        : target.query(m.sql, m.params, options(m.raw, m.rowMode));
    case 'exec':
      return target.exec(m.sql);
    case 'begin': {
      const id = nextTx++;
      // resolves with the id once PGlite has begun (after any transaction before it)
      return new Promise<number>((begun, failed) => {
        db.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              open.set(id, {
                tx,
                end: (commit) => (commit ? resolve() : reject(ROLLBACK)),
              });
              begun(id);
            }),
        ).then(
          () => ended(id, null),
          (err) => (err === ROLLBACK ? ended(id, null) : ended(id, err)),
        );
        // (PGlite failing to begin at all)
        waiting.set(id, failed);
      });
    }
    case 'end': {
      const t = open.get(m.tx!);
      if (!t) throw new Error('the transaction has ended');
      return new Promise<void>((resolve, reject) => {
        finishing.set(m.tx!, { resolve, reject });
        t.end(m.commit === true);
      });
    }
    case 'close':
      await db.close();
      return null;
  }
}

const ROLLBACK = Symbol('rollback');
const waiting = new Map<number, (err: unknown) => void>();
const finishing = new Map<number, { resolve: () => void; reject: (err: unknown) => void }>();

function ended(id: number, err: unknown): void {
  open.delete(id);
  const begin = waiting.get(id);
  waiting.delete(id);
  const f = finishing.get(id);
  finishing.delete(id);
  if (f) {
    if (err) f.reject(err);
    else f.resolve();
  } else if (err && begin) begin(err);
}

port.on('message', (m: Request) => {
  handle(m).then(
    (value) => {
      if (m.op === 'begin') waiting.delete(value as number);
      reply({ id: m.id, ok: true, value });
    },
    (err) => reply({ id: m.id, ok: false, error: toWireError(err) }),
  );
});

reply({ id: 0, ok: true, value: null });
