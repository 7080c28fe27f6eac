// `bahi parse` end to end, as a separate process: stdout carries only the result, exit status
// tells the outcome, and every failure is one line on stderr.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { makeStatement } from './make-statement.ts';
import { CORPUS, corpusNeeded } from '../read/corpus.ts';

const MAIN = path.resolve(fileURLToPath(import.meta.url), '../../../../cli/src/main.ts');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'bahi-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function bahi(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN, 'parse', ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

const corpus = (f: string) => path.join(CORPUS, f);

test('json: the truth-file shape, exit 0 when it reconciles', corpusNeeded, async () => {
  const r = await bahi(corpus('KOTAK/KOTAK_short.pdf'), '--password', '', '--format', 'json');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '');
  const out = JSON.parse(r.stdout);
  const truth = JSON.parse(readFileSync(corpus('KOTAK/KOTAK_short.truth.json'), 'utf8'));
  assert.equal(out.pages, truth.pages);
  assert.equal(out.transactions.length, truth.transactions.length);
  assert.ok(out.reconciliation, 'has a reconciliation');
});

test('csv: a header and one line per transaction', corpusNeeded, async () => {
  const r = await bahi(corpus('SBI/SBI_report.rpt'), '--format', 'csv');
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines[0], 'Date,Value Date,Description,Reference,Withdrawal,Deposit,Balance');
  assert.equal(lines.length - 1, 135);
  assert.match(lines[1], /^\d{4}-\d{2}-\d{2},/);
});

test('xlsx needs --out; with it, a workbook is written and stdout stays empty', corpusNeeded, async () => {
  const no = await bahi(corpus('AXIS/AXIS_short.pdf'), '--format', 'xlsx');
  assert.equal(no.code, 1);
  const out = path.join(tmp, 'out.xlsx');
  const r = await bahi(corpus('AXIS/AXIS_short.pdf'), '--format', 'xlsx', '--out', out);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.deepEqual([...readFileSync(out).subarray(0, 2)], [0x50, 0x4b]);
});

test('passwords: missing or wrong exit 2, right exits 0', corpusNeeded, async () => {
  const [missing, wrong, right] = await Promise.all([
    bahi(corpus('ICICI/ICICI_protected.pdf'), '--password', ''),
    bahi(corpus('ICICI/ICICI_protected.pdf'), '--password', 'nope'),
    bahi(corpus('ICICI/ICICI_protected.pdf'), '--password', 'orie0512'),
  ]);
  for (const r of [missing, wrong]) {
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  assert.match(missing.stderr, /password/i);
  assert.match(wrong.stderr, /incorrect/i);
  assert.equal(right.code, 0, right.stderr);
});

test('bad files exit 3 with one line on stderr, promptly', corpusNeeded, async () => {
  const names = ['truncated.pdf', 'corrupted.pdf', 'statement.pdf', 'not_a_pdf.pdf', 'rows_bomb.xlsx'];
  const runs = await Promise.all(names.map((n) => bahi(corpus(`bad/${n}`))));
  runs.forEach((r, i) => {
    assert.equal(r.code, 3, `${names[i]}: ${r.stderr}`);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, names[i]);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });
  assert.equal((await bahi(path.join(tmp, 'missing.pdf'))).code, 3);
});

test('a statement that does not reconcile: result printed, exit 4, the breaking row named', async () => {
  const file = path.join(tmp, 'broken.pdf');
  await makeStatement(file, 1, 3, 10);
  const r = await bahi(file, '--format', 'json');
  assert.equal(r.code, 4, r.stderr);
  assert.ok(JSON.parse(r.stdout).transactions.length > 0);
  assert.match(r.stderr, /row \d+/);
});

test('usage errors exit 1', corpusNeeded, async () => {
  assert.equal((await bahi()).code, 1);
  assert.equal((await bahi(corpus('AXIS/AXIS_short.pdf'), '--bank', 'NOPE')).code, 1);
  assert.equal((await bahi(corpus('AXIS/AXIS_short.pdf'), '--format', 'pdf')).code, 1);
});
