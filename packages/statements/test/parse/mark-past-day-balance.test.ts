// A Dr/Cr column on every row after a balance printed only on each day's last row: generated PNB
// 15917229739 of seed 2010001 (headings the reader has no name for, one amount column, the mark in a
// column at the page's right edge past the narration). The mark's nearest figure column is the
// balance, so the columns stage gave it the balance: the one amount column stayed unsigned, no
// reading chained across the rows without a balance, and no layout was inferred ('No transaction
// table was found', 0 of 20). A mark printed on a row where a figure column prints nothing is not
// that figure's side: it goes on to the amount, printed on every row.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { documentLines } from '../../src/parse/lines.ts';
import type { SourceDocument } from '../../src/source.ts';
import { fixture, readsExactly } from './fixture.ts';

const doc = fixture('generated', 'PNB-15917229739.doc.json') as SourceDocument;

test('a Dr/Cr column printed where the day balance is not is the amount side', () => {
  const layout = inferLayout(documentLines(doc));
  assert.ok(layout?.sure);
  assert.deepEqual(
    layout.columns.map((c) => c.role),
    ['date', 'valueDate', 'other', 'amount', 'balance', 'description', 'mark'],
  );
});

test('every row read, the balances between the days filled and proved', () => {
  readsExactly('PNB-15917229739', 20);
});
