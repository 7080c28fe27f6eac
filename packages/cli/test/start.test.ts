// Issue 19: `bahi parse` of a short text PDF starts fast because it loads only what the file needs.
// A structural test, not a timed one: the command runs with a module-loading probe (Node's
// module.registerHooks, preloaded through NODE_OPTIONS=--import, so in every process the command
// starts too) and the modules they resolved are checked: pdf.js, but no OCR (tesseract.js), no
// drawing (@napi-rs/canvas), no workbook decryption (officecrypto-tool) or workbook readers, and
// no reader process (a reader runs worker/child.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { makeStatement } from '../../statements/test/extract/make-statement.ts';
import { ROOT, runNode, type Run } from './run.ts';

const BIN = path.join(ROOT, 'packages/cli/bin/bahi.js');
const dir = mkdtempSync(path.join(tmpdir(), 'bahi-start-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Each module is written down as it is resolved: a reader process is ended by a signal, when no
// 'exit' handler runs.
const PROBE = `
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    if (!seen.has(r.url)) appendFileSync(process.env.BAHI_MODULES_OUT, r.url + '\\n');
    seen.add(r.url);
    return r;
  },
});
`;

function run(args: string[], modulesOut: string): Promise<Run> {
  const probe = path.join(dir, 'probe.mjs');
  writeFileSync(probe, PROBE);
  return runNode(BIN, args, {
    ...process.env,
    BAHI_MODULES_OUT: modulesOut,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(probe).href}`,
  });
}

test('bahi parse of a 1-page text PDF loads pdf.js but no OCR, canvas, decryption or reader process', async () => {
  const pdf = path.join(dir, 'one-page.pdf');
  const { rows } = await makeStatement(pdf, 1);
  const out = path.join(dir, 'modules.txt');
  writeFileSync(out, '');
  const r = await run(['parse', pdf], out);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).transactions.length, rows);

  const loaded = readFileSync(out, 'utf8').split('\n').filter(Boolean);
  // the probe sees what was loaded: pdf.js and the readers are there
  assert.ok(
    loaded.some((u) => u.includes('/pdfjs-dist/')),
    'the probe saw pdf.js load',
  );
  // the reader's own code: its sources, or the command's bundle when it is current (cli/src/bundled.ts)
  assert.ok(
    loaded.some(
      (u) => u.endsWith('/packages/statements/src/read/pdf.ts') || u.endsWith('/packages/cli/dist/parse.js'),
    ),
  );
  for (const heavy of ['tesseract.js', '@napi-rs/canvas', 'officecrypto-tool', 'exceljs', '@e965/xlsx']) {
    const hit = loaded.find((u) => u.includes(`/node_modules/${heavy}/`));
    assert.equal(hit, undefined, `${heavy} was loaded (${hit})`);
  }
  // read in this process: no reader process was started
  assert.equal(
    loaded.find((u) => u.endsWith('/worker/child.ts')),
    undefined,
    'a reader process was started',
  );
});
