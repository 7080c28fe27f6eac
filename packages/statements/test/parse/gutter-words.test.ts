// Words in a gutter (parse/cells.ts): a run that overlaps no band and stands more than a word space
// from every band is a column the model does not have — a cheque number the rows of a statement
// print once, so that the columns found from the rows have no band for it — not the narration's
// first or last words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineCells } from '../../src/parse/cells.ts';
import type { Run } from '../../src/parse/lines.ts';
import { bandModel, column, texts } from './stages.ts';

const model = bandModel(
  [
    column('date', 21, 59),
    column('description', 96, 280),
    column('debit', 295, 324),
    column('credit', 331, 368),
    column('balance', 373, 417),
  ],
  3.5,
);
const run = (text: string, x0: number, x1: number): Run => ({ text, x0, x1 });

test('a cheque number in the gutter before the narration is a cell of its own', () => {
  const cells = lineCells(model, [
    run('20/05/2024', 21, 59),
    run('998835', 67, 89),
    run('INWARD CLG/PAYTM PAYMENTS BANK/ANNAPURNA', 97, 284),
    run('12142.00', 336, 367),
    run('618158.57Dr', 374, 417),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '20/05/2024'],
    ['other', '998835'],
    ['description', 'INWARD CLG/PAYTM PAYMENTS BANK/ANNAPURNA'],
    ['credit', '12142.00'],
    ['balance', '618158.57Dr'],
  ]);
});

test("narration words a word space from the narration's band stay the narration's", () => {
  const cells = lineCells(model, [run('01/05/2024', 21, 59), run('UPI/DR/4122 BHARAT', 92, 206)]);
  assert.deepEqual(texts(cells), [
    ['date', '01/05/2024'],
    ['description', 'UPI/DR/4122 BHARAT'],
  ]);
});
