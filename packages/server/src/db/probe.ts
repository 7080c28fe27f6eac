// The database's health, probed in the background (issue 37): `/api/health` answered each call
// with its own `select 1`, which on the embedded database waits behind every statement of the
// reads in progress (PGlite runs them one at a time in the server's thread): health p99 39 ms
// under an office's load, and seconds on a busy machine. A probe a second keeps the last answer;
// health answers from it while it is fresh, and probes itself when it is not.

export class DatabaseProbe {
  private last: { ok: boolean; at: number } | undefined;
  private running: Promise<boolean> | undefined;
  private timer: NodeJS.Timeout | undefined;

  private readonly check: () => Promise<unknown>;
  private readonly everyMs: number;

  constructor(check: () => Promise<unknown>, everyMs = 1_000) {
    this.check = check;
    this.everyMs = everyMs;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.probe(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One probe at a time: callers that come while one runs share its answer. */
  probe(): Promise<boolean> {
    this.running ??= this.check()
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        this.last = { ok, at: Date.now() };
        this.running = undefined;
        return ok;
      });
    return this.running;
  }

  /** The last probe's answer when it is at most `maxAgeMs` old, else a new probe's. */
  async healthy(maxAgeMs = 2 * this.everyMs): Promise<boolean> {
    if (this.last && Date.now() - this.last.at <= maxAgeMs) return this.last.ok;
    return this.probe();
  }
}
