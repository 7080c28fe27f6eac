// A row's second line holding the time under its date, the rest of a reference whose heading the
// reader does not know (a column of no role) and the narration's next words is the row's wrapped
// line. It was taken for the table's end (only a line of such cells alone was a wrapped one), the
// positional read lost every row's continuation and the words' order read (no columns: the
// reference and the time inside the narration) was kept instead.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

test('a wrapped line with a cell of a column of no role is the row above it', () => {
  const rows: [string, string, string, string, string, string, string, string][] = [
    // date, time, ref, ref end, narration, narration end, debit, credit, balance
    ['01/12/23', '11:46 AM', '336592', '585277', 'UPI/DR/336592585277/SWIGGY', 'groceries', '130.00', ''],
    ['02/12/23', '04:33 PM', '336601', '104411', 'NACH DR/SBI MUTUAL FUND', 'SIP 0042', '1,653.00', ''],
    [
      '05/12/23',
      '09:20 AM',
      'KKBKH2335',
      '33723333',
      'NEFT/IN/KKBKH233533723333/GREENFIELD',
      'AGRO PRODUCTS',
      '',
      '16,863.00',
    ],
    [
      '07/12/23',
      '07:54 AM',
      '335357',
      '382264',
      'UPI/DR/335357382264/FLIPKART',
      'INTERNET/PUNB',
      '146.00',
      '',
    ],
    [
      '09/12/23',
      '12:41 PM',
      '336610',
      '066185',
      'UPI/DR/336610066185/MAKEMYTRIP',
      'ytrip@icici/NA',
      '',
      '2,210.00',
    ],
  ];
  let balance = 50_000_00;
  const lines: [number, Item[]][] = [
    [20, [[42, 245, 'Utkarsh Small Finance Bank']]],
    [
      113,
      [
        [42, 71, 'Kolumn'],
        [85, 105, 'Frob'],
        [191, 230, 'Quux Val'],
        [400, 426, 'Plugh'],
        [459, 502, 'Xyzzy Amt'],
        [562, 581, 'Zorb'],
      ],
    ],
  ];
  const fmt = (p: number) =>
    `${Math.floor(p / 100).toLocaleString('en-US')}.${String(p % 100).padStart(2, '0')}`;
  let y = 144;
  for (const [date, time, ref, refEnd, narr, narrEnd, debit, credit] of rows) {
    const paise = (s: string) => (s ? Math.round(Number(s.replace(/,/g, '')) * 100) : 0);
    balance += paise(credit) - paise(debit);
    const bal = `${fmt(balance)} Cr`;
    lines.push(
      [
        y,
        [
          [42, 80, date],
          [85, 85 + 5 * ref.length, ref],
          [191, 191 + 5 * narr.length, narr],
          ...(debit ? ([[426 - 5 * debit.length, 426, debit]] as Item[]) : []),
          ...(credit ? ([[502 - 5 * credit.length, 502, credit]] as Item[]) : []),
          [581 - 5 * bal.length, 581, bal],
        ],
      ],
      [
        y + 9.8,
        [
          [42, 80, time],
          [85, 85 + 5 * refEnd.length, refEnd],
          [191, 191 + 5 * narrEnd.length, narrEnd],
        ],
      ],
    );
    y += 29.4;
  }
  const result = inferredTableOf(itemsPage(8, lines));
  const txs = result.sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    txs.map((t) => t.description),
    rows.map((r) => `${r[4]} ${r[5]}`),
  );
  assert.deepEqual(
    result.issues.filter((i) => i.kind === 'row'),
    [],
  );
});
