// An unfiled statement's rows read back from its statement's stored rows (decision 052 round
// thirteen): each row the queue stages (statements/shape.ts toRow, tally/printed-rows.ts withPrinted)
// gives back the row the book would have taken from the reader, and rows that would not (a reference
// longer than a stored row keeps, paise that are not whole) are copied as before.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDisplayDate } from '@bahi/core';
import type { Transaction } from '@bahi/statements';
import { rowsSummary, storedRowsGiveBack, unfiledRowOf } from '../src/office/unfiled-rows.ts';
import { toStoredRow } from '../src/statements/results.ts';
import { toRow } from '../src/statements/shape.ts';
import { withPrinted } from '../src/tally/printed-rows.ts';

const tx = (t: Partial<Transaction>): Transaction => ({
  date: '2024-04-01',
  valueDate: null,
  description: 'NEFT',
  reference: null,
  withdrawal: 0,
  deposit: 0,
  balance: null,
  ...t,
});

// the book's row of a reader's row (office/accounts.ts toBookRow)
const bookRow = (t: Transaction) => ({
  date: t.date,
  description: t.description,
  withdrawal: t.withdrawal || 0,
  deposit: t.deposit || 0,
  balance: t.balance ?? null,
  reference: t.reference?.trim() || null,
});

// as stageStatementRows stores it
const stored = (t: Transaction) => withPrinted(toStoredRow(toRow(t)), t, formatDisplayDate);

test('a stored row gives back the row it was made from', () => {
  const rows = [
    tx({}),
    tx({ withdrawal: 150, balance: -150 }),
    tx({ withdrawal: -123_456_789, deposit: 0, balance: 0 }),
    tx({ deposit: 9_007_199_254_740_991, balance: 1 }),
    tx({
      date: '1999-12-31',
      description: '  spaced, "quoted" ₹ narration ',
      deposit: 1_00,
      balance: 12_34_56_789,
    }),
    tx({ reference: ' UTR123456 ', valueDate: '2024-04-02', withdrawal: 5, balance: 99 }),
    tx({ reference: 'R'.repeat(100), deposit: 1 }),
    tx({ description: '', withdrawal: 1_00_00_000_00 }),
  ];
  assert.ok(storedRowsGiveBack(rows.map(bookRow)));
  for (const t of rows) assert.deepEqual(unfiledRowOf(stored(t)), bookRow(t), JSON.stringify(t));
});

test('rows a stored row would not give back are copied: a long reference, paise not whole', () => {
  assert.equal(storedRowsGiveBack([bookRow(tx({ reference: 'R'.repeat(101) }))]), false);
  assert.equal(storedRowsGiveBack([bookRow(tx({ withdrawal: 1.5 }))]), false);
  assert.equal(storedRowsGiveBack([bookRow(tx({ balance: 0.25 }))]), false);
  assert.equal(storedRowsGiveBack([{ ...bookRow(tx({})), date: '01-04-2024' }]), false);
});

test("the lists' count and first and last dates", () => {
  assert.deepEqual(rowsSummary([]), { rowCount: 0, firstDate: null, lastDate: null });
  assert.deepEqual(
    rowsSummary([
      { date: '2024-04-09' },
      { date: '2024-03-31' },
      { date: '2024-04-10' },
      { date: '2024-04-01' },
    ]),
    { rowCount: 4, firstDate: '2024-03-31', lastDate: '2024-04-10' },
  );
});
