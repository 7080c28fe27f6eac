// A read is a success only when it accounts for the whole statement: every dated line with figures
// became a row (or a printed opening, closing or total). Rows that chain to the last row read prove
// nothing about rows never read, so a statement that prints no closing balance must not pass with
// its last page, or the rows after an unreadable date, missing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { leadingDate, unreadLines } from '../../src/parse/coverage.ts';
import type { Line } from '../../src/parse/lines.ts';
import type { Special } from '../../src/parse/rows.ts';
import type { Transaction } from '../../src/parse/types.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { type Item, headerAt, placed, rowAt } from './items.ts';

const line = (page: number, text: string): Line => ({ page, y: 0, height: 1, runs: [], text });
const tx = (
  date: string,
  withdrawal: number,
  deposit: number,
  balance: number | null,
  page = 1,
): Transaction => ({
  date,
  valueDate: null,
  description: '',
  reference: null,
  withdrawal,
  deposit,
  balance,
  page,
});

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
    line(1, '01/04/2024 UPI payment 100.00 9,900.00'),
    line(1, '02/04/2024 NEFT from client 1,000.00 10,900.00'),
    line(2, '03/04/2024 ATM cash 500.00 10,400.00'),
    line(2, 'Page 2 of 2 printed 03/04/2024'),
  ];
  const read = [tx('2024-04-01', 10000, 0, 990000), tx('2024-04-02', 0, 100000, 1090000)];
  assert.deepEqual(
    unreadLines(lines, read, []).map((l) => l.text),
    ['03/04/2024 ATM cash 500.00 10,400.00'],
  );
  assert.deepEqual(unreadLines(lines, [...read, tx('2024-04-03', 50000, 0, 1040000, 2)], []), []);
});

test('a date line without figures and the figures on the line under it are one dated line to account for', () => {
  const lines = [
    line(1, '01/04/2024 UPI payment 100.00 9,900.00'),
    line(1, '02/04/2024 NEFT from a client whose'),
    line(1, 'narration wraps 1,000.00 10,900.00'),
    line(1, '03/04/2024 ATM cash'),
    line(2, '500.00 10,400.00'),
  ];
  const read = [tx('2024-04-01', 10000, 0, 990000)];
  // (the last date line's figures are on the next page: no line of its own to account for)
  assert.deepEqual(
    unreadLines(lines, read, []).map((l) => l.text),
    ['02/04/2024 NEFT from a client whose'],
  );
  assert.deepEqual(unreadLines(lines, [...read, tx('2024-04-02', 0, 100000, 1090000)], []), []);
});

test('each row accounts for one line: two lines alike need two rows', () => {
  const lines = [line(1, '01/04/2024 UPI 100.00 900.00'), line(1, '01/04/2024 UPI 100.00 800.00')];
  assert.equal(unreadLines(lines, [tx('2024-04-01', 10000, 0, 90000)], []).length, 1);
  assert.equal(
    unreadLines(lines, [tx('2024-04-01', 10000, 0, 90000), tx('2024-04-01', 10000, 0, 80000)], []).length,
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
    line(1, '01-04-2019 B/F 2,04,759.22'),
    line(1, '02-04-2019 UPI 100.00 2,04,659.22'),
    line(1, '28-02-2022 Closing Balance 2,04,659.22'),
    line(1, '29-06-2021 24000.00 4189.00 6M 16 08-01-2022'),
  ];
  const specials = [
    special('opening', lines[0]!.text, 20475922),
    special('closing', lines[2]!.text, 20465922),
  ];
  assert.deepEqual(unreadLines(lines, [tx('2019-04-02', 10000, 0, 20465922)], specials), []);
  // not read as the closing, the closing line and the summary's dated line are unread
  assert.equal(unreadLines(lines, [tx('2019-04-02', 10000, 0, 20465922)], specials.slice(0, 1)).length, 2);
});

/** A statement of two pages with known headings, no closing balance and no totals. */
/** Two pages of rows; `twenty` is the balance printed on the 20th (its balance chains at 67,108.43). */
function twoPages(pageTwoTop: Item[][], twenty = '67,108.43'): SourceDocument {
  const row = (y: number, day: string, ...rest: [string, string, string, string]): Word[] =>
    rowAt(y, `${day}/05/2024`, ...rest);
  const one = [
    ...placed(77, [[33, 300, 'Statement of account for 01/05/2024 to 31/05/2024']], 8),
    ...headerAt(119),
    ...row(140, '01', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43'),
    ...row(155, '02', 'UPI/CR/412258786469/MOHAMMED', '', '1,155.00', '57,108.43'),
  ];
  const two = [
    ...pageTwoTop.flatMap((items, i) => placed(40 + 15 * i, items, 8)),
    ...row(100, '20', 'NEFT/CR/N1234/ACME TRADERS', '', '10,000.00', twenty),
    ...row(115, '28', 'ATM/CASH/BANDRA', '5,000.00', '', '62,108.43'),
  ];
  return {
    kind: 'pages',
    format: 'pdf',
    pages: [
      { number: 1, width: 612, height: 792, words: one },
      { number: 2, width: 612, height: 792, words: two },
    ],
  };
}

test('a statement whose last page is not read is no success', () => {
  // a summary printed at the top of page 2 ends the table there: its rows are not read (and, their
  // balances not following, no read by the words' order accounts for them either)
  const result = parseStatement(twoPages([[[33, 200, 'Account Summary']]], '67,000.00'));
  const [account] = result.accounts;
  assert.equal(account!.transactions.length, 2);
  assert.equal(account!.reconciliation.ok, false);
  assert.match(
    account!.reconciliation.message,
    /2 dated line\(s\) with figures on page\(s\) 2 were not read/,
  );
  assert.equal(
    result.issues.filter((i) => i.message === 'A dated line with figures was not read as a row.').length,
    2,
  );
});

test("rows the positional read leaves after a summary are read by the words' order when they chain", () => {
  const result = parseStatement(twoPages([[[33, 200, 'Account Summary']]]));
  const [account] = result.accounts;
  // (read by their order, the first row's figure has no side and no opening balance gives it one:
  // the read is whole but says so instead of succeeding on a guess)
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-05-01', 0, 92000, 5595343],
      ['2024-05-02', 0, 115500, 5710843],
      ['2024-05-20', 0, 1000000, 6710843],
      ['2024-05-28', 500000, 0, 6210843],
    ],
  );
  assert.equal(account!.reconciliation.ok, false);
  assert.match(account!.reconciliation.message, /first row \(2024-05-01\) prints no side/);
});

test('read whole, a statement without a closing balance says its end was checked line by line', () => {
  const result = parseStatement(twoPages([]));
  const [account] = result.accounts;
  assert.equal(account!.transactions.length, 4);
  assert.equal(account!.reconciliation.ok, true);
  assert.match(
    account!.reconciliation.message,
    /prints no closing balance or totals, so its end was checked line by line/,
  );
});

test('a row whose date cannot be read is a break, and the rows after it are read', () => {
  for (const bad of ['N/A', '-', '31/02/2024', null, '10:30']) {
    const rows: (string | number | null)[][] = [['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance']];
    let balance = 10_000;
    for (let i = 1; i <= 12; i++) {
      const w = i % 3 ? 100 * i : 0;
      const d = i % 3 ? 0 : 1000;
      balance += d - w;
      rows.push([
        i === 5 ? bad : `${String(i).padStart(2, '0')}/04/2024`,
        `UPI payment ${i}`,
        w || null,
        d || null,
        balance,
      ]);
    }
    const result = parseStatement({ kind: 'sheets', format: 'xlsx', sheets: [{ name: 'S', rows }] });
    const [account] = result.accounts;
    assert.equal(account!.transactions.length, 11, `date ${bad}`);
    assert.equal(account!.reconciliation.ok, false, `date ${bad}`);
    assert.equal(account!.reconciliation.breaks.length, 1, `date ${bad}`);
    assert.ok(
      result.issues.some((i) => i.message === 'A row with amounts but no readable date was not read.'),
    );
  }
});

test('a figure with its Dr/Cr mark glued on is a figure of the dated line', () => {
  const lines = [line(1, '09-MAY-23 10:26:58 UPI/CR/312918207510/VIKRAM -- 492 4,21,860.02Dr')];
  assert.deepEqual(
    unreadLines(lines, [], []).map((l) => l.text),
    ['09-MAY-23 10:26:58 UPI/CR/312918207510/VIKRAM -- 492 4,21,860.02Dr'],
  );
});

test('a statement that numbers its pages past the pages of the file is no success', () => {
  // (real statements with their last page cut off: SCB 34 of 35 pages and KOTAK 31 of 32 read
  // reconciled, exit 0; a download cut short, a page left out of a merge)
  const numbered = (of: number) => {
    const doc = twoPages([]);
    if (doc.kind !== 'pages') throw new Error('pages');
    doc.pages.forEach((p) => p.words.push(...placed(760, [[500, 560, `Page ${p.number} of ${of}`]], 8)));
    return parseStatement(doc).accounts[0]!.reconciliation;
  };
  assert.equal(numbered(2).ok, true, numbered(2).message);
  const cut = numbered(3);
  assert.equal(cut.ok, false);
  assert.match(cut.message, /numbers its pages to 3, and the last page this file holds is page 2 of 3/);
  // a statement's text redrawn onto fewer pages keeps its last page's number: nothing is missing
  // (real ICICI_flat_text_2019: two pages' text on one, 'Page 2 of 2' printed)
  const redrawn = twoPages([]);
  if (redrawn.kind !== 'pages') throw new Error('pages');
  redrawn.pages[1]!.words.push(...placed(760, [[500, 560, 'Page 3 of 3']], 8));
  assert.equal(parseStatement(redrawn).accounts[0]!.reconciliation.ok, true);
});
