import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  SPEC_DATE_FORMATS,
  addDays,
  daysBetween,
  formatDisplayDate,
  formatSpecDate,
  isIsoDate,
  parseSpecDate,
  toTallyDate,
} from '../src/dates.ts';

const isoIn2000s = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

test('parseSpecDate reads every spec format', () => {
  const cases: [string, string | null][] = [
    ['05-01-2024', '2024-01-05'],
    ['05/01/2024', '2024-01-05'],
    ['05-01-24', '2024-01-05'],
    ['05/01/24', '2024-01-05'],
    ['05-Jan-2024', '2024-01-05'],
    ['05-JAN-24', '2024-01-05'],
    ['2024-01-05', '2024-01-05'],
    ['2024/01/05', '2024-01-05'],
    ['5-jan-2024', '2024-01-05'],
    ['5 Jan 2024', '2024-01-05'],
    ['05 Jan 2024', '2024-01-05'],
    [' 29-02-2024 ', '2024-02-29'],
    ['31-12-99', '2099-12-31'],
    ['29-02-2023', null],
    ['31-02-2024', null],
    ['31-04-2024', null],
    ['00-01-2024', null],
    ['01-13-2024', null],
    ['29-02-1900', null],
    ['29-02-2000', '2000-02-29'],
    ['05-01/2024', null],
    ['5-01-2024', null],
    ['05-Jan-2024 10:00', null],
    ['05-Janu-2024', null],
    ['05-Foo-2024', null],
    ['5 Jan 24', null],
    ['2024.01.05', null],
    ['20240105', null],
    ['', null],
  ];
  for (const [text, expected] of cases) assert.equal(parseSpecDate(text), expected, text);
});

test('parseSpecDate(formatSpecDate(d, f)) === d for every date of 2000..2099 and every format', () => {
  fc.assert(
    fc.property(isoIn2000s, fc.constantFrom(...SPEC_DATE_FORMATS), (iso, format) => {
      return parseSpecDate(formatSpecDate(iso, format)) === iso;
    }),
    { numRuns: 3000 },
  );
});

test('parseSpecDate rejects days past the end of the month in every format', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2000, max: 2099 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 29, max: 31 }),
      fc.constantFrom(...SPEC_DATE_FORMATS),
      (year, month, day, format) => {
        const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
        if (day <= lastDay) return true;
        const valid = `${year}-${String(month).padStart(2, '0')}-28`;
        const text = formatSpecDate(valid, format).replace(/(^|\D)0?28(\D|$)/, `$1${day}$2`);
        return text !== formatSpecDate(valid, format) && parseSpecDate(text) === null;
      },
    ),
  );
});

test('display and Tally dates', () => {
  assert.equal(formatDisplayDate('2024-01-05'), '05-01-2024');
  assert.equal(toTallyDate('2024-01-05'), '20240105');
  assert.throws(() => toTallyDate(''), RangeError);
  assert.throws(() => formatDisplayDate('2024-02-30'), RangeError);
  assert.equal(isIsoDate('2024-02-29'), true);
  assert.equal(isIsoDate('2023-02-29'), false);
  assert.equal(isIsoDate('05-01-2024'), false);
});

test('addDays steps across months, years and leap days', () => {
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2024-02-29', 1), '2024-03-01');
  assert.equal(addDays('2023-12-31', 1), '2024-01-01');
  assert.equal(addDays('2024-01-01', -1), '2023-12-31');
  assert.equal(addDays('2024-03-01', -366), '2023-03-01');
  assert.equal(daysBetween('2024-01-01', '2025-01-01'), 366);
});

test('addDays agrees with the UTC calendar and inverts itself', () => {
  fc.assert(
    fc.property(isoIn2000s, fc.integer({ min: -20000, max: 20000 }), (iso, days) => {
      const expected = new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);
      const moved = addDays(iso, days);
      return moved === expected && addDays(moved, -days) === iso && daysBetween(iso, moved) === days;
    }),
  );
});

test('formatSpecDate writes each format exactly as its name spells it', () => {
  assert.deepEqual(
    SPEC_DATE_FORMATS.map((f) => formatSpecDate('2024-01-05', f)),
    [
      '05-01-2024',
      '05/01/2024',
      '05-01-24',
      '05/01/24',
      '05-Jan-2024',
      '05-Jan-24',
      '2024-01-05',
      '2024/01/05',
      '5-Jan-2024',
      '5 Jan 2024',
    ],
  );
});
