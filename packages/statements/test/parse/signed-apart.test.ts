// One amount column printing its sign a word space before each figure, '+ `1,155.00' and '– `920.00',
// under headings the reader has no name for: generated CANARA 13699885999 of seed 1730001. The
// column inference read the plus as a word and the dash as an empty cell, so half the rows wrote
// the stretch as a word and two figures and half as three figures: the amount and the balance were
// never cut apart, no layout was inferred, and the words' order read took the one cheque number
// drawn with its date ('20/05/2024 998835') into a narration (21 of 22). A column that prints a
// plus before its figures prints signs there: a sign before a figure is the figure's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { documentLines } from '../../src/parse/lines.ts';
import type { SourceDocument } from '../../src/source.ts';
import { fixture, readsExactly } from './fixture.ts';

const doc = fixture('generated', 'CANARA-13699885999.doc.json') as SourceDocument;

test('a signed amount column and the balance are two columns, the cheque number a third', () => {
  const layout = inferLayout(documentLines(doc));
  assert.ok(layout?.sure);
  assert.deepEqual(
    layout.columns.map((c) => c.role),
    ['date', 'other', 'description', 'amount', 'balance'],
  );
});

test('every row and narration read, the cheque number kept out of the narration', () => {
  readsExactly('CANARA-13699885999', 22);
});
