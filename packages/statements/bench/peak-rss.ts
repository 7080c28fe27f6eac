// Child process of the benchmark: extract one file through the worker pool and report the peak
// resident memory of the whole process (main thread + worker thread), in a fresh process.
import { readFileSync } from 'node:fs';
import { closePool, extractStatement } from '../src/extract.ts';

const started = performance.now();
const x = await extractStatement(readFileSync(process.argv[2]));
const ms = performance.now() - started;
await closePool();
const rows = x.result.accounts.reduce((n, a) => n + a.transactions.length, 0);
process.stdout.write(
  JSON.stringify({
    pages: x.pages,
    rows,
    reconciles: x.result.accounts.every((a) => a.reconciliation.ok),
    ms: Math.round(ms),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }) + '\n',
);
