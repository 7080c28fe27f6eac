// A 'Brought Forward' printed after rows (a page's, carrying its balance on) is not the statement's
// opening balance: the header's 'Opening Balance' is. Taken as the opening, it made the read say the
// printed opening balance did not lead to the first row's balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { type Item, itemsPage, placed } from './items.ts';
import { tableOf } from './stages.ts';

test("a 'Brought Forward' after rows is a page's, not the opening balance", () => {
  const row = (y: number, day: string, text: string, debit: string, credit: string, balance: string) =>
    [
      y,
      [
        [33, 80, `${day}/05/2024`],
        [203, 203 + 5 * text.length, text],
        [461 - 5 * debit.length, 461, debit],
        [522 - 5 * credit.length, 522, credit],
        [592 - 5 * balance.length, 592, balance],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(8, [
    [19, [[33, 119, 'Canara Bank']]],
    [77, [[306, 445, 'Opening Balance : 56,873.43Cr']]],
    [98, [[33, 330, 'Statement of Account for the period 01/05/2024 to 31/05/2024']]],
    [
      119,
      [
        [33, 80, 'Tran Date'],
        [203, 236, 'Remarks'],
        [413, 461, 'Withdrawal'],
        [483, 522, 'Deposits'],
        [559, 592, 'Balance'],
      ],
    ],
    row(140, '01', 'UPI/DR/412220246414/BHARAT', '920.00', '0.00', '55,953.43Cr'),
    row(155, '02', 'UPI/CR/412258786469/MOHAMMED', '0.00', '1,155.00', '57,108.43Cr'),
    [
      170,
      [
        [203, 300, 'Balance C/F'],
        [413, 461, '920.00'],
        [483, 522, '1,155.00'],
        [537, 592, '57,108.43Cr'],
      ],
    ],
    [
      185,
      [
        [203, 300, 'Brought Forward'],
        [537, 592, '57,108.43Cr'],
      ],
    ],
    row(200, '05', 'NACH DR/HDFC BANK LTD', '4,820.00', '0.00', '52,288.43Cr'),
  ]);
  // the rows stage alone: the carried and brought forward lines are specials, the later one not before the rows
  assert.deepEqual(
    tableOf(doc).sections[0]!.specials.map((s) => [s.kind, s.beforeRows, s.balance]),
    [
      ['carriedForward', false, 5710843],
      ['broughtForward', false, 5710843],
    ],
  );
  const result = parseStatement(doc);
  const account = result.accounts[0]!;
  assert.equal(account.openingBalance, 5687343);
  assert.equal(account.transactions.length, 3);
  assert.deepEqual(
    result.issues.filter((i) => i.kind === 'totals'),
    [],
  );
  assert.equal(account.reconciliation.ok, true);
});

test("the last row's narration finished under the next page's 'Balance B/F' is the row's", () => {
  // (a generated Indian Bank layout under headings Bahi does not know, printed from a browser: the
  // browser's footer ends the table on page 1, and page 2 holds no dated row)
  const header: Word[] = placed(
    66,
    [
      [41, 69, 'Kolumn'],
      [94, 111, 'Frob'],
      [275, 295, 'Plugh'],
      [447, 465, 'Zorb'],
      [534, 555, 'Snark'],
    ],
    8,
  );
  const row = (y: number, day: string, text: string, amount: string, balance: string) =>
    placed(
      y,
      [
        [80, 125, `${day} January 23`],
        [176, 176 + 4.5 * text.length, text],
        [509 - 4.5 * amount.length, 509, amount],
        [522, 567, balance],
      ],
      8,
    );
  const footer = (page: number) =>
    placed(
      826,
      [[12, 228, `https://netbanking.example.in/retail/statement?acct=XXXX&view=print ${page}/2`]],
      8,
    );
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'pdf',
    pages: [
      {
        number: 1,
        width: 595.28,
        height: 841.89,
        words: [
          ...placed(20, [[34, 122, 'INDIAN BANK']], 8),
          ...header,
          ...placed(
            92,
            [
              [176, 240, 'Opening Balance'],
              [522, 567, '179295.09 Cr.'],
            ],
            8,
          ),
          ...row(109, '29', 'DEBIT CARD AMC WAIVED', '0.00(Dr)', '179295.09 Cr.'),
          ...row(125, '29', 'CASH DEPOSIT', '1000.00(Cr)', '180295.09 Cr.'),
          ...row(142, '30', 'UPI/CR/303034755063/ANIL', '4020.00(Cr)', '184315.09 Cr.'),
          ...placed(
            158,
            [
              [176, 229, 'Carried Forward'],
              [522, 567, '184315.09 Cr.'],
            ],
            8,
          ),
          ...footer(1),
        ],
      },
      {
        number: 2,
        width: 595.28,
        height: 841.89,
        words: [
          ...header,
          ...placed(
            92,
            [
              [176, 215, 'Balance B/F'],
              [522, 567, '184315.09 Cr.'],
            ],
            8,
          ),
          ...placed(109, [[176, 344, 'PATEL/PYTM/anil@okaxis/Payment from PhonePe']], 8),
          ...footer(2),
        ],
      },
    ],
  };
  const [account] = parseStatement(doc).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => t.description),
    [
      'DEBIT CARD AMC WAIVED',
      'CASH DEPOSIT',
      'UPI/CR/303034755063/ANIL PATEL/PYTM/anil@okaxis/Payment from PhonePe',
    ],
  );
});
