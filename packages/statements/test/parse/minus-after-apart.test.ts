// A balance printing its minus after it, drawn as one item with the dash of an empty deposit before
// it and the channel after it ('– 6,17,318.03– MOBILE'), under headings the reader has no name for:
// generated PNB 14808593499 of seed 1870001. figureApart took a figure with its paise for one only
// without a sign after it, so the item stayed whole, the deposit column's cells held balances and
// channels, the column inference was not confirmed, and the words' order read took each row's
// channel into its narration (0 of 65 narrations). A minus after the paise ends a figure too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { figureApart } from '../../src/parse/columns/bands.ts';
import { readsExactly } from './fixture.ts';

test('a figure with its minus after it and the words after it are cells apart', () => {
  const cells = (text: string) => figureApart({ text, x0: 0, x1: 5 * text.length })?.map((r) => r.text);
  assert.deepEqual(cells('– 6,17,318.03– MOBILE'), ['–', '6,17,318.03–', 'MOBILE']);
  assert.deepEqual(cells('503Cr 6,24,454.09– NET BANKING'), ['503Cr', '6,24,454.09–', 'NET BANKING']);
  assert.deepEqual(cells('1,04,762.16 NET BANKING'), ['1,04,762.16', 'NET BANKING']);
  // (a narration's bare number is no figure)
  assert.equal(cells('CHQ 4471 PAID'), undefined);
});

test('every row and narration read where the balance prints its minus after it', () => {
  readsExactly('PNB-14808593499', 65);
});
