// A voucher's identity comes from the transaction's content, never from the screen or file that
// sent it nor from its position among the rows sent (issue 31).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bankRemoteId, bankVoucherIds, type BankTransaction } from '../src/index.ts';

const base = {
  bankLedger: 'HDFC A/c',
  date: '2025-07-01',
  side: 'deposit' as const,
  paise: 100,
  balance: 5000,
  occurrence: 0,
};

test('a REMOTEID changes with the bank ledger, the day, the side, the amount, the balance and the occurrence', () => {
  const ids = [
    base,
    { ...base, bankLedger: 'Z' },
    { ...base, date: '2025-07-02' },
    { ...base, side: 'withdrawal' as const },
    { ...base, paise: 101 },
    { ...base, balance: 5001 },
    { ...base, balance: null },
    { ...base, occurrence: 1 },
  ].map(bankRemoteId);
  assert.equal(new Set(ids).size, ids.length);
  assert.match(ids[0], /^bahi-[0-9a-f]{32}$/);
});

test('a REMOTEID does not change with the ledger name’s case or spaces, nor with a reference beside a balance', () => {
  assert.equal(bankRemoteId(base), bankRemoteId({ ...base, bankLedger: '  hdfc a/c ' }));
  assert.equal(bankRemoteId(base), bankRemoteId({ ...base, reference: 'UTR123' }));
  // Without a printed balance the reference tells two transactions apart.
  const nb = { ...base, balance: null };
  assert.notEqual(bankRemoteId({ ...nb, reference: 'A' }), bankRemoteId({ ...nb, reference: 'B' }));
});

const rows: BankTransaction[] = [
  { date: '2025-07-01', description: 'UPI A', withdrawal: 10000, deposit: 0, balance: 90000 },
  { date: '2025-07-01', description: 'UPI A REV', withdrawal: -10000, deposit: 0, balance: 100000 },
  { date: '2025-07-01', description: 'UPI A', withdrawal: 10000, deposit: 0, balance: 90000 },
  { date: '2025-07-02', description: 'NEFT', withdrawal: 0, deposit: 50000, balance: 140000 },
  { date: '2025-07-03', description: 'BOTH', withdrawal: 300, deposit: 700, balance: 140400 },
];

test('ids come from content: a filtered or reordered set keeps each row’s id', () => {
  const whole = bankVoucherIds({ bankLedger: 'HDFC', transactions: rows });
  assert.deepEqual(
    whole.map((r) => r.length),
    [1, 1, 1, 1, 2],
  );
  assert.equal(new Set(whole.flat()).size, 6, 'a payment, its reversal and the payment again are three');
  const filtered = bankVoucherIds({ bankLedger: 'HDFC', transactions: [rows[4], rows[3]] });
  assert.deepEqual(filtered, [whole[4], whole[3]]);
  // The company, the account number and the description are not part of it.
  const other = bankVoucherIds({
    bankLedger: 'hdfc',
    accountNumber: '5010',
    transactions: rows.map((r) => ({ ...r, description: 'edited', reference: 'X1' })),
  });
  assert.deepEqual(other, whole);
});

test('a reversal’s id is a deposit’s: the same movement printed either way is one transaction', () => {
  const printedNegative = bankVoucherIds({ bankLedger: 'B', transactions: [rows[1]] });
  const printedAsDeposit = bankVoucherIds({
    bankLedger: 'B',
    transactions: [{ ...rows[1], withdrawal: 0, deposit: 10000 }],
  });
  assert.deepEqual(printedNegative, printedAsDeposit);
});
