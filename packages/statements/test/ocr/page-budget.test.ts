// A page's OCR budget counts the work the page got, not the wall clock (decision 041, session 27):
// at a load of 13-15 on 2 cores the corpus's BOB_scanned and PNB_scanned ran out of 45 s of wall
// time a page, where a quiet machine reads them whole. A page that gets no CPU for longer than its
// budget (its process stopped, as a loaded machine's scheduler leaves it waiting) is read; a page
// that needs more work than its budget still ends with the clear error (and fairness.test.ts: a page
// of noise). Slow (starts a recogniser): `npm run test:ocr`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { test } from 'node:test';

const script = new URL('./starved-page.ts', import.meta.url).pathname;

test('a page starved of CPU past its budget is read; one needing more work than it is not', async () => {
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    const stop = /^stop (\d+)$/.exec(line);
    // stopped 100 ms into its read: continued once its whole budget and a second more have passed
    if (stop) setTimeout(() => child.kill('SIGCONT'), Number(stop[1]) + 1000);
  }
  const [cpu, stop, starved, overworked] = lines;
  assert.match(cpu ?? '', /^cpu \d+$/, lines.join('\n'));
  assert.match(stop ?? '', /^stop \d+$/, lines.join('\n'));
  assert.equal(starved, 'read', `a page stopped past its budget, ${cpu}: ${starved}`);
  assert.equal(
    overworked,
    'TIMEOUT A page of the scan could not be read in time. Please upload a clearer scan.',
    `a page given a quarter of its work (${cpu})`,
  );
});
