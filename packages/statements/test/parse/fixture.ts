// A saved fixture of the reader's tests, by its set (a folder of test/fixtures) and name: a document
// as the reader took it ('*.doc.json', '*-read.ocr.json') or its truth ('*.truth.json',
// '*.expected.json'). One way to load them, so a test says only which file it reads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

const root = path.resolve(import.meta.dirname, '../fixtures');

export function fixture(set: 'generated' | 'scan-bench', name: string) {
  return JSON.parse(readFileSync(path.join(root, set, name), 'utf8'));
}

/**
 * Parse a saved generated document ('NAME.doc.json') and assert it reads as its truth
 * ('NAME.truth.json') says: `rows` rows, each found and matched, every narration exact, the
 * account reconciled. Returns the result for what a test asks beyond that.
 */
export function readsExactly(name: string, rows: number) {
  const doc = fixture('generated', `${name}.doc.json`) as SourceDocument;
  const truth = fixture('generated', `${name}.truth.json`);
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(truth.transactions.length, rows);
  assert.deepEqual(
    { found: score.found, matched: score.matched, narrations: score.descriptionExact },
    { found: rows, matched: rows, narrations: rows },
  );
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
  return result;
}
