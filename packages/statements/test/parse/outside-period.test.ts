// Rows dated well outside the period the statement prints prove nothing by their balances (dates are
// in no chain): such a read is no success (a serial read into a year-less date, '10' 'Jan 04', gave
// 10 January 2004 for row 10 of January 2023 and "Balances reconcile"). A row a few days past the
// period is a bank's own (HDFC_classic_8_pages prints one dated the day after).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument } from '../../src/source.ts';

const statement = (lastDate: string): SourceDocument => ({
  kind: 'sheets',
  format: 'xlsx',
  sheets: [
    {
      name: 'S',
      rows: [
        ['Statement of Account for the period 01-01-2023 to 31-01-2023'],
        ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
        ['02-01-2023', 'NEFT IN', null, '1,000.00', '11,000.00'],
        ['03-01-2023', 'ATM', '500.00', null, '10,500.00'],
        [lastDate, 'UPI', '100.00', null, '10,400.00'],
      ],
    },
  ],
});

test('a row dated years outside the printed period: no success, and the message says which', () => {
  const [a] = parseStatement(statement('10-01-2004')).accounts;
  assert.equal(a!.reconciliation.ok, false);
  assert.match(
    a!.reconciliation.message,
    /1 row\(s\) are dated outside the statement's period \(2023-01-01 to 2023-01-31\), the first 2004-01-10/,
  );
});

test('a row dated the day after the period is the bank’s own: the read reconciles', () => {
  const [a] = parseStatement(statement('01-02-2023')).accounts;
  assert.equal(a!.reconciliation.ok, true, a!.reconciliation.message);
});
