// node packages/cli/bench/start.ts [--runs N] [--bin PATH]...
// Issue 19: how long `bahi parse` of a 1-page text PDF takes as a whole process (target 0.3 s),
// beside a bare `node -e 0` (the floor no change of ours can go under). With several --bin (e.g.
// this tree's packages/cli/bin/bahi.js and an older checkout's), the commands run in turn, one
// run of each per round, so a busy machine slows them alike. Each command runs once untimed first
// (Node's compile cache is filled per file, so a changed file's first start is a cold one).
// Reported: best and median wall time, and best and median CPU time (user + system of the
// finished process, from /proc: the fairer figure on a shared machine).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { makeStatement } from '../../statements/test/extract/make-statement.ts';
import { type BundleManifest, isCurrent, MANIFEST } from '../src/bundled.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, bin: { type: 'string', multiple: true } },
});
const runs = Number(values.runs);
const bins = values.bin?.length
  ? values.bin.map((b) => path.resolve(b))
  : [path.join(here, '../bin/bahi.js')];

/** CPU ms of this process's finished children (/proc: cutime + cstime in 1/100 s, once reaped). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime are fields 16 and 17 (1-based); after "pid (comm) " they start at 13.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

function once(args: string[]): { ms: number; cpu: number } {
  const c = childrenCpuMs();
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${String(r.stderr)}`);
  return { ms, cpu: childrenCpuMs() - c };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-start-bench-'));
try {
  const pdf = path.join(dir, 'one-page.pdf');
  await makeStatement(pdf, 1, 1);
  const commands: { name: string; args: string[] }[] = [
    { name: 'node -e 0', args: ['-e', '0'] },
    ...bins.map((bin) => ({ name: `${bin} parse`, args: [bin, 'parse', pdf] })),
  ];
  for (const c of commands) once(c.args);
  const seen = new Map(commands.map((c) => [c.name, { ms: [] as number[], cpu: [] as number[] }]));
  for (let i = 0; i < runs; i++) {
    for (const c of commands) {
      const r = once(c.args);
      seen.get(c.name)!.ms.push(r.ms);
      seen.get(c.name)!.cpu.push(r.cpu);
    }
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  process.stdout.write(
    `bahi parse of a 1-page text PDF, ${runs} rounds, ${os.cpus().length} cores, load ${load}\n`,
  );
  process.stdout.write(
    '| command | wall best | wall median | CPU best | CPU median |\n|---|---|---|---|---|\n',
  );
  for (const [name, r] of seen) {
    process.stdout.write(
      `| ${name} | ${s(Math.min(...r.ms))} | ${s(median(r.ms))} | ${s(Math.min(...r.cpu))} | ${s(median(r.cpu))} |\n`,
    );
  }
  // each tree runs `parse` from its bundle only while that is current (src/bundled.ts)
  for (const bin of bins) {
    const cli = path.dirname(path.dirname(bin));
    let current = false;
    try {
      const manifest = JSON.parse(readFileSync(path.join(cli, 'dist', MANIFEST), 'utf8')) as BundleManifest;
      current = isCurrent(manifest, path.resolve(cli, '../..'));
    } catch {
      // no bundle
    }
    process.stdout.write(
      `${bin}: ${current ? 'from its bundle' : 'from its sources (no current bundle: npm run bundle -w @bahi/cli)'}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
