// A Dr/Cr column after the balance that is the amount's side, under headings the reader has no name
// for ('Rs. 8,054.54 | Rs. 69,522.06 | DR' after an opening of 77,576.60): generated BOB 20985453059
// of seed 2650001, one amount column, no year, the currency glued to the figures. The columns placed
// by the rows gave the mark to the figure before it, the balance: balances read overdrawn, the
// chain did not confirm it, and a cheque number's column was taken for withdrawals (7 of 23 rows,
// 13 breaks). The mark may be the balance's or the amount's past it; the chain decides.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { parseStatement } from '../../src/parse/index.ts';
import { documentLines } from '../../src/parse/lines.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const doc = fixture('generated', 'BOB-20985453059.doc.json') as SourceDocument;

test("a Dr/Cr column after the balance is the amount's where the chain says so", () => {
  const layout = inferLayout(documentLines(doc));
  assert.deepEqual(
    layout?.columns.map((c) => c.role),
    ['date', 'description', 'reference', 'amount', 'balance', 'mark'],
  );
  assert.equal(layout?.sure, true);
});

test('the statement whose mark is the amount reads whole and reconciles', () => {
  const result = parseStatement(doc);
  const { score } = judgeParse(fixture('generated', 'BOB-20985453059.truth.json'), result);
  assert.equal(score.found, 23);
  assert.equal(score.matched, 23);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});
