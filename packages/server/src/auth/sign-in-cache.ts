// The sign-in guard's answer, kept for a moment (issue 37, decision 052 round nineteen). Every
// signed-in call asked the database who the token's person is, whether the session was signed out
// and which office they work in: half of the round trips of the office's cheap routes, which the
// screens poll every 1.5-3 s. A read (GET) may now take that answer from here when it is under
// SIGN_IN_TTL_MS old. What bounds the staleness:
// - in this process, everything that changes a session, an account or a membership calls
//   forgetSignIns once its write is done (sign-out, sign-out everywhere, password change or reset,
//   account deletion, profile, role and membership changes), so the next call reads the database;
// - a query that was running when forgetSignIns ran does not keep its answer (the generation);
// - another process (a second `bahi serve`, the admin command) cannot reach this memory: there a
//   signed-out session or a removed member may be honoured by reads for up to SIGN_IN_TTL_MS.
// Calls that change something, and the balance route, always read the database (guards.ts).

/** How long a read may rely on the guard's answer without asking the database again. */
export const SIGN_IN_TTL_MS = 1000;
/** Entries beyond this are swept (each lives a second: this only bounds a burst of sessions). */
const MAX_ENTRIES = 10_000;

type Entry<T> = { row: T; atMs: number };
/** Taken before the query: its generation and its time, so the answer's age counts from here. */
export type CacheMark = { generation: number; atMs: number };

export class SignInCache<T> {
  private readonly rows = new Map<string, Entry<T>>();
  private generation = 0;

  readonly ttlMs: number;
  /** monotonic ms: a test's moved wall clock (ctx.now) must not make an answer younger */
  private readonly clock: () => number;

  constructor(ttlMs = SIGN_IN_TTL_MS, clock: () => number = () => performance.now()) {
    this.ttlMs = ttlMs;
    this.clock = clock;
  }

  /** The kept answer for `key`, if it is younger than the TTL. */
  get(key: string): T | undefined {
    const entry = this.rows.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.atMs >= this.ttlMs) {
      this.rows.delete(key);
      return undefined;
    }
    return entry.row;
  }

  mark(): CacheMark {
    return { generation: this.generation, atMs: this.clock() };
  }

  /** Keeps `row`, read by a query that started at `mark`, unless something was forgotten since. */
  keep(key: string, row: T, mark: CacheMark): void {
    if (mark.generation !== this.generation) return;
    if (this.rows.size >= MAX_ENTRIES) {
      const now = this.clock();
      for (const [k, e] of this.rows) if (now - e.atMs >= this.ttlMs) this.rows.delete(k);
      if (this.rows.size >= MAX_ENTRIES) this.rows.clear();
    }
    this.rows.set(key, { row, atMs: mark.atMs });
  }

  /** Drops every answer, and the answers of queries still running. */
  forget(): void {
    this.generation += 1;
    this.rows.clear();
  }

  get size(): number {
    return this.rows.size;
  }
}

// One cache per database handle (the app's ctx.db): every app of this process on that database
// shares it, so a change made through one is seen by all.
const caches = new WeakMap<object, SignInCache<unknown>>();

export function signInCacheOf<T>(db: object): SignInCache<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SignInCache()));
  return cache as SignInCache<T>;
}

/**
 * After a change to a session, an account or a membership has been written (committed): the next
 * signed-in call of this process reads the database. Pass the app's db (ctx.db), not a transaction.
 */
export function forgetSignIns(db: object): void {
  caches.get(db)?.forget();
}
