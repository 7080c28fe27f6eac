// A scanned heading's words stand further apart than a text layer's: the recogniser's boxes are ink
// to ink, and a typewriter font's word space is a whole cell plus its glyphs' side bearings
// (decision 041, round seven). The fixture is the scan bench's speckle BOM statement (seed 39649) as
// the reader read it: 'Wthdrawal' '(Dr)' 'Credit' 'Anount' 1.7 character widths apart. Read a word a
// column, '(Dr)' named no role and the withdrawals printed under 'Withdrawal (Dr)' went unread: 19/25
// rows, the account not reconciled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { Trace } from '../../src/parse/trace.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('scan-bench', name);

test("a scanned heading's two-word names are read a name a column", () => {
  const doc = json('speckle-BOM-39649-read.ocr.json') as SourceDocument;
  const truth = json('speckle-BOM-39649.expected.json');
  const trace = new Trace();
  const result = parseStatement(doc, { trace });
  const heading = trace.decisions.find((d) => d.rule === 'columns.heading' && d.page === 1);
  assert.match(heading?.detail ?? '', /debit 'Wthdrawal \(Dr\)', credit 'Credit Anount'/);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 25);
  assert.equal(score.found, 25);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});
