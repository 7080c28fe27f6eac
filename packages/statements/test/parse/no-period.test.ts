// Rows dated without a year in a statement that prints no period: the year is the one up to the
// latest date printed outside the rows (the day the statement was generated), across a new year too.
// The account stage alone (readAccount): the header zone's lines, the rows as the rows stage made
// them, year-less ('0000-12-30').
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAccount } from '../../src/parse/account.ts';
import { accountContext, section, textLine, txn } from './stages.ts';

const headerZone = [
  textLine('Statement of account Account No : 60101170943'),
  textLine('Statement generated on 05 Jan 2024', 1, 50),
];
const rows = () => [
  txn('0000-12-30', 0, 500000, 1500000),
  txn('0000-12-31', 200000, 0, 1300000),
  txn('0000-01-02', 45000, 0, 1255000),
];

test('a year is taken from the generation date, the rows before a new year in the year before', () => {
  const ctx = accountContext(headerZone);
  const a = readAccount(section(rows()), 0, ctx);
  assert.deepEqual(
    a.transactions.map((t) => t.date),
    ['2023-12-30', '2023-12-31', '2024-01-02'],
  );
  assert.ok(ctx.issues.some((i) => /prints no period/.test(i.message)));
  assert.ok(a.reconciliation.ok);
});

test('without any date to go by, rows without a year are not guessed', () => {
  const ctx = accountContext(headerZone.slice(0, 1));
  const a = readAccount(section(rows()), 0, ctx);
  assert.equal(a.transactions.length, 0);
  assert.ok(ctx.issues.some((i) => /without a year/.test(i.message)));
});
