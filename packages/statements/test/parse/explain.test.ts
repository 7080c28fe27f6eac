// bahi explain: every rule that reports a decision is seen reporting it, on a statement made to need
// it, and explainText names it; collecting the trace changes nothing in the read.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  RULES,
  Trace,
  explainSvg,
  explainText,
  parseStatement,
  toTruthJson,
  type ParseOptions,
  type RuleId,
} from '../../src/index.ts';
import type { Sheet, SourceDocument, Word } from '../../src/source.ts';
import { type Item, headerAt, pagesOf, placed, rowAt } from './items.ts';

const sheet = (rows: Sheet['rows']): SourceDocument => ({
  kind: 'sheets',
  format: 'xlsx',
  sheets: [{ name: 'S', rows }],
});
const HEAD = ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'];

/** A page of rows under known headings at the usual places; `ocr` marks it a scan. */
function page(
  number: number,
  rows: [string, string, string, string, string][],
  opts: { header?: boolean; ocr?: boolean; top?: Word[] } = {},
) {
  const words: Word[] = [...(opts.top ?? [])];
  if (opts.header !== false) words.push(...headerAt(119));
  rows.forEach((row, i) => words.push(...rowAt(140 + 15 * i, ...row)));
  return { number, width: 612, height: 792, words, ...(opts.ocr ? { ocr: true } : {}) };
}
const pages = (...p: ReturnType<typeof page>[]): SourceDocument => ({
  kind: 'pages',
  format: 'pdf',
  pages: p,
});

const traced = (doc: SourceDocument, opts: ParseOptions = {}) => {
  const trace = new Trace();
  const result = parseStatement(doc, { ...opts, trace });
  return { result, trace, rules: new Set(trace.decisions.map((d) => d.rule)) };
};

const plain = [
  ['01/04/2024', 'UPI payment 1', '100.00', null, '9900.00'],
  ['02/04/2024', 'NEFT from client', null, '1000.00', '10900.00'],
  ['03/04/2024', 'ATM cash', '500.00', null, '10400.00'],
];

/** Three rows under the usual headings, the second's figures (and what else it prints) drawn as `items`. */
function secondRow(items: Item[], narration = 'UPI/CR/412258786469/MOHAMMED', narrationEnd = 265) {
  const first = rowAt(140, '01/05/2024', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43');
  const second = placed(155, [[33, 80, '02/05/2024'], [120, narrationEnd, narration], ...items], 8);
  const third = rowAt(170, '03/05/2024', 'ATM/CASH', '108.43', '', '57,000.00');
  return pagesOf([[...headerAt(119), ...first, ...second, ...third]]);
}
// the second row's deposit and balance, each set right in its column
const FIGURES: Item[] = [
  [482, 522, '1,155.00'],
  [547, 592, '57,108.43'],
];

/** For each rule, a statement that needs it. */
const CASES: Record<RuleId, () => { doc: SourceDocument; opts?: ParseOptions }> = {
  'detect.ifsc': () => ({ doc: sheet([['IFSC : HDFC0001234'], HEAD, ...plain]) }),
  'detect.name': () => ({ doc: sheet([['HDFC BANK LIMITED'], HEAD, ...plain]) }),
  'detect.layout': () => ({
    doc: sheet([
      [
        'S No.',
        'Value Date',
        'Transaction Date',
        'Cheque Number',
        'Transaction Remarks',
        'Withdrawal Amount (INR )',
        'Deposit Amount (INR )',
        'Balance (INR )',
      ],
      ['1', '01/04/2024', '01/04/2024', null, 'UPI payment 1', '100.00', null, '9900.00'],
      ['2', '02/04/2024', '02/04/2024', null, 'NEFT from client', null, '1000.00', '10900.00'],
    ]),
  }),
  'detect.unknown': () => ({ doc: sheet([HEAD, ...plain]) }),
  'columns.heading': () => ({ doc: sheet([HEAD, ...plain]) }),
  'columns.rows': () => ({
    doc: sheet([
      ['Qqqq', 'Qqqqqqqqq', 'Qqqqqq', 'Qqqqqqq'],
      ...plain.map((r) => [r[0], r[1], r[2] ?? r[3], r[4]]),
    ]),
  }),
  'columns.taught': () => ({
    doc: sheet([['Qqqq', 'Qqqqqqqqq', 'Qq', 'Qq', 'Qqqqqqq'], ...plain]),
    opts: {
      layout: {
        page: 1,
        top: 1,
        columns: [
          { role: 'date', x0: 0, x1: 60 },
          { role: 'description', x0: 100, x1: 160 },
          { role: 'debit', x0: 200, x1: 260 },
          { role: 'credit', x0: 300, x1: 360 },
          { role: 'balance', x0: 400, x1: 460 },
        ],
      },
    },
  }),
  // the deposit and the balance drawn as one item ('1,155.00 57,108.43')
  'cells.cut': () => ({ doc: secondRow([[483, 592, '1,155.00 57,108.43']]) }),
  // a narration run on into the withdrawal column, a word space after its cell
  'cells.ran-long': () => ({
    doc: secondRow(
      [[402, 437, 'CHARGES'], ...FIGURES],
      'UPI/CR/412258786469/MOHAMMED TRADING COMPANY LTD',
      400,
    ),
  }),
  // a cheque number between the date and the narration, far from both
  'cells.gutter': () => ({ doc: secondRow([[92, 108, '1234'], ...FIGURES]) }),
  'rows.anchor': () => ({ doc: sheet([HEAD, ...plain]) }),
  'rows.same-day': () => ({
    doc: sheet([
      ['Date', 'Value Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
      ['May 04', 'May 04', 'UPI/363075633489/', '201.00', null, '41,282.56'],
      [null, 'May 04', 'UPI/200487694407/', '41,000.00', null, '282.56'],
    ]),
  }),
  'rows.date-from-value': () => ({
    doc: pages(
      page(
        1,
        [
          ['01/04/2024', 'UPI payment 1', '100.00', '', '9900.00'],
          ['0204/2024', 'NEFT from client', '', '1000.00', '10900.00'],
          ['03/04/2024', 'ATM cash', '500.00', '', '10400.00'],
        ],
        { ocr: true },
      ),
    ),
  }),
  'rows.continuation': () => ({
    doc: sheet([HEAD, plain[0]!, [null, 'continued narration', null, null, null], ...plain.slice(1)]),
  }),
  'rows.figures-below': () => ({
    doc: sheet([
      HEAD,
      plain[0]!,
      ['02/04/2024', 'NEFT from a client whose', null, null, null],
      [null, 'narration wraps', null, '1000.00', '10900.00'],
      plain[2]!,
    ]),
  }),
  'rows.special': () => ({ doc: sheet([HEAD, [null, 'Opening Balance', null, null, '10000.00'], ...plain]) }),
  'rows.unreadable-date': () => ({
    doc: sheet([HEAD, plain[0]!, ['N/A', 'NEFT from client', null, '1000.00', '10900.00'], plain[2]!]),
  }),
  'rows.table-end': () => ({ doc: sheet([HEAD, ...plain, ['This is a computer generated statement.']]) }),
  'rows.page-resumed': () => ({
    doc: pages(
      page(1, [['01/05/2024', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43']]),
      page(2, [['02/05/2024', 'UPI/CR/412258786469/MOHAMMED', '', '1,155.00', '57,108.43']], {
        header: false,
      }),
    ),
  }),
  'rows.page-tail': () => ({
    doc: pages(
      page(1, [['01/05/2024', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43']]),
      page(2, [], { header: false, top: placed(140, [[120, 210, 'KUMAR/SBIN/rent']], 8) }),
    ),
  }),
  'columns.sequence': () => ({
    doc: {
      kind: 'lines',
      format: 'rpt',
      lines: [
        'Date Particulars Withdrawals Deposits Balance',
        '01-03-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 12,050.00',
        '03-03-2025 NEFT/CR/N062250012345/ACME TRADERS - 8,260.00 20,310.00',
        '05-03-2025 ATM CASH WDL 4471 2,000.00 - 18,310.00',
      ],
    },
  }),
  'values.row-unread': () => ({
    doc: sheet([HEAD, plain[0]!, ['02/04/2024', null, null, '1000.00', '10900.00'], plain[2]!]),
  }),
  'account.year-from-period': () => ({
    doc: sheet([
      ['Statement period 01/04/2024 to 30/04/2024'],
      HEAD,
      ...plain.map((r) => [r[0]!.replace(/^(\d\d)\/04\/2024$/, 'Apr $1'), ...r.slice(1)]),
    ]),
  }),
  'account.newest-first': () => ({ doc: sheet([HEAD, ...[...plain].reverse()]) }),
  'account.side-by-balance': () => ({
    doc: sheet([
      ['Date', 'Narration', 'Amount', 'Balance'],
      ['01/04/2024', 'UPI', '100.00', '9900.00'],
      ['02/04/2024', 'NEFT', '1000.00', '10900.00'],
      ['03/04/2024', 'ATM', '500.00', '10400.00'],
    ]),
  }),
  'account.side-by-narration': () => ({
    doc: sheet([
      ['Date', 'Narration', 'Amount', 'Balance'],
      ['01/04/2024', 'UPI/DR/0001', '100.00', '9900.00'],
      ['02/04/2024', 'NEFT/CR/0002', '1000.00', '10900.00'],
      ['03/04/2024', 'UPI/DR/0003', '500.00', '10400.00'],
      ['04/04/2024', 'IMPS/CR/0004', '200.00', '10600.00'],
    ]),
  }),
  'account.side-by-totals': () => ({
    // 100.00 takes 10,000.00 to 9,900.00 only as a withdrawal; no opening prints it, the totals do
    doc: sheet([
      ['Date', 'Narration', 'Amount', 'Balance'],
      ['01/04/2024', 'UPI', '100.00', '9900.00'],
      ['02/04/2024', 'NEFT', '1000.00', '10900.00'],
      ['03/04/2024', 'ATM', '500.00', '10400.00'],
      ['Total Debits: 600.00'],
      ['Total Credits: 1000.00'],
    ]),
  }),
  'account.ocr-mended': () => ({
    // 9,900 + 13,900 = 23,800 printed; the scan read 13,000, and the next row proves 23,800
    doc: pages(
      page(
        1,
        [
          ['01/05/2024', 'UPI/DR/412220246414/BHARAT', '100.00', '', '9,900.00'],
          ['02/05/2024', 'NEFT/CR/N1234/ACME TRADERS', '', '13,000.00', '23,800.00'],
          ['03/05/2024', 'ATM/CASH/BANDRA', '800.00', '', '23,000.00'],
        ],
        { ocr: true },
      ),
    ),
  }),
  'account.date-by-order': () => ({
    // a scanned row's date read as no date, between two rows of 1 Apr, the chain through it
    doc: pages(
      page(
        1,
        [
          ['01/04/2024', 'UPI payment 1', '100.00', '', '9900.00'],
          ['N/A', 'NEFT from client', '', '1000.00', '10900.00'],
          ['01/04/2024', 'ATM cash', '500.00', '', '10400.00'],
        ],
        { ocr: true },
      ),
    ),
  }),
  'account.ocr-date-mended': () => ({
    // 28/12/23 read '20/12/23' beside its value date read right: out of order, one digit apart
    doc: {
      kind: 'pages',
      format: 'pdf',
      pages: [
        {
          number: 1,
          width: 612,
          height: 792,
          ocr: true,
          words: [
            ...placed(
              119,
              [
                [33, 50, 'Date'],
                [80, 102, 'Value'],
                [105, 122, 'Date'],
                [160, 205, 'Narration'],
                [413, 461, 'Withdrawal'],
                [483, 522, 'Deposit'],
                [559, 592, 'Balance'],
              ],
              8,
            ),
            ...[
              ['27/12/23', '27/12/23', '100.00', '9,900.00'],
              ['20/12/23', '28/12/23', '50.00', '9,850.00'],
              ['29/12/23', '29/12/23', '50.00', '9,800.00'],
            ].flatMap(([date, value, debit, balance], i) =>
              placed(
                140 + 15 * i,
                [
                  [33, 73, date!],
                  [80, 120, value!],
                  [160, 220, 'UPI/DR/334550055093'],
                  [461 - 5 * debit!.length, 461, debit!],
                  [592 - 5 * balance!.length, 592, balance!],
                ],
                8,
              ),
            ),
          ],
        },
      ],
    },
  }),
  'account.balance-computed': () => ({
    doc: sheet([HEAD, plain[0]!, [plain[1]![0], plain[1]![1], null, plain[1]![3], null], plain[2]!]),
  }),
  'account.break': () => ({
    doc: sheet([HEAD, plain[0]!, plain[1]!, ['03/04/2024', 'ATM cash', '500.00', null, '10000.00']]),
  }),
  'account.unread-line': () => ({
    doc: pages(
      page(1, [['01/05/2024', 'UPI/DR/412220246414/BHARAT', '920.00', '', '55,953.43']]),
      // (its balance does not follow, so no other read of the words accounts for it either)
      page(2, [['02/05/2024', 'UPI/CR/412258786469/MOHAMMED', '', '1,155.00', '57,000.00']], {
        header: false,
        top: placed(60, [[33, 200, 'Account Summary']], 8),
      }),
    ),
  }),
};

for (const rule of Object.keys(RULES) as RuleId[]) {
  test(`explain reports ${rule}`, () => {
    const { doc, opts } = CASES[rule]();
    const { result, trace, rules } = traced(doc, opts);
    assert.ok(rules.has(rule), `${rule} not among ${[...rules].join(', ')}`);
    assert.match(explainText(result, trace), new RegExp(rule.replace('.', '\\.')));
  });
}

test('a trace changes nothing in the read', () => {
  const dir = path.resolve(import.meta.dirname, '../fixtures');
  const docs = [
    ...Object.values(CASES).map((c) => c()),
    ...readdirSync(dir)
      .filter((b) => b !== 'formats')
      .flatMap((b) =>
        readdirSync(path.join(dir, b))
          .filter((f) => f.endsWith('.source.json'))
          .map((f) => ({
            doc: JSON.parse(readFileSync(path.join(dir, b, f), 'utf8')) as SourceDocument,
            opts: {},
          })),
      ),
  ];
  for (const { doc, opts } of docs) {
    const without = parseStatement(structuredClone(doc), opts);
    const { result } = traced(structuredClone(doc), opts);
    assert.deepEqual(toTruthJson(result), toTruthJson(without));
    assert.deepEqual(result.issues, without.issues);
  }
});

test('explain --row shows one row with where it was printed; the SVG draws words, bands and rows', () => {
  const { doc } = CASES['rows.page-resumed']();
  const { result, trace } = traced(doc);
  const text = explainText(result, trace, { row: 2 });
  assert.match(text, /^Row 2 {2}2024-05-02 .*\(page 2 y 140\.0-148\.0, 1 line\(s\)\)/);
  assert.doesNotMatch(text, /Row 1 /);
  if (doc.kind !== 'pages') throw new Error('pages');
  const svg = explainSvg(doc.pages[0]!, result, trace);
  assert.match(svg, /^<svg /);
  assert.equal((svg.match(/<text /g) ?? []).length, doc.pages[0]!.words.length);
  assert.equal((svg.match(/<title>(date|description|debit|credit|balance)<\/title>/g) ?? []).length, 5);
  assert.match(svg, /stroke="#2ca02c"/);
});
