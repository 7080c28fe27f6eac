// The words' order read (sequence.ts) on flat text that prints its opening and closing balances as
// dated lines, overdrawn in brackets with the currency glued on: '01-07-25 01-07-25 (Rs.69,532.54) B/F'
// and '31-07-25 31-07-25 (Rs.18,177.54) Closing Balance' (generated KOTAK of flat seed 1570001, its
// document and truth as fixtures). Both were read as rows of no amount: 28 rows for 26, and the
// balances reconciled, a false success.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

test('a dated balance line with its bracketed figure and currency is the opening or the closing, no row', () => {
  const result = parseStatement(fixture('generated', 'flat-KOTAK-12432917139.doc.json') as SourceDocument);
  const truth = fixture('generated', 'flat-KOTAK-12432917139.truth.json');
  const { score } = judgeParse(truth, result);
  assert.equal(score.precision, 1);
  assert.equal(score.matched, truth.transactions.length);
  const account = result.accounts[0]!;
  assert.equal(account.transactions.length, 26);
  assert.ok(!account.transactions.some((t) => /B\/F|Closing Balance/.test(t.description)));
  assert.equal(account.openingBalance, -6953254); // (paise)
  assert.equal(account.closingBalance, -1817754);
  assert.equal(account.reconciliation.ok, true);
});
