// Flat text (every cell a space apart, generated PNB of seed 210001 `--flat`, as the reader read the
// drawn PDF) wraps a narration at the left margin, under the date column. The columns the dated rows
// place read every row and chain, but leave each wrapped line to no row ('DISTRIBUTORS' under
// 'INWARD CLG/.../VISHAL PHARMA'): the words' order read, confirmed as well and chaining as many rows,
// leaves none, and is the statement's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('generated', name);

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

test('newest first, flat text wrapped at the left margin: the words’ order read is taken though the printed chain breaks', () => {
  // (generated UTKARSH of seed 1110001 `--flat`: rows printed newest first broke the chain as
  // printed, so the positional read was never confirmed and the words' order read was taken only if
  // it chained more rows. Counted in their own order they chain, and the words' order read, chaining
  // as many rows and leaving no wrapped line unread, is the statement's: 7 -> 23 narrations)
  const doc = json('flat-UTKARSH-8790098099.doc.json') as SourceDocument;
  const truth = json('flat-UTKARSH-8790098099.truth.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 23);
  assert.equal(score.descriptionExact, 23);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});

test('a page foot set close under the last row, a figure run into it on one page, is no line the read left out', () => {
  // (generated HDFC of seed 150001: 'This is a computer generated statement ... signature.' under
  // the last row of every page, on page 4 with the row's wrapped reference '2922175844' drawn into it.
  // Counted as two lines the positional read left out, it made the words' order read the
  // statement's, which reads the reference column into every narration: 0 of 64)
  const doc = json('HDFC-1187897559.doc.json') as SourceDocument;
  const truth = json('HDFC-1187897559.truth.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 64);
  assert.equal(score.descriptionExact, 64);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});
