// Issue 19: pdf.js is loaded with its Response polyfill edited out (read/pdfjs-load.ts). This test
// fails when the edit stops applying (a new pdf.js) or breaks the global it guarded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';

test('loading pdf.js leaves Node fetch (undici) unloaded, and the global Response still works', () => {
  // a fresh process: this one's test runner may have loaded undici already
  const script = `
    await import(${JSON.stringify(new URL('../../src/read/pdfjs.ts', import.meta.url).href)});
    const undici = process.moduleLoadList.some((m) => m.includes('undici'));
    const bytes = await new Response('ok').bytes();
    console.log(JSON.stringify({ undici, bytes: [...bytes] }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { undici: false, bytes: [0x6f, 0x6b] });
});
