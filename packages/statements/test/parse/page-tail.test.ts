// The rows stage alone (readTable): the last row's narration carried onto a page where no row follows (the statement
// ends there) finishes that row; a line set elsewhere on that page is no part of it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isMonthOrDay } from '../../src/parse/dates.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { headerAt, placed, rowAt } from './items.ts';
import { tableOf } from './stages.ts';

const doc = (secondPage: Word[]): SourceDocument => ({
  kind: 'pages',
  format: 'pdf',
  pages: [
    {
      number: 1,
      width: 612,
      height: 792,
      words: [
        ...headerAt(119),
        ...rowAt(140, '01/05/2024', 'ATM CASH WDL 4471', '500.00', '', '56,873.43'),
        ...rowAt(155, '02/05/2024', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43'),
      ],
    },
    {
      number: 2,
      width: 612,
      height: 792,
      words: [...placed(40, [[33, 200, 'Account No : 578367010551437']], 8), ...secondPage],
    },
  ],
});

/** The transactions the rows stage read, over every section. */
const rowsRead = (d: SourceDocument) => tableOf(d).sections.flatMap((s) => s.transactions);

test("the last row's narration on the next page, where the statement ends, finishes that row", () => {
  const tail = [...placed(70, [[120, 200, 'KUMAR/SBIN/rent']], 8), ...placed(85, [[120, 180, 'for May']], 8)];
  const txs = rowsRead(doc(tail));
  assert.equal(txs.length, 2);
  assert.equal(txs[1]!.description, 'UPI/DR/412220246414/BHARAT KUMAR/SBIN/rent for May');
  assert.equal(txs[0]!.description, 'ATM CASH WDL 4471');
});

test('a line on that page not set where the narration starts is no part of the row', () => {
  assert.equal(
    rowsRead(doc(placed(70, [[200, 330, 'Thank you for banking']], 8)))[1]!.description,
    'UPI/DR/412220246414/BHARAT',
  );
});

test('the wrapped end of a date is a month, a weekday or a year, never another word', () => {
  // 'Statement' (of 'Statement From : 01/01/2025' printed above a page's first row) had been taken
  // for a date's wrapped month, and the row's date read 'Statement 13/02/25' (HDFC, cells a point
  // above or below each other)
  for (const w of ['Apr', 'APRIL', 'Sept', 'Dec,', 'Wednesday,', 'Mon'])
    assert.equal(isMonthOrDay(w), true, w);
  for (const w of ['Statement', 'From', 'Ma', 'Total', 'Balance', 'Monster'])
    assert.equal(isMonthOrDay(w), false, w);
});
