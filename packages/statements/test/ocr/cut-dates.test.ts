// A scanned date cut into parts with a speck beside it (decision 041, session 18): the scan bench's
// speckle PNB statement (seed 103099, 3 pages, 200 dpi) as the reader read it at 1cf517d: its 25 Dec
// date read '.25-' 'Dec-' '2023"' (a speck's point before the day, a quote after the year), so the
// row had no date, and its deposit (4,455.00) and the next row's withdrawal (1,500.00) were read as
// one row of 28 Dec with 2,955.00 in, whose balance still followed: flagged, but in an account that
// reconciled. 18 of 20 rows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { mendOcrDate } from '../../src/parse/ocr-words.ts';
import { joinCutFigures, pageMonths } from '../../src/scan/words.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { rejoined } from './rejoin.ts';

const saved = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/scan-bench/speckle-PNB-103099.read.json'),
    'utf8',
  ),
) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };

const line = (...parts: [string, number, number][]) => parts.map(([text, x0, x1]) => ({ text, x0, x1 }));

test("joinCutFigures joins a date cut in three with a speck's point before its day and a quote after its year", () => {
  // the saved read's words, in page units (the join goes by the line's character pitch)
  const words = line(
    ['.25-', 18.7, 33.6],
    ['Dec-', 36.7, 53.0],
    ['2023"', 55.9, 76.8],
    ['4455.00', 200.1, 233.0],
    ['94888.16Cr', 253.4, 298.8],
    ['UPI', 306.7, 317.5],
  );
  assert.deepEqual(
    joinCutFigures(words).map((w) => [w.text, w.x0, w.x1]),
    [
      ['25-Dec-2023', 18.7, 76.8],
      ['4455.00', 200.1, 233.0],
      ['94888.16Cr', 253.4, 298.8],
      ['UPI', 306.7, 317.5],
    ],
  );
  // the speck and the quote go only with a join into a date with its month's name: alone, before a
  // figure, or on an all-figures date (which joins by its own rule, figure characters only), kept
  assert.deepEqual(
    joinCutFigures(line(['.25-', 18.7, 33.6], ['4455.00', 200.1, 233.0], ['UPI', 306.7, 317.5])).map(
      (w) => w.text,
    ),
    ['.25-', '4455.00', 'UPI'],
  );
  assert.deepEqual(
    joinCutFigures(line(['25-12-', 18.7, 44], ['2023"', 47, 68], ['UPI', 306.7, 317.5])).map((w) => w.text),
    ['25-12-', '2023"', 'UPI'],
  );
});

test('the speckle PNB statement whose 25 Dec date was cut beside a speck: every row, none netted into another', () => {
  const result = parseStatement(rejoined(saved.doc));
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 20);
  assert.equal(score.matched, 20);
  assert.equal(score.found, 20);
});

// The scan bench's dpi200 UTKARSH statement (seed 23939, 2 pages) as the reader read it at 1cf517d:
// its 7 Dec date read 'a7/' '12/2023' (confidence 34), a soft 0 read as an 'a', so the row was not
// read (rows.unreadable-date) and the account broke at the next: 22 of 23 rows.
const utkarsh = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/scan-bench/dpi200-UTKARSH-23939.read.json'),
    'utf8',
  ),
) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };

test("mendOcrDate reads a soft 0 read as 'a' back ('a7/ 12/2023')", () => {
  assert.equal(mendOcrDate('a7/ 12/2023'), '07/12/2023');
  // an 'a' where no date can be is still no date
  assert.equal(mendOcrDate('aa/12/2023'), null);
  assert.equal(mendOcrDate('NEFT/a7'), null);
});

test("the dpi200 UTKARSH statement whose 7 Dec was read 'a7/ 12/2023': every row, the mended one flagged", () => {
  const result = parseStatement(utkarsh.doc);
  const { score } = judgeParse(utkarsh.truth, result);
  assert.equal(score.expected, 23);
  assert.equal(score.matched, 23);
  assert.equal(score.found, 23);
  const row = result.accounts.flatMap((a) => a.transactions).find((t) => t.date === '2023-12-07');
  assert.equal(row?.ocrFlag, true);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});

// The scan bench's speckle UTKARSH statement (seed 118979, 1 page) as the reader read it at 95c1ec3:
// its 6 Dec date read '.06/12/2023', a speck's point before the day, so the row was not read
// (rows.unreadable-date) and the account broke at the next: 21 of 23 rows.
const speckled = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/scan-bench/speckle-UTKARSH-118979.read.json'),
    'utf8',
  ),
) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };

test("mendOcrDate reads a garbled date back past a speck's point before its day ('.06/12/2023')", () => {
  assert.equal(mendOcrDate('.06/12/2023'), '06/12/2023');
  assert.equal(mendOcrDate("'06/12/2023"), '06/12/2023');
  // a point before anything but a digit, or a figure, is still no date
  assert.equal(mendOcrDate('./12/2023'), null);
  assert.equal(mendOcrDate('.06.12'), null);
});

test("the speckle UTKARSH statement whose 6 Dec was read '.06/12/2023': the row read and flagged, the chain whole", () => {
  const result = parseStatement(speckled.doc);
  const { score } = judgeParse(speckled.truth, result);
  assert.equal(score.expected, 23);
  // every row: the last row's balance, its mark misread, is read since session 20 (misread-marks.test.ts)
  assert.equal(score.matched, 23);
  const row = result.accounts.flatMap((a) => a.transactions).find((t) => t.date === '2023-12-06');
  assert.equal(row?.withdrawal, 5400);
  assert.equal(row?.ocrFlag, true);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});

// The scan bench's photo BOB statement (seed 47559, 1 page, 200 dpi) as the reader read it at
// 30011ed (session 21): 6 Feb's date read '06-' 'Fep-' '2024' (Feb's or Sep's) and 9 Feb's value
// date '09-' 'Fed-' '2024', its date '0S-' 'Feb-' '2024'; neither row was read: 16 of 19 rows
// (decision 041, session 22).
const bob = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-BOB-47559-s21.read.json'),
    'utf8',
  ),
) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };

test("joinCutFigures joins a cut date whose month's name is a letter off, as the one month of the page's dates that near", () => {
  const cut = (name: string) => line(['06-', 93.3, 104.3], [name, 106.6, 121.2], ['2024', 123.4, 140.5]);
  const text = (words: { text: string }[]) => words.map((w) => w.text);
  const feb = pageMonths(['01-Feb-2024', 'to', '29-Feb-2024', '03-Feb-2024']);
  assert.deepEqual([...feb], ['feb']);
  assert.deepEqual(text(joinCutFigures(cut('Fep-'), 1.3, feb)), ['06-Feb-2024']);
  assert.deepEqual(text(joinCutFigures(cut('Fed-'), 1.3, feb)), ['06-Feb-2024']);
  assert.deepEqual(text(joinCutFigures(cut('FEP-'), 1.3, feb)), ['06-FEB-2024']);
  // no month of the page's that near, or two: left as read
  assert.deepEqual(text(joinCutFigures(cut('Fep-'), 1.3)), ['06-', 'Fep-', '2024']);
  assert.deepEqual(text(joinCutFigures(cut('Fep-'), 1.3, pageMonths(['01-Feb-2024', '30 Sep 2024']))), [
    '06-',
    'Fep-',
    '2024',
  ]);
  assert.deepEqual(text(joinCutFigures(cut('Xyz-'), 1.3, feb)), ['06-', 'Xyz-', '2024']);
  // a narration's word after a figure is no month's name
  assert.deepEqual(
    text(joinCutFigures(line(['NEFT-', 10, 40], ['Fed-', 42, 56], ['2024', 58, 75]), 1.3, feb)),
    ['NEFT-', 'Fed-', '2024'],
  );
});

test("the photo BOB statement whose 6 Feb was read '06-' 'Fep-' '2024': both rows read, the one dated by its value date flagged", () => {
  assert.equal(judgeParse(bob.truth, parseStatement(bob.doc)).score.matched, 16);
  const doc = rejoined(bob.doc, true);
  const result = parseStatement(doc);
  const { score } = judgeParse(bob.truth, result);
  assert.equal(score.expected, 19);
  assert.equal(score.found, 19);
  // 3 Feb's date read 02-Feb-2024 beside its value date 03-Feb-2024: wrong, flagged
  assert.equal(score.matched, 18);
  const rows = result.accounts.flatMap((a) => a.transactions);
  assert.equal(rows.find((t) => t.date === '2024-02-06' && t.deposit === 1535900)?.balance, 22032206);
  assert.equal(rows.find((t) => t.date === '2024-02-09')?.ocrFlag, true);
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});

test("mendOcrDate reads back a date whose one separator was lost and the other read as a figure ('2000325')", () => {
  // photo ICICI seed 7943's 20 Mar (session 24): the figure after the day, not after the month
  assert.equal(mendOcrDate('2000325'), '20/03/25');
  assert.equal(mendOcrDate('0470325'), '04/03/25'); // a slash read as a 7
  assert.equal(mendOcrDate('0410325'), '04/03/25'); // a slash read as a 1
  assert.equal(mendOcrDate('0410125'), null); // 04/01/25 or 04/10/25
  assert.equal(mendOcrDate('201032025'), '20/03/2025');
  // where both places leave a day and a month, or neither does: no date
  assert.equal(mendOcrDate('201012025'), null);
  assert.equal(mendOcrDate('2013325'), null);
  assert.equal(mendOcrDate('2050325'), null); // a 5 is no slash
  assert.equal(mendOcrDate('1234567'), null);
});
