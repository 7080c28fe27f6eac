// A document's date order is told by its dates that read only one way: an export written month
// first (04/13/2024) is read as such, and a day-first statement is never turned by a reference that
// happens to look like a date.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { oneWayDates } from '../../src/parse/date-order.ts';
import type { Sheet } from '../../src/source.ts';

const read = (rows: Sheet['rows']) =>
  parseStatement({ kind: 'sheets', format: 'xlsx', sheets: [{ name: 'S', rows }] }).accounts[0]!;

const HEAD = ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'];

test('the dates that read only one way are counted, each order apart', () => {
  assert.deepEqual(
    oneWayDates(['13/04/2024', '04/13/2024 10:15', '04/05/2024', 'ref 5/31/24 paid', '1.5.2024']),
    {
      dayFirst: 1,
      monthFirst: 2,
    },
  );
  // amounts, times and longer numbers are no dates
  assert.deepEqual(oneWayDates(['1,234.56', '13:45:10', '123/13/2024', '2024-13-01']), {
    dayFirst: 0,
    monthFirst: 0,
  });
});

test('a month-first export reads its days and months the right way round, and reconciles', () => {
  const account = read([
    HEAD,
    ['04/02/2024', 'Opening deposit', null, '1000.00', '1000.00'],
    ['04/13/2024', 'NEFT ACME TRADERS', null, '5000.00', '6000.00'],
    ['04/15/2024', 'UPI grocer', '250.50', null, '5749.50'],
    ['05/01/2024', 'ATM cash', '1000.00', null, '4749.50'],
  ]);
  assert.deepEqual(
    account.transactions.map((t) => t.date),
    ['2024-04-02', '2024-04-13', '2024-04-15', '2024-05-01'],
  );
  assert.equal(account.reconciliation.ok, true, account.reconciliation.message);
});

test('a day-first statement stays day-first, even beside a date-like reference read month first', () => {
  const account = read([
    HEAD,
    ['02/04/2024', 'Opening deposit', null, '1000.00', '1000.00'],
    ['13/04/2024', 'CHQ dated 04/15/2024', null, '5000.00', '6000.00'],
    ['15/04/2024', 'UPI grocer', '250.50', null, '5749.50'],
  ]);
  assert.deepEqual(
    account.transactions.map((t) => t.date),
    ['2024-04-02', '2024-04-13', '2024-04-15'],
  );
  assert.equal(account.transactions[1]!.description, 'CHQ dated 04/15/2024');
});

test('with no date that reads one way only, the day comes first', () => {
  const account = read([
    HEAD,
    ['02/04/2024', 'Opening deposit', null, '1000.00', '1000.00'],
    ['05/04/2024', 'ATM', '100.00', null, '900.00'],
  ]);
  assert.deepEqual(
    account.transactions.map((t) => t.date),
    ['2024-04-02', '2024-04-05'],
  );
});
