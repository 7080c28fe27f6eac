import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { addDays } from '../src/dates.ts';
import {
  balanceGaps,
  bookMonths,
  chronologicalOrder,
  mergeStatement,
  mergedRows,
  normaliseReference,
  sameBookRow,
  uncoveredPeriods,
  type BookRow,
} from '../src/book.ts';

const row = (
  date: string,
  withdrawal: number,
  deposit: number,
  balance: number | null,
  reference: string | null = null,
  description = 'ROW',
): BookRow => ({ date, description, withdrawal, deposit, balance, reference });

/**
 * An account's true history: `n` rows chained from an opening balance, several a day, some days
 * without movement, and a few rows identical in date and amount (two ₹10 charges on one day) so
 * recognition has to tell them apart by their balances.
 */
const history = (withBalances = true) =>
  fc
    .record({
      opening: fc.integer({ min: 0, max: 10_000_000 }),
      steps: fc.array(
        fc.record({
          dayStep: fc.constantFrom(0, 0, 1, 1, 2, 5),
          out: fc.boolean(),
          paise: fc.constantFrom(1000, 1000, 25_000, 50_050, 123_456),
          ref: fc.option(fc.constantFrom('UTR1', 'UTR2', '000123'), { nil: null }),
        }),
        { minLength: 1, maxLength: 60 },
      ),
    })
    .map(({ opening, steps }) => {
      let date = '2026-01-01';
      let bal = opening;
      return steps.map((s, i) => {
        date = addDays(date, s.dayStep);
        bal += s.out ? -s.paise : s.paise;
        return row(
          date,
          s.out ? s.paise : 0,
          s.out ? 0 : s.paise,
          withBalances ? bal : null,
          s.ref,
          `NARRATION ${i}`,
        );
      });
    });

const dates = (rows: readonly BookRow[]) => rows.map((r) => r.date);
const sorted = (xs: string[]) => xs.every((d, i) => i === 0 || xs[i - 1] <= d);

test('a statement merged into an empty book is the statement, in date order', () => {
  const s = [row('2026-01-03', 100, 0, 900), row('2026-01-01', 0, 1000, 1000)];
  const r = mergeStatement([], s);
  assert.deepEqual(r.added, [1, 0]);
  assert.deepEqual(r.recognised, []);
});

test('newest-first statements are read backwards, and a stray row is mended', () => {
  const rows = [row('2026-01-05', 1, 0, 1), row('2026-01-03', 1, 0, 2), row('2026-01-01', 1, 0, 3)];
  assert.deepEqual(chronologicalOrder(rows), [2, 1, 0]);
  const stray = [row('2026-01-01', 1, 0, 1), row('2026-01-04', 1, 0, 2), row('2026-01-02', 1, 0, 3)];
  assert.deepEqual(chronologicalOrder(stray), [0, 2, 1]);
});

test('references: padding and punctuation do not matter, a different reference does', () => {
  assert.equal(normaliseReference(' 000123 '), '123');
  assert.equal(normaliseReference('0000'), '');
  assert.equal(normaliseReference('utr-45/6'), 'UTR456');
  const a = row('2026-01-01', 500, 0, 100, '000123');
  assert.ok(sameBookRow(a, { ...a, reference: '123', description: 'OTHER WORDS' }));
  assert.ok(sameBookRow(a, { ...a, reference: null }), 'a missing reference is no disagreement');
  assert.ok(!sameBookRow(a, { ...a, reference: '124' }));
  assert.ok(!sameBookRow(a, { ...a, balance: 101 }));
  assert.ok(sameBookRow(a, { ...a, balance: null }), 'a missing balance is no disagreement');
  assert.ok(!sameBookRow(a, { ...a, date: '2026-01-02' }));
});

test('two identical charges on one day: a third statement holding both adds neither', () => {
  const jan = [row('2026-01-10', 1000, 0, null), row('2026-01-10', 1000, 0, null)];
  const book = mergedRows([], jan);
  assert.equal(book.length, 2);
  assert.equal(mergeStatement(book, jan).added.length, 0);
  // a statement printing three of them adds exactly one
  const three = [...jan, row('2026-01-10', 1000, 0, null)];
  assert.equal(mergeStatement(book, three).added.length, 1);
});

// Two rows alike in date, amounts and balance (the balance left and came back within a day) are
// one row to the merge when the row between them is in a statement not filed yet.
const noTwinsWithBalance = (rows: readonly BookRow[]) =>
  new Set(rows.map((r) => `${r.date}|${r.withdrawal}|${r.deposit}|${r.balance}`)).size === rows.length;

// With every balance (the opening too) distinct, each row's predecessor is the one whose balance
// it starts from: there is one order that chains, and the merge must find it.
const distinctBalances = (rows: readonly BookRow[]) => {
  const opening = (rows[0].balance ?? 0) + rows[0].withdrawal - rows[0].deposit;
  return new Set([opening, ...rows.map((r) => r.balance)]).size === rows.length + 1;
};
const sameMultiset = (x: readonly BookRow[], y: readonly BookRow[]) => {
  const k = (r: BookRow) => JSON.stringify(r);
  assert.deepEqual(x.map(k).sort(), y.map(k).sort());
};

test('property: two overlapping statements of one history merge back into that history, in either order', () => {
  fc.assert(
    fc.property(
      // Where a day's balance comes back to an earlier figure, two orders of its rows both chain;
      // the next property covers those histories.
      history().filter(distinctBalances),
      fc.nat(),
      fc.nat(),
      fc.boolean(),
      fc.boolean(),
      (rows, a, b, laterFirst, newestFirst) => {
        // statement A = rows[0..j), B = rows[i..n) with i <= j: they overlap on rows[i..j)
        const j = 1 + (a % rows.length);
        const i = b % (j + 1);
        const A = rows.slice(0, j);
        let B = rows.slice(i);
        // A statement of one day printed newest first whose balances chain either way reads the
        // same both ways round; the direction is then taken as printed.
        const oneDay = B.length > 0 && B[0].date === B[B.length - 1].date;
        if (newestFirst && !(oneDay && B.length === 2)) B = B.slice().reverse();
        const [first, second] = laterFirst ? [B, A] : [A, B];
        const once = mergedRows(mergedRows([], first), second);
        assert.deepEqual(once, rows, 'nothing doubled, nothing lost, the history order');
        assert.deepEqual(balanceGaps(once), []);
        // filing either statement again changes nothing
        assert.equal(mergeStatement(once, A).added.length, 0);
        assert.equal(mergeStatement(once, B).added.length, 0);
      },
    ),
    { numRuns: 300 },
  );
});

test('property: any history, overlapping statements: the same rows, in date order, chaining, nothing doubled', () => {
  fc.assert(
    fc.property(
      history().filter(noTwinsWithBalance),
      fc.nat(),
      fc.nat(),
      fc.boolean(),
      (rows, a, b, laterFirst) => {
        const j = 1 + (a % rows.length);
        const i = b % (j + 1);
        const [first, second] = laterFirst
          ? [rows.slice(i), rows.slice(0, j)]
          : [rows.slice(0, j), rows.slice(i)];
        const merged = mergedRows(mergedRows([], first), second);
        sameMultiset(merged, rows);
        assert.ok(sorted(dates(merged)));
        assert.deepEqual(balanceGaps(merged), []);
      },
    ),
    { numRuns: 300 },
  );
});

// Without balances, two rows alike in date and amounts in two statements that do not
// overlap cannot be told from one row printed twice: such histories are left out here, and the
// decision record says so.
// A missing reference is no disagreement, so a row with one and a row without are twins too.
const noTwins = (rows: readonly BookRow[]) =>
  new Set(rows.map((r) => `${r.date}|${r.withdrawal}|${r.deposit}`)).size === rows.length;

test('property: without balances, overlapping statements still merge without doubling', () => {
  fc.assert(
    fc.property(history(false).filter(noTwins), fc.nat(), fc.nat(), (rows, a, b) => {
      const j = 1 + (a % rows.length);
      const i = b % (j + 1);
      const merged = mergedRows(mergedRows([], rows.slice(0, j)), rows.slice(i));
      assert.equal(merged.length, rows.length);
      assert.ok(sorted(dates(merged)));
    }),
    { numRuns: 200 },
  );
});

test('property: recognised + added = the statement; the book only grows by what was added', () => {
  fc.assert(
    fc.property(history(), history(), (x, y) => {
      const book = mergedRows([], x);
      const r = mergeStatement(book, y);
      assert.equal(r.added.length + r.recognised.length, y.length);
      assert.equal(r.order.length, book.length + r.added.length);
      const fromBook = r.order.filter((o) => o.from === 'book').map((o) => o.index);
      assert.deepEqual(
        fromBook,
        book.map((_, i) => i),
        'book rows keep their order',
      );
      assert.ok(sorted(dates(mergedRows(book, y))), 'the merged book is in date order');
      // one-to-one: no book row recognised twice
      const seen = r.recognised.map((m) => m.book);
      assert.equal(new Set(seen).size, seen.length);
      for (const m of r.recognised) assert.ok(sameBookRow(book[m.book], y[m.statement]));
    }),
    { numRuns: 200 },
  );
});

/** A history with rows start..end left out: the book without them, and what it lacks. */
const withHole = (rows: readonly BookRow[], a: number, b: number) => {
  const start = 1 + (a % (rows.length - 2));
  const end = start + 1 + (b % (rows.length - start - 1));
  const missing = rows.slice(start, end);
  const net = missing.reduce((n, r) => n + r.deposit - r.withdrawal, 0);
  const book = mergedRows(mergedRows([], rows.slice(0, start)), rows.slice(end));
  return { start, missing, net, book };
};

test('property: a missing stretch of rows is exactly one gap, of the stretch’s net amount', () => {
  fc.assert(
    fc.property(history().filter(distinctBalances), fc.nat(), fc.nat(), (rows, a, b) => {
      fc.pre(rows.length >= 3);
      const { start, missing, net, book } = withHole(rows, a, b);
      const gaps = balanceGaps(book);
      assert.equal(gaps.length, 1);
      assert.equal(gaps[0].before, start);
      assert.equal(gaps[0].after, start - 1);
      assert.equal(gaps[0].difference, net);
      // filing the missing statement closes it
      assert.deepEqual(balanceGaps(mergedRows(book, missing)), []);
    }),
    { numRuns: 200 },
  );
});

// When a balance comes back to an earlier value on the same day, the rows after a hole can chain
// onto either occurrence: where the gap shows and its amount are the chain's choice, not the
// history's, and a day whose balance returns to its opening can even chain with no gap at all.
// Still: never more than the one gap, and filing the missing rows closes it.
test('property: with balances that repeat, a missing stretch is at most one gap, and filing closes it', () => {
  fc.assert(
    fc.property(history().filter(noTwinsWithBalance), fc.nat(), fc.nat(), (rows, a, b) => {
      fc.pre(rows.length >= 3);
      const { missing, net, book } = withHole(rows, a, b);
      fc.pre(net !== 0);
      assert.ok(balanceGaps(book).length <= 1);
      assert.deepEqual(balanceGaps(mergedRows(book, missing)), []);
    }),
    { numRuns: 500 },
  );
});

test('a balance that returns to an earlier value: the hole is one gap, wherever the chain puts it', () => {
  const rows = [
    row('2026-01-01', 0, 123456, 123456),
    row('2026-01-01', 0, 1000, 124456),
    row('2026-01-01', 1000, 0, 123456),
    row('2026-01-01', 123456, 0, 0),
    row('2026-01-02', 0, 1000, 1000),
  ];
  const book = mergedRows(mergedRows([], rows.slice(0, 1)), rows.slice(2));
  assert.equal(balanceGaps(book).length, 1);
  assert.deepEqual(balanceGaps(mergedRows(book, rows.slice(1, 2))), []);
});

test('a gap is where the chain breaks, rows without balances carry it forward', () => {
  const book = [
    row('2026-01-01', 0, 1000, 1000),
    row('2026-01-02', 100, 0, null),
    row('2026-01-03', 100, 0, 800),
    row('2026-02-01', 100, 0, 500),
  ];
  assert.deepEqual(balanceGaps(book), [
    { after: 2, before: 3, expected: 700, printed: 500, difference: -200 },
  ]);
});

test('periods no statement covers', () => {
  assert.deepEqual(
    uncoveredPeriods([
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-01-15', to: '2026-02-10' },
    ]),
    [{ from: '2026-02-11', to: '2026-02-28' }],
  );
  assert.deepEqual(
    uncoveredPeriods([
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2026-02-01', to: '2026-02-28' },
    ]),
    [],
  );
});

test('months: rows, totals, opening and closing', () => {
  const m = bookMonths([
    row('2026-01-05', 0, 1000, 6000),
    row('2026-01-20', 500, 0, 5500),
    row('2026-02-02', 100, 0, null),
  ]);
  assert.deepEqual(m, [
    { month: '2026-01', rows: 2, withdrawals: 500, deposits: 1000, opening: 5000, closing: 5500 },
    { month: '2026-02', rows: 1, withdrawals: 100, deposits: 0, opening: null, closing: null },
  ]);
});
