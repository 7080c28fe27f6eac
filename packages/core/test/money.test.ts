import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  formatIndian,
  formatPlain,
  formatRupees,
  paiseToRupees,
  parseAmount,
  rupeesToPaise,
} from '../src/money.ts';

test('rupeesToPaise is exact for two-decimal inputs', () => {
  assert.equal(rupeesToPaise(1.15), 115);
  assert.equal(rupeesToPaise(0.29), 29);
  assert.equal(rupeesToPaise(1.005), 100); // 1.005 is really 1.00499... in binary
  assert.equal(rupeesToPaise(-12.34), -1234);
  assert.equal(rupeesToPaise(-0), 0);
  assert.throws(() => rupeesToPaise(Number.NaN), RangeError);
  fc.assert(
    fc.property(fc.integer({ min: -1e13, max: 1e13 }), (p) => {
      const rupees = Number(formatPlain(p));
      return rupeesToPaise(rupees) === p && paiseToRupees(p) === rupees;
    }),
  );
});

test('parseAmount reads what statements and users print', () => {
  const cases: [string, number | null][] = [
    ['1,23,456.78', 12345678],
    ['123456.78', 12345678],
    ['123,456.78', 12345678],
    ['₹ 1,234', 123400],
    ['₹1,234.00', 123400],
    ['Rs. 12.5', 1250],
    ['rs 12', 1200],
    ['INR 5', 500],
    ['-12.00', -1200],
    ['-₹12.00', -1200],
    ['₹-12.00', -1200],
    ['(12.00)', -1200],
    ['12.00 Dr', -1200],
    ['12.00DR', -1200],
    ['12.00 Dr.', -1200],
    ['12.00 (Dr)', -1200],
    ['12.00 Cr', 1200],
    ['12.00 (Cr)', 1200],
    ['12.00cr.', 1200],
    ['1,234.5', 123450],
    ['.50', 50],
    ['  7  ', 700],
    ['0.00', 0],
    ['-0.00', 0],
    ['12.500', 1250],
    ['', null],
    ['  ', null],
    ['-', null],
    ['--', null],
    ['abc', null],
    ['12a', null],
    ['1.2.3', null],
    ['1,2,3', null],
    ['12,34', null],
    ['1,2345', null],
    ['12.345', null],
    ['12.', null],
    ['-(12)', null],
    ['-12 Dr', null],
    ['(12.00) Cr', null],
    ['(12.00', null],
    ['12.00)', null],
    ['12 Dr Cr', null],
    ['₹', null],
    ['99999999999999999999', null],
  ];
  for (const [text, expected] of cases) assert.equal(parseAmount(text), expected, JSON.stringify(text));
});

test('formatIndian groups the Indian way', () => {
  assert.equal(formatIndian(12345678), '1,23,456.78');
  assert.equal(formatIndian(-150), '-1.50');
  assert.equal(formatIndian(12345678, { symbol: true }), '₹1,23,456.78');
  assert.equal(formatIndian(-150, { symbol: true }), '-₹1.50');
  assert.equal(formatIndian(0), '0.00');
  assert.equal(formatIndian(5), '0.05');
  assert.equal(formatIndian(100000), '1,000.00');
  assert.equal(formatIndian(1000000000), '1,00,00,000.00');
  assert.equal(formatPlain(12345678), '123456.78');
  assert.equal(formatPlain(-150), '-1.50');
  assert.equal(formatPlain(7), '0.07');
});

const paise = fc.integer({ min: -9e14, max: 9e14 });

test('parseAmount(formatIndian(p)) === p for every paise amount', () => {
  fc.assert(
    fc.property(paise, fc.boolean(), (p, symbol) => parseAmount(formatIndian(p, { symbol })) === p),
    { numRuns: 2000 },
  );
});

test('parseAmount(formatPlain(p)) === p for every paise amount', () => {
  fc.assert(
    fc.property(paise, (p) => parseAmount(formatPlain(p)) === p),
    { numRuns: 2000 },
  );
});

test('Dr and parentheses negate, Cr keeps the sign', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1e12 }), (p) => {
      const text = formatIndian(p);
      return (
        parseAmount(`${text} Dr`) === -p && parseAmount(`(${text})`) === -p && parseAmount(`${text} Cr`) === p
      );
    }),
  );
});

test('formatIndian groups digits as 3 then 2s', () => {
  fc.assert(
    fc.property(paise, (p) => {
      const rupees = formatIndian(p).replace('-', '').split('.')[0];
      const groups = rupees.split(',');
      const last = groups.at(-1) ?? '';
      return (
        groups.join('') === formatPlain(Math.abs(p)).split('.')[0] &&
        (groups.length === 1 ? last.length <= 3 : last.length === 3) &&
        groups.slice(1, -1).every((g) => g.length === 2) &&
        (groups.length === 1 || groups[0].length <= 2)
      );
    }),
  );
});

test('formatRupees: the one rupee formatter of the screens', () => {
  assert.equal(formatRupees(123456.78), '₹1,23,456.78');
  assert.equal(formatRupees(-1.5), '-₹1.50');
  assert.equal(formatRupees(1190, { whole: true }), '₹1,190');
  assert.equal(formatRupees(1190.5, { whole: true }), '₹1,190.50');
  assert.equal(formatRupees(0.1 + 0.2), '₹0.30');
});

test('plain figures in either grouping read exactly; a figure grouped wrongly is none', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 9e14 }), (p) => {
      const western = (p / 100).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      return parseAmount(western) === p && parseAmount((p / 100).toFixed(2)) === p;
    }),
  );
  for (const bad of ['1,2345.00', '12,34,5678.00', ',123.00', '1,23,456.7.8', '1,23,456.789'])
    assert.equal(parseAmount(bad), null, bad);
});
