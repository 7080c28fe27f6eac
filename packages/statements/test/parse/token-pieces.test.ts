// The lines stage alone: a date or a figure drawn as two pieces a little apart (or overlapping) is
// one word. Real HDFC draws '42' + ',571.47' and '03' + '/08/19' as separate items; in a type a
// little narrower or wider than the one the producer placed them by, the pieces stand a point or
// two apart or overlap, and the row lost its balance or was not read at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemsPage, type Item } from './items.ts';
import { linesOf } from './stages.ts';

const runsOf = (items: Item[]) => linesOf(itemsPage(8, [[100, items]]))[0]!.runs.map((r) => r.text);

test('the pieces of a date a point apart are one date', () => {
  assert.deepEqual(
    runsOf([
      [33.7, 40.6, '03'],
      [41.7, 59.5, '/08/19'],
      [72, 102, 'SALARY-'],
    ]),
    ['03/08/19', 'SALARY-'],
  );
});

test('the pieces of a figure a few points apart, or overlapping, are one figure', () => {
  assert.deepEqual(
    runsOf([
      [594.8, 602.0, '42'],
      [604.9, 626.8, ',571.47'],
    ]),
    ['42,571.47'],
  );
  assert.deepEqual(
    runsOf([
      [438.2, 452.2, '32,8'],
      [451.1, 470.2, '00.00'],
    ]),
    ['32,800.00'],
  );
});

test('words that stand alone stay apart', () => {
  // two whole figures, a reference before a figure, a narration's number before an amount
  assert.deepEqual(
    runsOf([
      [594.8, 602.8, '42'],
      [606.2, 626.8, '571.47'],
    ]),
    ['42', '571.47'],
  );
  assert.deepEqual(
    runsOf([
      [400, 420, '2024'],
      [421.5, 430, '.50'],
    ]),
    ['2024', '.50'],
  );
  assert.deepEqual(
    runsOf([
      [33.7, 59.5, '03/08/19'],
      [61, 87, '03/08/19'],
    ]),
    ['03/08/19', '03/08/19'],
  );
});
