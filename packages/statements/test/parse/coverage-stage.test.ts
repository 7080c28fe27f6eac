// The coverage check alone (parse/coverage.ts): which dated lines with figures no row, opening,
// closing or total accounts for. Lines and rows are made by hand; the whole statement's verdict on
// them is in coverage.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { leadingDate, unreadLines } from '../../src/parse/coverage.ts';
import type { Special } from '../../src/parse/rows.ts';
import { textLine, txn } from './stages.ts';

test('a line starts with a whole date, or with a day and month whose year the period gives', () => {
  assert.deepEqual(leadingDate('02-04-2019 UPI/139044449570 100.00 2,04,659.22'), {
    key: '2019-04-02',
    words: 1,
  });
  assert.deepEqual(leadingDate('27 APR 2023 TRANSFER 10.00'), { key: '2023-04-27', words: 3 });
  // '9 Aug 10 Aug': the 10 is the value date's day, not the year 2010
  assert.deepEqual(leadingDate('9 Aug 10 Aug TO CLEARING 15,592.00'), { key: '08-09', words: 2 });
  assert.equal(leadingDate('UPI/139044449570 100.00'), null);
});

test('a dated line with figures that no row carries is unread; one a row carries is not', () => {
  const lines = [
    textLine('01/04/2024 UPI payment 100.00 9,900.00'),
    textLine('02/04/2024 NEFT from client 1,000.00 10,900.00'),
    textLine('03/04/2024 ATM cash 500.00 10,400.00', 2),
    textLine('Page 2 of 2 printed 03/04/2024', 2),
  ];
  const read = [txn('2024-04-01', 10000, 0, 990000), txn('2024-04-02', 0, 100000, 1090000)];
  assert.deepEqual(
    unreadLines(lines, read, []).map((l) => l.text),
    ['03/04/2024 ATM cash 500.00 10,400.00'],
  );
  assert.deepEqual(unreadLines(lines, [...read, txn('2024-04-03', 50000, 0, 1040000, 2)], []), []);
});

test('a date line without figures and the figures on the line under it are one dated line to account for', () => {
  const lines = [
    textLine('01/04/2024 UPI payment 100.00 9,900.00'),
    textLine('02/04/2024 NEFT from a client whose'),
    textLine('narration wraps 1,000.00 10,900.00'),
    textLine('03/04/2024 ATM cash'),
    textLine('500.00 10,400.00', 2),
  ];
  const read = [txn('2024-04-01', 10000, 0, 990000)];
  // (the last date line's figures are on the next page: no line of its own to account for)
  assert.deepEqual(
    unreadLines(lines, read, []).map((l) => l.text),
    ['02/04/2024 NEFT from a client whose'],
  );
  assert.deepEqual(unreadLines(lines, [...read, txn('2024-04-02', 0, 100000, 1090000)], []), []);
});

test('each row accounts for one line: two lines alike need two rows', () => {
  const lines = [textLine('01/04/2024 UPI 100.00 900.00'), textLine('01/04/2024 UPI 100.00 800.00')];
  assert.equal(unreadLines(lines, [txn('2024-04-01', 10000, 0, 90000)], []).length, 1);
  assert.equal(
    unreadLines(lines, [txn('2024-04-01', 10000, 0, 90000), txn('2024-04-01', 10000, 0, 80000)], []).length,
    0,
  );
});

test('a printed opening is no row, and lines past a printed closing are past the table', () => {
  const special = (kind: Special['kind'], text: string, balance: number): Special => ({
    kind,
    debit: null,
    credit: null,
    balance,
    text,
    beforeRows: kind === 'opening',
  });
  const lines = [
    textLine('01-04-2019 B/F 2,04,759.22'),
    textLine('02-04-2019 UPI 100.00 2,04,659.22'),
    textLine('28-02-2022 Closing Balance 2,04,659.22'),
    textLine('29-06-2021 24000.00 4189.00 6M 16 08-01-2022'),
  ];
  const specials = [
    special('opening', lines[0]!.text, 20475922),
    special('closing', lines[2]!.text, 20465922),
  ];
  assert.deepEqual(unreadLines(lines, [txn('2019-04-02', 10000, 0, 20465922)], specials), []);
  // not read as the closing, the closing line and the summary's dated line are unread
  assert.equal(unreadLines(lines, [txn('2019-04-02', 10000, 0, 20465922)], specials.slice(0, 1)).length, 2);
});

test('a figure with its Dr/Cr mark glued on is a figure of the dated line', () => {
  const lines = [textLine('09-MAY-23 10:26:58 UPI/CR/312918207510/VIKRAM -- 492 4,21,860.02Dr')];
  assert.deepEqual(
    unreadLines(lines, [], []).map((l) => l.text),
    ['09-MAY-23 10:26:58 UPI/CR/312918207510/VIKRAM -- 492 4,21,860.02Dr'],
  );
});
