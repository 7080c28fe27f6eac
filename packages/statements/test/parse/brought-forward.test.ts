// A 'Brought Forward' printed after rows (a page's, carrying its balance on) is not the statement's
// opening balance: the header's 'Opening Balance' is. Taken as the opening, it made the read say the
// printed opening balance did not lead to the first row's balance.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { type Item, itemsPage, pagesOf, placed } from './items.ts';
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
  const doc: SourceDocument = pagesOf(
    [
      [
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
      [
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
    ],
    [595.28, 841.89],
  );
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

test("a narration carried under the next page's 'Balance B/F' as far down as the rows are apart is the last row's", () => {
  // (generated PNB 4513877659 of seed 570001, Times-Roman 7.5: rows 16.5 pt apart, 2.2 line heights
  // exactly; the narration's rest 16.6 pt under 'Balance B/F' ended the table and was lost)
  const h = 7.5;
  const header = placed(
    74,
    [
      [25, 55, 'Txn Date'],
      [67, 99, 'Narration'],
      [370, 424, 'Withdrawal (Dr)'],
      [432, 474, 'Deposit Amt.'],
      [492, 517, 'Balance'],
    ],
    h,
  );
  const row = (y: number, date: string, text: string, debit: string, credit: string, balance: string) =>
    placed(
      y,
      [
        [25, 59, date],
        [67, 67 + 4 * text.length, text],
        ...(debit ? [[424 - 4 * debit.length, 424, debit] as Item] : []),
        ...(credit ? [[474 - 4 * credit.length, 474, credit] as Item] : []),
        [517 - 4 * balance.length, 517, balance],
      ],
      h,
    );
  const doc: SourceDocument = pagesOf([
    [
      ...placed(20, [[25, 182, 'PUNJAB NATIONAL BANK']], h),
      ...header,
      ...placed(
        90.5,
        [
          [67, 117, 'Opening Balance'],
          [487, 517, '40,000.00'],
        ],
        h,
      ),
      ...row(107, '14/04/2025', 'ATM CASH/583812/AHMEDABAD', '2,000.00', '', '38,000.00'),
      ...row(123.5, '14/04/2025', 'UPI/CR/511126280560/HARPREET', '', '1,393.97', '39,393.97'),
      ...row(140, '15/04/2025', 'CONSOLIDATED CHARGES JAN-MAR25 PAYMENT AGAINST', '101.42', '', '39,292.55'),
      ...placed(
        156.5,
        [
          [67, 125, 'Carried Forward'],
          [487, 517, '39,292.55'],
        ],
        h,
      ),
    ],
    [
      ...header,
      ...placed(
        88.8,
        [
          [67, 104, 'Balance B/F'],
          [487, 517, '39,292.55'],
        ],
        h,
      ),
      ...placed(105.4, [[67, 279, 'BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT']], h),
      ...placed(115.4, [[67, 153, 'SITE OFFICE AS AGREED']], h),
      ...row(132, '17/04/2025', 'IMPS/DR/510762908496/SNEHA RAO/MAHB', '8,196.00', '', '31,096.55'),
      ...row(148.5, '17/04/2025', 'DEBIT CARD AMC WAIVED', '0.00', '', '31,096.55'),
    ],
  ]);
  const [account] = parseStatement(doc).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => t.description),
    [
      'ATM CASH/583812/AHMEDABAD',
      'UPI/CR/511126280560/HARPREET',
      'CONSOLIDATED CHARGES JAN-MAR25 PAYMENT AGAINST BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT SITE OFFICE AS AGREED',
      'IMPS/DR/510762908496/SNEHA RAO/MAHB',
      'DEBIT CARD AMC WAIVED',
    ],
  );
  assert.equal(account!.reconciliation.ok, true, account!.reconciliation.message);
});
