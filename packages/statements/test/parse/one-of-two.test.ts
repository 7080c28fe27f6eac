// A line set one space apart with two amounts, one a printed zero ('76692.00 0.00 100714.11 CR'),
// where no header names the sides: the other figure is the row's one amount and the balance
// movement gives its side (before: the first was taken for the withdrawal, and a bank printing the
// deposit first came out with its deposits as withdrawals, the chain broken). The zero is that
// place's empty cell, as '-' and 'NIL' are (sequence.ts, session 26; before, oneOfTwo).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readSequence } from '../../src/parse/sequence.ts';
import { AMOUNT_PLACE, SIDE_BY_BALANCE } from '../../src/parse/values.ts';
import { type Item, itemsPage, rowsOf } from './items.ts';
import { linesOf } from './stages.ts';

const line = (y: number, text: string): [number, Item[]] => [y, [[36, 36 + 5 * text.length, text]]];

test('the deposit printed before the withdrawal, one of them zero, under headings the reader does not know', () => {
  const doc = itemsPage(8, [
    line(73, 'Opening Balance : 24022.11 CR'),
    line(112, 'Kolumn Frob Quux Val Plugh Xyzzy Amt Zorb'),
    line(132, '02 December 2023 NEFT/IN/MAHBH233367180266/BHARAT 76692.00 0.00 100714.11 CR'),
    line(142, 'ELECTRICALS/MAHB0671530'),
    line(152, '04 December 2023 UPI/DR/333813253533/AIRTEL 0.00 482.00 100232.11 CR'),
    line(162, '04 December 2023 INWARD CLG/UNION BANK OF INDIA/BHARAT 6996.00 0.00 107228.11 CR'),
    line(172, '05 December 2023 IMPS/DR/333992131404/SUNITA KHAN/BARB 0.00 4652.00 102576.11 CR'),
  ]);
  const want = [
    ['2023-12-02', 0, 7669200, 10071411],
    ['2023-12-04', 48200, 0, 10023211],
    ['2023-12-04', 0, 699600, 10722811],
    ['2023-12-05', 465200, 0, 10257611],
  ];
  assert.deepEqual(rowsOf(doc), want);
  // the words' order read alone, without a header (its first order: the balance last): each zero is
  // its place's empty cell, the other figure the row's one amount with its place printed; the rows
  // after the first take their sides from the balance they move, the first's side is a guess by its
  // place (no opening read here) that the account stage settles by the places the chain proves
  const table = readSequence(linesOf(doc), null, -1, { referenceJoin: '' });
  const rows = table.sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.slice(1).map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    want.slice(1),
  );
  assert.deepEqual(
    rows.map((t) => AMOUNT_PLACE.get(t)),
    ['debit', 'credit', 'debit', 'credit'],
  );
  assert.equal(SIDE_BY_BALANCE.has(rows[0]!), true);
});
