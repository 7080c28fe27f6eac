// node packages/statements/bench/warm-readers.ts [PAGES ...] [--runs N]
// Issue 19: what a warm pool's readers spend on one text statement, for comparing two versions of
// the reader on a shared machine. Wall time moves with the machine's load; the CPU time the reader
// processes use (read from /proc while they live, all their threads) moves much less. Prints, per
// size, the best and the median of N extractions after two untimed ones (readers started, pdf.js
// compiled): wall, readers' CPU, and how many pages the helper reader read.
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

/** CPU ms a live process has used (utime + stime, all threads), or 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 (1-based); after "pid (comm) " they start at 11.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const readersCpuMs = (pool: StatementPool) => pool.pids.reduce((n, pid) => n + cpuMsOf(pid), 0);
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
  line('| pages | wall best | wall median | readers CPU best | readers CPU median | helper pages |');
  line('|---|---|---|---|---|---|');
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
    for (let i = 0; i < runs; i++) {
      // Readers are replaced now and then (maxJobsPerReader): a run whose readers changed is not counted.
      const before = pool.pids.join();
      const cpu = readersCpuMs(pool);
      const t = performance.now();
      const out = await extract();
      const wall = performance.now() - t;
      if (pool.pids.join() !== before) {
        i--;
        continue;
      }
      walls.push(wall);
      cpus.push(readersCpuMs(pool) - cpu);
      shared.push(out.sharedPages);
    }
    line(
      `| ${pages} | ${s(Math.min(...walls))} | ${s(median(walls))} | ${s(Math.min(...cpus))} | ${s(median(cpus))} | ${median(shared)} |`,
    );
  }
} finally {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
}
