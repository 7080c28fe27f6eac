// The OCR words stage alone (parse/ocr-words.ts): what the recogniser's words are mended or dropped
// to before the lines are made: confusions in figures, ruling marks and stray quotes, noise too small
// or too unsure to be print, misread heading words and marks. The statements these came from, read
// whole, are in ocr.test.ts and ocr-heading-words.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanOcrWords, fixOcrAmount } from '../../src/parse/ocr-words.ts';
import type { Word } from '../../src/source.ts';

test('recogniser confusions in amounts are undone', () => {
  const cases: [string, string][] = [
    ['1,2O4.5O', '1,204.50'],
    ['S,347.85', '5,347.85'],
    ['l,23,456.78', '1,23,456.78'],
    ['1,234,56', '1,234.56'],
    ['1.23.456.78', '1,23,456.78'],
    ['4,460.O2Cr.', '4,460.02Cr.'],
    ['887.83', '887.83'],
  ];
  for (const [ocr, fixed] of cases) assert.equal(fixOcrAmount(ocr), fixed, ocr);
  for (const word of ['Soil', 'DEPOSIT', 'III', 'UPI/DR/400559462270', '03-01-2024', 'ISO', '12'])
    assert.equal(fixOcrAmount(word), word, word);
});

test('ruling-line marks are dropped and stray quotes stripped', () => {
  const w = (text: string): Word => ({ text, x: 0, y: 0, width: 10, height: 6 });
  const out = cleanOcrWords([w('|'), w('‘Serial'), w('"01/05/2023'), w('—'), w(':'), w('Cr.')]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['Serial', '01/05/2023', ':', 'Cr.'],
  );
});

test('OCR noise: capitals or digits under half the text height, a glyph at low confidence', () => {
  const w = (text: string, height: number, confidence?: number): Word => ({
    text,
    x: 0,
    y: 0,
    width: 10,
    height,
    ...(confidence === undefined ? {} : { confidence }),
  });
  const page = [w('Balance', 6, 96), w('12,471.00', 6.5, 95), w('narration', 6, 90)];
  const out = cleanOcrWords([
    ...page,
    w('1', 2.6, 95),
    w('TT', 1.2, 0),
    w('J—', 7.2, 25),
    w('1', 6, 95),
    w('Cr.', 6, 20),
    w('ab', 2, 90),
    w('UPI/DR/3125', 6, 12),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['Balance', '12,471.00', 'narration', '1', 'Cr.', 'ab', 'UPI/DR/3125'],
  );
});

const at = (text: string, x: number, y: number, width = 20, height = 6): Word => ({
  text,
  x,
  y,
  width,
  height,
  confidence: 90,
});

test("cleanOcrWords mends 'Amount' and 'Amt' on a heading line only", () => {
  const out = cleanOcrWords([
    at('Withdrawal', 100, 50),
    at('Ant.', 125, 50),
    at('Cr', 150, 50.5),
    at('Anpunt', 160, 50),
    at('ANPBUNT', 190, 51),
    at('Anount', 220, 49),
    at('Balance', 250, 50),
    // a narration's words, on no line with 'Balance': the user's
    at('Anpunt', 100, 80),
    at('Ant', 130, 80),
    // near the heading but a line below
    at('Ant', 130, 57),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['Withdrawal', 'Amt.', 'Cr', 'Amount', 'AMOUNT', 'Amount', 'Balance', 'Anpunt', 'Ant', 'Ant'],
  );
});

test('cleanOcrWords drops a dash stuck before a figure marked Cr, and keeps any other minus', () => {
  const out = cleanOcrWords([
    at('-191431.98', 474, 100, 45),
    at('Cr', 520, 100, 8),
    at('-191431.98Cr', 474, 110, 53),
    at('-1,200.00', 474, 120, 45),
    at('Dr', 520, 120, 8),
    at('-1,200.00', 474, 130, 45),
    // a Cr on the next line is not this figure's
    at('-500.00', 474, 140, 45),
    at('Cr', 520, 147, 8),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['191431.98', 'Cr', '191431.98Cr', '-1,200.00', 'Dr', '-1,200.00', '-500.00', 'Cr'],
  );
});

test("cleanOcrWords reads a mark's doubled point as one", () => {
  const out = cleanOcrWords([
    at('677,574.43', 517, 10, 45),
    at('Cr..', 562, 10, 10),
    at('Dr.,', 562, 20, 10),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['677,574.43', 'Cr.', 'Dr.'],
  );
});
