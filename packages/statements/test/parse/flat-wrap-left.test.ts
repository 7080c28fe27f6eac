// Flat text (every cell a space apart, generated PNB of seed 210001 `--flat`, as the reader read the
// drawn PDF) wraps a narration at the left margin, under the date column. The columns the dated rows
// place read every row and chain, but leave each wrapped line to no row ('DISTRIBUTORS' under
// 'INWARD CLG/.../VISHAL PHARMA'): the words' order read, confirmed as well and chaining as many rows,
// leaves none, and is the statement's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

const dir = path.resolve(import.meta.dirname, '../fixtures/generated');
const json = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));

test('a narration wrapped at the left margin of flat text goes on its row', () => {
  const doc = json('flat-PNB-1663053499.doc.json') as SourceDocument;
  const truth = json('flat-PNB-1663053499.truth.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 24);
  assert.equal(score.descriptionExact, 24);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
  assert.equal(
    result.accounts[0]!.transactions[2]!.description,
    'INWARD CLG/UTKARSH SMALL FINANCE BANK/VISHAL PHARMA DISTRIBUTORS',
  );
});
