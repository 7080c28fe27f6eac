// A long scan through the reader pool, as the server reads it (issue 32: "a 14-page phone-app scan
// at 240-275 dpi: refused as too large for memory after 75 s"). A generated statement of PAGES
// pages (the scan bench's drawing, test/ocr/scan-bench.ts) scanned at DPI in the given class, read
// by a pool configured from BAHI_MEMORY_MB (as packages/server/src/start.ts does); prints the rows
// read exactly, the time, seconds a page, and the peak resident memory of this process and of its
// readers together (sampled every 100 ms from /proc), and the CPU seconds a page of this process
// and its readers (one reader reads on one core: on a shared machine the CPU time, not the wall
// time, is the "seconds a page on one core"; the recogniser runs one thread).
// Run: BAHI_MEMORY_MB=1024 nice node packages/statements/scripts/scan-memory.ts [--pages 14] [--dpi 275]
//        [--class light] [--readers N] [--per-page-ms MS]
// --per-page-ms raises the pool's time a page (10 s; the job's cap with it) for a loaded machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePool, configurePool, extractStatement } from '../src/extract.ts';
import { StatementError } from '../src/errors.ts';
import { judgeParse } from '../test/perturb/judge.ts';
import { BANK_NAMES, truthOf } from '../test/perturb/pdf-cases.ts';
import { familyOf, makeRecipe, truthFor } from '../test/perturb/pdf-recipe.ts';
import { makeScan, plainRecipe, type ScanCase, type ScanClass } from '../test/ocr/scan-bench.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1]! : fallback;
};
const pages = Number(arg('pages', '14'));
const dpi = Number(arg('dpi', '275'));
const cls = arg('class', 'light') as ScanClass;
const readers = args.includes('--readers') ? Number(arg('readers', '1')) : undefined;
const budget = Number(process.env.BAHI_MEMORY_MB ?? 1024);
const perPageMs = args.includes('--per-page-ms') ? Number(arg('per-page-ms', '10000')) : undefined;

const ROWS_PER_PAGE = 24;
const bank = 'HDFC';
const seed = 4242;
const long = truthOf(bank, 'multi')!;
const recipe = {
  ...plainRecipe(makeRecipe(seed, BANK_NAMES[bank]!, long.account.ifsc, familyOf(bank))),
  rowsPerPage: ROWS_PER_PAGE,
  wrap: 'below' as const,
  wrapWidth: 400,
};
// wrapped narrations take two lines: about 21 rows fill a page
const txs = long.transactions.slice(0, pages * 21 - 2);
const truth = truthFor(
  { ...long, transactions: txs, closingBalance: txs[txs.length - 1]!.balance },
  recipe,
  seed,
);
const c: ScanCase = { name: `${cls} ${bank} long`, bank, seed, recipe, truth, cls, dpi, quality: 75 };
// The scan is drawn in a process of its own (--write FILE), so that this one holds what a server
// holds, not the drawing's canvases and fonts.
const writeTo = args.includes('--write') ? arg('write', '') : null;
if (writeTo) {
  const { pdf, pages: n } = await makeScan(c);
  writeFileSync(writeTo, pdf);
  console.log(n);
  process.exit(0);
}
const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-scan-memory-'));
const file = path.join(dir, 'scan.pdf');
const drawn = Number(
  execFileSync(process.execPath, [fileURLToPath(import.meta.url), ...args, '--write', file], {
    encoding: 'utf8',
  }).trim(),
);
const pdf = new Uint8Array(readFileSync(file));
rmSync(dir, { recursive: true, force: true });

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
/** This process and every process under it; and the largest of those under it. */
let readerPeak = 0;
/** CPU ticks (user + system) each reader was last seen to have used. */
const readerTicks = new Map<number, number>();
function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
  } catch {
    return 0;
  }
}
const TICKS_A_SECOND = 100; // USER_HZ on Linux
function treeMb(): number {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    const mb = rssOf(pid);
    total += mb;
    if (pid !== process.pid) {
      readerPeak = Math.max(readerPeak, mb);
      readerTicks.set(pid, Math.max(readerTicks.get(pid) ?? 0, ticksOf(pid)));
    }
    for (const k of children.get(pid) ?? []) walk(k);
  };
  walk(process.pid);
  return total;
}

configurePool({
  memoryBudgetMb: budget,
  ...(readers ? { size: readers } : {}),
  ...(perPageMs ? { perPageMs, maxJobMs: perPageMs * (pages + 2) } : {}),
});
let peak = treeMb();
const sampler = setInterval(() => (peak = Math.max(peak, treeMb())), 100);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let outcome: string;
try {
  const { result } = await extractStatement(pdf);
  const { score } = judgeParse(truth, result);
  outcome = `${score.matched}/${score.expected} rows exact`;
} catch (err) {
  outcome = err instanceof StatementError ? `${err.code}: ${err.message}` : String(err);
}
const s = (performance.now() - t0) / 1000;
treeMb(); // the readers' CPU as the job ends
clearInterval(sampler);
const own = process.cpuUsage(cpu0);
let ticks = 0;
for (const t of readerTicks.values()) ticks += t;
const cpu = (own.user + own.system) / 1e6 + ticks / TICKS_A_SECOND;
await closePool();
console.log(
  `${drawn} pages at ${dpi} dpi (${cls}), ${(pdf.length / 2 ** 20).toFixed(1)} MB, BAHI_MEMORY_MB=${budget}: ${outcome}; ` +
    `${s.toFixed(0)} s (${(s / drawn).toFixed(1)} s a page); CPU ${cpu.toFixed(0)} s (${(cpu / drawn).toFixed(1)} s a page); peak RSS of this process and its readers ${Math.round(peak)} MB, of one reader ${Math.round(readerPeak)} MB`,
);
