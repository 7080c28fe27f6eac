// A scanned row whose date the recogniser garbled beside a value date it read is dated by the value
// date and flagged (decision 041, round seven). The fixture is the scan bench's dpi200 PNB statement
// (seed 7954) as the reader read it: '0v12/23' for 01/12/23 and '1112/23' for 11/12/23, each beside
// its value date read right; the two rows were dropped ("a row with amounts but no readable date"),
// 18/20 rows, and the account did not reconcile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { mendOcrDate } from '../../src/parse/ocr-words.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';
import { itemsPage } from './items.ts';

test('a garbled date beside a value date read: the row is read, dated by its value date, flagged', () => {
  const doc = fixture('scan-bench', 'dpi200-PNB-7954-read.ocr.json') as SourceDocument;
  const truth = fixture('scan-bench', 'dpi200-PNB-7954.expected.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 20);
  assert.equal(score.found, 20);
  const [account] = result.accounts;
  assert.equal(account!.reconciliation.ok, true);
  const byDate = (d: string) => account!.transactions.filter((t) => t.date === d);
  // the two value-dated rows carry the flag: the chain proves amounts, never dates
  assert.deepEqual(
    byDate('2023-12-01').map((t) => [t.deposit, t.ocrFlag]),
    [[3527000, true]],
  );
  assert.equal(byDate('2023-12-11').find((t) => t.withdrawal === 1180500)?.ocrFlag, true);
  assert.equal(
    result.issues.some((i) => /no readable date/.test(i.message)),
    false,
  );
});

test('a text layer row with a garbled date is still not read (a text layer is exact)', () => {
  const head: [number, [number, number, string][]] = [
    100,
    [
      [40, 70, 'Date'],
      [100, 140, 'Value Date'],
      [160, 210, 'Description'],
      [450, 500, 'Withdrawal'],
      [545, 580, 'Balance'],
    ],
  ];
  const row = (y: number, date: string, value: string, debit: string, balance: string) =>
    [
      y,
      [
        [40, 80, date],
        [100, 140, value],
        [160, 220, 'UPI/DR/334550055093'],
        [500 - 5 * debit.length, 500, debit],
        [580 - 5 * balance.length, 580, balance],
      ],
    ] as [number, [number, number, string][]];
  const doc = itemsPage(8, [
    head,
    row(120, '01/12/23', '01/12/23', '100.00', '900.00'),
    row(130, '1112/23', '11/12/23', '50.00', '850.00'),
    row(140, '12/12/23', '12/12/23', '50.00', '800.00'),
  ]);
  const dates = () => parseStatement(doc).accounts.flatMap((a) => a.transactions.map((t) => t.date));
  assert.deepEqual(dates(), ['2023-12-01', '2023-12-12']);
  // the same words from OCR: the middle row is read, dated by its value date
  const pages = (doc as SourceDocument & { kind: 'pages' }).pages;
  pages[0]!.ocr = true;
  assert.deepEqual(dates(), ['2023-12-01', '2023-12-11', '2023-12-12']);
});

test('mendOcrDate reads back an all-figures date the recogniser garbled, and nothing else', () => {
  const cases: [string, string | null][] = [
    ['os/12/2023', '05/12/2023'], // letters for digits
    ['0512/2023', '05/12/2023'], // a separator lost
    ['1112/23', '11/12/23'],
    ['13/121 2023', '13/12/2023'], // a space inside
    ['1671272023', '16/12/2023'], // the slashes read as 7s
    ['167 127 2023', '16/12/2023'],
    ['0v12/23', null], // a letter that is no digit
    ['1M/12/2023', null],
    ['05/13/2023', null], // no month 13
    ['12345678', null], // no separator at all: a number
    ['UPI/DR', null],
    ['2023', null],
  ];
  for (const [text, want] of cases) assert.equal(mendOcrDate(text), want, text);
});

test('a scanned row whose date and value date are both garbled is dated by its date read back, flagged', () => {
  // the scan bench's photo PNB (seed 31714) as the reader read it: a soft 200 dpi photo whose
  // dates came as 'os/12/2023' '0512/2023', '13/121 2023' twice, '1671272023' '167 127 2023'
  const doc = fixture('scan-bench', 'photo-PNB-31714-read.ocr.json') as SourceDocument;
  const truth = fixture('scan-bench', 'photo-PNB-31714.expected.json');
  const result = parseStatement(doc);
  const rows = result.accounts.flatMap((a) => a.transactions);
  const at = (date: string, w: number) => rows.find((t) => t.date === date && t.withdrawal === w);
  // 8,131.00 on 05/12, 86,522.00 on 13/12, 1,500.00 on 16/12: each read, each flagged
  for (const [date, w] of [
    ['2023-12-05', 813100],
    ['2023-12-13', 8652200],
    ['2023-12-16', 150000],
  ] as const) {
    assert.equal(at(date, w)?.ocrFlag, true, `${date} ${w}`);
  }
  const { score } = judgeParse(truth, result);
  // 12: 9 Dec read '08/12' out of order, the one date a digit from it between its neighbours
  // (mendOcrDates, decision 041 session 17)
  assert.equal(score.matched, 12);
  // every row read wrong carries its flag
  assert.equal(
    rows
      .filter((t) => !t.ocrFlag)
      .every((t) =>
        truth.transactions.some(
          (x: { date: string; balance: number }) =>
            x.date === t.date && Math.round(x.balance * 100) === t.balance,
        ),
      ),
    true,
  );
});

test('a scanned date that reads back starts a row after a line that ended the table', () => {
  // the scan bench's clean AXIS (seed 7919) as round six's reader read it: page 2's '14/0124
  // 14/0124 ... 2,037.00 0.00 3,32,462.66Cr' came after a narration line that ended the table,
  // and only a dated row resumes it: the row was lost without an issue (24/25)
  const doc = fixture('scan-bench', 'clean-AXIS-7919-read.ocr.json') as SourceDocument;
  const truth = fixture('scan-bench', 'clean-AXIS-7919.expected.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 25);
  assert.equal(score.found, 25);
  const row = result.accounts[0]!.transactions.find((t) => t.withdrawal === 203700);
  assert.deepEqual([row?.date, row?.ocrFlag], ['2024-01-14', true]);
});
