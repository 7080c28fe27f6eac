// node packages/statements/bench/warm-readers.ts [PAGES ...] [--runs N]
// Issue 19: what a warm pool's readers spend on one text statement, for comparing two versions of
// the reader on a shared machine. Wall time moves with the machine's load; the CPU time the reader
// processes use (read from /proc while they live, all their threads) moves much less. Prints, per
// size, the best and the median of N extractions after two untimed ones (readers started, pdf.js
// compiled): wall, readers' CPU, and how many pages the helper reader read. A reader the pool
// replaces during the runs (after a job that left it holding too much, or after so many jobs) is
// counted too, its start included: the next job waits for it just the same.
// Statements are made here (test/extract/make-statement.ts, as bench/reading-speed.ts) and deleted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExtractOutput } from '../src/worker/job.ts';
import { StatementPool } from '../src/worker/pool.ts';
import { makeStatement } from '../test/extract/make-statement.ts';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 9;
const sizes = args.length > 0 ? args.map(Number) : [56, 500];
const line = (s: string) => process.stdout.write(s + '\n');

/** utime + stime (fields 14, 15) or, with `reaped`, cutime + cstime (16, 17) of a process, in ms. */
function cpuMsOf(pid: number | 'self', reaped = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    // after "pid (comm) " the fields start at the third (1-based)
    const at = reaped ? 13 : 11;
    return ((Number(fields[at]) + Number(fields[at + 1])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU ms used by the pool's readers so far: the live ones (all their threads, from /proc while
 * they run) and those that have exited (added to this process's children's time once reaped:
 * so first wait until no reader is on its way out).
 */
async function readersCpuMs(pool: StatementPool): Promise<number> {
  while (pool.exiting > 0) await new Promise((r) => setTimeout(r, 5));
  return pool.pids.reduce((n, pid) => n + cpuMsOf(pid), cpuMsOf('self', true));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-warm-'));
// the server's pool as it is made by default (on this machine: one reader per core)
const pool = new StatementPool();
try {
  line(
    `warm readers (issue 19): ${pool.maxThreads} readers, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${runs} runs`,
  );
  line(
    '| pages | wall best | wall median | readers CPU best | readers CPU median | helper pages | readers started |',
  );
  line('|---|---|---|---|---|---|---|');
  for (const pages of sizes) {
    const file = path.join(dir, `statement-${pages}.pdf`);
    await makeStatement(file, pages, pages);
    const bytes = new Uint8Array(readFileSync(file));
    const extract = () => pool.run({ op: 'extract', bytes }) as Promise<ExtractOutput>;
    await extract();
    await extract();
    const walls: number[] = [];
    const cpus: number[] = [];
    const shared: number[] = [];
    const started = pool.readersStarted;
    for (let i = 0; i < runs; i++) {
      const cpu = await readersCpuMs(pool);
      const t = performance.now();
      const out = await extract();
      walls.push(performance.now() - t);
      cpus.push((await readersCpuMs(pool)) - cpu);
      shared.push(out.sharedPages);
    }
    line(
      `| ${pages} | ${s(Math.min(...walls))} | ${s(median(walls))} | ${s(Math.min(...cpus))} | ${s(median(cpus))} | ${median(shared)} | ${pool.readersStarted - started} |`,
    );
  }
} finally {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
