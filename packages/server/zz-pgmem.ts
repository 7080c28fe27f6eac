// measuring only (not committed): PGlite's start-up peak
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './src/db/index.ts';
const dir = process.argv[2]!;
const t0 = performance.now();
const extra = process.env.PGX ? JSON.parse(process.env.PGX) : undefined;
let close: () => Promise<void>;
if (extra) {
  const pg = await PGlite.create(dir, extra);
  await pg.query('select count(*) from users');
  close = () => pg.close();
} else {
  const d = await openDatabase({ pgliteDir: dir });
  await d.pglite!.query('select count(*) from users');
  close = d.close;
}
const opened = performance.now() - t0;
await new Promise((r) => setTimeout(r, 2000));
const rss2 = process.memoryUsage().rss;
await new Promise((r) => setTimeout(r, 13000));
(globalThis as any).gc?.();
const rss = process.memoryUsage().rss;
console.error('rest2', Math.round(rss2 / 2 ** 20));
console.log(JSON.stringify({ openedMs: Math.round(opened), peakMB: Math.round(process.resourceUsage().maxRSS / 1024), restMB: Math.round(rss / 2 ** 20) }));
await close();
