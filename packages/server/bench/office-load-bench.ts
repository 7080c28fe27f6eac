// npm run bench:office -w @bahi/server
// The office under load (issue 37): BENCH_USERS (20) members drop corpus statements for
// BENCH_SECONDS (180) while their screens poll as the web app does: the jobs list every 1.5 s, the
// health check and an account's book every 3 s. Prints each cheap route's p50/p95/p99, the errors,
// and the queue's drain: each file's wait from drop to read, and the time from the last drop until
// every file has ended. Goal: 0 errors, cheap routes p99 < 10 ms. BENCH_DB=postgres for PostgreSQL;
// BENCH_DROP_SECONDS (12) is each member's pause between drops. BENCH_FILING=1 gives each member a
// client with the accounts the dropped files print, so drops are filed into books (bench/office-files.ts). The screens' polls run in a process
// of their own (as api-latency-bench's prober), so that this driver's work on the drops (their
// bodies, their answers) never delays a poll's clock; the server runs as `bahi serve` does.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropBody } from '../test/helpers/queue.ts';
import { SERVER_ENV, serverNodeFlags } from '../src/config.ts';
import { officeStatements } from './office-files.ts';
import type { OfficeReady, OfficeSlices } from './office-server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const DROP_EVERY_MS = Number(process.env.BENCH_DROP_SECONDS ?? 12) * 1000;

const statements = () => officeStatements().map((f) => ({ name: f.name, bytes: readFileSync(f.file) }));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

type Times = Record<string, number[]>;
const timer = (base: string, times: Times, errors: string[]) =>
  async function timed(route: string, url: string, token: string, init: RequestInit = {}) {
    const t = performance.now();
    const res = await fetch(base + url, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });
    const body = await res.text();
    (times[route] ??= []).push(performance.now() - t);
    if (res.status >= 400) errors.push(`${route} ${res.status} ${body.slice(0, 120)}`);
    return body;
  };
const every = async (
  until: number,
  ms: number,
  first: number,
  fn: () => Promise<unknown>,
  errors: string[],
) => {
  await sleep(first);
  while (Date.now() < until) {
    const t = Date.now();
    await fn().catch((err: unknown) => errors.push(String(err)));
    await sleep(Math.max(0, ms - (Date.now() - t)));
  }
};

// The poller: a child of this script, asking each member's jobs list every 1.5 s, the health
// check and the member's book every 3 s until `until`, then sending its times and errors.
if (process.argv[2] === '--poll') {
  const { port, users, until } = JSON.parse(process.argv[3]!) as OfficeReady & { until: number };
  const times: Times = { health: [], jobs: [], book: [] };
  const errors: string[] = [];
  const timed = timer(`http://127.0.0.1:${port}`, times, errors);
  await Promise.all(
    users.flatMap((u, i) => [
      every(
        until,
        1500,
        (i * 1500) / users.length,
        () => timed('jobs', '/api/office/jobs?inbox=1', u.token),
        errors,
      ),
      every(until, 3000, (i * 3000) / users.length, () => timed('health', '/api/health', u.token), errors),
      every(
        until,
        3000,
        1500 + (i * 3000) / users.length,
        () => timed('book', `/api/office/accounts/${u.accountId}/book`, u.token),
        errors,
      ),
    ]),
  );
  process.send!({ times, errors });
  process.disconnect();
  process.exit(0);
}

// The server as `bahi serve` runs it: its node flags and environment, PGlite on its own thread
// (BAHI_PGLITE_THREAD=0 keeps it in the server's thread, as before session 14).
const child = fork(path.join(import.meta.dirname, 'office-server.ts'), [], {
  stdio: 'inherit',
  env: {
    ...SERVER_ENV,
    ...process.env,
    BAHI_PGLITE_THREAD: process.env.BAHI_PGLITE_THREAD ?? '1',
  },
  execArgv: [
    ...serverNodeFlags({ databaseUrl: process.env.BENCH_DB === 'postgres' ? 'postgres' : undefined }),
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ],
});
const ready = await new Promise<OfficeReady>((resolve, reject) => {
  child.once('message', (m) => resolve(m as OfficeReady));
  child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});
const base = `http://127.0.0.1:${ready.port}`;
const files = statements();
// 'drain': the jobs lists asked after the load, 20 at once every 2 s until the queue is empty:
// not what a member's screen asks (one list every 1.5 s), so kept apart from 'jobs'
const times: Times = { health: [], jobs: [], book: [], drop: [], drain: [] };
const errors: string[] = [];

const timed = timer(base, times, errors);

const until = Date.now() + SECONDS * 1000;
let dropped = 0;
let lastDropAt = 0;
process.stdout.write(
  `${ready.users.length} members, ${SECONDS} s, a drop each ${DROP_EVERY_MS / 1000} s each\n`,
);
const poller = fork(import.meta.filename, ['--poll', JSON.stringify({ ...ready, until })], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const polled = new Promise<{ times: Times; errors: string[] }>((resolve) =>
  poller.once('message', (m) => resolve(m as { times: Times; errors: string[] })),
);
await Promise.all(
  ready.users.map((u, i) =>
    every(
      until,
      DROP_EVERY_MS,
      (i * DROP_EVERY_MS) / ready.users.length,
      async () => {
        const f = files[dropped++ % files.length]!;
        const { body, contentType } = dropBody(null, [f]);
        lastDropAt = Date.now();
        await timed('drop', '/api/office/drops', u.token, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType },
        });
      },
      errors,
    ),
  ),
);
const fromPoller = await polled;
Object.assign(times, fromPoller.times);
errors.push(...fromPoller.errors);

// the queue's drain: every dropped file ended, then each one's wait from drop to its end
type Job = { state: string; created_at: string; updated_at: string; account_id: string | null };
let jobs: Job[];
for (;;) {
  jobs = (
    await Promise.all(
      ready.users.map(
        async (u) =>
          (JSON.parse(await timed('drain', '/api/office/jobs?inbox=1&limit=500', u.token)) as { jobs: Job[] })
            .jobs,
      ),
    )
  ).flat();
  if (jobs.every((j) => j.state !== 'queued' && j.state !== 'reading')) break;
  await sleep(2000);
}
const drainS = (Date.now() - lastDropAt) / 1000;
const waits = jobs.map((j) => (Date.parse(j.updated_at) - Date.parse(j.created_at)) / 1000);
const { slices, readEnds } = await new Promise<OfficeSlices>((resolve) => {
  child.once('message', (m) => resolve(m as OfficeSlices));
  child.send({ slices: true });
});
const over = (ms: number) => slices.filter((x) => x > ms).length;
const longest = [...slices].sort((a, b) => b - a).slice(0, 5);
const line = (route: string) => {
  const xs = times[route]!;
  return `${route.padEnd(6)} n=${String(xs.length).padStart(5)}  p50 ${pct(xs, 50).toFixed(1)} ms  p95 ${pct(xs, 95).toFixed(1)} ms  p99 ${pct(xs, 99).toFixed(1)} ms  max ${pct(xs, 100).toFixed(0)} ms`;
};
const states: Record<string, number> = {};
for (const j of jobs) states[j.state] = (states[j.state] ?? 0) + 1;
process.stdout.write(
  [
    ...['health', 'jobs', 'book', 'drop', 'drain'].map(line),
    `errors: ${errors.length}${errors.length ? ` (first: ${errors.slice(0, 3).join(' | ')})` : ''}`,
    `server thread CPU between turns (1 ms timer, ${slices.length} turns): over 5/10/20/50 ms ${over(5)}/${over(10)}/${over(20)}/${over(50)}; longest ${longest.map((x) => x.toFixed(0)).join(', ')} ms`,
    ...readEndLines(readEnds),
    `files: ${jobs.length} ${JSON.stringify(states)}, ${jobs.filter((j) => j.account_id).length} filed into an account; drop to end p50 ${pct(waits, 50).toFixed(2)} s, p99 ${pct(waits, 99).toFixed(2)} s; queue empty ${drainS.toFixed(0)} s after the last drop`,
    '',
  ].join('\n'),
);
child.disconnect();

/** The read ends' holds, and the parts of them that took most of the time in all. */
function readEndLines({ holds, parts }: OfficeSlices['readEnds']): string[] {
  if (!holds.length) return ['read ends: not measured (PostgreSQL)'];
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const total = sum(holds);
  const top = Object.entries(parts)
    .map(([k, xs]) => ({ k, xs, ms: sum(xs) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8);
  return [
    `read ends held the database (n=${holds.length}): p50 ${pct(holds, 50).toFixed(1)} ms  p90 ${pct(holds, 90).toFixed(1)} ms  max ${pct(holds, 100).toFixed(0)} ms; ${((sum(Object.values(parts).map((xs) => xs.length)) - holds.length) / 2 / holds.length).toFixed(1)} statements each (mean)`,
    ...top.map(
      ({ k, xs, ms }) =>
        `  ${((100 * ms) / total).toFixed(0).padStart(3)} %  ${k.padEnd(40)} n=${String(xs.length).padStart(5)}  p50 ${pct(xs, 50).toFixed(1)} ms  max ${pct(xs, 100).toFixed(0)} ms`,
    ),
  ];
}
