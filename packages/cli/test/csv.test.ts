// `bahi parse --format csv` writes through the shared, defused CSV writer of @bahi/core (issue 18).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccountStatement } from '@bahi/statements';
import { toCsv } from '../src/commands/parse.ts';

test('the CLI CSV defuses cells that spreadsheets would run as formulas; numbers stay numbers', () => {
  const account = {
    number: '=1+1',
    transactions: [
      {
        date: '2026-01-02',
        description: '=HYPERLINK("http://x","y")',
        reference: '@SUM(A1)',
        withdrawal: 120_50,
        deposit: null,
        balance: -500_00,
      },
      {
        date: '2026-01-03',
        description: '\tcmd',
        reference: '\r=2',
        withdrawal: null,
        deposit: 1_00,
        balance: 0,
      },
      {
        date: '2026-01-04',
        description: '+91 call',
        reference: '-x',
        withdrawal: null,
        deposit: 1_00,
        balance: 1_00,
      },
    ],
  } as unknown as AccountStatement;
  const lines = toCsv([account, { ...account, number: 'plain' } as AccountStatement]).split('\n');
  const first = lines[1];
  assert.ok(
    first.startsWith(`'=1+1,2026-01-02,,"'=HYPERLINK(""http://x"",""y"")",'@SUM(A1),120.50,,-500.00`),
    first,
  );
  assert.ok(lines[2].includes(',\'\tcmd,"\'\r=2",'), JSON.stringify(lines[2]));
  assert.ok(lines[3].includes(",'+91 call,'-x,"), lines[3]);
});
