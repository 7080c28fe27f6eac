// The rows stage alone (readTable, with the cells and values it calls, no bank profile and no
// account stage): which lines start rows, which go on a row's narration, which are specials,
// footers, issues, or the end of the table.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import bob from '../../src/parse/banks/bob.ts';
import { readTable } from '../../src/parse/rows.ts';
import type { SourceDocument } from '../../src/source.ts';
import { HEADINGS, type Item, itemsPage, placed, rowItems } from './items.ts';
import { linesOf, tableOf } from './stages.ts';

const doc = itemsPage(8, [
  [119, HEADINGS],
  [135, rowItems('', 'Opening Balance', '', '', '10,000.00')],
  [150, rowItems('01/04/2024', 'UPI/DR/4122/BHARAT', '100.00', '', '9,900.00')],
  [160, rowItems('', 'STORES PVT LTD', '', '', '')],
  [175, rowItems('02/04/2024', 'NEFT/CR/N1234/ACME', '', '1,000.00', '10,900.00')],
  [190, rowItems('N/A', 'REVERSAL', '', '50.00', '10,950.00')],
  [205, rowItems('03/04/2024', 'ATM/CASH/BANDRA', '500.00', '', '10,450.00')],
  [220, rowItems('', 'Closing Balance', '', '', '10,450.00')],
  [232, [[500, 592, 'Page 1 of 1']]],
  [300, [[120, 320, 'This is a computer generated statement.']]],
]);

test('dated lines with figures are rows; a line without a date under one goes on its narration', () => {
  const [section, ...more] = tableOf(doc).sections;
  assert.equal(more.length, 0);
  assert.deepEqual(
    section!.transactions.map((t) => [t.date, t.description, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-04-01', 'UPI/DR/4122/BHARAT STORES PVT LTD', 10000, 0, 990000],
      ['2024-04-02', 'NEFT/CR/N1234/ACME', 0, 100000, 1090000],
      ['2024-04-03', 'ATM/CASH/BANDRA', 50000, 0, 1045000],
    ],
  );
  // each row's lines are known to the coverage check: the wrapped line too
  assert.deepEqual(
    [...tableOf(doc).rowLines].map((l) => l.y).sort((a, b) => a - b),
    [150, 160, 175, 205],
  );
});

test('the opening and closing lines are specials, not rows; the opening is printed before the rows', () => {
  const { specials } = tableOf(doc).sections[0]!;
  assert.deepEqual(
    specials.map((s) => [s.kind, s.balance, s.beforeRows]),
    [
      ['opening', 1000000, true],
      ['closing', 1045000, false],
    ],
  );
});

test('a row whose date cannot be read is an issue and the table goes on; a footer and a line set far below are no rows', () => {
  const table = tableOf(doc);
  assert.deepEqual(
    table.issues.map((i) => [i.kind, i.page, i.text]),
    [['row', 1, 'N/A REVERSAL 50.00 10,950.00']],
  );
  assert.equal(table.headerFound, true);
  const kept = table.sections[0]!.lines.map((l) => l.text);
  assert.ok(kept.includes('Page 1 of 1'), kept.join(' | '));
  assert.ok(kept.includes('This is a computer generated statement.'), kept.join(' | '));
});

test('lines above the first header are the header zone', () => {
  const withTop = itemsPage(8, [
    [40, [[33, 200, 'Account Number : 50100012345678']]],
    [119, HEADINGS],
    [150, rowItems('01/04/2024', 'UPI/DR/4122/BHARAT', '100.00', '', '9,900.00')],
  ]);
  const table = tableOf(withTop);
  assert.deepEqual(
    table.headerZone.map((l) => l.text),
    ['Account Number : 50100012345678'],
  );
  assert.equal(table.sections[0]!.transactions.length, 1);
});

test('without a header the reader knows, nothing is read as rows', () => {
  const headless = itemsPage(8, [
    [119, [[33, 60, 'Qqqq']]],
    [150, rowItems('01/04/2024', 'UPI/DR/4122/BHARAT', '100.00', '', '9,900.00')],
  ]);
  const table = tableOf(headless);
  assert.equal(table.headerFound, false);
  assert.deepEqual(table.sections, []);
  assert.equal(table.headerZone.length, 2);
});

// (session 18: a wrapped line's cells are any text of a column of text, the serial's too, not only
// its digits; a page's furniture, the lines other pages print above their rows too, is no row's)
const SERIAL_HEADINGS: Item[] = [[5, 25, 'S.No'], ...HEADINGS];
const serialRow = (y: number, serial: string, ...cells: Parameters<typeof rowItems>): [number, Item[]] => [
  y,
  [[5, 5 + 5 * serial.length, serial], ...rowItems(...cells)],
];

test("a wrapped line's cell in the serial column goes on the row, letters or digits ('R12')", () => {
  const page = itemsPage(8, [
    [119, SERIAL_HEADINGS],
    serialRow(135, '1', '01/04/2024', 'UPI/DR/4122/BHARAT', '100.00', '', '9,900.00'),
    [145, [[5, 20, 'R12'], ...rowItems('', 'STORES PVT LTD')]],
    serialRow(160, '2', '02/04/2024', 'NEFT/CR/N1234/ACME', '', '1,000.00', '10,900.00'),
    serialRow(175, '3', '03/04/2024', 'ATM/CASH/BANDRA', '500.00', '', '10,400.00'),
  ]);
  assert.deepEqual(
    tableOf(page).sections.flatMap((s) => s.transactions.map((t) => [t.date, t.description])),
    [
      ['2024-04-01', 'UPI/DR/4122/BHARAT STORES PVT LTD'],
      ['2024-04-02', 'NEFT/CR/N1234/ACME'],
      ['2024-04-03', 'ATM/CASH/BANDRA'],
    ],
  );
});

test("the lines every page prints above its rows are no row's wrapped line: the last row's narration goes on under them", () => {
  // (UNION 609778959 of seed 77001 prints the bank's name in the serial column of the page the last
  // row's narration runs onto, where it kept that line off the row once the serial took any text;
  // set over the narration column, as here, it was read into the row before)
  const words = (lines: [number, Item[]][]) => lines.flatMap(([y, items]) => placed(y, items, 8));
  const top: [number, Item[]] = [40, [[120, 215, 'Union Bank of India']]];
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'pdf',
    pages: [
      {
        number: 1,
        width: 612,
        height: 792,
        words: words([
          top,
          [119, SERIAL_HEADINGS],
          serialRow(135, '1', '01/04/2024', 'UPI/DR/4122/BHARAT', '100.00', '', '9,900.00'),
          serialRow(150, '2', '02/04/2024', 'NEFT/CR/N1234/ACME', '', '1,000.00', '10,900.00'),
          serialRow(165, '3', '03/04/2024', 'UPIAR/CR/318139440417/LAKSHMI', '', '500.00', '11,400.00'),
        ]),
      },
      {
        number: 2,
        width: 612,
        height: 792,
        words: words([top, [70, rowItems('', 'YADAV/BARB/lakshmi356@okicici/invoice')]]),
      },
    ],
  };
  assert.deepEqual(
    tableOf(doc).sections.flatMap((s) => s.transactions.map((t) => t.description)),
    [
      'UPI/DR/4122/BHARAT',
      'NEFT/CR/N1234/ACME',
      'UPIAR/CR/318139440417/LAKSHMI YADAV/BARB/lakshmi356@okicici/invoice',
    ],
  );
});

test("a consolidated statement's account line (the profile's accountStart) stays on the section it starts, the first above its header too", () => {
  const doc = itemsPage(8, [
    [40, [[33, 260, 'Account Number : 12110100421184 ACCOUNT 1 OF 2']]],
    [119, HEADINGS],
    [150, rowItems('01/04/2024', 'UPI/DR/4122/BHARAT', '100.00', '', '9,900.00')],
    [175, rowItems('02/04/2024', 'NEFT/CR/N1234/ACME', '', '1,000.00', '10,900.00')],
    [260, [[33, 260, 'Account Number : 12110200159593 ACCOUNT 2 OF 2']]],
    [300, HEADINGS],
    [330, rowItems('01/04/2024', 'ATM/CASH/BANDRA', '500.00', '', '4,500.00')],
  ]);
  const table = readTable(linesOf(doc), { flow: 'after', referenceJoin: '' }, bob.accountStart);
  assert.deepEqual(
    table.sections.map((s) => [s.accountLine?.text, s.transactions.length]),
    [
      ['Account Number : 12110100421184 ACCOUNT 1 OF 2', 2],
      ['Account Number : 12110200159593 ACCOUNT 2 OF 2', 1],
    ],
  );
});
