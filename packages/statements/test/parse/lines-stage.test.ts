// The lines stage alone (documentLines): a PDF page's words grouped into lines and runs, a printed
// report's text cut into cells, a workbook's cells put on a grid. No later stage runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument } from '../../src/source.ts';
import { itemsPage } from './items.ts';
import { figureWords } from '../../src/parse/columns/bands.ts';
import { linesOf, measured } from './stages.ts';

const runsOf = (doc: SourceDocument) => linesOf(doc).map((l) => l.runs.map((r) => r.text));

test('words within half a height share a line; a full line height apart they do not', () => {
  const doc = itemsPage(8, [
    [100, [[33, 80, '01/04/2024']]],
    [102.5, [[120, 170, 'UPI payment']]],
    [112, [[120, 170, 'continued']]],
  ]);
  const lines = linesOf(doc);
  assert.deepEqual(
    lines.map((l) => [l.y, l.text]),
    [
      [100, '01/04/2024 UPI payment'],
      [112, 'continued'],
    ],
  );
  assert.equal(lines[0]!.height, 8);
});

test("pieces of one word drawn touching are one run ('09' '/04/19'); a figure touching letters is not", () => {
  const doc = itemsPage(10, [
    [
      100,
      [
        [33, 43, '09'],
        [43.4, 70, '/04/19'],
        [120, 160, '1,200.00'],
        [160.2, 180, 'ATM'],
      ],
    ],
  ]);
  assert.deepEqual(runsOf(doc), [['09/04/19', '1,200.00', 'ATM']]);
});

test("a time of day or a date touching a narration's words is a run of its own ('01:00 AM' 'GILL/UTKS')", () => {
  // the time printed under a row's date, its last letter drawn over the narration's first (generated
  // INDIANBANK seed 2296549819, Times-Roman 9): the narration's line was taken as the date's time
  const doc = itemsPage(6, [
    [
      100,
      [
        [60.94, 85.45, '01:00 AM'],
        [85.28, 186.37, 'GILL/UTKS/venkatesh718@ibl/groceries'],
      ],
    ],
    [
      110,
      [
        [36.6, 58, '02/01/23'],
        [58.1, 90, 'NEFT/IN'],
      ],
    ],
  ]);
  assert.deepEqual(runsOf(doc), [
    ['01:00 AM', 'GILL/UTKS/venkatesh718@ibl/groceries'],
    ['02/01/23', 'NEFT/IN'],
  ]);
});

test("a currency word ending a run goes to the figure after it ('NEFT INR' + '1,200.00')", () => {
  const doc = itemsPage(10, [
    [
      100,
      [
        [33, 80, 'NEFT INR'],
        [83, 120, '1,200.00'],
      ],
    ],
  ]);
  assert.deepEqual(runsOf(doc), [['NEFT', 'INR 1,200.00']]);
  // set further than 0.65 of the text height from the figure, it is a column of its own
  const apart = itemsPage(10, [
    [
      100,
      [
        [33, 80, 'NEFT INR'],
        [90, 127, '1,200.00'],
      ],
    ],
  ]);
  assert.deepEqual(runsOf(apart), [['NEFT INR', '1,200.00']]);
});

test('a currency word and its figure are one token by one measure, drawn as one run or as two', () => {
  // (currencyToken, session 18: the join across runs was by the text height, inside a run by none;
  // now a word space of the pair's character width for both: a CCY column's 'INR' drawn in one run
  // with the amount, far from it, is a cell of its own)
  const words = (...w: [number, number, string][]) => figureWords(measured(...w)).map((r) => r.text);
  assert.deepEqual(words([100, 118, 'INR'], [122, 162, '1,200.00']), ['INR 1,200.00']);
  assert.deepEqual(words([100, 118, 'INR'], [140, 180, '1,200.00']), ['INR', '1,200.00']);
  const across = itemsPage(10, [
    [
      100,
      [
        [100, 118, 'INR'],
        [140, 180, '1,200.00'],
      ],
    ],
  ]);
  assert.deepEqual(runsOf(across), [['INR', '1,200.00']]);
});

test('a report: cells are two spaces apart, one space is inside a cell, a form feed starts a page', () => {
  const doc: SourceDocument = {
    kind: 'lines',
    format: 'rpt',
    lines: ['01-03-2025  UPI DR RAVI KUMAR     450.00', '', '\f02-03-2025  ATM CASH  2,000.00'],
  };
  const lines = linesOf(doc);
  assert.deepEqual(
    lines.map((l) => [l.page, l.y, l.height, l.runs.map((r) => [r.text, r.x0])]),
    [
      [
        1,
        1,
        1,
        [
          ['01-03-2025', 0],
          ['UPI DR RAVI KUMAR', 12],
          ['450.00', 34],
        ],
      ],
      [
        2,
        3,
        1,
        [
          ['02-03-2025', 0],
          ['ATM CASH', 12],
          ['2,000.00', 22],
        ],
      ],
    ],
  );
});

test("a workbook: one row a line, a column a band of 100; Excel serials under a 'Date' heading are dates", () => {
  const doc: SourceDocument = {
    kind: 'sheets',
    format: 'xlsx',
    sheets: [
      {
        name: 'S',
        rows: [
          ['Txn Date', 'Narration', null, 'Balance', 'Chq No'],
          [45383, 'UPI  payment ', null, 9900],
          [45384, 'NEFT', 1000, 10900, 45390],
          [45385, 'CHQ', 1000, 9900, 45391],
        ],
      },
    ],
  };
  const lines = linesOf(doc);
  assert.deepEqual(
    lines.map((l) => l.runs.map((r) => [r.text, r.x0, r.x1])),
    [
      [
        ['Txn Date', 0, 60],
        ['Narration', 100, 160],
        ['Balance', 300, 360],
        ['Chq No', 400, 460],
      ],
      [
        ['2024-04-01', 0, 60],
        ['UPI payment', 100, 160],
        ['9900.00', 300, 360],
      ],
      [
        ['2024-04-02', 0, 60],
        ['NEFT', 100, 160],
        ['1000.00', 200, 260],
        ['10900.00', 300, 360],
        // (numbers of the serials' range under a heading that names no date stay numbers)
        ['45390.00', 400, 460],
      ],
      [
        ['2024-04-03', 0, 60],
        ['CHQ', 100, 160],
        ['1000.00', 200, 260],
        ['9900.00', 300, 360],
        ['45391.00', 400, 460],
      ],
    ],
  );
  assert.deepEqual(
    lines.map((l) => [l.page, l.y]),
    [
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
    ],
  );
});

test('a month-first export has its numeric dates turned day-first before any later stage reads them', () => {
  const doc: SourceDocument = {
    kind: 'lines',
    format: 'rpt',
    lines: ['04/13/2024  UPI  100.00', '04/02/2024  ATM  50.00'],
  };
  assert.deepEqual(
    linesOf(doc).map((l) => l.runs[0]!.text),
    ['13/04/2024', '02/04/2024'],
  );
  // one date that reads only day-first keeps the document day-first
  const dayFirst: SourceDocument = { ...doc, lines: [...doc.lines, '25/04/2024  NEFT  10.00'] };
  assert.deepEqual(
    linesOf(dayFirst).map((l) => l.runs[0]!.text),
    ['04/13/2024', '04/02/2024', '25/04/2024'],
  );
});
