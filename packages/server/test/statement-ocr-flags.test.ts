// Issue 32: the rows read from a scan that the reader could not vouch for (Transaction.ocrFlag)
// reach the API as the reconciliation's `ocr_flags`, row indexes as its breaks'.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReconciliationInfo } from '@bahi/contract';
import type { AccountStatement, Transaction } from '@bahi/statements';
import { reconciliationInfo } from '../src/statements/shape.ts';

const row = (date: string, balance: number, ocrFlag?: true): Transaction => ({
  date,
  valueDate: null,
  description: 'UPI',
  reference: null,
  withdrawal: 0,
  deposit: 100_00,
  balance,
  page: 1,
  ...(ocrFlag ? { ocrFlag } : {}),
});

test('the rows flagged by the reader are the answer’s ocr_flags, and an old answer without them parses', () => {
  const account = {
    number: null,
    holder: null,
    ifsc: null,
    type: null,
    period: { from: null, to: null },
    openingBalance: 0,
    closingBalance: null,
    transactions: [
      row('2023-02-01', 100_00),
      row('2023-02-02', 200_00, true),
      row('2023-02-03', 300_00, true),
    ],
    reconciliation: {
      ok: true,
      message: 'Balances reconcile.',
      openingBalance: 0,
      closingBalance: 300_00,
      openingSource: 'printed',
      totalDeposits: 300_00,
      totalWithdrawals: 0,
      checkedBalances: 3,
      breaks: [],
    },
  } as unknown as AccountStatement;
  const info = reconciliationInfo(account);
  assert.deepEqual(info.ocr_flags, [1, 2]);
  assert.deepEqual(ReconciliationInfo.parse(info).ocr_flags, [1, 2]);
  const { ocr_flags: _, ...stored } = info;
  assert.deepEqual(ReconciliationInfo.parse(stored).ocr_flags, []);
});
