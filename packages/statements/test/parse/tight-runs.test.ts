// A tight table's cells a space apart come out as one run: the reader takes them apart by what
// they hold and where they stand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chainsFrom, tableOf } from './stages.ts';

/** A report line with each text starting at its character column. */
const at = (parts: [number, string][]) => parts.reduce((s, [col, text]) => s.padEnd(col) + text, '');

test("a balance and the branch code after it in one run ('- 191,431.98Cr 0057'): the balance is read", () => {
  const lines = [
    'Statement of account for the period 01/05/2023 to 31/05/2023',
    'Opening Balance : 191,651.98Cr',
    '',
    at([
      [0, 'Txn Date'],
      [12, 'Narration'],
      [38, 'Debit'],
      [46, 'Deposit'],
      [60, 'Balance'],
      [69, 'Br Code'],
    ]),
    at([
      [0, '05/05/2023'],
      [12, 'UPI/DR/312546/BIGBASKET'],
      [37, '220.00'],
      [52, '- 191,431.98Cr 0057'],
    ]),
    at([
      [0, '06/05/2023'],
      [12, 'UPI/DR/312626/ANJALI'],
      [37, '324.00'],
      [52, '- 191,107.98Cr 0446'],
    ]),
    at([
      [0, '07/05/2023'],
      [12, 'NEFT/CR/312700/SUNRISE'],
      [42, '-'],
      [45, '1,000.00 192,107.98Cr 0835'],
    ]),
  ];
  const r = tableOf({ kind: 'lines', format: 'rpt', lines });
  const tx = r.sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    tx.map((t) => [t.withdrawal, t.deposit, t.balance]),
    [
      [22000, 0, 19143198],
      [32400, 0, 19110798],
      [0, 100000, 19210798],
    ],
  );
  // the opening is the header zone's (the account stage reads it); the rows chain from it
  assert.ok(r.headerZone.some((l) => l.text.includes('Opening Balance : 191,651.98Cr')));
  assert.ok(chainsFrom(19165198, tx));
});
