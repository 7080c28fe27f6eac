// The cells stage's one-layout patches (decision 039, census of session 11: parse/cells.ts), each
// pinned on the stage alone with the arrangement it was written for, so that a rebuild of the cells
// stage shows which it keeps, which the cut at band edges makes unneeded, and which it breaks.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineCells } from '../../src/parse/cells.ts';
import { bandModel, column, measured, texts } from './stages.ts';

// Sr | Date | Narration | Withdrawal | Deposit | Balance
const serials = bandModel([
  column('serial', 20, 40),
  column('date', 44, 100),
  column('description', 110, 260),
  column('debit', 270, 320),
  column('credit', 330, 380),
  column('balance', 390, 440),
]);

test("cutSerials (cells.ts:393): a serial drawn with a year-less date ('10 Jan 04') is the serial's, not 10 January 2004", () => {
  const cells = lineCells(serials, [
    measured([28, 36, '10'], [46, 58, 'Jan'], [60, 68, '04']),
    measured([110, 180, 'UPI/DR/BHARAT']),
    measured([285, 320, '920.00']),
    measured([400, 440, '55,953.43']),
  ]);
  assert.deepEqual(texts(cells), [
    ['serial', '10'],
    ['date', 'Jan 04'],
    ['description', 'UPI/DR/BHARAT'],
    ['debit', '920.00'],
    ['balance', '55,953.43'],
  ]);
});

test("joinDatePieces (cells.ts:229): a day drawn in one item with the serial before it ('10 09' 'Dec' '23') is the date's", () => {
  // (places estimated from character counts, as for OCR words and reports: the item is not cut)
  const cells = lineCells(serials, [
    { text: '10 09', x0: 24, x1: 42 },
    { text: 'Dec', x0: 46, x1: 58 },
    { text: '23', x0: 61, x1: 69 },
    measured([110, 180, 'UPI/DR/BHARAT']),
    measured([400, 440, '55,953.43']),
  ]);
  assert.deepEqual(texts(cells).slice(0, 2), [
    ['serial', '10'],
    ['date', '09 Dec 23'],
  ]);
});

test("joinDatePieces (cells.ts:245): a day alone in the serial column stays there ('5' 'Dec' '31' drawn apart)", () => {
  const cells = lineCells(serials, [
    measured([32, 36, '5']),
    measured([41, 53, 'Dec']),
    measured([56, 64, '31']),
    measured([110, 180, 'UPI/DR/BHARAT']),
    measured([400, 440, '55,953.43']),
  ]);
  assert.deepEqual(texts(cells).slice(0, 2), [
    ['serial', '5'],
    ['date', 'Dec 31'],
  ]);
});

// Date | Narration | Type | Amount | Balance
const typed = bandModel([
  column('date', 20, 70),
  column('description', 80, 240),
  column('other', 250, 280),
  column('amount', 290, 340),
  column('balance', 350, 400),
]);

test("a word under a heading the reader does not know ('Type') stays that column's, a side word as any other (census 14: the cells' own reading of side words there, cells.ts:364, is gone; the bands read a column of them as a Dr/Cr column)", () => {
  for (const word of ['CR', 'TFR'])
    assert.deepEqual(
      texts(
        lineCells(typed, [
          measured([20, 62, '01/04/2024']),
          measured([80, 150, 'NEFT/ACME']),
          measured([254, 274, word]),
          measured([300, 340, '1,000.00']),
        ]),
      )[2],
      ['other', word],
    );
});

// Date | Narration | Withdrawal | Deposit | Balance | Channel | Dr/Cr
const channel = bandModel([
  column('date', 20, 70),
  column('description', 80, 200),
  column('debit', 210, 260),
  column('credit', 270, 320),
  column('balance', 330, 380),
  column('other', 390, 450),
  column('mark', 460, 480),
]);

test("giveMarks (cells.ts:379): a Dr/Cr printed past a column of no role is the balance's ('791,836.86' | 'NET BANKING' | 'DR')", () => {
  const cells = lineCells(channel, [
    measured([20, 62, '01/04/2024']),
    measured([80, 150, 'NEFT/ACME']),
    measured([230, 260, '100.00']),
    measured([335, 380, '791,836.86']),
    measured([392, 412, 'NET'], [415, 448, 'BANKING']),
    measured([462, 476, 'DR']),
  ]);
  assert.deepEqual(texts(cells), [
    ['date', '01/04/2024'],
    ['description', 'NEFT/ACME'],
    ['debit', '100.00'],
    ['balance', '791,836.86 DR'],
    ['other', 'NET BANKING'],
  ]);
});
