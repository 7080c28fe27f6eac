// Property tests for the statement-side amount and date readers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { currencyFigure, isCurrency, readAmount } from '../../src/parse/amount.ts';
import {
  findDates,
  nearYear,
  readDate,
  readDateTime,
  readMonthDay,
  withYear,
} from '../../src/parse/dates.ts';

function indian(paise: number): string {
  const whole = Math.floor(paise / 100).toString();
  const frac = String(paise % 100).padStart(2, '0');
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? rest + ',' : ''}${last3}.${frac}`;
}
const western = (paise: number) =>
  `${Math.floor(paise / 100).toLocaleString('en-US')}.${String(paise % 100).padStart(2, '0')}`;

test('amounts in Indian and Western grouping read back to the same paise', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (p) => {
      assert.equal(readAmount(indian(p))?.paise, p);
      assert.equal(readAmount(western(p))?.paise, p);
      assert.equal(readAmount(String(p / 100), true)?.paise, p);
    }),
  );
});

test('Dr/Cr markers are kept beside the amount', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 9_999_999_999 }),
      fc.constantFrom(' Cr.', 'Cr', ' (Cr)', ' CR', ' Dr.', ' (Dr)', 'Dr'),
      (p, m) => {
        const a = readAmount(indian(p) + m);
        assert.equal(a?.paise, p);
        assert.equal(a?.mark, /dr/i.test(m) ? 'dr' : 'cr');
      },
    ),
  );
});

test("a mark printed before the figure is the figure's side, as one after it is", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 9_999_999_999 }),
      fc.constantFrom('Dr ', 'DR ', 'Cr ', 'CR. ', '(Dr) ', 'Dr'),
      fc.constantFrom('', 'INR ', 'Rs.', 'Rs. '),
      (p, m, cur) => {
        const a = readAmount(m + cur + indian(p));
        assert.equal(a?.paise, p);
        assert.equal(a?.mark, /dr/i.test(m) ? 'dr' : 'cr');
      },
    ),
  );
  // a mark before narration words is no amount
  assert.equal(readAmount('CR SALARY'), null);
});

test('month names written out, either way round', () => {
  assert.equal(readDate('01 April 2023'), '2023-04-01');
  assert.equal(readDate('April 1, 2023'), '2023-04-01');
  assert.equal(readDate('29 February 24'), '2024-02-29');
  assert.equal(readDate('01-September-2023'), '2023-09-01');
  assert.equal(readDate('01 Sept 2023'), '2023-09-01');
  assert.equal(readDate('01 Aprx 2023'), null, 'a word that is no month');
  assert.equal(readDate('01 Ma 2023'), null);
});

test('a minus after the figure is a negative amount; a dash a space after it is an empty cell', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 9_999_999_999 }), (p) => {
      assert.equal(readAmount(`${indian(p)}-`)?.paise, -p);
      assert.equal(readAmount(`${western(p)}-`)?.paise, -p);
    }),
  );
  assert.equal(readAmount('1,234.00 -'), null);
  assert.equal(readAmount('1234-'), null, 'a number without paise is no amount');
  assert.equal(readAmount('1,234.00--'), null);
});

test("minus signs other than the hyphen, and the old fonts' backtick rupee", () => {
  for (const minus of ['\u2212', '\u2013', '\u2012', '\uFE63', '\uFF0D'])
    assert.equal(readAmount(`${minus}1,234.00`)?.paise, -123400, `U+${minus.codePointAt(0)!.toString(16)}`);
  assert.equal(readAmount('` 1,234.00')?.paise, 123400);
  assert.equal(readAmount('`1,23,456.00 Cr')?.paise, 12345600);
  assert.ok(isCurrency('`'));
  assert.equal(readAmount('\u2013'), null, 'a dash alone is an empty cell');
});

test('currency words, signed or not, are told from other words', () => {
  for (const s of ['INR', 'Rs.', 'Rs', '₹', '-INR', 'inr']) assert.ok(isCurrency(s), s);
  for (const s of ['INRX', 'Rupees', 'CR', '1,200.00', 'RS/123']) assert.ok(!isCurrency(s), s);
  // a negative balance with its currency between sign and figure
  assert.equal(readAmount('-INR 4,60,713.57')?.paise, -46071357);
});

test('a currency word and the figure after it are one amount, an overdrawn one in brackets too', () => {
  assert.ok(currencyFigure('Rs.', '3,540.00'));
  assert.ok(currencyFigure('(Rs.', '6,04,888.46)'));
  assert.ok(currencyFigure('(₹', '12.50)'));
  assert.ok(!currencyFigure('(Rs.', '6,04,888.46'), 'a bracket opened and never closed');
  assert.ok(!currencyFigure('(see', '1,200.00)'));
  assert.ok(!currencyFigure('Rs.', 'NEFT'));
});

test('a date with its time in the cell reads to the date', () => {
  for (const [s, want] of [
    ['01/04/2023 10:15:32', '2023-04-01'],
    ['01-04-2023 10:15 AM', '2023-04-01'],
    ['30 Jun 2023 08:59 PM', '2023-06-30'],
    ['2023-04-01', '2023-04-01'],
  ])
    assert.equal(readDateTime(s), want, s);
  for (const s of ['01/04/2023 SALARY', '10:15:32', '01/04/2023 99:99'])
    assert.equal(readDateTime(s), null, s);
});

test('a period printed with two-digit years is found', () => {
  assert.deepEqual(findDates('Statement of Account for the period 01 Apr 25 to 31 May 25'), [
    '2025-04-01',
    '2025-05-31',
  ]);
  assert.deepEqual(findDates('From 01.01.2023 To 31.01.2023'), ['2023-01-01', '2023-01-31']);
});

test('non-amounts are refused', () => {
  for (const s of ['0000333621653512', '2024', 'UPI-518374551840', '12/03/2024', '', 'Cr', '1,2,3.45x'])
    assert.equal(readAmount(s), null, s);
});

const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test('every statement date shape reads to the same ISO date', () => {
  fc.assert(
    fc.property(
      fc.date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      (d) => {
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() + 1;
        const day = d.getUTCDate();
        const iso = d.toISOString().slice(0, 10);
        const dd = String(day).padStart(2, '0');
        const mm = String(m).padStart(2, '0');
        const yy = String(y % 100).padStart(2, '0');
        const mon = MON[m - 1]!;
        for (const s of [
          `${dd}/${mm}/${y}`,
          `${dd}-${mm}-${y}`,
          `${dd}/${mm}/${yy}`,
          `${dd}-${mm}-${yy}`,
          `${dd}-${mon}-${y}`,
          `${dd}-${mon}-${yy}`,
          `${day} ${mon} ${y}`,
          `${dd} ${mon}, ${y}`,
          `${mon} ${dd}, ${y}`,
          iso,
          `${day} ${mon}\n${y}`,
        ])
          assert.equal(readDate(s), iso, s);
      },
    ),
  );
});

test('impossible dates are refused', () => {
  for (const s of ['31/02/2024', '00/01/2024', '12/13/2024', '29-Feb-2023', 'Opening Balance', '1 Foo 2024'])
    assert.equal(readDate(s), null, s);
  assert.equal(readDate('29-Feb-2024'), '2024-02-29');
});

test('a date printed without its year takes the year that puts it inside the statement period', () => {
  assert.equal(readMonthDay('May 02'), '05-02');
  assert.equal(readMonthDay('02 May'), '05-02');
  assert.equal(readMonthDay('Ref 12'), null);
  assert.equal(readMonthDay('May 32'), null);
  assert.equal(withYear('12-28', '2023-12-01', '2024-01-31'), '2023-12-28');
  assert.equal(withYear('01-03', '2023-12-01', '2024-01-31'), '2024-01-03');
  assert.equal(withYear('06-15', '2023-12-01', '2024-01-31'), null, 'outside the period');
  assert.equal(withYear('02-29', '2023-01-01', '2023-12-31'), null, 'no such day that year');
});

test('a value date without a year takes the year nearest its posting date', () => {
  assert.equal(nearYear('12-31', '2024-01-02'), '2023-12-31');
  assert.equal(nearYear('01-03', '2023-12-30'), '2024-01-03');
  assert.equal(nearYear('04-05', '2023-04-01'), '2023-04-05');
  assert.equal(nearYear('02-29', '2024-03-01'), '2024-02-29');
});
