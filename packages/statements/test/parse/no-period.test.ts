// Rows dated without a year in a statement that prints no period: the year is the one up to the
// latest date printed outside the rows (the day the statement was generated), across a new year too.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';

const report = (generated: string) => [
  'Statement of account                          Account No : 60101170943',
  `Statement generated on ${generated}`,
  '',
  'Date      Narration                                  Debit        Credit        Balance',
  'Dec 30    NEFT IN SUPREME TRADERS                                5,000.00      15,000.00',
  'Dec 31    ATM WDL MG ROAD                         2,000.00                     13,000.00',
  'Jan 02    UPI/DR/412345/SWIGGY                      450.00                     12,550.00',
];

test('a year is taken from the generation date, the rows before a new year in the year before', () => {
  const r = parseStatement({ kind: 'lines', format: 'rpt', lines: report('05 Jan 2024') });
  const tx = r.accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => t.date),
    ['2023-12-30', '2023-12-31', '2024-01-02'],
  );
  assert.ok(r.issues.some((i) => /prints no period/.test(i.message)));
  assert.ok(r.accounts[0]!.reconciliation.ok);
});

test('without any date to go by, rows without a year are not guessed', () => {
  const lines = report('05 Jan 2024').filter((l) => !l.startsWith('Statement generated'));
  const r = parseStatement({ kind: 'lines', format: 'rpt', lines });
  assert.equal(r.accounts.flatMap((a) => a.transactions).length, 0);
  assert.ok(r.issues.some((i) => /without a year/.test(i.message)));
});
