// A Dr/Cr column after a balance that prints its own mark ('4,71,547.04Dr' | 'CR') is the side of
// the amount before the balance, in the cells of a line as in the columns the rows place: one rule
// (amount.ts sideOwner) for both. Before, the cells stage gave the mark to the balance whenever the
// line had no single 'amount' cell (debit and credit columns): '4,71,547.04Dr CR'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineCells } from '../../src/parse/cells.ts';
import { bandModel, column, measured, texts } from './stages.ts';

// Date | Narration | Debit | Credit | Balance | Dr/Cr
const model = bandModel([
  column('date', 30, 75),
  column('description', 85, 250),
  column('debit', 260, 310),
  column('credit', 320, 370),
  column('balance', 380, 440),
  column('mark', 450, 470),
]);

test("a Dr/Cr column after a balance with its own mark is the amount's side, not the balance's", () => {
  const cells = lineCells(model, [
    measured([30, 72, '05/01/2024']),
    measured([92, 160, 'NEFT/SALARY/ACME']),
    measured([330, 370, '1,200.00']),
    measured([385, 440, '4,71,547.04Dr']),
    measured([452, 462, 'CR']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '05/01/2024'],
    ['description', 'NEFT/SALARY/ACME'],
    ['credit', '1,200.00 CR'],
    ['balance', '4,71,547.04Dr'],
  ]);
});

test('a Dr/Cr column right after an unmarked balance stays the balance’s side', () => {
  const cells = lineCells(model, [
    measured([30, 72, '05/01/2024']),
    measured([92, 160, 'NEFT/SALARY/ACME']),
    measured([330, 370, '1,200.00']),
    measured([385, 440, '4,71,547.04']),
    measured([452, 462, 'DR']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '05/01/2024'],
    ['description', 'NEFT/SALARY/ACME'],
    ['credit', '1,200.00'],
    ['balance', '4,71,547.04 DR'],
  ]);
});
