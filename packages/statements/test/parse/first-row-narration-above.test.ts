// Rows that print their narration above their date line, the date line holding its last line and
// the figures (newest first, up to five lines, a cheque number on some): generated BOB 15283693859 of
// seed 1930001. The words' order read gives each row the lines above its date line where the page's
// gaps show rows so (nextAbove), or at a page's top where the row above is on the page before; the
// first row under the header had no row above, its three lines above were left unread, and its
// narration was its date line's 'OFFICE AS AGREED' (22 of 23). Once the rows have shown how close a
// row's own lines are set, the lines right above the first date line set as close go with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readsExactly } from './fixture.ts';

test("the first row's narration above its date line, under the header, is the row's", () => {
  const result = readsExactly('BOB-15283693859', 23);
  const newest = result.accounts[0]!.transactions.at(-1)!;
  assert.equal(
    newest.description,
    'IMPS/CR/406099116357/NEHA MISHRA/ICIC PAYMENT AGAINST BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT SITE OFFICE AS AGREED',
  );
});
