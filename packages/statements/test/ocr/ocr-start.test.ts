// The recogniser's start-up time-out: a worker that comes up after it is ended, so a reader does not
// keep its thread and memory, and a process that read nothing more can exit. Before, the scan bench
// hung after printing its table: its recogniser had timed out starting at a load of 16 (decision 041,
// round eight). Slow (starts a recogniser): `npm run test:ocr`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const ocr = pathToFileURL(new URL('../../src/read/ocr.ts', import.meta.url).pathname).href;

test('a recogniser that starts after its time-out is ended, and the process exits', () => {
  const script = `
    import { ocrGrey } from ${JSON.stringify(ocr)};
    const g = { data: new Uint8Array(64 * 64).fill(255), width: 64, height: 64 };
    try {
      await ocrGrey(g, 1, { orient: false, flatten: false });
      console.log('read');
    } catch (err) {
      console.log(err.code);
    }`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, BAHI_OCR_START_MS: '1' },
    encoding: 'utf8',
    // the worker itself takes a few seconds to come up on a loaded machine; a hung process never ends
    timeout: 120_000,
  });
  assert.equal(r.signal, null, `the process did not exit by itself: ${r.stderr}`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'TIMEOUT');
});
