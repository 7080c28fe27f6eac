// Banks that print the posting date once a day leave the date cell of the day's later rows empty,
// with the value date and the balance printed: each is a row of the day above (a real Standard
// Chartered statement: 77 -> 251 of 251 rows). A row with no date and no value date is still a break.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { tableOf } from './stages.ts';

const row = (y: number, date: string, value: string, text: string, debit: string, balance: string) =>
  [
    y,
    [
      ...(date ? [[40, 70, date] as Item] : []),
      [100, 130, value],
      [160, 160 + 5 * text.length, text],
      [500 - 5 * debit.length, 500, debit],
      [580 - 5 * balance.length, 580, balance],
    ],
  ] as [number, Item[]];

test("a row without a date but with its value date and balance is the day above's", () => {
  const doc = itemsPage(8, [
    [40, [[40, 250, 'Statement date : 01 May 2022 To 24 Aug 2022']]],
    [
      100,
      [
        [40, 60, 'Date'],
        [100, 125, 'Value'],
        [160, 210, 'Description'],
        [400, 440, 'Deposit'],
        [450, 500, 'Withdrawal'],
        [545, 580, 'Balance'],
      ],
    ],
    [110, [[100, 120, 'Date']]],
    row(130, 'May 04', 'May 04', 'UPI/363075633489/', '201.00', '41,282.56'),
    [140, [[160, 300, 'PHONEPE/VTECZHAEWY@YBL/YESB5YBLUPI/']]],
    row(150, '', 'May 04', 'UPI/200487694407/', '41,000.00', '282.56'),
    [160, [[160, 300, 'AGMUSKHC TRJDYPCI']]],
    row(170, 'May 09', 'May 08', 'UPI/336105776394/', '20.00', '262.56'),
    // the value date is not the date: the day above is
    row(180, '', 'May 08', 'UPI/327034474965/', '15.00', '247.56'),
  ]);
  // the rows stage alone: the rows without a date take the day of the row above (the year is the
  // account stage's, from the period), and each keeps its own figures
  assert.deepEqual(
    tableOf(doc).sections[0]!.transactions.map((t) => [
      t.date,
      t.valueDate,
      t.withdrawal,
      t.deposit,
      t.balance,
    ]),
    [
      ['0000-05-04', '0000-05-04', 20100, 0, 4128256],
      ['0000-05-04', '0000-05-04', 4100000, 0, 28256],
      ['0000-05-09', '0000-05-08', 2000, 0, 26256],
      ['0000-05-09', '0000-05-08', 1500, 0, 24756],
    ],
  );
});
