// A dated closing line set one space apart, its one figure under the amount's heading and its name
// drawn across the balance's and the narration's columns ('31/07/2025 31/07/2025 61,683.46 (Cr)
// Closing Balance'): generated KOTAK 20985437139 of flat seed 2650001. The narration's cell held
// 'Balance' only, so the line was named nothing; with a figure in the amount column it was read as
// a deposit of the closing balance, with no balance of its own to break the chain: 23 rows for 22,
// reported as reconciled (a false success). The cells that name something name it 'Closing
// Balance', and a closing line's figure that is the last row's balance moves nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readsExactly } from './fixture.ts';

test('a closing line whose figure stands under the amount is the closing, not a row', () => {
  const result = readsExactly('flat-KOTAK-20985437139', 22);
  assert.equal(result.accounts[0]!.closingBalance, 6168346);
});
