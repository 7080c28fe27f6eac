// npm run bench:user -w @bahi/server
// Reading speed as a signed-in user sees it (issue 38): a statement uploaded to the running server
// (bench/bench-server.ts, its own process, with the flags and environment of `bahi serve`) through
// /api/auto/extract-statement, timed from the request to the last byte of the JSON answer, beside
// `pdftotext -layout FILE -` on the same file in the same round. Text statements of 1, 56 and 500
// pages (made here, deleted after) and the long statements of ../shared/corpus-real when present.
// Rounds alternate which of the two goes first; each size prints the medians of both and the median
// of the rounds' ratios (the figure that holds while a shared machine's load drifts), with the load
// average before and after. Goal: server ÷ pdftotext ≤ 1.5 at every size.
// BENCH_DB=postgres for PostgreSQL beside the server (default: PGlite inside it, on its own thread
// as `bahi serve` runs it; BAHI_PGLITE_THREAD=0 for the server's thread); BENCH_ROUNDS (5; 3 from
// 100 pages); arguments: page counts to run instead of 1 56 500. BENCH_PHASES=1 also prints where
// the server's time went, phase by phase (src/phases.ts): the medians of each phase's wall time
// and of the server thread's CPU in it, the timed rounds only.
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeStatement } from '../../statements/test/extract/make-statement.ts';
import { SERVER_ENV, serverNodeFlags } from '../src/config.ts';
import type { PhasesReport, ServerReady } from './bench-server.ts';

const here = import.meta.dirname;
const REAL = path.resolve(here, '../../../../shared/corpus-real');
const REAL_LONG = [
  'HDFC/HDFC_current_2021_134_pages.pdf',
  'HSBC/HSBC_netbanking_print_182_pages.pdf',
  'CANARA/CANARA_120_pages.pdf',
];
const sizes = process.argv.slice(2).map(Number);
const SIZES = sizes.length ? sizes : [1, 56, 500];
const line = (s: string) => process.stdout.write(s + '\n');
const load = () => os.loadavg()[0]!.toFixed(2);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const db = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-user-speed-'));
const files: { name: string; file: string; pages: number }[] = [];
for (const pages of SIZES) {
  const file = path.join(dir, `statement-${pages}.pdf`);
  await makeStatement(file, pages, pages);
  files.push({ name: `${pages} page${pages === 1 ? '' : 's'}`, file, pages });
}
if (!sizes.length)
  for (const f of REAL_LONG)
    if (existsSync(path.join(REAL, f)))
      files.push({
        name: path.basename(f),
        file: path.join(REAL, f),
        pages: Number(/(\d+)_pages/.exec(f)![1]),
      });

const child = fork(path.join(here, 'bench-server.ts'), [], {
  env: {
    ...SERVER_ENV,
    ...process.env,
    BENCH_DB: db,
    // as `bahi serve` runs it (start.ts): PGlite on its own thread unless told otherwise
    BAHI_PGLITE_THREAD: process.env.BAHI_PGLITE_THREAD ?? '1',
    BENCH_PGLITE_DIR: db === 'pglite' ? path.join(dir, 'pglite') : '',
  },
  execArgv: serverNodeFlags({ databaseUrl: db === 'postgres' ? db : undefined }),
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const ready = await new Promise<ServerReady>((resolve, reject) => {
  child.once('message', (m) => resolve(m as ServerReady));
  child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});

/** The phases of each timed request of the current file, and the client's whole time of it. */
const phaseLog: PhasesReport['phases'][] = [];
const takePhases = () =>
  new Promise<PhasesReport['phases']>((resolve) => {
    const got = (m: unknown) => {
      if (!m || typeof m !== 'object' || !('phases' in m)) return;
      child.off('message', got);
      resolve((m as PhasesReport).phases);
    };
    child.on('message', got);
    child.send({ phases: 'take' });
  });

/** Upload to the server as the signed-in member; ms to the answer's last byte. */
async function throughServer(bytes: Uint8Array, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${ready.port}/api/auto/extract-statement`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${ready.normal}` },
  });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  if (process.env.BENCH_PHASES === '1')
    phaseLog.push([...(await takePhases()), ['client: whole request', ms, null]]);
  return ms;
}

/** `pdftotext -layout FILE -`, its output read to the end; ms. */
function pdftotext(file: string): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const p = spawn('pdftotext', ['-layout', file, '-'], { stdio: ['ignore', 'pipe', 'ignore'] });
    p.stdout.resume();
    p.once('error', reject);
    p.once('close', (code) =>
      code === 0 ? resolve(performance.now() - t) : reject(new Error(`pdftotext exited ${code}`)),
    );
  });
}

/** Each phase's median wall ms and server-thread CPU ms over the rounds (the warm-up left out). */
function phaseLines(name: string, rounds: PhasesReport['phases'][]): void {
  if (!rounds.length) return;
  line(`  phases of ${name}, median over ${rounds.length} rounds: wall ms / server thread's CPU ms`);
  for (const [i, [phase]] of rounds[0]!.entries()) {
    const wall = median(rounds.map((r) => r[i]?.[1] ?? NaN));
    const cpus = rounds.map((r) => r[i]?.[2]).filter((c): c is number => typeof c === 'number');
    const cpu = cpus.length ? ` / ${median(cpus).toFixed(1)}` : '';
    line(`  - ${phase}: ${wall.toFixed(1)}${cpu}`);
  }
}

line(
  `through the server (${db}${db === 'pglite' && process.env.BAHI_PGLITE_THREAD !== '0' ? ' on its thread' : ''}) as a signed-in user, beside pdftotext -layout; load ${load()}`,
);
line('| input | server median | pdftotext median | server ÷ pdftotext (median of rounds) | rounds |');
line('|---|---|---|---|---|');
let worst = 0;
for (const f of files) {
  const bytes = new Uint8Array(readFileSync(f.file));
  // untimed: the readers start, and pdf.js and the route's code warm up
  await throughServer(bytes, path.basename(f.file));
  await pdftotext(f.file);
  const rounds = Number(process.env.BENCH_ROUNDS ?? (f.pages >= 100 ? 3 : 5));
  const server: number[] = [];
  const poppler: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let s: number;
    let p: number;
    if (r % 2 === 0) {
      s = await throughServer(bytes, path.basename(f.file));
      p = await pdftotext(f.file);
    } else {
      p = await pdftotext(f.file);
      s = await throughServer(bytes, path.basename(f.file));
    }
    server.push(s);
    poppler.push(p);
    ratios.push(s / p);
  }
  const ratio = median(ratios);
  if (process.env.BENCH_PHASES === '1') phaseLines(f.name, phaseLog.splice(0).slice(1));
  worst = Math.max(worst, ratio);
  line(
    `| ${f.name} | ${(median(server) / 1000).toFixed(3)} s | ${(median(poppler) / 1000).toFixed(3)} s | ` +
      `${ratio.toFixed(2)}× | ${rounds} |`,
  );
}
line(`load ${load()} after; worst ratio ${worst.toFixed(2)}× (goal ≤ 1.5×)`);

const gone = new Promise((r) => child.once('exit', r));
child.disconnect();
await gone;
rmSync(dir, { recursive: true, force: true });
