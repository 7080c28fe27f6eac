// A currency column ('CCY': 'INR') before amounts that print their own sign ('`4,22,784.00'), drawn
// as one item, after a channel a word space before it ('NET BANKING' | 'INR `4,22,784.00' | 'CR'):
// generated UTKARSH 22252548579 of seed 2810001 (Courier 9.5). 'INR' and the figure were read as one
// amount ('Rs.' '3,540.00'), so the item was not cut at the column edges and ran long on the
// channel's cell: the row's deposit read 0, the positional read broke its chain, and the words'
// order read put the reference, the value date and the channel in every narration (0 of 23). A
// figure that prints its own currency sign takes no currency word before it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineCells } from '../../src/parse/cells.ts';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';
import { bandModel, column, measured, texts } from './stages.ts';

test('a currency word before a figure with its own sign is a cell of its own', () => {
  const model = bandModel(
    [
      column('other', 252, 296),
      column('other', 300, 314),
      column('amount', 314, 364),
      column('mark', 368, 377),
      column('balance', 432, 480),
    ],
    5.7,
  );
  const cells = lineCells(model, [
    measured([252.4, 264.1, 'NET'], [268, 295.3, 'BANKING']),
    measured([300.2, 311.9, 'INR'], [316.8, 363.6, '`4,22,784.00']),
    { text: 'CR', x0: 368.5, x1: 376.3 },
    { text: '`7,75,638.32', x0: 431.8, x1: 478.6 },
  ]);
  assert.deepEqual(texts(cells), [
    ['other', 'NET BANKING'],
    ['other', 'INR'],
    ['amount', '`4,22,784.00 CR'],
    ['balance', '`7,75,638.32'],
  ]);
});

test('every row and narration read where the currency column runs into the amount', () => {
  const doc = fixture('generated', 'UTKARSH-22252548579.doc.json') as SourceDocument;
  const result = parseStatement(doc);
  const { score } = judgeParse(fixture('generated', 'UTKARSH-22252548579.truth.json'), result);
  assert.equal(score.matched, 23);
  assert.equal(score.descriptionExact, 23);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});
