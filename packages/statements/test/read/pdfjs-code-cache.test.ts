// Issue 19: pdf.js runs as a script, edited, whose source (in ASCII) and V8 code are kept beside
// Node's compile cache once a document has been read (read/pdfjs-load.ts). The next start takes
// them; a code cache that is not V8's, or a kept source that does not compile (damaged), is
// refused, the file is still read, and what was refused is made anew.
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

/** What was kept, by kind ('code' or 'source') and build: each build's file. */
function kept(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(cacheRoot, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && path.basename(entry.parentPath) === 'bahi-pdfjs') {
      const build = entry.name.split('-')[0]!;
      found.set(
        `${entry.name.endsWith('.js') ? 'source' : 'code'} ${build}`,
        path.join(entry.parentPath, entry.name),
      );
    }
  }
  return found;
}

const BOTH = ['pdf.min.mjs', 'pdf.worker.min.mjs'];

test('the first read keeps pdf.js code, the next start uses it, a damaged one is made anew', async () => {
  await makeStatement(pdf, 1, 3);

  const first = readOnce();
  assert.deepEqual(first, { used: [], pages: 1 });
  const files = kept();
  assert.deepEqual([...files.keys()].sort(), [
    'code pdf.min.mjs',
    'code pdf.worker.min.mjs',
    'source pdf.min.mjs',
    'source pdf.worker.min.mjs',
  ]);
  // the edited sources are ASCII, so a start reads them as one-byte strings
  for (const build of BOTH) {
    const source = readFileSync(files.get(`source ${build}`)!);
    assert.ok(source.length > 100_000 && source.every((byte) => byte < 0x80), build);
  }

  assert.deepEqual(readOnce(), { used: BOTH, pages: 1 });

  for (const build of BOTH) writeFileSync(files.get(`code ${build}`)!, Buffer.alloc(4096, 7));
  assert.deepEqual(readOnce(), { used: [], pages: 1 });
  for (const build of BOTH)
    assert.notDeepEqual(readFileSync(files.get(`code ${build}`)!), Buffer.alloc(4096, 7));
  assert.deepEqual(readOnce().used, BOTH);

  for (const build of BOTH) writeFileSync(files.get(`source ${build}`)!, 'this is not (javascript');
  assert.deepEqual(readOnce(), { used: [], pages: 1 });
  for (const build of BOTH)
    assert.ok(readFileSync(files.get(`source ${build}`)!, 'latin1').includes('__pdfjsUrl'));
  assert.deepEqual(readOnce().used, BOTH);
});
