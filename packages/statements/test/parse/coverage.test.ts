// A read is a success only when it accounts for the whole statement: every dated line with figures
// became a row (or a printed opening, closing or total). Rows that chain to the last row read prove
// nothing about rows never read, so a statement that prints no closing balance must not pass with
// its last page, or the rows after an unreadable date, missing. (The check alone, unreadLines, on
// hand-made lines and rows: coverage-stage.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { type Item, headerAt, placed, rowAt } from './items.ts';

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
