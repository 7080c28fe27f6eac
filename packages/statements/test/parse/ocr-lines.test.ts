// The lines stage alone on a scanned page (pageLines for OCR words): the tilt of the scan measured
// and levelled before words are grouped, lines compared at the words' middles with the page's
// typical height, and a figure's recogniser confusions undone; a garbled date read back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateSkew, fixOcrAmount, mendOcrDate } from '../../src/parse/ocr-words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { linesOf } from './stages.ts';

const scan = (words: Word[]): SourceDocument => ({
  kind: 'pages',
  format: 'pdf',
  pages: [{ number: 1, width: 612, height: 792, words, ocr: true }],
});
/** Words of a row printed at `y`, on a page tilted by `slope` (y grows by slope per unit of x). */
const tilted = (y: number, slope: number, items: [number, number, string][], height = 10): Word[] =>
  items.map(([x0, x1, text]) => ({
    text,
    x: x0,
    y: y + slope * ((x0 + x1) / 2),
    width: x1 - x0,
    height,
    confidence: 90,
  }));
const row = (date: string, text: string, amount: string, balance: string): [number, number, string][] => [
  [30, 90, date],
  [120, 120 + 6 * text.length, text],
  [400, 400 + 6 * amount.length, amount],
  [500, 500 + 6 * balance.length, balance],
];

test("a tilted scan's rows are levelled: each row's words make one line, though its right end sits lower than the next row's left", () => {
  const slope = 0.03; // 15 points over the width of the table: more than a row's pitch of 14
  const words = [
    ...tilted(100, slope, row('01/04/2024', 'UPI payment', '100.00', '9,900.00')),
    ...tilted(114, slope, row('02/04/2024', 'NEFT client', '1,000.00', '10,900.00')),
    ...tilted(128, slope, row('03/04/2024', 'ATM cash', '500.00', '10,400.00')),
  ];
  assert.ok(Math.abs(estimateSkew(words) - slope) < 0.002, `skew ${estimateSkew(words)}`);
  assert.deepEqual(
    linesOf(scan(words)).map((l) => l.text),
    [
      '01/04/2024 UPI payment 100.00 9,900.00',
      '02/04/2024 NEFT client 1,000.00 10,900.00',
      '03/04/2024 ATM cash 500.00 10,400.00',
    ],
  );
});

test('a tall speck does not swallow the line below: OCR lines are compared with the page’s typical height', () => {
  const words = [
    ...tilted(100, 0, row('01/04/2024', 'UPI payment', '100.00', '9,900.00')),
    { text: '1,000.00', x: 400, y: 112, width: 48, height: 10, confidence: 90 },
    // a blot read as a tall glyph, its middle level with the first row's: it starts that line
    { text: 'l', x: 300, y: 85, width: 3, height: 30, confidence: 90 },
    ...tilted(114, 0, [
      [30, 90, '02/04/2024'],
      [120, 186, 'NEFT client'],
      [500, 554, '10,900.00'],
    ]),
  ];
  const lines = linesOf(scan(words));
  assert.equal(lines.length, 2, lines.map((l) => l.text).join(' | '));
  assert.match(lines[1]!.text, /^02\/04\/2024 NEFT client/);
  assert.ok(lines.every((l) => l.ocr === true));
});

test("a figure's recogniser confusions are undone; a garbled date reads back", () => {
  assert.equal(fixOcrAmount('1,2O0.0O'), '1,200.00');
  assert.equal(fixOcrAmount('UPI'), 'UPI');
  assert.equal(mendOcrDate('os/12/2023'), '05/12/2023');
  assert.equal(mendOcrDate('NEFT'), null);
});
