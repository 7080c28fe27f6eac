// Whether a page read upright is tried at other turns (mayBeTurned, src/read/ocr.ts): a photo's
// words come cut ('98150.' '56', '01' 'Jan' '2023'), so its upright reading holds few whole dates
// or amounts and was taken for a page that might be turned; plainly text, it is not (decision 041,
// session 12).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { looksLikeTable, mayBeTurned, orientationScore } from '../../src/read/ocr.ts';

const line = (texts: string[], confidence = 90) => ({
  words: texts.map((text, i) => ({ text, confidence, bbox: { x0: i * 50, y0: 0, x1: i * 50 + 40, y1: 10 } })),
  baseline: { x0: 0, y0: 10, x1: texts.length * 50, y1: 10 },
});

// the photo INDIANBANK 71499 page's rows as the recogniser cut them
const photoRow = (d: string) =>
  line([d, 'Jan', '2023', 'UPI/DR/300124', 'GROCERIES', 'Payment', 'from', 'PhonePe', '98150.', '56']);

test('a photo page read upright, its figures and dates cut, is not tried at other turns', () => {
  const lines = [
    line(['Name', 'GLOBAL', 'TECH', 'SOLUTIONS', 'PVT', 'LTD', 'Account', 'No']),
    line([
      'Statement',
      'of',
      'Account',
      'for',
      'the',
      'period',
      '01',
      'Jan',
      '2023',
      'to',
      '31',
      'Jan',
      '2023',
    ]),
    ...['01', '02', '03', '05', '06', '08', '09', '10', '12', '14', '16', '18'].map(photoRow),
  ];
  assert.equal(looksLikeTable(lines), false);
  assert.ok(orientationScore(lines) >= 75);
  assert.equal(mayBeTurned(lines), false);
});

test('garbage, a few words, or a short page still may be turned; a table read whole is not', () => {
  // an upside-down page read as it is: unsure marks, few word-like words
  const garbage = Array.from({ length: 30 }, () => line(['Z¢9/8TI0N', '19S', "'v98'8L'c", '00', 'ove'], 40));
  assert.equal(mayBeTurned(garbage), true);
  // a short last page: a heading and a few words
  assert.equal(mayBeTurned([line(['INDIAN', 'BANK', 'Account', 'No', 'Page', '3'])]), true);
  const table = ['01-01-2023', '02-01-2023', '03-01-2023'].map((d) =>
    line([d, 'NEFT', '1,200.00', '98,150.56']),
  );
  assert.equal(mayBeTurned(table), false);
});
