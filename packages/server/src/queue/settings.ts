// How the statement queue runs, from the environment. Defaults follow STACK.md 3.12 (measured on
// PostgreSQL 15 and PGlite); tests shorten the timers, which pg-boss allows down to its minimums.

export type QueueSettings = {
  /** A running job's worker must report within this; a worker killed mid-job is noticed after it. */
  heartbeatSeconds: number;
  /**
   * A job running longer than this is ended and retried (a hung read). Above the longest real read
   * (the reader pool's own cap is 5 minutes): shorter would run a slow but healthy job twice.
   */
  expireInSeconds: number;
  /** Retries after the first attempt: a file that stops its worker three times is failed. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often lapsed heartbeats and expired jobs are looked for (pg-boss default 60 s is slow). */
  superviseIntervalSeconds: number;
  /** How often an idle worker asks for a job. */
  pollingIntervalSeconds: number;
  /** Jobs one process reads at once (the reader pool shares its threads between them). */
  localConcurrency: number;
  /** Finished jobs stay in pg-boss's tables this long (our own rows keep the outcome). */
  deleteAfterSeconds: number;
};

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  heartbeatSeconds: 30,
  expireInSeconds: 1800,
  retryLimit: 2,
  retryDelaySeconds: 30,
  superviseIntervalSeconds: 10,
  pollingIntervalSeconds: 2,
  localConcurrency: 2,
  deleteAfterSeconds: 7 * 24 * 3600,
};

const ENV: Record<keyof QueueSettings, string> = {
  heartbeatSeconds: 'BAHI_QUEUE_HEARTBEAT_SECONDS',
  expireInSeconds: 'BAHI_QUEUE_EXPIRE_SECONDS',
  retryLimit: 'BAHI_QUEUE_RETRY_LIMIT',
  retryDelaySeconds: 'BAHI_QUEUE_RETRY_DELAY_SECONDS',
  superviseIntervalSeconds: 'BAHI_QUEUE_SUPERVISE_SECONDS',
  pollingIntervalSeconds: 'BAHI_QUEUE_POLL_SECONDS',
  localConcurrency: 'BAHI_QUEUE_CONCURRENCY',
  deleteAfterSeconds: 'BAHI_QUEUE_KEEP_SECONDS',
};

/** The settings, each overridable by its variable; a bad value is refused by name. */
export function queueSettings(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<QueueSettings> = {},
): QueueSettings {
  const out = { ...DEFAULT_QUEUE_SETTINGS };
  for (const key of Object.keys(ENV) as (keyof QueueSettings)[]) {
    const raw = env[ENV[key]];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${ENV[key]} must be a number ≥ 0, got '${raw}'`);
    out[key] = n;
  }
  Object.assign(out, overrides);
  // pg-boss refuses a heartbeat under 10 s and an expiry under 1 s.
  if (out.heartbeatSeconds < 10) throw new Error('the queue heartbeat must be at least 10 seconds');
  if (out.expireInSeconds < 1) throw new Error('the queue expiry must be at least 1 second');
  if (out.localConcurrency < 1) out.localConcurrency = 1;
  return out;
}
