// A tight table whose reference cells are drawn left of their heading, a space after the date and in
// one item with it ('Dec 04 333813' [29-87] under 'Txn Date' [34-52]; 'Ref No' [101-114], centred
// over the reference's width further right), the reference wrapped with the value date under the date
// ('Dec 04 253533'). Generated UTKARSH 10690697699 of seed 1350001 (Courier, no year in the dates, the
// debit and the balance one item: '482.00Dr 100,232.11'). No row writes under 'Ref No' itself, so the
// date column took every row's reference: 'Dec 04 333813' read as no date, 13 of 23 rows lost (honestly
// NOT OK). The dates end, in every row, a gap before the words after them, and the heading after the
// date column stands over no cells of its own: those words are its column's.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument } from '../../src/source.ts';
import { fixture, readsExactly } from './fixture.ts';
import { bandsOf, cellsAt, texts } from './stages.ts';

const doc = fixture('generated', 'UTKARSH-10690697699.doc.json') as SourceDocument;

test('the words a gap after every row’s date are the reference column’s, whose heading stands over none', () => {
  const bands = bandsOf(doc);
  const date = bands.find(([role]) => role === 'date')!;
  const reference = bands.find(([role]) => role === 'reference')!;
  // the dates end at 56, the references start at 60
  assert.ok(date[2] > 56 && date[2] < 60, `date band ${date}`);
  assert.ok(reference[1] > 56 && reference[1] < 60, `reference band ${reference}`);
  assert.deepEqual(texts(cellsAt(doc, 153.3)), [
    ['date', 'Dec 04'],
    ['reference', '333813'],
    ['description', 'UPI/DR/333813253533/AIRTEL'],
    ['other', 'MOBILE'],
    ['debit', '482.00Dr'],
    ['balance', '100,232.11'],
  ]);
  // the wrapped reference under the value date
  assert.deepEqual(texts(cellsAt(doc, 162)), [
    ['date', 'Dec 04'],
    ['reference', '253533'],
    ['description', 'PAYMENTS/HDFC/airtel@apl/invoice PAYMENT'],
  ]);
});

test('a reference drawn left of its heading with the date: every row read', () => {
  readsExactly('UTKARSH-10690697699', 23);
});
