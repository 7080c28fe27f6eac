// The marks stage alone (giveMarks): a Dr/Cr column printed after a code column is the side of the
// balance before the code, as it is past a channel's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Cell, giveMarks } from '../../src/parse/cells.ts';

test("a balance's Dr/Cr printed after a branch code column: the balance's side", () => {
  // (generated SBI seed 7523184719, unknown headings, overdrawn: '7,656.00Cr 34,843.47 0446 DR'; the
  // mark stayed a cell of its own, every balance read in credit, and the chain turned the sides)
  const cells: Cell[] = [
    { role: 'date', text: '02-12-23' },
    { role: 'description', text: 'BY CLEARING-HDFC BANK NEW INDIA' },
    { role: 'credit', text: '7,656.00Cr' },
    { role: 'balance', text: '34,843.47' },
    { role: 'reference', text: '0446' },
    { role: 'mark', text: 'DR' },
  ];
  assert.deepEqual(
    giveMarks(cells).map((c) => [c.role, c.text]),
    [
      ['date', '02-12-23'],
      ['description', 'BY CLEARING-HDFC BANK NEW INDIA'],
      ['credit', '7,656.00Cr'],
      ['balance', '34,843.47 DR'],
      ['reference', '0446'],
    ],
  );
});
