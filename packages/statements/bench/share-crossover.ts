// npm exec -- node bench/share-crossover.ts
// Where sharing a PDF's pages with a second thread starts to pay: wall time of N-page statements
// through a warm 2-thread pool, read by one thread (sharing off) and by two. Sets the pool's SHARE_PAGES_FROM.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StatementPool } from '../src/worker/pool.ts';
import { makeStatement } from '../test/extract/make-statement.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-crossover-'));
const RUNS = 11;
try {
  // both 2 threads: one never shares, the other shares every PDF
  const alone = new StatementPool({ size: 2, sharePagesFrom: Infinity });
  const shared = new StatementPool({ size: 2, sharePagesFrom: 2 });
  for (const pages of [2, 4, 6, 8, 12, 16, 32]) {
    const file = path.join(dir, `s${pages}.pdf`);
    await makeStatement(file, pages, pages);
    const bytes = readFileSync(file);
    const time = async (pool: StatementPool) => {
      const all: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await pool.run({ op: 'extract', bytes: new Uint8Array(bytes) });
        all.push(performance.now() - t);
      }
      return all.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
    };
    await Promise.all([time(alone), time(alone)]);
    await Promise.all([time(shared), time(shared)]); // both threads warm
    const a = await time(alone);
    const s = await time(shared);
    process.stdout.write(
      `${String(pages).padStart(3)} pages: one thread ${a.toFixed(0)} ms, two ${s.toFixed(0)} ms (${(a / s).toFixed(2)}x)\n`,
    );
  }
  await alone.close();
  await shared.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
