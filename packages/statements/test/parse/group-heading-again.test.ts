// A header three lines deep under a heading over a group of columns ('Transaction Amount' over 'Dr
// Amount' and 'Credit Amount'), printed again mid-page (generated CANARA of seed 1510001, its
// document and truth as fixtures). The group heading printed again is the header's, not the narration
// of the row above it going on: that row read 'NEFT/IN/... /KKBK0676747 Transaction Amount'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findHeadings } from '../../src/parse/columns/heading.ts';
import { parseStatement } from '../../src/parse/index.ts';
import { documentLines } from '../../src/parse/lines.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const doc = fixture('generated', 'CANARA-11957824799.doc.json') as SourceDocument;
const truth = fixture('generated', 'CANARA-11957824799.truth.json');

test('headings stage: a group heading printed again right above its header is the header', () => {
  const lines = documentLines(doc);
  const { at, skipped } = findHeadings(lines, undefined);
  const headers = at.flatMap((h, i) => (h ? [i] : []));
  assert.ok(headers.length >= 3, 'the header is printed three times');
  for (const i of headers) {
    assert.equal(lines[i - 1]!.text, 'Transaction Amount');
    // (the first printing's group heading is in the header zone, above the first header)
    if (i !== headers[0])
      assert.ok(skipped.has(i - 1), `line ${i - 1} (page ${lines[i]!.page}) not the header's`);
  }
});

test('the rows above a header printed again keep their narrations whole', () => {
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, truth.transactions.length);
  assert.equal(score.descriptionExact, truth.transactions.length);
  const narrations = result.accounts[0]!.transactions.map((t) => t.description);
  assert.ok(!narrations.some((n) => n.includes('Transaction Amount')), narrations.join('\n'));
});
