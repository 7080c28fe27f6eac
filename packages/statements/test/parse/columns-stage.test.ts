// The columns stage alone: headers found once over a document's lines (findHeadings), a header's
// bands placed by the rows under it (columnBands), and the model of marked columns (explicitModel).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnBands } from '../../src/parse/columns/bands.ts';
import { explicitModel } from '../../src/parse/columns/explicit.ts';
import { findHeadings, matchHeader, pageHasNoHeader, sameColumns } from '../../src/parse/columns/heading.ts';
import type { Run } from '../../src/parse/lines.ts';
import type { SourceDocument } from '../../src/source.ts';
import { HEADINGS, type Item, headerAt, placed, onePage } from './items.ts';
import { bandsOf, linesOf } from './stages.ts';

const run = (x0: number, x1: number, text: string): Run => ({ text, x0, x1 });

test("a header printed on two lines ('Closing' over 'Balance') is found once, at its first line", () => {
  const doc = onePage(
    [612, 792],
    [
      ...headerAt(100, [...HEADINGS.slice(0, 4), [559, 592, 'Closing']]),
      ...placed(110, [[559, 592, 'Balance']], 8),
      ...placed(130, [[33, 80, '01/04/2024']], 8),
    ],
  );
  const lines = linesOf(doc);
  const { at, skipped } = findHeadings(lines, undefined);
  assert.deepEqual(
    at[0]?.columns.map((c) => [c.role, c.label]),
    [
      ['date', 'Date'],
      ['description', 'Narration'],
      ['debit', 'Withdrawal'],
      ['credit', 'Deposit'],
      ['balance', 'Closing Balance'],
    ],
  );
  assert.deepEqual([...skipped], [1]);
  // the top line alone names no complete table: it has no balance
  assert.equal(matchHeader(lines[0]!.runs), null);
  assert.equal(at[1], null);
  assert.equal(at[2], null);
});

test('a header repeated on the next page is found there too, with the same columns; a page without one says so', () => {
  const page = (number: number, header: boolean) => ({
    number,
    width: 612,
    height: 792,
    words: [...(header ? headerAt(100) : []), ...placed(130, [[33, 80, '01/04/2024']], 8)],
  });
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'pdf',
    pages: [page(1, true), page(2, true), page(3, false)],
  };
  const lines = linesOf(doc);
  const { at } = findHeadings(lines, undefined);
  const found = at.flatMap((h, i) => (h ? [lines[i]!.page] : []));
  assert.deepEqual(found, [1, 2]);
  assert.ok(sameColumns(at[0]!)(at[2]!));
  const dated = (p: number) => lines.find((l) => l.page === p && l.text === '01/04/2024')!;
  assert.equal(pageHasNoHeader(lines, dated(2), undefined), false);
  assert.equal(pageHasNoHeader(lines, dated(3), undefined), true);
});

test('too few rows under a header: the bands are the headings themselves', () => {
  const header = matchHeader(HEADINGS.map(([x0, x1, text]) => run(x0, x1, text)))!;
  const bands = columnBands(header, [
    [run(33, 80, '01/04/2024'), run(552, 592, '9,900.00')],
    [run(33, 80, '02/04/2024'), run(552, 592, '9,800.00')],
  ]);
  assert.deepEqual(
    bands.map((b) => [b.col.role, b.x0, b.x1]),
    HEADINGS.map(([x0, x1], i) => [header.columns[i]!.role, x0, x1]),
  );
});

test('the rows place the bands: figures set right of their headings widen them, and a Dr/Cr column holds its marks', () => {
  const items: Item[] = [...HEADINGS, [600, 615, 'Dr/Cr']];
  const header = matchHeader(items.map(([x0, x1, text]) => run(x0, x1, text)))!;
  assert.deepEqual(
    header.columns.map((c) => c.role),
    ['date', 'description', 'debit', 'credit', 'balance', 'mark'],
  );
  const row = (date: string, text: string, debit: string, credit: string, balance: string): Run[] => [
    run(33, 80, date),
    run(120, 120 + 5 * text.length, text),
    ...(debit ? [run(470 - 5 * debit.length, 470, debit)] : []),
    ...(credit ? [run(540 - 5 * credit.length, 540, credit)] : []),
    run(598 - 5 * balance.length, 598, balance),
    run(605, 615, 'Cr'),
  ];
  const rows = [
    row('01/04/2024', 'UPI payment', '100.00', '', '9,900.00'),
    row('02/04/2024', 'NEFT from client', '', '1,000.00', '10,900.00'),
    row('03/04/2024', 'ATM cash', '500.00', '', '10,400.00'),
    row('04/04/2024', 'NEFT from client', '', '2,000.00', '12,400.00'),
  ];
  const bands = Object.fromEntries(columnBands(header, rows).map((b) => [b.col.role, [b.x0, b.x1]]));
  // the withdrawals end at 470, past their heading's 461; the deposits at 540, past 522
  assert.ok(bands.debit![1]! >= 469 && bands.debit![0]! <= 440, `debit ${bands.debit}`);
  assert.ok(bands.credit![1]! >= 539, `credit ${bands.credit}`);
  assert.ok(bands.mark![0]! >= 599 && bands.mark![0]! <= 605, `mark ${bands.mark}`);
  // no two bands overlap
  const sorted = Object.values(bands).sort((a, b) => a[0]! - b[0]!);
  for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i]![0]! >= sorted[i - 1]![1]!);
});

test("marked columns are the model's bands, in order, and its character width is the lines' median", () => {
  const lines = linesOf(
    onePage(
      [612, 792],
      placed(
        100,
        [
          [0, 50, '01/04/2024'],
          [100, 130, 'UPI'],
          [400, 430, '100.00'],
        ],
        8,
      ),
    ),
  );
  const model = explicitModel(
    {
      page: 1,
      top: 100,
      columns: [
        { role: 'balance', x0: 400, x1: 460 },
        { role: 'date', x0: 0, x1: 60 },
        { role: 'description', x0: 100, x1: 160 },
      ],
    },
    lines,
  );
  assert.deepEqual(
    model.bands.map((b) => [b.col.role, b.x0, b.x1]),
    [
      ['date', 0, 60],
      ['description', 100, 160],
      ['balance', 400, 460],
    ],
  );
  assert.equal(model.header.charWidth, 5);
});

test("a heading set at its column's left, nearer another column's cells, still takes its one stretch of figures", () => {
  // 'Debit' stands over nothing, 5 points from 'Credit Amount' and 8 from its own figures ('INR
  // 11,503' set right at 471): the one stretch between the narration's and the credit's is its
  const head: Item[] = [
    [37, 50, 'Date'],
    [219, 238, 'Details'],
    [420, 435, 'Debit'],
    [476, 518, 'Credit Amount'],
    [537, 585, 'Running Balance'],
  ];
  const row = (y: number, day: string, text: string, debit: string, credit: string, balance: string) =>
    placed(
      y,
      [
        [37, 72, `${day} May 2023`],
        [219, 219 + 4 * text.length, text],
        [471 - 3 * debit.length, 471, debit],
        [532 - 3 * credit.length, 532, credit],
        [537, 593, balance],
      ],
      7,
    );
  const doc = onePage(
    [612, 792],
    [
      ...headerAt(85, head),
      ...row(122, '05', 'UPI/DR/312546184669/BIGBASKET', 'INR 220', '0.00', 'INR 1,91,431.98 (Cr)'),
      ...row(135, '06', 'IMPS/CR/313046085512/SHALINI', '0.00', 'INR 86,338', 'INR 2,77,769.98 (Cr)'),
      ...row(148, '09', 'UPI/CR/312918207510/VIKRAM', '0.00', 'INR 17,254', 'INR 2,95,023.98 (Cr)'),
      ...row(161, '12', 'UPI/DR/313226340921/FLIPKART', 'INR 4,610', '0.00', 'INR 2,90,413.98 (Cr)'),
      ...row(174, '13', 'IMPS/CR/313721898602/VENKATESH', '0.00', 'INR 20,378', 'INR 3,10,791.98 (Cr)'),
      ...row(187, '13', 'CHQ PAID/ANNAPURNA FOODS', 'INR 11,503', '0.00', 'INR 2,99,288.98 (Cr)'),
    ],
  );
  assert.deepEqual(
    bandsOf(doc).map(([role]) => role),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
  const [, , debit] = bandsOf(doc);
  assert.ok(debit![1] <= 443 && debit![2] >= 471, JSON.stringify(debit));
});

test("rows dated without a year ('Feb 06') before a number ('0446') are the sample the bands are placed by", () => {
  // (BOB 5939313459 of seed 750001: a branch code after each date, read with it as 'Feb 06 0446', a
  // date of the year 446; the bands stayed the headings, and a narration's last word 'fee', set
  // under the narration's left edge 40 pt left of its centred heading, went to the balance)
  const doc = onePage(
    [595, 842],
    [
      ...headerAt(95, [
        [35, 73, 'Post Date'],
        [97, 143, 'Branch Code'],
        [163, 214, 'Debit Amount'],
        [234, 284, 'Deposit (Cr)'],
        [325, 355, 'Balance'],
        [411, 491, 'Transaction Details'],
      ]),
      ...['03', '06', '09', '12'].flatMap((day, k) =>
        placed(
          120 + 15 * k,
          [
            [27, 52, `Feb ${day}`],
            [97, 114, `04${k}6`],
            [180, 214, `${k + 1},054.54`],
            [300, 355, `3,0${k},772.94Dr`],
            [370, 509, `POS/4798${k}/LIC OF INDIA`],
          ],
          7,
        ),
      ),
    ],
  );
  const bands = Object.fromEntries(bandsOf(doc).map(([role, x0, x1]) => [role, [x0, x1]]));
  assert.ok(bands.description![0]! <= 370, `description ${bands.description}`);
  assert.ok(bands.balance![1]! < 370, `balance ${bands.balance}`);
});
