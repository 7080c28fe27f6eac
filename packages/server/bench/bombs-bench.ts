// Issue 18's benchmark (not a timed test): ten bombs uploaded at once by one account, and a normal
// statement uploaded beside them by another. Reports the process's peak RSS (server, its worker
// threads and this driver: target under 1 GB) and the normal upload's latency (target under 2 s).
//   npm run bench -w @bahi/server
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  deepNestingPdf,
  dimensionBombXlsx,
  flateBombPdf,
  hugePageCountPdf,
  hugeSpinCountXlsx,
  lzwBombPdf,
  manySheetsXlsx,
} from '../../statements/scripts/bombs.ts';
import { CORPUS } from '../../statements/test/read/corpus.ts';
import { DEFAULT_WORK_LIMITS, configureWorkLimits } from '../src/statements/work-limits.ts';
import { startApp, upload } from '../test/helpers/harness.ts';
import { member } from '../test/helpers/security.ts';

const MB = 1024 * 1024;
const bombs: [string, Buffer][] = [
  ['flate-1gib-a.pdf', flateBombPdf()],
  ['flate-1gib-b.pdf', flateBombPdf()],
  ['flate-1gib-c.pdf', flateBombPdf()],
  ['flate-1gib-d.pdf', flateBombPdf()],
  ['lzw.pdf', lzwBombPdf()],
  ['deep-nesting.pdf', deepNestingPdf()],
  ['page-count.pdf', hugePageCountPdf()],
  ['spin-count.xlsx', await hugeSpinCountXlsx()],
  ['many-sheets.xlsx', manySheetsXlsx()],
  ['dimension.xlsx', dimensionBombXlsx()],
];
const normal = readFileSync(path.join(CORPUS, 'HDFC/HDFC_short.pdf'));
const attackers = process.argv.includes('--many-attackers') ? bombs.length : 1;

const rssMb = () => Math.round(process.memoryUsage.rss() / MB);
console.log(`RSS after making the bombs ${rssMb()} MB`);
const h = await startApp();
console.log(`RSS after starting the server ${rssMb()} MB`);
// The hourly limits are not what is measured here.
configureWorkLimits({ extract: { max: 1000, windowSeconds: 3600 } });
let peak = process.memoryUsage.rss();
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
try {
  const bad = await Promise.all(Array.from({ length: attackers }, () => member(h, { pages: 100 })));
  const badTokens = await Promise.all(bad.map((b) => b.token()));
  const good = await member(h, { pages: 100 });
  const goodToken = await good.token();
  // Warm the pool (threads start with the first job) so latency is the steady state's.
  await upload(h.app, '/api/HDFC/extract-statement', { token: goodToken, bytes: normal, name: 'warm.pdf' });
  // Both threads warm: a second normal upload beside a first.
  await Promise.all(
    [0, 1].map(() =>
      upload(h.app, '/api/HDFC/extract-statement', { token: goodToken, bytes: normal, name: 'warm.pdf' }),
    ),
  );
  const base = process.memoryUsage.rss();
  peak = base;
  const started = performance.now();
  const bombCalls = bombs.map(([name, bytes], i) =>
    upload(h.app, '/api/HDFC/extract-statement', { token: badTokens[i % attackers], bytes, name }).then(
      (r) => ({
        name,
        status: r.status,
        code: r.body?.code ?? '',
        ms: Math.round(performance.now() - started),
      }),
    ),
  );
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  const ok = await upload(h.app, '/api/HDFC/extract-statement', {
    token: goodToken,
    bytes: normal,
    name: 'HDFC_short.pdf',
  });
  const latency = Math.round(performance.now() - t0);
  const results = await Promise.all(bombCalls);
  clearInterval(sampler);
  const maxRss = (process.resourceUsage().maxRSS * 1024) / MB;
  for (const r of results)
    console.log(`bomb ${r.name.padEnd(18)} ${r.status} ${r.code.padEnd(16)} ${r.ms} ms`);
  console.log(`normal upload: ${ok.status} in ${latency} ms (target < 2000 ms)`);
  console.log(
    `RSS before bombs ${Math.round(base / MB)} MB, peak during ${Math.round(peak / MB)} MB (sampled), process max ${Math.round(maxRss)} MB (target < 1024 MB)`,
  );
  console.log(`attackers: ${attackers}; all bombs answered in ${Math.round(performance.now() - started)} ms`);
} finally {
  clearInterval(sampler);
  configureWorkLimits(DEFAULT_WORK_LIMITS);
  await h.close();
}
