// bahi explain: the rules behind each row of a statement, one row alone with --row, a page drawn with
// --svg; bad options are usage errors.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { drawnRows, drawStatement } from '../../server/test/helpers/draw-statement.ts';
import { bahi } from './run.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bahi-explain-'));

test('explain prints the statement decisions and each row with its rules; --svg draws the page', async () => {
  const pdf = path.join(dir, 's.pdf');
  writeFileSync(pdf, await drawStatement({ rows: drawnRows(6) }));
  const all = await bahi('explain', pdf);
  assert.equal(all.code, 0, all.stderr);
  assert.match(all.stdout, /^Statement:$/m);
  assert.match(all.stdout, /columns\.heading/);
  assert.equal((all.stdout.match(/^Row \d+ /gm) ?? []).length, 6);
  assert.equal((all.stdout.match(/^ {2}rows\.anchor /gm) ?? []).length, 6);

  const svg = path.join(dir, 's.svg');
  const one = await bahi('explain', pdf, '--row', '3', '--svg', svg);
  assert.equal(one.code, 0, one.stderr);
  assert.equal((one.stdout.match(/^Row \d+ /gm) ?? []).length, 1);
  assert.match(one.stdout, /^Row 3 .*\(page 1 y [\d.]+-[\d.]+, \d line\(s\)\)$/m);
  assert.match(readFileSync(svg, 'utf8'), /^<svg [^>]*>[\s\S]*<text [\s\S]*<\/svg>\n$/);
});

test('explain: a bad --row is a usage error; a sheet has no page to draw', async () => {
  const bad = await bahi('explain', 'x.pdf', '--row', 'two');
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /--row takes a row number/);
  const csv = path.join(dir, 's.csv');
  writeFileSync(
    csv,
    'Date,Narration,Withdrawal,Deposit,Balance\n01/04/2024,UPI,100.00,,900.00\n02/04/2024,NEFT,,50.00,950.00\n',
  );
  const r = await bahi('explain', csv, '--svg', path.join(dir, 'x.svg'));
  assert.equal(r.code, 1);
  assert.match(r.stderr, /only a PDF or an image has pages to draw/);
  assert.match(r.stdout, /^Row 2 /m);
});
