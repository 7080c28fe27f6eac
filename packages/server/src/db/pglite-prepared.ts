// The embedded database's selects (and `with` statements, round seventeen) as named prepared
// statements (issue 38, decision 052 round nine).
// PGlite's `query` parses, analyses and describes its SQL on every call: the sign-in guard's
// five-table select cost ~1.1 ms of the database's thread that way against ~0.3 ms executed as a
// prepared statement, and every signed-in call runs it. drizzle sends the same text for the same
// query with the values apart, so a select is parsed once per text and then only bound and run, as
// postgres.js does for the PostgreSQL deployments. PostgreSQL re-plans a prepared statement when a
// table it reads changes; one whose columns changed type is prepared again (below).
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Texts kept prepared at most: the app's selects are a few hundred texts at most. */
export const MAX_PREPARED = 256;
/** Writes' texts remembered as seen once, at most (a write is prepared when its text comes again). */
export const MAX_WRITES_SEEN = 256;

type Statement = { name: string; types: number[] };

/**
 * Selects, and statements of common table expressions (`with ...`): a text run once (DDL, pg-boss's
 * maintenance) gains nothing from it. The `with` statements are the hot writes: the end of a
 * dropped file's read (queue/read-end.ts markRead, one statement of eight CTEs) spent ~3 of its
 * ~4.7 ms being parsed, analysed and described on every call, all of it while its transaction held
 * the database and every screen's poll waited (decision 052, round seventeen); pg-boss's fetch of
 * the next job, asked every poll, is one too.
 */
export const preparable = (sql: string) => /^\s*(select|with)\b/i.test(sql);

/**
 * Inserts, updates and deletes: prepared from the second time their text comes (decision 052, round
 * twenty-one). The app's one-row writes repeat their text (a drop's file and its upload, the rate
 * limit's count, a read's progress), and so does pg-boss's job insert (one text whatever the number
 * of jobs, a JSON parameter), which a drop runs inside the transaction that records its files: 0.87
 * ms through PGlite's query against 0.26 ms prepared, 0.17 against 0.07 for a one-row insert. A
 * bulk insert's text changes with its row count: seen once, it is left to PGlite's query and never
 * takes a prepared statement's place.
 */
const WRITE = /^\s*(insert|update|delete)\b/i;

export class PreparedSelects {
  private readonly statements = new Map<string, Statement>();
  private nextName = 1;
  /** statements let go, closed at the end of the call that let them go (its lock held) */
  private readonly closing: string[] = [];

  private readonly db: PGlite;

  /** writes' texts seen once (insertion order: the oldest is let go first) */
  private readonly writesSeen = new Set<string>();

  constructor(db: PGlite) {
    this.db = db;
  }

  /**
   * Whether `sql` is run prepared (query): selects and `with` statements always, writes once their
   * text comes a second time. Everything else goes to PGlite's own query.
   */
  takes(sql: string): boolean {
    if (this.statements.has(sql) || preparable(sql)) return true;
    if (!WRITE.test(sql)) return false;
    if (this.writesSeen.delete(sql)) return true;
    this.writesSeen.add(sql);
    if (this.writesSeen.size > MAX_WRITES_SEEN)
      this.writesSeen.delete(this.writesSeen.values().next().value!);
    return false;
  }

  /**
   * `sql` with `params` as PGlite's query answers it. In an open transaction its lock is held
   * already, and only PGlite's query lock is taken, as tx.query does.
   */
  query(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) {
    const run = () => this.db.runExclusive(() => this.run(sql, params ?? [], options, !inTransaction));
    // (outside a transaction, the transaction lock too, as PGlite's own query takes it)
    return inTransaction ? run() : this.db._runExclusiveTransaction(run);
  }

  private async run(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    sync: boolean,
  ): Promise<Results> {
    const messages = [];
    let known = this.statements.get(sql);
    try {
      if (!known) {
        const name = `bahi_${this.nextName++}`;
        await this.step(serialize.parse({ name, text: sql }));
        const types = parse.parseDescribeStatementResults(
          await this.step(serialize.describe({ type: 'S', name })),
        );
        known = { name, types };
        this.remember(sql, known);
      } else {
        // most recently used last: the oldest text is the one let go
        this.statements.delete(sql);
        this.statements.set(sql, known);
      }
      const { name, types } = known;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[types[i]!] ?? this.db.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      messages.push(
        ...(await this.step(serialize.bind({ statement: name, values }))),
        ...(await this.step(serialize.describe({ type: 'P' }))),
        ...(await this.step(serialize.execute({}))),
      );
    } catch (err) {
      // "cached plan must not change result type": a table's columns changed under it
      if ((err as { code?: string }).code === '0A000') this.forget(sql);
      if (err instanceof Error) Object.assign(err, { query: sql });
      throw err;
    } finally {
      messages.push(...(await this.step(serialize.sync())));
      // (after the sync: after an error PostgreSQL ignores every message until one)
      for (const name of this.closing.splice(0)) {
        await this.step(serialize.close({ type: 'S', name }));
        await this.step(serialize.sync());
      }
    }
    if (sync) await this.db.syncToFs();
    return parse.parseResults(messages, this.db.parsers, options)[0]!;
  }

  private step(message: Uint8Array) {
    return this.db.execProtocolStream(message, { syncToFs: false });
  }

  private remember(sql: string, statement: Statement): void {
    this.statements.set(sql, statement);
    if (this.statements.size > MAX_PREPARED) this.forget(this.statements.keys().next().value!);
  }

  /** Lets a statement go: closed in PostgreSQL once the call that let it go has synced. */
  private forget(sql: string): void {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    this.closing.push(statement.name);
  }
}
