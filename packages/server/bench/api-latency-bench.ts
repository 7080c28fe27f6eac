// npm run bench:latency -w @bahi/server
// The API while large statements are read (issue 38): p50/p99/max of `GET /api/health` and of a
// signed-in database route (`GET /api/auth/check/pages`: the sign-in guard and the balance), asked
// one after another from a process of their own (so that this driver's own work on the uploads and
// their answers never delays a probe), first at rest, then while four 500-page statements are read
// at once through /api/auto/extract-statement by four users, ROUNDS times over. The server is
// bench/bench-server.ts as a process of its own, with `bahi serve`'s flags and environment, PGlite
// in it on a data directory (as `npm start`), or PostgreSQL beside it (BENCH_DB=postgres).
// Beside them, the server thread's own CPU between two turns of a 1 ms timer (bench-server.ts
// watchSlices): the longest slices of work that hold every request, a figure the machine's load does
// not change. Goal: p99 < 10 ms for both routes under the reads. Not a test: the figures depend on the machine,
// so the load average is printed beside them; compare trees only in runs made one after the other.
//   node bench/api-latency-bench.ts [rounds=3] [pages=500]
//   BENCH_CPU_PROF=DIR  the server runs with --cpu-prof into DIR (written when it exits), and
//                       writes DIR/slices.json: the moments of its slices over 20 ms of CPU, in
//                       the profile's clock (read the profile there: bench/profile-slices.ts)
//   BENCH_NODE_FLAGS="--flag ..."  more node flags for the server (--no-liftoff-only: PGlite with
//                       TurboFan, to weigh what --liftoff-only costs: decision 081)
import { fork } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, serverNodeFlags } from '../src/config.ts';
import type { ServerReady, SliceReport } from './bench-server.ts';

const here = import.meta.dirname;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1]! : NaN;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

// The prober: a child of this script, asking the two routes in turn every ~20 ms until told to
// stop; it reports each route's latencies (ms) for the phase it was asked to measure.
if (process.argv[2] === '--probe') {
  const [port, token] = [Number(process.argv[3]), process.argv[4]!];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, auth: boolean) =>
    new Promise<number>((resolve, reject) => {
      const t = performance.now();
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: url,
          agent,
          headers: auth ? { authorization: `Bearer ${token}` } : {},
        },
        (res) => {
          res.resume();
          res.once('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - t)
              : reject(new Error(`${url}: ${res.statusCode}`)),
          );
        },
      );
      req.once('error', reject);
    });
  let phase = '';
  let samples = { health: [] as number[], db: [] as number[] };
  process.on('message', (m: { phase?: string; report?: boolean }) => {
    if (m.report) process.send!(samples);
    if (m.phase !== undefined) {
      phase = m.phase;
      samples = { health: [], db: [] };
    }
  });
  process.on('disconnect', () => process.exit(0));
  for (;;) {
    if (phase) {
      samples.health.push(await get('/api/health', false));
      samples.db.push(await get('/api/auth/check/pages', true));
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const ROUNDS = Number(process.argv[2] ?? 3);
const PAGES = Number(process.argv[3] ?? 500);
const READERS = 4;
const db = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-api-latency-'));
const file = path.join(dir, `statement-${PAGES}.pdf`);
const { makeStatement } = await import('../../statements/test/extract/make-statement.ts');
// one file per reader: the same bytes would be the same statement (its pages paid once)
const files: Uint8Array[] = [];
for (let i = 0; i < READERS; i++) {
  await makeStatement(file, PAGES, 100 + i);
  files.push(new Uint8Array(readFileSync(file)));
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const prof = process.env.BENCH_CPU_PROF;
const child = fork(path.join(here, 'bench-server.ts'), [], {
  env: {
    ...SERVER_ENV,
    ...process.env,
    BENCH_DB: db,
    BENCH_PGLITE_DIR: db === 'pglite' ? path.join(dir, 'pglite') : '',
    BENCH_ATTACKERS: String(READERS),
    BENCH_ATTACKER_PAGES: '1000000',
    ...(prof ? { BENCH_SLICE_LOG: path.join(prof, 'slices.json') } : {}),
  },
  execArgv: [
    ...serverNodeFlags({ databaseUrl: db === 'postgres' ? db : undefined }),
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
  ],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const ready = await new Promise<ServerReady>((resolve, reject) => {
  child.once('message', (m) => resolve(m as ServerReady));
  child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
});
const probe = fork(import.meta.filename, ['--probe', String(ready.port), ready.normal], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});

async function upload(bytes: Uint8Array, token: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'statement.pdf');
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${ready.port}/api/auto/extract-statement`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`upload: ${res.status}`);
  return performance.now() - t;
}

type Samples = { health: number[]; db: number[]; slices: number[] };
const measure = async (phase: string, during: () => Promise<unknown>): Promise<Samples> => {
  probe.send({ phase });
  child.send({ slices: 'start' });
  await during();
  const slices = new Promise<number[]>((r) => child.once('message', (m) => r((m as SliceReport).slices)));
  child.send({ slices: 'report' });
  const got = new Promise<Omit<Samples, 'slices'>>((r) => probe.once('message', (m) => r(m as Samples)));
  probe.send({ report: true, phase: '' });
  return { ...(await got), slices: await slices };
};
/** The server thread's CPU between two turns of its 1 ms timer: the longest, and how many over 10 ms. */
const sliceRow = (name: string, s: number[]) => {
  const top = [...s].sort((a, b) => b - a).slice(0, 5);
  const over = (ms: number) => s.filter((x) => x > ms).length;
  process.stdout.write(
    `| ${name}: server thread CPU between turns | ${s.length} | ${median(s).toFixed(2)} | ${pct(s, 99).toFixed(1)} | ${Math.max(...s).toFixed(1)} | ` +
      `over 5/10/20/50 ms: ${over(5)}/${over(10)}/${over(20)}/${over(50)}; longest ${top.map((x) => x.toFixed(0)).join(', ')} |\n`,
  );
};
const row = (name: string, s: number[], l: string) =>
  process.stdout.write(
    `| ${name} | ${s.length} | ${median(s).toFixed(1)} | ${pct(s, 99).toFixed(1)} | ${Math.max(...s).toFixed(1)} | ${l} |\n`,
  );

// untimed: the readers start and the route's code warms up
await Promise.all(files.slice(0, 2).map((f, i) => upload(f, ready.attackers[i]!)));
process.stdout.write(`API latency (${db}), ${READERS} × ${PAGES} pages at once, ${ROUNDS} rounds\n`);
process.stdout.write(
  '| phase / route | n | p50 ms | p99 ms | max ms | load 1/5/15 |\n|---|---|---|---|---|---|\n',
);
let l = load();
const rest = await measure('rest', () => new Promise((r) => setTimeout(r, 5000)));
row('rest: health', rest.health, l);
row('rest: db route', rest.db, l);
sliceRow('rest', rest.slices);
l = load();
const reads: number[] = [];
const busy = await measure('reads', async () => {
  for (let r = 0; r < ROUNDS; r++)
    reads.push(...(await Promise.all(files.map((f, i) => upload(f, ready.attackers[i]!)))));
});
const after = load();
row('reads: health', busy.health, `${l} → ${after}`);
row('reads: db route', busy.db, `${l} → ${after}`);
sliceRow('reads', busy.slices);
process.stdout.write(`reads: ${reads.length}, median ${(median(reads) / 1000).toFixed(2)} s each\n`);

probe.disconnect();
const gone = new Promise((r) => child.once('exit', r));
child.disconnect();
await gone;
rmSync(dir, { recursive: true, force: true });
