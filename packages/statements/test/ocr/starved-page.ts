// Run by page-budget.test.ts in a process of its own, which the test stops and continues: a band of
// the generated photo read three times, each read's outcome printed as a line.
//   1. as is: the CPU it costs ('cpu N');
//   2. with three times that as its budget, the process stopping itself 100 ms in ('stop': the test
//      continues it once the budget has passed by the wall clock), as a page waiting for a core on
//      a loaded machine does;
//   3. with a quarter of it as its budget.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { closeOcr, ocrGrey } from '../../src/read/ocr.ts';
import { processCpuMs } from '../../src/read/work-budget.ts';
import { greyFromRgba } from '../../src/scan/grey.ts';
import { scanBytes } from './make-scans.ts';

const img = await loadImage(Buffer.from(scanBytes('photo.jpg')));
// rows of the table, a fifth of the page: a second or so of the recogniser on a quiet core
const top = Math.round(img.height * 0.4);
const height = Math.round(img.height * 0.2);
const canvas = createCanvas(img.width, height);
canvas.getContext('2d').drawImage(img, 0, -top);
const band = greyFromRgba(
  canvas.getContext('2d').getImageData(0, 0, img.width, height).data,
  img.width,
  height,
);
const opts = { orient: false, flatten: false, preview: false, figureEnds: null };
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'read',
    (e: { code?: string; userMessage?: string }) => `${e.code} ${e.userMessage}`,
  );

try {
  await ocrGrey(band, 72 / 300, opts); // the recogniser started
  const before = processCpuMs();
  await ocrGrey(band, 72 / 300, opts);
  const cpu = Math.round(processCpuMs() - before);
  console.log(`cpu ${cpu}`);
  const budgetMs = 3 * cpu;
  const starved = outcome(ocrGrey(band, 72 / 300, { ...opts, budgetMs }));
  setTimeout(() => {
    console.log(`stop ${budgetMs}`);
    process.kill(process.pid, 'SIGSTOP');
  }, 100);
  console.log(await starved);
  console.log(await outcome(ocrGrey(band, 72 / 300, { ...opts, budgetMs: Math.round(cpu / 4) })));
} finally {
  await closeOcr();
}
