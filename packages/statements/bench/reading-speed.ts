// npm run bench -w @bahi/statements (first part), or: node packages/statements/bench/reading-speed.ts
// Issue 19: reading speed beside pdftotext, in one run on the same files. Text statements of 1, 56
// and 500 pages (pdfkit, made here and deleted after), each timed three ways:
//   - `bahi parse FILE` as a whole process (what a user at the command line waits for), wall and CPU;
//   - warm extraction through extractStatement (src/extract.ts), the call the server makes, after
//     one untimed run so the readers and pdf.js are loaded;
//   - `pdftotext -layout FILE -` (Debian poppler-utils), the yardstick, wall and CPU.
// Each figure is the best of a few runs (the machine is shared; the best is the least disturbed);
// warm runs and pdftotext runs alternate, and the median of each round's ratio is given too.
// The warm column's CPU is its reader processes' (read from /proc while they live).
// Targets: warm <= 2x pdftotext at every size, 500 pages warm <= 2.5 s, the CLI on 1 page <= 0.3 s.
// Without pdftotext the column says how to install it and the rest still runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePool, extractStatement } from '../src/extract.ts';
import { makeStatement } from '../test/extract/make-statement.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
// the installed command's entry (it turns on Node's compile cache before loading TypeScript)
const cliBin = path.resolve(here, '../../cli/bin/bahi.js');
const SIZES = [1, 56, 500];
/** runs per figure: fewer for the long file, whose runs take seconds each */
const runsFor = (pages: number) => (pages >= 500 ? 3 : 5);
const line = (s: string) => process.stdout.write(s + '\n');

/** CPU ms of this process's finished children (/proc: cutime + cstime, counted once reaped). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime are fields 16 and 17 (1-based); after "pid (comm) " they start at 13.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

interface Timing {
  ms: number;
  cpu: number;
}

/** Wall and CPU ms of one call of a command (stdout thrown away), or null if it failed. */
function timeProcess(cmd: string, args: string[]): Timing | null {
  const c = childrenCpuMs();
  const t = performance.now();
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const ms = performance.now() - t;
  if (r.status !== 0) {
    line(`  ${path.basename(cmd)} exited ${r.status}: ${String(r.stderr).split('\n')[0]}`);
    return null;
  }
  return { ms, cpu: childrenCpuMs() - c };
}

/**
 * Best wall time and best CPU time of some timings (CPU time is what the command itself used:
 * the fairer figure on a busy machine), or null if any failed.
 */
function best(timings: (Timing | null)[]): Timing | null {
  if (timings.length === 0 || timings.some((t) => t === null)) return null;
  const ok = timings as Timing[];
  return { ms: Math.min(...ok.map((t) => t.ms)), cpu: Math.min(...ok.map((t) => t.cpu)) };
}

/** CPU ms of this process's live children (utime + stime of all their threads, from /proc). */
function liveChildrenCpuMs(): number {
  let ms = 0;
  for (const task of readdirSync('/proc/self/task')) {
    let children: string;
    try {
      children = readFileSync(`/proc/self/task/${task}/children`, 'latin1');
    } catch {
      continue; // a thread that has just ended
    }
    for (const pid of children.split(' ').filter(Boolean)) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]!.split(' ');
        ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      } catch {
        // exited since it was listed: counted with the reaped ones
      }
    }
  }
  return ms;
}

/** One warm extraction: wall, and its readers' CPU (the readers are this process's children). */
async function timeWarm(bytes: Uint8Array): Promise<Timing> {
  const cpuNow = () => liveChildrenCpuMs() + childrenCpuMs();
  const c = cpuNow();
  const t = performance.now();
  await extractStatement(bytes);
  return { ms: performance.now() - t, cpu: cpuNow() - c };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

const fmt = (ms: number | null | undefined) => (ms == null ? '—' : `${(ms / 1000).toFixed(3)} s`);
const fmtRun = (r: { ms: number; cpu: number } | null) => (r ? `${fmt(r.ms)} (${fmt(r.cpu)} CPU)` : '—');
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null ? '—' : `${(a / b).toFixed(2)}x`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-speed-'));
try {
  line(
    `reading speed (issue 19): ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, node ${process.version}; best of 5 (3 for 500 pages)`,
  );
  const hasPdftotext = spawnSync('sh', ['-c', 'command -v pdftotext']).status === 0;
  if (!hasPdftotext) {
    line('pdftotext column skipped: pdftotext not installed (Debian: apt-get install poppler-utils)');
  }
  line(
    '| pages | bahi parse (whole process) | warm extractStatement (readers CPU) | pdftotext -layout | warm / pdftotext, best | median of rounds |',
  );
  line('|---|---|---|---|---|---|');
  for (const pages of SIZES) {
    const file = path.join(dir, `statement-${pages}.pdf`);
    await makeStatement(file, pages, pages);
    const runs = runsFor(pages);
    const cli = best(
      Array.from({ length: runs }, () => timeProcess(process.execPath, [cliBin, 'parse', file])),
    );
    // Warm runs and pdftotext runs take turns, so that a machine whose speed drifts (a shared one)
    // disturbs both alike; each round's own ratio is kept too.
    const bytes = new Uint8Array(readFileSync(file));
    await extractStatement(bytes); // warm: readers started, pdf.js compiled
    const warmRuns: Timing[] = [];
    const ptRuns: (Timing | null)[] = [];
    for (let i = 0; i < runs; i++) {
      warmRuns.push(await timeWarm(bytes));
      if (hasPdftotext) ptRuns.push(timeProcess('pdftotext', ['-layout', file, '-']));
    }
    const warm = best(warmRuns)!;
    const pt = hasPdftotext ? best(ptRuns) : null;
    const rounds = pt ? median(warmRuns.map((w, i) => w.ms / ptRuns[i]!.ms)).toFixed(2) + 'x' : '—';
    line(
      `| ${pages} | ${fmtRun(cli)} | ${fmtRun(warm)} | ${fmtRun(pt)} | ${ratio(warm.ms, pt?.ms)} | ${rounds} |`,
    );
  }
  line(
    'targets: warm / pdftotext <= 2x at every size; 500 pages warm <= 2.5 s; bahi parse of 1 page <= 0.3 s',
  );
} finally {
  await closePool();
  rmSync(dir, { recursive: true, force: true });
}
