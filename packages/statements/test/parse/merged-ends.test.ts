// The column inference alone on a tight table whose dates and reference come as one item on every
// row but some (census PI columns/rows.ts:330, session 16: merged items place only their two ends
// where other rows draw the cells apart). The page is merged-dates.test.ts's (merged-dates-page.ts:
// a generated HDFC layout, headings the reader has no name for, newest first), read here by the
// inference and the rows stage alone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergedDatesPage } from './merged-dates-page.ts';
import { inferredRowsOf } from './stages.ts';

test('the inference places the date, reference and figure columns by the rows that draw them apart, the merged items by their ends', () => {
  // (in the order printed, newest first: the account stage turns them)
  assert.deepEqual(inferredRowsOf(mergedDatesPage()), [
    ['2024-08-02', 0, 74800, 18190945],
    ['2024-08-02', 0, 649700, 18116145],
    ['2024-08-01', 0, 2400, 17466445],
    ['2024-07-30', 0, 5708500, 17464045],
    ['2024-07-30', 0, 1902100, 11755545],
    ['2024-07-29', 75200, 0, 9853445],
    ['2024-07-29', 0, 1290200, 9928645],
    ['2024-07-29', 41848400, 0, 8638445],
    ['2024-07-29', 331600, 0, 50486845],
  ]);
});
