// Issue 17: `bahi parse` prints why a statement was not read cleanly, with the reason's code and the
// exit code, and the next step, in one line on stderr (stdout keeps the result only).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { bahi } from './run.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bahi-reasons-'));

async function file(name: string, opts: Parameters<typeof drawStatement>[0]) {
  const p = path.join(dir, name);
  writeFileSync(p, await drawStatement(opts));
  return p;
}

test('no table: NO_TABLE, exit 3, with the next step', async () => {
  const r = await bahi(
    'parse',
    await file('u.pdf', { rows: drawnRows(8), unknownHeadings: true }),
    '--bank',
    'hdfc',
  );
  assert.equal(r.code, 3);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /No transaction table was found.*\[NO_TABLE, exit 3\]/);
  assert.match(r.stderr, /\] Next step: Mark the table once/);
});

test('rows that do not reconcile: the result on stdout, NOT_RECONCILED from row N with the difference, exit 4', async () => {
  const p = await file('b.pdf', { rows: drawnRows(10), misprint: { row: 3, by: 10 } });
  const r = await bahi('parse', p, '--bank', 'hdfc', '--format', 'csv');
  assert.equal(r.code, 4);
  assert.equal(r.stdout.trim().split('\n').length, 11);
  assert.match(
    r.stderr,
    /The rows do not reconcile from row 4 on \(difference ₹10\.00\)\. \[NOT_RECONCILED, exit 4\]/,
  );
  assert.match(r.stderr, /\] Next step: Look at the highlighted row/);
});

test('a clean read says nothing on stderr and exits 0', async () => {
  const r = await bahi('parse', await file('ok.pdf', { rows: drawnRows(6) }), '--bank', 'hdfc');
  assert.equal(r.code, 0);
  assert.equal(r.stderr, '');
});
