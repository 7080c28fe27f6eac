// Rows dated well outside the period the statement prints prove nothing by their balances (dates are
// in no chain): such a read is no success (a serial read into a year-less date, '10' 'Jan 04', gave
// 10 January 2004 for row 10 of January 2023 and "Balances reconcile"). A row a few days past the
// period is a bank's own (HDFC_classic_8_pages prints one dated the day after). The account stage
// alone (readAccount): the period from the header zone's line, the rows as the rows stage made them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readAccount } from '../../src/parse/account.ts';
import { accountContext, section, textLine, txn } from './stages.ts';

const statement = (lastDate: string) =>
  readAccount(
    section([
      txn('2023-01-02', 0, 100000, 1100000),
      txn('2023-01-03', 50000, 0, 1050000),
      txn(lastDate, 10000, 0, 1040000),
    ]),
    0,
    accountContext([textLine('Statement of Account for the period 01-01-2023 to 31-01-2023')]),
  );

test('a row dated years outside the printed period: no success, and the message says which', () => {
  const a = statement('2004-01-10');
  assert.equal(a.reconciliation.ok, false);
  assert.match(
    a.reconciliation.message,
    /1 row\(s\) are dated outside the statement's period \(2023-01-01 to 2023-01-31\), the first 2004-01-10/,
  );
});

test('a row dated the day after the period is the bank’s own: the read reconciles', () => {
  const a = statement('2023-02-01');
  assert.equal(a.reconciliation.ok, true, a.reconciliation.message);
});
