// A cell of a column the reader does not read ('Branch Name') wrapped onto a line of its own is no
// row and no end of the table: before, the rows under it on the page were lost (a real AXIS
// statement read 269 of its 289 rows).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { tableOf, tableRowsOf } from './stages.ts';

const row = (
  y: number,
  day: string,
  text: string,
  debit: string,
  credit: string,
  balance: string,
  branch: string,
) =>
  [
    y,
    [
      [33, 80, `${day}-01-2023`],
      [100, 100 + 4.5 * text.length, text],
      ...(debit ? [[400 - 5 * debit.length, 400, debit] as Item] : []),
      ...(credit ? [[460 - 5 * credit.length, 460, credit] as Item] : []),
      [530 - 5 * balance.length, 530, balance],
      [545, 545 + 4.5 * branch.length, branch],
    ],
  ] as [number, Item[]];

test('a wrapped cell of a column the reader does not read keeps the table going', () => {
  const doc = itemsPage(8, [
    [
      100,
      [
        [33, 80, 'Tran Date'],
        [100, 200, 'Particulars'],
        [370, 400, 'Debit'],
        [430, 460, 'Credit'],
        [495, 530, 'Balance'],
        [545, 600, 'Branch Name'],
      ],
    ],
    row(120, '02', 'INB/NEFT/RLDE566041268034/Salary', '49800.00', '', '297024.30', 'MUMBAI [CF]'),
    row(130, '02', 'NEFT/WECPC89214523053/PAYMENT', '', '50000.00', '347024.30', 'RTGS HUB'),
    [140, [[545, 600, 'PUNE CAMP ROAD']]],
    row(146, '03', 'By Clg 563857 808 Cheque', '', '10000.00', '357024.30', 'EL'),
    row(156, '03', 'INB/NEFT/RLDE483096587321/Salary', '25000.00', '', '332024.30', 'MUMBAI [CF]'),
  ]);
  // the rows stage alone: the wrapped branch name is no end of the table
  const table = tableOf(doc);
  assert.equal(table.sections.length, 1);
  assert.ok(!table.sections[0]!.lines.some((l) => l.text === 'PUNE CAMP ROAD'));
  assert.deepEqual(tableRowsOf(doc), [
    ['2023-01-02', 4980000, 0, 29702430],
    ['2023-01-02', 0, 5000000, 34702430],
    ['2023-01-03', 0, 1000000, 35702430],
    ['2023-01-03', 2500000, 0, 33202430],
  ]);
});
