// npm run bench -w @bahi/statements
// Speed of reading + parsing text PDFs (100 pages, in this thread and through a warm 2-thread pool
// that shares the pages; both compared with `pdftotext -layout` on the same file in the same run),
// peak memory for 500 pages, OCR seconds per scanned page on one core, and
// a 4-page scan through the pool. Targets (issue 3): 100 pages < 2 s and within 4x of pdftotext;
// peak < 400 MB; OCR < 5 s/page. The comparison needs pdftotext (apt-get install poppler-utils)
// and the 4-page scan qpdf (apt-get install qpdf); without them those lines say 'skipped'.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStatement } from '../src/parse/index.ts';
import { readDocument } from '../src/read/index.ts';
import { closeOcr } from '../src/read/ocr.ts';
import type { ExtractOutput } from '../src/worker/job.ts';
import { StatementPool } from '../src/worker/pool.ts';
import { makeStatement } from '../test/extract/make-statement.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, '../../../../shared/corpus');
const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-bench-'));
const line = (s: string) => process.stdout.write(s + '\n');

/** CPU ms used by this process (all its threads) and by its finished children (from /proc:
 * children's time is added once they are reaped). The machine is shared, so CPU time is the
 * fairer comparison. */
function cpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // utime, stime, cutime, cstime are fields 14-17 (1-based); after "pid (comm) " they start at 11.
  const ticks = [11, 12, 13, 14].reduce((n, i) => n + Number(fields[i]), 0);
  return (ticks * 1000) / 100;
}

async function best<T>(runs: number, fn: () => Promise<T>): Promise<{ ms: number; cpu: number; value: T }> {
  let bestMs = Infinity;
  let bestCpu = Infinity;
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = cpuMs();
    value = await fn();
    bestMs = Math.min(bestMs, performance.now() - t);
    bestCpu = Math.min(bestCpu, cpuMs() - c);
  }
  return { ms: bestMs, cpu: bestCpu, value };
}

try {
  line(
    `machine: ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, node ${process.version}`,
  );
  const f100 = path.join(dir, 'statement-100.pdf');
  const f500 = path.join(dir, 'statement-500.pdf');
  await makeStatement(f100, 100, 1);
  await makeStatement(f500, 500, 2);
  const bytes100 = new Uint8Array(readFileSync(f100));

  // 1. 100 pages, in this thread: read only, then read + parse (best of 3, after a warm-up).
  await readDocument(bytes100);
  const read = await best(3, () => readDocument(bytes100));
  const full = await best(3, async () => {
    const r = await readDocument(bytes100);
    return parseStatement(r.doc);
  });
  const rows = full.value.accounts.reduce((n, a) => n + a.transactions.length, 0);
  const ok = full.value.accounts.every((a) => a.reconciliation.ok);
  line(
    `100 pages read:          ${read.ms.toFixed(0)} ms (${((100 / read.ms) * 1000).toFixed(0)} pages/s), ` +
      `${read.cpu.toFixed(0)} ms CPU`,
  );
  line(
    `100 pages read + parse:  ${full.ms.toFixed(0)} ms (${((100 / full.ms) * 1000).toFixed(0)} pages/s), ` +
      `${full.cpu.toFixed(0)} ms CPU, ${rows} rows, reconciles: ${ok}  [target < 2000 ms]`,
  );

  // 2. The same file through pdftotext -layout (poppler), when installed.
  const hasPdftotext = spawnSync('sh', ['-c', 'command -v pdftotext']).status === 0;
  const pt = hasPdftotext
    ? await best(3, async () => execFileSync('pdftotext', ['-layout', f100, '-'], { maxBuffer: 1 << 28 }))
    : null;
  const ratio = (r: { ms: number; cpu: number }) =>
    pt
      ? `; bahi/pdftotext = ${(r.ms / pt.ms).toFixed(2)}x wall, ${(r.cpu / pt.cpu).toFixed(2)}x CPU  [target <= 4x]`
      : '';
  if (pt) {
    line(`pdftotext -layout:       ${pt.ms.toFixed(0)} ms, ${pt.cpu.toFixed(0)} ms CPU`);
    line(`  in this thread${ratio(full)}`);
  } else {
    line(
      'pdftotext -layout:       skipped: pdftotext not installed (install poppler-utils, e.g. `apt-get install poppler-utils`)',
    );
  }

  // 2b. The same 100 pages as the server and `bahi parse` run them: through a warm worker pool of
  // 2 threads, which read a long PDF's pages together. CPU here includes both threads.
  const pool = new StatementPool({ size: 2 });
  try {
    await Promise.all([0, 1].map(() => pool.run({ op: 'extract', bytes: bytes100.slice() })));
    const viaPool = await best(3, () => pool.run({ op: 'extract', bytes: bytes100.slice() }));
    const out = viaPool.value as ExtractOutput;
    line(
      `100 pages via pool (2 threads): ${viaPool.ms.toFixed(0)} ms (${((100 / viaPool.ms) * 1000).toFixed(0)} pages/s), ` +
        `${viaPool.cpu.toFixed(0)} ms CPU, ${out.sharedPages} pages read by the helper${ratio(viaPool)}`,
    );
  } finally {
    await pool.close();
  }

  // 3. 500 pages through the worker pool in a fresh process: wall time and peak RSS.
  const child = spawnSync(process.execPath, [path.join(here, 'peak-rss.ts'), f500], { encoding: 'utf8' });
  if (child.status === 0) {
    const r = JSON.parse(child.stdout.trim().split('\n').pop()!);
    line(
      `500 pages via pool:      ${r.ms} ms, ${r.rows} rows, reconciles: ${r.reconciles}, ` +
        `peak RSS ${r.maxRssMb} MB  [target < 400 MB]`,
    );
  } else {
    line(`500 pages via pool:      failed (exit ${child.status}): ${child.stderr.split('\n')[0]}`);
  }

  // 4. OCR: seconds per scanned page. A page is read by one recogniser, so its CPU time is the
  // time it takes on one core; tesseract start-up is measured separately.
  const scans = ['BOB/BOB_scanned.pdf', 'PNB/PNB_scanned.pdf', 'PNB/PNB_photo.png'];
  let t = performance.now();
  let cpu = process.cpuUsage();
  await readDocument(new Uint8Array(readFileSync(path.join(corpus, scans[0]))));
  const firstMs = performance.now() - t;
  line(`OCR first page (incl. start-up): ${(firstMs / 1000).toFixed(2)} s`);
  for (const f of scans) {
    const b = new Uint8Array(readFileSync(path.join(corpus, f)));
    t = performance.now();
    cpu = process.cpuUsage();
    await readDocument(b);
    const used = process.cpuUsage(cpu);
    line(
      `OCR ${f.padEnd(22)} ${((performance.now() - t) / 1000).toFixed(2)} s wall, ` +
        `${((used.user + used.system) / 1e6).toFixed(2)} s CPU (one core)  [target < 5 s/page]`,
    );
  }
  await closeOcr();

  // 5. A 4-page scan through the pool in a fresh process, as `bahi parse` runs it: both cores.
  if (spawnSync('sh', ['-c', 'command -v qpdf']).status === 0) {
    const f4 = path.join(dir, 'scan-4.pdf');
    const pages = [scans[0], scans[1], scans[0], scans[1]].map((f) => path.join(corpus, f));
    execFileSync('qpdf', ['--empty', '--pages', ...pages, '--', f4]);
    const scan = spawnSync(process.execPath, [path.join(here, 'peak-rss.ts'), f4], { encoding: 'utf8' });
    if (scan.status === 0) {
      const r = JSON.parse(scan.stdout.trim().split('\n').pop()!);
      line(
        `4-page scan via pool:    ${(r.ms / 1000).toFixed(2)} s wall (${(r.ms / 4000).toFixed(2)} s/page), ` +
          `${r.rows} rows, peak RSS ${r.maxRssMb} MB  [harness limit 20 s per file]`,
      );
    } else {
      line(`4-page scan via pool:    failed (exit ${scan.status}): ${scan.stderr.split('\n')[0]}`);
    }
  } else {
    line('4-page scan via pool:    skipped (qpdf not installed; apt-get install qpdf)');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
