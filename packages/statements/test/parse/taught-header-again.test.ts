// Columns placed by the dated rows under headings the reader does not know (generated INDIANBANK of
// seed 1230001, its document and truth as fixtures): the header, two lines ('Kolumn Frob Quux ...'
// over 'Val Amt'), is printed again mid-page. Its first line ends the table; the row under it resumes
// the table and takes the lines set just above it as its narration printed over its date line, but
// the header's second line is the header again, no narration ('Amt UPI/DR/300286025421/ZOMATO ...').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('generated', name);

test('a taught header printed again mid-page is no narration of the row the table resumes at', () => {
  const result = parseStatement(json('INDIANBANK-9740417739.doc.json') as SourceDocument);
  const { score } = judgeParse(json('INDIANBANK-9740417739.truth.json'), result);
  assert.equal(score.matched, 29);
  assert.equal(score.descriptionExact, 29);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
  const narrations = result.accounts[0]!.transactions.map((t) => t.description);
  assert.ok(
    narrations.includes('UPI/DR/300286025421/ZOMATO LTD/UBIN/zomato@hdfcbank/Payment'),
    narrations.join('\n'),
  );
  assert.ok(!narrations.some((n) => n.startsWith('Amt ')));
});
