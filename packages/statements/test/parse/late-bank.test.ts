// A bank named only after the table (its IFSC printed with the branch's address at the end) makes
// statement.ts read the table again with that bank's profile. Under headings the reader does not
// know, that second read must keep the columns the dated rows placed: it read with the caller's
// layout only, found no rows, and unless the words' order read was confirmed every row was lost
// ("No transaction table was found"). Found by the session 11 census (decision 039); the second read
// now takes the same strategies as the first (readBest).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { type Item, itemsPage } from './items.ts';

const rows: [string, string, string, string][] = [
  ['01/04/2024', 'UPI payment', '100.00', '9900.00'],
  ['02/04/2024', 'NEFT from client', '1000.00', '10900.00'],
  ['03/04/2024', 'ATM cash', '500.00', '10400.00'],
  // (a balance that breaks the chain: the words' order read is not confirmed and does not stand in)
  ['04/04/2024', 'ATM cash', '400.00', '9000.00'],
];
const page = (ifscAfter: boolean) =>
  itemsPage(8, [
    [
      100,
      [
        [33, 60, 'Qqqq'],
        [120, 170, 'Qqqqqqqqq'],
        [413, 440, 'Qqqqqq'],
        [540, 592, 'Qqqqqqq'],
      ],
    ],
    ...rows.map(([date, text, amount, balance], i): [number, Item[]] => [
      120 + 15 * i,
      [
        [33, 80, date],
        [120, 120 + 5 * text.length, text],
        [461 - 5 * amount.length, 461, amount],
        [592 - 5 * balance.length, 592, balance],
      ],
    ]),
    ...(ifscAfter ? [[300, [[33, 150, 'IFSC : HDFC0001234']]] as [number, Item[]]] : []),
  ]);

test('under unknown headings, the rows placed by the dated rows are read (no bank named)', () => {
  const result = parseStatement(page(false));
  assert.equal(result.bank, null);
  assert.equal(result.accounts[0]?.transactions.length, 4);
});

test('a bank named after the table keeps the rows the dated rows placed', () => {
  const result = parseStatement(page(true));
  assert.equal(result.bank, 'HDFC');
  assert.equal(result.accounts[0]?.transactions.length, 4);
  assert.ok(!result.issues.some((i) => /No transaction table/.test(i.message)));
});
