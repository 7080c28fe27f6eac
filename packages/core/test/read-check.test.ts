// Issue 17: the reasons of a read and the balance chain the result screen re-checks as the user types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkChain, diagnoseRead, readReason } from '../src/read-check.ts';

const summary = (over: Partial<Parameters<typeof diagnoseRead>[0]>) => ({
  format: 'pdf',
  transactions: 10,
  issues: [],
  accounts: [{ ok: true, message: 'Balances reconcile.', rows: 10, firstBreak: null }],
  ...over,
});

test('a clean read has no reasons; no rows is NO_TABLE, or SCAN_NO_TABLE for a scan or an image', () => {
  assert.deepEqual(diagnoseRead(summary({})), []);
  const none = { transactions: 0, accounts: [] };
  assert.equal(diagnoseRead(summary(none))[0]!.code, 'NO_TABLE');
  assert.equal(diagnoseRead(summary({ ...none, format: 'pdf-scanned' }))[0]!.code, 'SCAN_NO_TABLE');
  assert.equal(diagnoseRead(summary({ ...none, format: 'image' }))[0]!.code, 'SCAN_NO_TABLE');
  assert.match(readReason('SCAN_NO_TABLE').next, /scan it again/);
});

test('a break names its row and difference; skipped lines and pages are their own reasons', () => {
  const r = diagnoseRead(
    summary({
      issues: [
        { kind: 'row', message: 'A line could not be read.', page: 3 },
        { kind: 'layout', message: 'No table on page 4.', page: 4 },
      ],
      accounts: [
        {
          ok: false,
          message: '1 row(s) break',
          rows: 10,
          firstBreak: { index: 6, expected: 100_00, printed: 90_00 },
        },
      ],
    }),
  );
  assert.deepEqual(
    r.map((x) => x.code),
    ['NOT_RECONCILED', 'ROWS_SKIPPED', 'PAGE_UNREADABLE'],
  );
  assert.equal(r[0]!.message, 'The rows do not reconcile from row 7 on (difference -₹10.00).');
  assert.match(r[1]!.message, /1 line\(s\).*page 3/);
  assert.match(r[2]!.message, /^Page 4/);
  const closing = diagnoseRead(
    summary({
      accounts: [{ ok: false, message: '', rows: 10, firstBreak: { index: 10, expected: 5, printed: 6 } }],
    }),
  );
  assert.match(closing[0]!.message, /^The closing balance does not follow/);
});

test('checkChain: the first wrong balance breaks once; fixing the amount reconciles; bad amounts and dates are told', () => {
  const rows = [
    { Date: '01-01-2026', Withdrawal: '1,000.00', Deposit: '', ClosingBalance: '9,000.00' },
    { Date: '02-01-2026', Withdrawal: '', Deposit: '600.00', ClosingBalance: '9,500.00' },
    { Date: '03-01-2026', Withdrawal: '500.00', Deposit: '', ClosingBalance: '9,000.00' },
  ];
  const broken = checkChain(rows, { opening: 10_000_00 });
  assert.equal(broken.ok, false);
  assert.equal(broken.breaks.length, 1);
  assert.equal(broken.breaks[0]!.row, 1);
  assert.equal(broken.breaks[0]!.difference, -100_00);
  const fixed = checkChain(
    rows.map((r, i) => (i === 1 ? { ...r, Deposit: '500' } : r)),
    { opening: 10_000_00 },
  );
  assert.equal(fixed.ok, true);
  assert.equal(fixed.totalDeposits, 500_00);
  assert.equal(fixed.checked, 3);
  // a missing row: added, it reconciles; the printed closing balance is checked too
  const closing = checkChain(rows.slice(0, 1), { opening: 10_000_00, closing: 8_000_00 });
  assert.equal(closing.breaks[0]!.row, 1);
  const bad = checkChain([{ ...rows[0]!, Withdrawal: '1,0x0', Date: '' }], { opening: null });
  assert.equal(bad.ok, false);
  assert.equal(bad.invalid.get(0), 'an amount is not a number');
  assert.ok(bad.badDates.has(0));
  // without an opening balance, the first row's gives it
  assert.equal(checkChain(rows.slice(0, 1), { opening: null }).opening, 10_000_00);
});

test('checkChain: a negative withdrawal (a reversal) is money in, as the reader reconciles it', () => {
  const rows = [
    { Date: '25-03-2019', Withdrawal: '1.00', Deposit: '', ClosingBalance: '12,366.26' },
    { Date: '25-03-2019', Withdrawal: '-1.00', Deposit: '', ClosingBalance: '12,367.26' },
    { Date: '26-03-2019', Withdrawal: '', Deposit: '-100.00', ClosingBalance: '12,267.26' },
  ];
  const check = checkChain(rows, { opening: 12_367_26 });
  assert.equal(check.ok, true, JSON.stringify(check.breaks));
  assert.equal(checkChain(rows, { opening: null }).ok, true);
});
