// Issue 19: pdf.js runs as a script whose V8 code is kept beside Node's compile cache once a
// document has been read (read/pdfjs-load.ts). The next start takes it; a cache that is not V8's
// (damaged, or from another pdf.js) is refused, the file is still read, and the cache is made anew.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { makeStatement } from '../extract/make-statement.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-pdfjs-cache-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const pdf = path.join(dir, 'one-page.pdf');
const cacheRoot = path.join(dir, 'cache');

/** One read of the PDF in a fresh process with its compile cache in cacheRoot. */
function readOnce(): { used: string[]; pages: number } {
  const script = `
    const { readPdf } = await import(${JSON.stringify(new URL('../../src/read/pdf.ts', import.meta.url).href)});
    const { codeCacheUsed } = await import(${JSON.stringify(new URL('../../src/read/pdfjs-load.ts', import.meta.url).href)});
    const { readFileSync } = await import('node:fs');
    const r = await readPdf(new Uint8Array(readFileSync(${JSON.stringify(pdf)})));
    console.log(JSON.stringify({ used: codeCacheUsed, pages: r.pages.length }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_COMPILE_CACHE: cacheRoot },
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { used: string[]; pages: number };
}

/** The code caches written, by name. */
function caches(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(cacheRoot, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && path.basename(entry.parentPath) === 'bahi-pdfjs') {
      found.set(entry.name, path.join(entry.parentPath, entry.name));
    }
  }
  return found;
}

test('the first read keeps pdf.js code, the next start uses it, a damaged one is made anew', async () => {
  await makeStatement(pdf, 1, 3);

  const first = readOnce();
  assert.deepEqual(first, { used: [], pages: 1 });
  const kept = caches();
  assert.deepEqual([...kept.keys()].map((n) => n.replace(/-[0-9a-f]+$/, '')).sort(), [
    'pdf.min.mjs',
    'pdf.worker.min.mjs',
  ]);

  assert.deepEqual(readOnce(), { used: ['pdf.min.mjs', 'pdf.worker.min.mjs'], pages: 1 });

  for (const file of kept.values()) writeFileSync(file, Buffer.alloc(4096, 7));
  assert.deepEqual(readOnce(), { used: [], pages: 1 });
  for (const file of kept.values()) assert.notDeepEqual(readFileSync(file), Buffer.alloc(4096, 7));
  assert.deepEqual(readOnce().used, ['pdf.min.mjs', 'pdf.worker.min.mjs']);
});
