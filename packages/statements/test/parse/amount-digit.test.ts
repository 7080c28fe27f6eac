// The rows stage alone (readTable): a cell under a figure heading is an amount only where it holds a
// digit. A figure is written in digits whatever the bank; words that reach under the figures (a
// browser's page title across the top of a printed page, after the date and time it prints at the
// left) make no row, however the line starts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headerAt, placed, rowAt } from './items.ts';
import { tableOf } from './stages.ts';
import type { SourceDocument } from '../../src/source.ts';

const page = (number: number, words: ReturnType<typeof placed>) => ({
  number,
  width: 612,
  height: 792,
  words,
});

const doc: SourceDocument = {
  kind: 'pages',
  format: 'pdf',
  pages: [
    page(1, [
      ...headerAt(119),
      ...rowAt(140, '01/05/2024', 'ATM CASH WDL 4471', '500.00', '', '56,873.43'),
      ...rowAt(155, '02/05/2024', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43'),
      ...rowAt(170, '03/05/2024', 'NEFT/IN/CNRBN233354170778', '', '1,000.00', '56,953.43'),
    ]),
    page(2, [
      // the browser's own line: when it printed the page, and the page's title
      ...placed(
        20,
        [
          [33, 80, '05/06/2024'],
          [84, 106, '10:15'],
          [420, 455, 'Account'],
          [482, 522, 'Statement'],
        ],
        8,
      ),
      ...rowAt(60, '04/05/2024', 'IMPS/P2A/400220973656', '250.00', '', '56,703.43'),
      ...rowAt(75, '05/05/2024', 'CASH DEPOSIT MI ROAD', '', '300.00', '57,003.43'),
    ]),
  ],
};

test("a date line whose words under the figures hold no digit (a browser's title) is no row", () => {
  const table = tableOf(doc);
  // (read as a row, it was reported as one not read: 'A dated row without a narration')
  assert.deepEqual(table.issues, []);
  const txs = table.sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    txs.map((t) => [t.date, t.description]),
    [
      ['2024-05-01', 'ATM CASH WDL 4471'],
      ['2024-05-02', 'UPI/DR/412220246414/BHARAT'],
      ['2024-05-03', 'NEFT/IN/CNRBN233354170778'],
      ['2024-05-04', 'IMPS/P2A/400220973656'],
      ['2024-05-05', 'CASH DEPOSIT MI ROAD'],
    ],
  );
});
