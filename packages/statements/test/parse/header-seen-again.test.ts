// The rows stage: a header seen again after another one takes back the column model its first
// appearance's rows showed. A last page of one or two rows shows too little of where its columns
// sit, and the names alone misplace them where a heading is centred far from its cells (real
// KALUPUR: 'Particulars' centred 70 points right of where every narration starts, 'Sp. Mode'
// ending over the narrations' first words): the last rows were read without a narration and lost.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument, Word } from '../../src/source.ts';
import { Trace, parseStatement } from '../../src/index.ts';
import { type Item, placed, rowsOf } from './items.ts';

const full: Item[] = [
  [15, 59.4, 'Tran Date'],
  [77, 126.4, 'Value Date'],
  [151.4, 193, 'Mode'],
  [255.4, 302.6, 'Particulars'],
  [378.2, 424.8, 'Debit Amt.'],
  [443.5, 493.5, 'Credit Amt.'],
  [520.4, 556.6, 'Balance'],
];
// the same header with the mode column's name printed apart, as another page may draw it
const without: Item[] = full.filter(([, , t]) => t !== 'Mode');
const row = (date: string, narration: string, amount: string, credit: boolean, balance: string): Item[] => [
  [16, 56, date],
  [65, 105, date],
  [126, 130.9, 'T'],
  [183, 183 + 4.4 * narration.length, narration],
  credit ? [486 - 4.4 * amount.length, 486, amount] : [420 - 4.4 * amount.length, 420, amount],
  [557 - 4.4 * balance.length, 557, balance],
];
const page = (number: number, lines: [number, Item[]][]) => ({
  number,
  width: 612,
  height: 792,
  words: lines.flatMap(([y, items]): Word[] => placed(y, items, 8)),
});
const doc: SourceDocument = {
  kind: 'pages',
  format: 'pdf',
  pages: [
    page(1, [
      [270, full],
      [
        300,
        [
          [183, 250, 'Opening Balance'],
          [518, 557, '77,435.13'],
        ],
      ],
      [330, row('05/04/2019', 'NEFT/LUZRJ63505904982/R I IASLO', '15,000.00', true, '92,435.13')],
      [360, row('23/04/2019', 'OWIY from POS OODV PNJB AND OSQP', '550.00', false, '91,885.13')],
      [390, row('29/04/2019', 'OWIY from POS KNHF INDIA LIMITED', '499.50', false, '91,385.63')],
      [420, row('03/05/2019', 'NEFT/LUZRJ11216518579/R I IASLO', '16,000.00', true, '1,07,385.63')],
    ]),
    page(2, [
      [20, without],
      [50, row('21/05/2019', 'OWIY from UGD UDNPPXOMNVMHKJQ', '1,500.00', false, '1,05,885.63')],
      [80, row('10/06/2019', 'CWDR from ATM 6RURHH50 462124990252', '10,000.00', false, '95,885.63')],
      [110, row('11/06/2019', 'NEFT/LUZRJ09621683031/R I IASLO', '16,000.00', true, '1,11,885.63')],
    ]),
    page(3, [
      [20, full],
      // (narrations that end left of 'Particulars': by the names alone they are the mode's)
      [50, row('05/03/2020', 'SWEEP TRANSFER', '10,000.00', false, '1,01,885.63')],
      [80, row('31/03/2020', 'INTEREST PAID', '230.00', true, '1,02,115.63')],
      [
        110,
        [
          [183, 250, 'Closing Balance'],
          [518, 557, '1,02,115.63'],
        ],
      ],
    ]),
  ],
};

test("the last page's header takes back the model its first appearance's rows showed", () => {
  const rows = rowsOf(doc);
  assert.equal(rows.length, 9, JSON.stringify(rows));
  assert.deepEqual(rows.slice(-2), [
    ['2020-03-05', 1000000, 0, 10188563],
    ['2020-03-31', 0, 23000, 10211563],
  ]);
  const narrations = parseStatement(doc).accounts.flatMap((a) => a.transactions.map((t) => t.description));
  assert.deepEqual(narrations.slice(-2), ['SWEEP TRANSFER', 'INTEREST PAID']);
});

test('the header seen again is given the bands of its first appearance, not its names alone', () => {
  const trace = new Trace();
  parseStatement(doc, { trace });
  const headings = trace.decisions.filter((d) => d.rule === 'columns.heading');
  const at = (page: number) => headings.find((d) => d.page === page)?.bands;
  assert.equal(headings.length, 3, JSON.stringify(headings));
  assert.deepEqual(at(3), at(1));
  // (the names alone would start the narration at its heading, far right of every narration)
  assert.ok(at(3)!.find((b) => b.role === 'description')!.x0 <= 183, JSON.stringify(at(3)));
});
