// The rows stage alone (readTable): a date printed right under a row's date line, in the date column
// and nothing else on its line, is that row's value date. Many banks print the value date so (the
// generator's 'value date under date' arrangement, in every bank of seed 1); read as a line of its
// own it ended the row, and the narration's next line went to no row or took the date as words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headerAt, onePage, placed, rowAt } from './items.ts';
import { tableOf } from './stages.ts';
import type { SourceDocument } from '../../src/source.ts';

const doc = (under: string): SourceDocument =>
  onePage(
    [612, 792],
    [
      ...headerAt(119),
      ...rowAt(140, '01/12/2023', 'NEFT/IN/CNRBN233354170778/MAHALAXMI', '', '12,500.00', '68,373.43'),
      ...placed(150, [[33, 80, under]], 8),
      ...placed(160, [[120, 215, 'STEELS/CNRB0929395']], 8),
      ...rowAt(185, '04/12/2023', 'ATM CASH WDL 4471', '500.00', '', '67,873.43'),
      ...rowAt(210, '05/12/2023', 'UPI/DR/412220246414/BHARAT', '920.00', '', '66,953.43'),
    ],
  );

const rowsRead = (d: SourceDocument) => tableOf(d).sections.flatMap((s) => s.transactions);

for (const under of ['02/12/2023', '02 Dec']) {
  test(`a date under a row's date line ('${under}') is the row's value date: the narration goes on`, () => {
    const txs = rowsRead(doc(under));
    assert.deepEqual(
      txs.map((t) => t.description),
      [
        'NEFT/IN/CNRBN233354170778/MAHALAXMI STEELS/CNRB0929395',
        'ATM CASH WDL 4471',
        'UPI/DR/412220246414/BHARAT',
      ],
    );
  });
}
