// Peak resident memory of `bahi serve` from its start to its ready line, and HOLD seconds after it
// (issue 38's start-up spike, decision 081): the server process's VmHWM (its peak, kept by Linux
// across the in-place restart with the server flags) and the sampled sum of its process tree (the
// readers start on first use, so at start-up it is the server alone). Linux only (/proc).
//   node packages/cli/bench/serve-peak.ts DATA_DIR [hold seconds=20] [node flags...]
// Run it once on a new DATA_DIR (the first start makes the database) and measure the next starts,
// as `npm start` runs every start after its first; BAHI_MEMORY_MB and the rest come from the
// environment.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [dataDir, hold = '20', ...flags] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: serve-peak.ts DATA_DIR [hold seconds] [node flags...]');
const main = path.resolve(import.meta.dirname, '../src/main.ts');
const t0 = performance.now();
const server = spawn(process.execPath, [...flags, main, 'serve'], {
  env: { ...process.env, BAHI_DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const status = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
};
const kb = (s: string, key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
const children = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};
const treeKb = (pid: number): number =>
  kb(status(pid), 'VmRSS') + children(pid).reduce((n, c) => n + treeKb(c), 0);
const mb = (k: number) => Math.round(k / 1024);
let treePeak = 0;
const sampler = setInterval(() => (treePeak = Math.max(treePeak, treeKb(server.pid!))), 50);
let out = '';
let ready = false;
const onData = (d: Buffer) => {
  out += d.toString();
  if (ready || !/Bahi is running on/.test(out)) return;
  ready = true;
  const readyS = (performance.now() - t0) / 1000;
  const atReady = { hwm: kb(status(server.pid!), 'VmHWM'), tree: treePeak };
  setTimeout(
    () => {
      const s = status(server.pid!);
      clearInterval(sampler);
      process.stdout.write(
        `ready in ${readyS.toFixed(2)} s; peak to ready: server ${mb(atReady.hwm)} MB, tree ${mb(atReady.tree)} MB; ` +
          `${hold} s after: peak server ${mb(kb(s, 'VmHWM'))} MB, tree ${mb(treePeak)} MB, resident ${mb(kb(s, 'VmRSS'))} MB\n`,
      );
      server.kill('SIGTERM');
    },
    Number(hold) * 1000,
  );
};
server.stdout.on('data', onData);
server.stderr.on('data', onData);
server.on('exit', (code) => {
  clearInterval(sampler);
  if (!ready) process.stderr.write(`bahi serve exited (${code}) before its ready line\n${out.slice(-2000)}`);
});
