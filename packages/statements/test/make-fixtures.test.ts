// A fixture is never overwritten without --force: make-fixtures (the parser's) and make-scans (the
// OCR tests') keep every fixture that exists.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../scripts/make-fixtures.ts');
const fixture = (name: string) => path.resolve(import.meta.dirname, 'fixtures/SBI', name);

test('make-fixtures without --force keeps the fixtures that exist, byte for byte', async () => {
  const names = ['short.source.json', 'report.source.json', 'short.expected.json', 'report.expected.json'];
  const before = names.map((n) => readFileSync(fixture(n)));
  const { stdout } = await exec(process.execPath, [script, '--bank', 'SBI', '--write-golden']);
  assert.match(stdout, /SBI\/short: kept \(it exists; --force writes it again\)/);
  assert.match(stdout, /SBI\/report: kept/);
  names.forEach((n, i) => assert.ok(readFileSync(fixture(n)).equals(before[i]), `${n} changed`));
});

test('make-scans without --force keeps the scan, the photo and their truth, byte for byte', async () => {
  const dir = path.resolve(import.meta.dirname, 'ocr/fixtures');
  const names = ['statement.truth.json', 'scanned.pdf', 'photo.jpg'];
  const before = names.map((n) => readFileSync(path.join(dir, n)));
  const { stdout } = await exec(process.execPath, [path.join(import.meta.dirname, 'ocr/make-scans.ts')]);
  for (const n of names) assert.match(stdout, new RegExp(`kept ${n.replace('.', '\\.')}`));
  names.forEach((n, i) => assert.ok(readFileSync(path.join(dir, n)).equals(before[i]), `${n} changed`));
});
