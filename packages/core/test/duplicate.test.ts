import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays, daysBetween } from '../src/dates.ts';
import {
  DEFAULT_DUPLICATE_SETTINGS,
  duplicateRow,
  insertAfter,
  normaliseDuplicateSettings,
  type DuplicateSettings,
  type VoucherRow,
} from '../src/duplicate.ts';
import { DomainError } from '../src/errors.ts';
import { seededRng } from '../src/random.ts';

const source: VoucherRow = {
  date: '2024-04-10',
  voucherType: 'Sales',
  ledgerName: 'Sales A/c',
  partyName: 'Cash',
  description: 'Counter sale',
  netAmount: 500,
};
const settings = (over: Partial<DuplicateSettings>): DuplicateSettings => ({
  ...DEFAULT_DUPLICATE_SETTINGS,
  ...over,
});

test('normalise applies the dialog rules', () => {
  assert.deepEqual(normaliseDuplicateSettings({}), DEFAULT_DUPLICATE_SETTINGS);
  const s = normaliseDuplicateSettings({
    copies: '0',
    interval: 2.5,
    direction: 'sideways',
    splitMin: -3,
    splitMax: 'x',
    customStartDate: '31-02-2024',
    amountIncrement: true,
    randomAmountSplit: true,
  });
  assert.equal(s.copies, 1);
  assert.equal(s.interval, 1);
  assert.equal(s.direction, 'forward');
  assert.equal(s.splitMin, 1);
  assert.equal(s.splitMax, 1);
  assert.equal(s.customStartDate, '');
  assert.equal(s.randomAmountSplit, true);
  assert.equal(s.amountIncrement, false);
  const t = normaliseDuplicateSettings({
    copies: '4',
    interval: '7',
    splitMin: 20,
    splitMax: 10,
    descriptionSuffix: false,
  });
  assert.deepEqual(
    [t.copies, t.interval, t.splitMin, t.splitMax, t.descriptionSuffix],
    [4, 7, 20, 20, false],
  );
});

test('forward copies from the source date, with suffix and increment', () => {
  const copies = duplicateRow(
    { ...source, netAmount: '10.10' },
    settings({ copies: 3, interval: 2, amountIncrement: true }),
  );
  assert.deepEqual(
    copies.map((c) => [c.date, c.netAmount, c.description]),
    [
      ['2024-04-12', 11.1, 'Counter sale (Copy 1)'],
      ['2024-04-14', 12.1, 'Counter sale (Copy 2)'],
      ['2024-04-16', 13.1, 'Counter sale (Copy 3)'],
    ],
  );
  assert.ok(
    copies.every((c) => c.voucherType === 'Sales' && c.ledgerName === 'Sales A/c' && c.partyName === 'Cash'),
  );
});

test('backward copies from a custom start date start on that date', () => {
  const copies = duplicateRow(
    source,
    settings({ copies: 3, customStartDate: '2024-03-01', direction: 'backward', descriptionSuffix: false }),
  );
  assert.deepEqual(
    copies.map((c) => c.date),
    ['2024-03-01', '2024-02-29', '2024-02-28'],
  );
  assert.ok(copies.every((c) => c.description === 'Counter sale' && c.netAmount === 500));
});

test('undated source without a start date gives undated copies; empty description gets just the suffix', () => {
  const copies = duplicateRow({ ...source, date: '', description: '' }, settings({ copies: 2 }));
  assert.deepEqual(
    copies.map((c) => [c.date, c.description]),
    [
      ['', '(Copy 1)'],
      ['', '(Copy 2)'],
    ],
  );
});

test('random split spreads the floored source amount over the copies', () => {
  const copies = duplicateRow(
    { ...source, netAmount: '250.75' },
    settings({ copies: 5, randomAmountSplit: true }),
    seededRng(3),
  );
  const parts = copies.map((c) => c.netAmount as number);
  assert.equal(
    parts.reduce((a, b) => a + b, 0),
    250,
  );
  assert.ok(parts.every((p) => Number.isInteger(p) && p >= 1 && p <= 100));
});

test('an impossible split throws a DomainError that says why', () => {
  assert.throws(
    () => duplicateRow({ ...source, netAmount: 1000 }, settings({ copies: 2, randomAmountSplit: true })),
    (e: unknown) =>
      e instanceof DomainError &&
      e.code === 'split-impossible' &&
      /1000 cannot be split into 2 parts/.test(e.userMessage),
  );
  assert.throws(
    () => duplicateRow({ ...source, netAmount: '' }, settings({ randomAmountSplit: true })),
    DomainError,
  );
});

test('insertAfter puts copies right after the source', () => {
  assert.deepEqual(insertAfter(['a', 'b', 'c'], 1, ['x', 'y']), ['a', 'b', 'x', 'y', 'c']);
  assert.deepEqual(insertAfter(['a'], 0, ['x']), ['a', 'x']);
  assert.throws(() => insertAfter(['a'], 1, ['x']), RangeError);
});

const settingsArb = fc.record({
  copies: fc.integer({ min: 1, max: 40 }),
  customStartDate: fc.constantFrom('', '2024-01-31', '2000-02-29'),
  interval: fc.integer({ min: 1, max: 40 }),
  direction: fc.constantFrom('forward', 'backward') as fc.Arbitrary<'forward' | 'backward'>,
  amountIncrement: fc.boolean(),
  descriptionSuffix: fc.boolean(),
  randomAmountSplit: fc.boolean(),
  splitMin: fc.integer({ min: 1, max: 50 }),
  splitMax: fc.integer({ min: 50, max: 500 }),
});
const rowArb = fc.record({
  date: fc.constantFrom('', '2024-04-10', '2023-12-31'),
  voucherType: fc.constantFrom('', 'Receipt', 'Payment') as fc.Arbitrary<VoucherRow['voucherType']>,
  ledgerName: fc.string({ maxLength: 8 }),
  partyName: fc.string({ maxLength: 8 }),
  description: fc.string({ maxLength: 8 }),
  netAmount: fc.oneof(
    fc.integer({ min: 0, max: 20000 }),
    fc.integer({ min: 0, max: 2000000 }).map((p) => (p / 100).toFixed(2)),
  ),
});

test('every promise of the dialog holds for any settings', () => {
  fc.assert(
    fc.property(rowArb, settingsArb, fc.integer(), (row, s, seed) => {
      let copies: VoucherRow[];
      try {
        copies = duplicateRow(row, s, seededRng(seed));
      } catch (e) {
        assert.ok(e instanceof DomainError && s.randomAmountSplit);
        return;
      }
      assert.equal(copies.length, s.copies);
      const step = s.direction === 'forward' ? s.interval : -s.interval;
      copies.forEach((c, i) => {
        const n = i + 1;
        if (s.customStartDate) assert.equal(c.date, addDays(s.customStartDate, (n - 1) * step));
        else if (row.date) assert.equal(daysBetween(row.date, c.date), n * step);
        else assert.equal(c.date, '');
        assert.equal(
          c.description,
          s.descriptionSuffix
            ? [row.description.trimEnd(), `(Copy ${n})`].filter(Boolean).join(' ')
            : row.description,
        );
        assert.equal(c.ledgerName, row.ledgerName);
        assert.equal(c.voucherType, row.voucherType);
        if (!s.randomAmountSplit && s.amountIncrement) {
          assert.equal(
            Math.round(Number(c.netAmount) * 100),
            Math.round(Number(row.netAmount) * 100) + n * 100,
          );
        }
        if (!s.randomAmountSplit && !s.amountIncrement) assert.equal(c.netAmount, row.netAmount);
      });
      if (s.randomAmountSplit) {
        const parts = copies.map((c) => c.netAmount as number);
        assert.equal(
          parts.reduce((a, b) => a + b, 0),
          Math.floor(Number(row.netAmount)),
        );
        assert.ok(parts.every((p) => p >= s.splitMin && p <= s.splitMax));
      }
      assert.deepEqual(duplicateRow(row, s, seededRng(seed)), copies);
    }),
    { numRuns: 500 },
  );
});
