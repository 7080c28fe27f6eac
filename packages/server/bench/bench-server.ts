// The server the benchmarks measure, as a process of its own (so that its memory is not the
// driver's): the app on PGlite (in BENCH_PGLITE_DIR, as `npm start` keeps it, else in memory) or
// PostgreSQL, with the test harness, members with pages, listening on
// a loopback port. It tells the driver the port and the members' tokens over IPC, then serves
// until the driver disconnects. Started by bench/bombs-bench.ts; not for any other use.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { configurePool } from '@bahi/statements';
import { DEFAULT_MEMORY_MB } from '../src/config.ts';
import { configureWorkLimits } from '../src/statements/work-limits.ts';
import { recordPhases } from '../src/phases.ts';
import { openDatabase } from '../src/db/index.ts';
import { startQueue, uploadsDirOf } from '../src/queue/index.ts';
import { startApp } from '../test/helpers/harness.ts';
import { silentLog } from '../test/helpers/queue.ts';
import { startPostgres } from '../test/helpers/postgres.ts';
import { member } from '../test/helpers/security.ts';

/** The server's answer to a collection asked for: its V8 heap, held and live, in bytes. */
export interface RestReport {
  gcDone: true;
  heapTotal: number;
  heapUsed: number;
}

export interface ServerReady {
  port: number;
  attackers: string[];
  normal: string;
}

const attackers = Number(process.env.BENCH_ATTACKERS ?? '1');
// The readers leave after this much idle time (the default is 15 s; the leak check waits for it).
// The memory budget is the server's (start.ts sets it from BAHI_MEMORY_MB, whose default
// depends on the database).
configurePool({
  idleMs: Number(process.env.BENCH_IDLE_MS ?? '15000'),
  memoryBudgetMb: Number(
    process.env.BAHI_MEMORY_MB ||
      DEFAULT_MEMORY_MB[process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite'],
  ),
});

// PostgreSQL when asked for (BENCH_DB=postgres; a throwaway cluster, its own process), so that
// the server's memory is the server's; else PGlite inside this process.
const cluster = process.env.BENCH_DB === 'postgres' ? await startPostgres() : null;
if (typeof cluster === 'string') throw new Error(cluster);
const pgliteDir = process.env.BENCH_PGLITE_DIR;
const database = cluster
  ? await openDatabase({ databaseUrl: cluster.databaseUrl })
  : await openDatabase({ pgliteDir: pgliteDir || 'memory://' });
// The office drop's queue, as `bahi serve` runs it (issue 33's zips go through the drop).
const queue = await startQueue(database, silentLog, {
  uploadsDir: uploadsDirOf(mkdtempSync(path.join(os.tmpdir(), 'bahi-bench-'))),
});
// On a loaded machine an answer behind ten bombs can wait longer than the app's idle cut
// (HTTP_TIMEOUTS.idleMs); the benchmark measures the readers, not that cut.
const deps = { timeouts: { idleMs: 10 * 60_000 }, queue };
const h = await startApp({ database, deps });
// The hourly limits are not what is measured here; the two-at-once limit per user stays.
configureWorkLimits({
  extract: { max: 100_000, windowSeconds: 3600 },
  masters: { max: 100_000, windowSeconds: 3600 },
});
const bad = await Promise.all(
  Array.from({ length: attackers }, () =>
    member(h, { pages: Number(process.env.BENCH_ATTACKER_PAGES ?? '1000') }),
  ),
);
const good = await member(h, { pages: 100_000 });
await h.app.listen({ host: '127.0.0.1', port: 0 });
const address = h.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.send?.({
  port,
  attackers: await Promise.all(bad.map((b) => b.token())),
  normal: await good.token(),
} satisfies ServerReady);
/**
 * What the server's thread holds at a time, apart from the machine's load: a timer every
 * millisecond notes the thread's own CPU time (process.threadCpuUsage: this thread only, not the
 * readers, not a database thread) spent since its last turn. A long slice of work (a whole
 * statement's rows saved, an answer written, a message deserialized) is a long CPU gap between two
 * turns, whatever else runs on the machine; a thread merely waiting for a core adds none.
 */
export interface SliceReport {
  slices: number[];
}
let sliceTimer: NodeJS.Timeout | null = null;
let sliceGaps: number[] = [];
// With BENCH_SLICE_LOG=FILE (the latency bench sets it beside BENCH_CPU_PROF), the slices of over
// 20 ms of CPU are written there as their monotonic times in µs (the clock of a --cpu-prof profile's
// samples), so that the profile can be read at exactly those moments: a profile's samples count
// the wall clock, and on a loaded machine a thread waiting for a core looks busy in them.
const sliceLog = process.env.BENCH_SLICE_LOG;
// BENCH_SLICE_MS: the shortest slice written there (20 ms unless told; 5 to read the 5-20 ms ones)
const sliceLogMs = Number(process.env.BENCH_SLICE_MS ?? 20);
// With the log on, every garbage collection of the thread is noted too (kind and duration, in the
// same clock), so that a long slice can be told to be a collection or our code.
const gcLog: { atUs: number; ms: number; kind: number; flags: number }[] = [];
if (sliceLog) {
  // performance.now() and hrtime are both monotonic: one offset puts a gc entry on the µs clock
  const origin = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      gcLog.push({
        atUs: origin + e.startTime * 1000,
        ms: e.duration,
        kind: (e.detail as { kind?: number } | undefined)?.kind ?? 0,
        // 32: all external memory (a collection forced by Buffers' memory), 4: forced
        flags: (e.detail as { flags?: number } | undefined)?.flags ?? 0,
      });
  }).observe({ entryTypes: ['gc'] });
}
const longSlices: { fromUs: number; toUs: number; cpuMs: number }[] = [];
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
function watchSlices(on: boolean): void {
  if (sliceTimer) clearInterval(sliceTimer);
  sliceTimer = null;
  if (!on) {
    if (sliceLog) {
      writeFileSync(sliceLog, JSON.stringify(longSlices));
      writeFileSync(sliceLog.replace(/\.json$/, '') + '-gc.json', JSON.stringify(gcLog));
    }
    return;
  }
  sliceGaps = [];
  let last = process.threadCpuUsage();
  let lastUs = nowUs();
  sliceTimer = setInterval(() => {
    const d = process.threadCpuUsage(last);
    last = process.threadCpuUsage();
    const cpuMs = (d.user + d.system) / 1000;
    sliceGaps.push(cpuMs);
    const us = nowUs();
    if (sliceLog && cpuMs > sliceLogMs) longSlices.push({ fromUs: lastUs, toUs: us, cpuMs });
    lastUs = us;
  }, 1);
}

// The driver asks for a full collection before it reads a rest figure (bench runs with --expose-gc).
process.on('message', (m: { gc?: boolean; slices?: 'start' | 'report' }) => {
  if (m.slices === 'start') watchSlices(true);
  if (m.slices === 'report') {
    watchSlices(false);
    process.send?.({ slices: sliceGaps } satisfies SliceReport);
  }
  if (m.gc) {
    (globalThis as { gc?: () => void }).gc?.();
    const { heapTotal, heapUsed } = process.memoryUsage();
    process.send?.({ gcDone: true, heapTotal, heapUsed } satisfies RestReport);
  }
});
process.on('disconnect', () => {
  void h
    .close()
    .then(() => queue.stop(5_000))
    .then(() => database.close())
    .then(() => cluster?.stop())
    .finally(() => process.exit(0));
});

/** A request's phases (src/phases.ts), each its wall ms and this thread's CPU ms (null: not timed here). */
export interface PhasesReport {
  phases: [string, number, number | null][];
}

// With BENCH_PHASES=1 the statement routes' phases are recorded: each phase's wall time since the
// request's previous mark and the server thread's CPU in it (the rest is waiting: for a reader, the
// database's thread, a core). The driver takes the last finished request's with { phases: 'take' }.
if (process.env.BENCH_PHASES === '1') {
  const cpuMs = () => {
    const c = process.threadCpuUsage();
    return (c.user + c.system) / 1000;
  };
  const open = new WeakMap<object, { t: number; cpu: number; list: PhasesReport['phases'] }>();
  let last: PhasesReport['phases'] = [];
  recordPhases((request, phase, ms) => {
    const t = performance.now();
    const cpu = cpuMs();
    let at = open.get(request);
    if (!at) open.set(request, (at = { t, cpu, list: [] }));
    if (ms !== undefined) {
      // timed by the caller: the clock goes on from the previous mark (the first mark starts it)
      at.list.push([phase, ms, null]);
      return;
    }
    at.list.push([phase, t - at.t, cpu - at.cpu]);
    at.t = t;
    at.cpu = cpu;
    if (phase === 'upload removed') last = at.list;
  });
  process.on('message', (m: { phases?: 'take' }) => {
    if (m.phases === 'take') process.send?.({ phases: last } satisfies PhasesReport);
  });
}
