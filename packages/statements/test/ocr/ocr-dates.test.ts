// A scanned row's date read one digit wrong is mended from the value date read beside it, where the
// statement's date order shows the misread (decision 041, session 17): photo PNB 47596's 28 Dec read
// '20/12/23' beside its value date '28/12/23', photo BOM 8029's 29 Feb read '20/02/24'. Dates are
// in no balance chain: the order is all that shows them, and only an OCR read is mended.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { datesByOrder, inOrder, mendOcrDates } from '../../src/parse/ocr-dates.ts';
import { Trace } from '../../src/parse/trace.ts';
import type { ParseIssue, Transaction } from '../../src/parse/types.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

/** Rows of [date, value date], all from OCR'd pages unless `page` is 1. */
const rows = (...r: [string, string | null, number?][]): Transaction[] =>
  r.map(([date, valueDate, page = 2], i) => ({
    date,
    valueDate,
    description: `row ${i + 1}`,
    reference: null,
    withdrawal: 100,
    deposit: 0,
    balance: 10000 - 100 * (i + 1),
    page,
  }));
const ocr = (t: Transaction) => t.page === 2;
const dates = (txs: Transaction[]) => txs.map((t) => t.date);

test('the rows in date order: one longest run that never goes back, a day repeated', () => {
  assert.deepEqual([...inOrder(['2023-12-26', '2023-12-27', '2023-12-20', '2023-12-20'])].sort(), [0, 1]);
  assert.deepEqual([...inOrder(['2023-12-01', '2023-12-09', '2023-12-03', '2023-12-04'])].sort(), [0, 2, 3]);
  assert.deepEqual([...inOrder(['2023-12-01', '2023-12-01', '2023-12-02'])].sort(), [0, 1, 2]);
  assert.deepEqual([...inOrder([])], []);
});

test("a date out of order, one digit from its value date, takes the value date and is flagged (PNB 47596's page 2)", () => {
  // 28 and 29 Dec both read '20/12/23', the last two rows, their value dates read right
  const txs = rows(
    ['2023-12-26', '2023-12-26'],
    ['2023-12-27', '2023-12-27'],
    ['2023-12-20', '2023-12-28'],
    ['2023-12-20', '2023-12-29'],
  );
  const mended = mendOcrDates(txs, ocr);
  assert.deepEqual(dates(txs), ['2023-12-26', '2023-12-27', '2023-12-28', '2023-12-29']);
  assert.deepEqual(mended, [txs[2], txs[3]]);
  assert.deepEqual(
    txs.map((t) => t.ocrFlag === true),
    [false, false, true, true],
  );
});

test('a misread inside the run: 29 Feb read 20 Feb between 28 Feb and 1 Mar (BOM 8029)', () => {
  const txs = rows(
    ['2024-02-27', '2024-02-27'],
    ['2024-02-28', '2024-02-28'],
    ['2024-02-20', '2024-02-29'],
    ['2024-03-01', '2024-03-01'],
  );
  assert.equal(mendOcrDates(txs, ocr).length, 1);
  assert.deepEqual(dates(txs), ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  // a year misread the same way (CANARA 71367: '2074')
  const year = rows(['2024-05-09', '2024-05-09'], ['2074-05-10', '2024-05-10'], ['2024-05-11', '2024-05-11']);
  mendOcrDates(year, ocr);
  assert.deepEqual(dates(year), ['2024-05-09', '2024-05-10', '2024-05-11']);
  // on the last row it keeps the order it breaks: the period the statement prints shows it
  const last = () => rows(['2024-05-28', '2024-05-28'], ['2074-05-30', '2024-05-30']);
  const lastRows = last();
  mendOcrDates(lastRows, ocr, { issues: [], period: { from: '2024-05-01', to: '2024-05-31' } });
  assert.deepEqual(dates(lastRows), ['2024-05-28', '2024-05-30']);
  const noPeriod = last();
  mendOcrDates(noPeriod, ocr, { issues: [] });
  assert.deepEqual(dates(noPeriod), ['2024-05-28', '2074-05-30']);
});

test('never mended: a text layer, a date in order, a value date two digits off or out of order, none read', () => {
  const cases: [string, Transaction[]][] = [
    // a text layer's dates are exact
    ['text', rows(['2023-12-27', '2023-12-27', 1], ['2023-12-20', '2023-12-28', 1])],
    // in order: a posting and value date a digit apart are the bank's (a cheque cleared next day)
    ['in order', rows(['2023-12-11', '2023-12-11'], ['2023-12-12', '2023-12-13'], ['2023-12-14', null])],
    ['two digits', rows(['2023-12-27', '2023-12-27'], ['2023-12-10', '2023-12-28'])],
    // the value date would break the order too: it is no better than the date
    [
      'out of order',
      rows(['2023-12-27', '2023-12-27'], ['2023-12-20', '2023-12-29'], ['2023-12-28', '2023-12-28']),
    ],
    ['no value date', rows(['2023-12-27', '2023-12-27'], ['2023-12-20', null])],
  ];
  for (const [what, txs] of cases) {
    const before = dates(txs);
    assert.deepEqual(mendOcrDates(txs, ocr), [], what);
    assert.deepEqual(dates(txs), before, what);
    assert.equal(
      txs.some((t) => t.ocrFlag),
      false,
      what,
    );
  }
});

test('no value date to mend from: the one date a digit from it that keeps the order, where only one does', () => {
  // a day's rows around the misread one leave it no other: 12 Dec read '17'
  const day = rows(
    ['2023-12-11', null],
    ['2023-12-12', null],
    ['2023-12-17', null],
    ['2023-12-12', null],
    ['2023-12-13', null],
  );
  assert.equal(mendOcrDates(day, ocr).length, 1);
  assert.deepEqual(dates(day), ['2023-12-11', '2023-12-12', '2023-12-12', '2023-12-12', '2023-12-13']);
  assert.equal(day[2]!.ocrFlag, true);
  // the last row: the period's last day bounds it; a year misread has one reading in the period
  const period = { from: '2024-05-01', to: '2024-05-31' };
  const year = rows(['2024-05-28', null], ['2074-05-30', null]);
  mendOcrDates(year, ocr, { issues: [], period });
  assert.deepEqual(dates(year), ['2024-05-28', '2024-05-30']);
  // 29 Dec read '20' after 28 Dec: 28, 29 and 30 would all keep the order (PNB 31714's last row)
  const last = rows(['2023-12-28', null], ['2023-12-20', '2023-12-20']);
  assert.deepEqual(
    mendOcrDates(last, ocr, { issues: [], period: { from: '2023-12-01', to: '2023-12-31' } }),
    [],
  );
  // no bound on one side (no period, the last row): none
  const open = rows(['2024-05-28', null], ['2074-05-30', null]);
  assert.deepEqual(mendOcrDates(open, ocr), []);
  // a text layer's misread is no misread
  const text = rows(['2023-12-12', null, 1], ['2023-12-17', null, 1], ['2023-12-12', null, 1]);
  assert.deepEqual(mendOcrDates(text, ocr), []);
});

test('each mend is a decision in the trace under its rule, and a note to the user', () => {
  const txs = rows(['2023-12-27', '2023-12-27'], ['2023-12-20', '2023-12-28']);
  const trace = new Trace();
  const issues: ParseIssue[] = [];
  mendOcrDates(txs, ocr, { issues, trace });
  assert.deepEqual(
    trace.decisions.map((d) => [d.rule, d.page, d.detail]),
    [['account.ocr-date-mended', 2, '2023-12-20 -> 2023-12-28: out of order, one digit from its value date']],
  );
  assert.equal(issues.length, 1);
  assert.match(issues[0]!.message, /rows dated 2023-12-28/);
});

/** A scanned page under known headings (Date, Value Date, Narration, Withdrawal, Deposit, Balance);
 * each row [date, value date, withdrawal, balance], its figures set right in their columns. */
function scannedPage(lines: [string, string, string, string][]): SourceDocument {
  const at = (y: number, items: [number, number, string][]): Word[] =>
    items.map(([x0, x1, text]) => ({ text, x: x0, y, width: x1 - x0, height: 8 }));
  const words = at(100, [
    [33, 50, 'Date'],
    [80, 102, 'Value'],
    [105, 122, 'Date'],
    [160, 205, 'Narration'],
    [413, 461, 'Withdrawal'],
    [483, 522, 'Deposit'],
    [559, 592, 'Balance'],
  ]);
  lines.forEach(([date, value, debit, balance], i) =>
    words.push(
      ...at(120 + 10 * i, [
        [33, 73, date],
        [80, 120, value],
        [160, 220, 'UPI/DR/334550055093'],
        [461 - 5 * debit.length, 461, debit],
        [592 - 5 * balance.length, 592, balance],
      ]),
    ),
  );
  return { kind: 'pages', format: 'pdf', pages: [{ number: 1, width: 612, height: 792, words, ocr: true }] };
}

test('the account stage mends a scanned date and flags the row; the row before it is no longer in doubt', () => {
  const doc = scannedPage([
    ['26/12/23', '26/12/23', '100.00', '900.00'],
    ['27/12/23', '27/12/23', '50.00', '850.00'],
    ['20/12/23', '28/12/23', '50.00', '800.00'],
    ['29/12/23', '29/12/23', '50.00', '750.00'],
  ]);
  const trace = new Trace();
  const result = parseStatement(doc, { trace });
  const txs = result.accounts.flatMap((a) => a.transactions);
  assert.deepEqual(dates(txs), ['2023-12-26', '2023-12-27', '2023-12-28', '2023-12-29']);
  assert.equal(txs[2]!.ocrFlag, true);
  // (an order broken flags both rows, since either may be the misread one: not once it is mended)
  assert.notEqual(txs[1]!.ocrFlag, true);
  assert.ok(trace.decisions.some((d) => d.rule === 'account.ocr-date-mended'));
  // the same words from a text layer: read as printed
  const text = structuredClone(doc) as SourceDocument & { kind: 'pages' };
  delete text.pages[0]!.ocr;
  const printed = parseStatement(text).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(dates(printed), ['2023-12-26', '2023-12-27', '2023-12-20', '2023-12-29']);
});

test("the bench's photo PNB 47596 as 20cb099's reader read it: 28 Dec read '20/12/23' beside '28/12/23'", () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-PNB-47596.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(saved.doc);
  // 18 of 20 before: 28 Dec's date, and 29 Dec's (its value date read '20/12/23' too: 28, 29 and 30
  // would all keep the order, and it is left as read, flagged)
  assert.equal(judgeParse(saved.truth, result).score.matched, 19);
  const txs = result.accounts.flatMap((a) => a.transactions);
  const row = txs.find((t) => t.withdrawal === 845300);
  assert.deepEqual([row?.date, row?.ocrFlag], ['2023-12-28', true]);
  const truth = saved.truth.transactions as { date: string; balance: number }[];
  const right = (t: Transaction) =>
    truth.some((x) => x.date === t.date && Math.round(x.balance * 100) === t.balance);
  assert.ok(txs.filter((t) => !t.ocrFlag).every(right));
});

test('datesByOrder dates a row whose date read as nothing where the order and the chain leave one day', () => {
  const tx = (date: string, deposit: number, balance: number | null): Transaction => ({
    date,
    valueDate: null,
    description: '',
    reference: null,
    withdrawal: 0,
    deposit,
    balance,
    page: 1,
  });
  const undated = new Set<Transaction>();
  const blank = (t: Transaction) => (undated.add(t), t);
  const march = { from: '2025-03-01', to: '2025-03-31' };
  // photo ICICI 7943: the period's first day and the next row's both 1 Mar, 36,106.64 + 1,755.00
  const icici = [blank(tx('2025-03-01', 175500, 3786164)), tx('2025-03-01', 651500, 4438064)];
  const issues: ParseIssue[] = [];
  const kept = datesByOrder(icici, (t) => undated.has(t), march, 3610664, { issues });
  assert.equal(kept.length, 2);
  assert.deepEqual([kept[0]!.date, kept[0]!.ocrFlag], ['2025-03-01', true]);
  assert.equal(issues.length, 0);
  // the order leaves two days (1 Mar, then 3 Mar): dropped, the user told
  const apart = [
    tx('2025-03-01', 100, 1100),
    blank(tx('2025-03-01', 100, 1200)),
    tx('2025-03-03', 100, 1300),
  ];
  assert.equal(datesByOrder(apart, (t) => undated.has(t), march, 1000, { issues }).length, 2);
  assert.equal(issues.length, 1);
  // the chain does not move by its amount (an opening line read as a row: its figure its balance)
  const opening = [blank(tx('2025-03-01', 0, 1000)), tx('2025-03-01', 100, 1100)];
  assert.equal(datesByOrder(opening, (t) => undated.has(t), march, 1000).length, 1);
  const unproven = [
    tx('2025-03-01', 100, 1100),
    blank(tx('2025-03-01', 100, 1250)),
    tx('2025-03-01', 100, 1350),
  ];
  assert.equal(datesByOrder(unproven, (t) => undated.has(t), march, 1000).length, 2);
});
