// The words' order reader alone (readSequence), on lines whose cells are set one space apart (a
// plain-text download): a row starts at its date, its figures are the one run of money on it in the
// header's order, the balance last; a wrapped line goes on its narration.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BALANCE_FIRST, readSequence } from '../../src/parse/sequence.ts';
import { AMOUNT_PLACE } from '../../src/parse/values.ts';
import type { SourceDocument } from '../../src/source.ts';
import { pagesOf, placed } from './items.ts';
import { linesOf, textLine } from './stages.ts';

const text = (...lines: string[]): SourceDocument => ({ kind: 'lines', format: 'rpt', lines });
const transactionsOf = (table: ReturnType<typeof readSequence>) =>
  table.sections.flatMap((s) =>
    s.transactions.map((t) => [t.date, t.description, t.withdrawal, t.deposit, t.balance]),
  );

test("in the header's order: '-' is an empty cell, the balance comes last, a wrapped line goes on the narration", () => {
  const lines = linesOf(
    text(
      'Date Particulars Withdrawals Deposits Balance',
      '01-03-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 - 12,050.00',
      'GROCERIES',
      '03-03-2025 NEFT/CR/N062250012345/ACME TRADERS - 8,260.00 20,310.00',
      '05-03-2025 ATM CASH WDL 4471 2,000.00 - 18,310.00',
    ),
  );
  const table = readSequence(lines, ['date', 'description', 'debit', 'credit', 'balance'], 0, {
    referenceJoin: '',
  });
  assert.deepEqual(transactionsOf(table), [
    ['2025-03-01', 'UPI/DR/506012345678/RAVI KUMAR GROCERIES', 45000, 0, 1205000],
    ['2025-03-03', 'NEFT/CR/N062250012345/ACME TRADERS', 0, 826000, 2031000],
    ['2025-03-05', 'ATM CASH WDL 4471', 200000, 0, 1831000],
  ]);
  assert.deepEqual(
    table.headerZone.map((l) => l.text),
    [],
  );
  assert.equal(table.rowLines.size, 4);
});

test('without a header: the table starts at the first dated line with money; an opening and a closing are specials', () => {
  const lines = linesOf(
    text(
      'STATEMENT OF ACCOUNT 50100012345678',
      'Opening Balance 12,500.00',
      '01-03-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 12,050.00',
      '03-03-2025 NEFT/CR/N062250012345/ACME TRADERS 8,260.00 20,310.00',
      'Closing Balance 20,310.00',
    ),
  );
  const table = readSequence(lines, null, -1, { referenceJoin: '' });
  const [section] = table.sections;
  assert.deepEqual(
    section!.specials.map((s) => [s.kind, s.balance, s.beforeRows]),
    [
      ['opening', 1250000, true],
      ['closing', 2031000, false],
    ],
  );
  // one amount each, its side the balance movement's from the opening on
  assert.deepEqual(transactionsOf(table), [
    ['2025-03-01', 'UPI/DR/506012345678/RAVI KUMAR', 45000, 0, 1205000],
    ['2025-03-03', 'NEFT/CR/N062250012345/ACME TRADERS', 0, 826000, 2031000],
  ]);
  assert.deepEqual(
    table.headerZone.map((l) => l.text),
    ['STATEMENT OF ACCOUNT 50100012345678', 'Opening Balance 12,500.00'],
  );
});

test('without a header, every special line between the header printed above the rows and the first row is read', () => {
  // (the body is every line under the header, as where the header is known: a summary of four lines
  // printed above the first row keeps its opening, the first of them)
  const lines = linesOf(
    text(
      'STATEMENT OF ACCOUNT 50100012345678',
      'Opening Balance 12,500.00',
      'Total Withdrawals 450.00',
      'Total Deposits 8,260.00',
      'Closing Balance 20,310.00',
      '01-03-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 12,050.00',
      '03-03-2025 NEFT/CR/N062250012345/ACME TRADERS 8,260.00 20,310.00',
    ),
  );
  const table = readSequence(lines, null, -1, { referenceJoin: '' });
  assert.deepEqual(
    table.sections[0]!.specials.map((s) => [s.kind, s.balance, s.beforeRows]),
    [
      ['opening', 1250000, true],
      ['total', null, true],
      ['total', null, true],
      ['closing', 2031000, true],
    ],
  );
  assert.deepEqual(transactionsOf(table), [
    ['2025-03-01', 'UPI/DR/506012345678/RAVI KUMAR', 45000, 0, 1205000],
    ['2025-03-03', 'NEFT/CR/N062250012345/ACME TRADERS', 0, 826000, 2031000],
  ]);
});

test('without a header, a header of three lines printed again between rows is no narration', () => {
  // (the lines set as close above the first row as a row's wrapped lines are the header, however many)
  const head = ['Kolumn Frob Quux', 'Plugh Xyzzy', 'Val Amt Zorb'];
  const lines = linesOf(
    text(
      ...head,
      '01-03-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 12,050.00',
      'GROCERIES',
      ...head,
      '03-03-2025 NEFT/CR/N062250012345/ACME TRADERS 8,260.00 20,310.00',
    ),
  );
  const table = readSequence(lines, null, -1, { referenceJoin: '' });
  assert.deepEqual(
    table.sections.flatMap((s) => s.transactions.map((t) => t.description)),
    ['UPI/DR/506012345678/RAVI KUMAR GROCERIES', 'NEFT/CR/N062250012345/ACME TRADERS'],
  );
});

test('lines without a date and money start no table', () => {
  const table = readSequence(linesOf(text('Dear customer,', 'your statement follows.')), null, -1, {
    referenceJoin: '',
  });
  assert.deepEqual([table.sections, table.headerFound], [[], false]);
});

test("a figure inside the narration stays there when the figure columns' empty cells are printed", () => {
  // (real BOB: 'Payme : 12,189.00' ends a narration the bank cut short; the last three figures are
  // the row's withdrawal, deposit and balance)
  const lines = linesOf(
    text(
      'Txn Date Transaction Remarks Withdrawal Amount (INR) Deposit Amount (INR) Balance (INR)',
      '12/05/2024 UPI/802279984564/12:23:20/UPI/vbmed1332@ybl/Payme : 12,189.00 - 2900.00 4577.05',
      '12/05/2024 UPI/263224976907/12:37:47/UPI/lhrqoqpc0cy312h9a@p 2900.00 - 1677.05',
    ),
  );
  const table = readSequence(lines, ['date', 'description', 'debit', 'credit', 'balance'], 0, {
    referenceJoin: '',
  });
  assert.deepEqual(transactionsOf(table), [
    ['2024-05-12', 'UPI/802279984564/12:23:20/UPI/vbmed1332@ybl/Payme : 12,189.00', 0, 290000, 457705],
    ['2024-05-12', 'UPI/263224976907/12:37:47/UPI/lhrqoqpc0cy312h9a@p', 290000, 0, 167705],
  ]);
});

test("without a header, the balance printed first: a date that ends the narration of a few rows is still the narration's", () => {
  // (the words' order without a header tries the balance first too, in an order that names a value
  // date; the rule asked only the balance-last order before: 'LOAN# 57905239 04-02-2019' lost its date)
  const table = readSequence(
    linesOf(
      text(
        'Opening Balance 13,196.40',
        '01/02/2019 POS 180557HBTKFY0013 WO S DEBIT 12857.40 339.00',
        '04/02/2019 SO AHV LOAN# 57905239 04-02-2019 28847.40 15990.00',
        '06/02/2019 ATM WDL 28347.40 500.00',
      ),
    ),
    BALANCE_FIRST,
    -1,
    { referenceJoin: '' },
  );
  assert.deepEqual(
    table.sections[0]!.transactions.map((t) => [t.description, t.valueDate ?? null, t.balance]),
    [
      ['POS 180557HBTKFY0013 WO S DEBIT', null, 1285740],
      ['SO AHV LOAN# 57905239 04-02-2019', null, 2884740],
      ['ATM WDL', null, 2834740],
    ],
  );
});

test("without a header, a date that ends the narration of a few rows is the narration's; where most rows end so, it is the value date", () => {
  const rows = [
    '01-04-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 12,050.00',
    '02-04-2025 INTEREST PAID TILL 31-03-2025 120.00 12,170.00',
    '03-04-2025 NEFT/CR/N062250012345/ACME TRADERS 8,260.00 20,430.00',
  ];
  const few = readSequence(linesOf(text('Opening Balance 12,500.00', ...rows)), null, -1, {
    referenceJoin: '',
  });
  assert.deepEqual(
    few.sections[0]!.transactions.map((t) => [t.description, t.valueDate ?? null]),
    [
      ['UPI/DR/506012345678/RAVI KUMAR', null],
      ['INTEREST PAID TILL 31-03-2025', null],
      ['NEFT/CR/N062250012345/ACME TRADERS', null],
    ],
  );
  const most = readSequence(
    linesOf(
      text(
        'Opening Balance 12,500.00',
        '01-04-2025 UPI/DR/506012345678/RAVI KUMAR 01-04-2025 450.00 12,050.00',
        '02-04-2025 INTEREST PAID 31-03-2025 120.00 12,170.00',
        rows[2]!,
      ),
    ),
    null,
    -1,
    { referenceJoin: '' },
  );
  assert.deepEqual(
    most.sections[0]!.transactions.map((t) => [t.description, t.valueDate ?? null]),
    [
      ['UPI/DR/506012345678/RAVI KUMAR', '2025-04-01'],
      ['INTEREST PAID', '2025-03-31'],
      ['NEFT/CR/N062250012345/ACME TRADERS', null],
    ],
  );
});

test("a dash that ends a narration: one more than the empty cells printed, or where the rows print no empty cell, is the narration's", () => {
  const order = ['date', 'description', 'debit', 'credit', 'balance'] as const;
  const read = (...rows: string[]) =>
    transactionsOf(
      readSequence(linesOf(text('Date Particulars Withdrawals Deposits Balance', ...rows)), [...order], 0, {
        referenceJoin: '',
      }),
    );
  // empty cells printed '-': the dash before them is the narration's
  assert.deepEqual(
    read(
      '01-04-2025 TRANSFER FROM 4858 - INB/Jqspc05 - - 177.40 24,924.26',
      '02-04-2025 ATM WDL 1,000.00 - 23,924.26',
    ),
    [
      ['2025-04-01', 'TRANSFER FROM 4858 - INB/Jqspc05 -', 0, 17740, 2492426],
      ['2025-04-02', 'ATM WDL', 100000, 0, 2392426],
    ],
  );
  // no empty cell printed on the other rows (an eighth of the rows or fewer print a dash there):
  // the one dash is the narration's
  const fees = Array.from({ length: 7 }, (_, k) => `0${k + 3}-04-2025 SMS FEE 1.00 ${24923 - k}.26`);
  assert.deepEqual(
    read(
      '01-04-2025 UPI/DR/5521/Arblis 50.00 24,746.86',
      '02-04-2025 TRANSFER FROM 4858 - INB/Jqspc05 - 177.40 24,924.26',
      ...fees,
    )
      .slice(0, 2)
      .map((t) => t[1]),
    ['UPI/DR/5521/Arblis', 'TRANSFER FROM 4858 - INB/Jqspc05 -'],
  );
  // on more rows, a dash before the figures is an empty cell (a download that prints one on some
  // rows and leaves it out on others)
  assert.deepEqual(
    read(
      '01-04-2025 UPI/DR/5521/Arblis 50.00 24,746.86',
      '02-04-2025 NEFT/CR/N0622/ACME - 177.40 24,924.26',
      '03-04-2025 ATM WDL 1,000.00 23,924.26',
    ).map((t) => t[1]),
    ['UPI/DR/5521/Arblis', 'NEFT/CR/N0622/ACME', 'ATM WDL'],
  );
});

test("a bare number before the amount of a row whose balance is nil is the narration's", () => {
  const table = readSequence(
    linesOf(
      text(
        'Opening Balance 190.26',
        '05-12-2018 415 AHV 25060916 CHQ W701996570043 878944355 190.26 - 0.00',
        '06-12-2018 NEFT CR ACME 1,000.00 1,000.00',
      ),
    ),
    null,
    -1,
    { referenceJoin: '' },
  );
  assert.deepEqual(transactionsOf(table), [
    ['2018-12-05', '415 AHV 25060916 CHQ W701996570043 878944355', 19026, 0, 0],
    ['2018-12-06', 'NEFT CR ACME', 0, 100000, 100000],
  ]);
});

test("where the rows print one amount and the balance, a figure before them is the narration's", () => {
  const table = readSequence(
    linesOf(
      text(
        'Opening Balance 1,677.05',
        '11.05.2024 UPI/946324712422/09:36:35/UPI/8886194377@ybl/Paym 500.00 Dr 1177.05',
        '12.05.2024 UPI/802279984564/12:23:20/UPI/vbmed1332@ybl/Payme : 12,189.00 2,900.00 Cr 4077.05',
        '12.05.2024 UPI/263224976907/12:37:47/UPI/lhrqoqpc0cy312h9a@p 2,900.00 Dr 1177.05',
      ),
    ),
    null,
    -1,
    { referenceJoin: '' },
  );
  assert.deepEqual(transactionsOf(table), [
    ['2024-05-11', 'UPI/946324712422/09:36:35/UPI/8886194377@ybl/Paym', 50000, 0, 117705],
    ['2024-05-12', 'UPI/802279984564/12:23:20/UPI/vbmed1332@ybl/Payme : 12,189.00', 0, 290000, 407705],
    ['2024-05-12', 'UPI/263224976907/12:37:47/UPI/lhrqoqpc0cy312h9a@p', 290000, 0, 117705],
  ]);
});

test("a line every page prints under its last row (a disclaimer) is no row's narration", () => {
  const disclaimer = 'This is a computer generated statement and does not require a signature.';
  const lines = [
    textLine('Bank of Maharashtra', 1, 20),
    textLine('Opening Balance 1,000.00', 1, 30),
    textLine('25-02-2024 NEFT/IN/UTKSN2405/VISHAL PHARMA 500.00 1,500.00', 1, 40),
    // (at the page's foot, as the generated file prints it: a line set as close under the last row as
    // a wrapped line on every page is the row's narration, see furniture.ts pageFeet)
    textLine(disclaimer, 1, 749),
    textLine('Bank of Maharashtra', 2, 20),
    textLine('DISTRIBUTORS/UTKS0255591', 2, 30),
    textLine('26-02-2024 UPI/DR/4143/AIRTEL 100.00 1,400.00', 2, 40),
    textLine(disclaimer, 2, 749),
  ];
  const table = readSequence(lines, null, -1, { referenceJoin: '' });
  assert.deepEqual(
    table.sections.flatMap((s) => s.transactions.map((t) => t.description)),
    ['NEFT/IN/UTKSN2405/VISHAL PHARMA DISTRIBUTORS/UTKS0255591', 'UPI/DR/4143/AIRTEL'],
  );
});

test("the header's reference before the narration, a time under the date, a Dr/Cr column after the balance's own mark", () => {
  const lines = linesOf(
    text(
      'Transaction Date Value Date Cheque No Narration Amount Balance Dr / Cr',
      '30-08-24 30-08-24 0000424352595205 UPI-INDIAN OIL Rs.760 Rs.1,94,319.86 Cr DR',
      '10:39 PM CORP-iocl@paytm-KKBK0548822-4243525 95205-SENT',
      'USING PAYTM',
      '25-08-24 25-08-24 BKIDN242385593846 NEFT CR-BKID0406300-VISHAL PHARMA Rs.4,161 Rs.1,98,480.86 Cr CR',
      '08:13 PM METRO OFFICE SUPPLIES',
    ),
  );
  const table = readSequence(
    lines,
    ['date', 'valueDate', 'reference', 'description', 'amount', 'balance', 'mark'],
    0,
    { referenceJoin: '' },
  );
  assert.deepEqual(
    table.sections.flatMap((s) =>
      s.transactions.map((t) => [t.reference, t.description, t.withdrawal, t.deposit, t.balance]),
    ),
    [
      [
        '0000424352595205',
        'UPI-INDIAN OIL CORP-iocl@paytm-KKBK0548822-4243525 95205-SENT USING PAYTM',
        76000,
        0,
        19431986,
      ],
      ['BKIDN242385593846', 'NEFT CR-BKID0406300-VISHAL PHARMA METRO OFFICE SUPPLIES', 0, 416100, 19848086],
    ],
  );
});

test("a narration's line that ends every page is still the narration's where a row higher up a page prints it too", () => {
  const long = 'BEING AMOUNT TRANSFERRED TOWARDS SETTLEMENT';
  const lines = [
    textLine('Opening Balance 1,000.00', 1, 20),
    textLine('22-05-2024 UPI/DR/4143/MEENAKSHI 100.00 900.00', 1, 30),
    textLine(long, 1, 40),
    textLine('23-05-2024 UPI/DR/4144/NEHA 100.00 800.00', 1, 50),
    textLine(long, 1, 60),
    textLine('24-05-2024 UPI/DR/4145/ANIL 100.00 700.00', 2, 30),
    textLine(long, 2, 40),
  ];
  const table = readSequence(lines, null, -1, { referenceJoin: '' });
  assert.deepEqual(
    table.sections.flatMap((s) => s.transactions.map((t) => t.description)),
    [`UPI/DR/4143/MEENAKSHI ${long}`, `UPI/DR/4144/NEHA ${long}`, `UPI/DR/4145/ANIL ${long}`],
  );
});

test("a Dr/Cr word ending the narration before a marked amount, and a wrapped line that starts with a date, are the narration's", () => {
  // (the real SCB and HDFC truths drawn as flat text, wrapped: real-sheets-report seed 528)
  const lines = linesOf(
    text(
      'Date Remarks Amount Balance',
      '02/05/22 P843TQI5329543 NACH DR XB:SCBL8121880575987118 8,948.00 DR 43,205.56 CR',
      '03/05/22 SCBL1009401 560964134 NACH DR 1,722.00 DR 41,483.56 CR',
      'XB:SCBL7731026024387230 JB ACH',
      '26/01/21 From : 12/01/2021 To : 4,308.51 DR 2,20,851.32 CR',
      '11/01/2022 0661846134/SFABIMRKKCSU',
      '27/01/21 NEFT CR-UTIB3825355-RAZORPAY 1,08,158.24 CR 3,29,009.56 CR',
    ),
  );
  const table = readSequence(lines, ['date', 'description', 'amount', 'balance'], 0, { referenceJoin: '' });
  assert.deepEqual(
    table.sections.flatMap((s) => s.transactions.map((t) => [t.description, t.withdrawal, t.deposit])),
    [
      ['P843TQI5329543 NACH DR XB:SCBL8121880575987118', 894800, 0],
      ['SCBL1009401 560964134 NACH DR XB:SCBL7731026024387230 JB ACH', 172200, 0],
      ['From : 12/01/2021 To : 11/01/2022 0661846134/SFABIMRKKCSU', 430851, 0],
      ['NEFT CR-UTIB3825355-RAZORPAY', 0, 10815824],
    ],
  );
});

test("whole rupees with the currency before them and the mark glued ('`109(Dr)') are the row's amount", () => {
  const lines = linesOf(
    text(
      'Date Details Amount (INR) Balance',
      '01 Jun 23 UPIAR/CR/315273977814/LAKSHMI `18,764(Cr) `32,641.63 (Cr)',
      '02 Jun 23 POS/446160XXXXXX3518/SWIGGY `109(Dr) `32,532.63 (Cr)',
      '03 Jun 23 ATM CASH/768275/BENGALURU `3,000(Dr) `29,532.63 (Cr)',
      '04 Jun 23 UPIAR/CR/316922653661/ANJALI `54(Cr) `29,586.63 (Cr)',
    ),
  );
  const table = readSequence(lines, ['date', 'description', 'amount', 'balance'], 0, { referenceJoin: '' });
  assert.deepEqual(transactionsOf(table), [
    ['2023-06-01', 'UPIAR/CR/315273977814/LAKSHMI', 0, 1876400, 3264163],
    ['2023-06-02', 'POS/446160XXXXXX3518/SWIGGY', 10900, 0, 3253263],
    ['2023-06-03', 'ATM CASH/768275/BENGALURU', 300000, 0, 2953263],
    ['2023-06-04', 'UPIAR/CR/316922653661/ANJALI', 0, 5400, 2958663],
  ]);
});

test("one heading over both amount columns ('Debit Credit Amount' set a space apart): an amount beside the other's empty cell keeps its place", () => {
  const lines = linesOf(
    text(
      'Tran Date Particulars Value Dt Debit Credit Amount Closing Balance Cr/Dr',
      '04-05-24 NEFT/IN/KKBKN241253715836/SHREE GANESH 04-05-24 -- 1,40,862 2,50,224.43 CR',
      '03-05-24 IMPS/CR/412423323241/VENKATESH 03-05-24 -- 912 1,09,362.43 CR',
      '01-05-24 UPI/DR/412220246414/BHARAT 01-05-24 920 -- 55,953.43 CR',
    ),
  );
  const order = ['date', 'description', 'valueDate', 'amount', 'balance', 'mark'] as const;
  const table = readSequence(lines, [...order], 0, { referenceJoin: '' });
  const rows = table.sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, AMOUNT_PLACE.get(t) ?? null, t.withdrawal + t.deposit, t.balance]),
    [
      ['2024-05-04', 'credit', 14086200, 25022443],
      ['2024-05-03', 'credit', 91200, 10936243],
      ['2024-05-01', 'debit', 92000, 5595343],
    ],
  );
});

test("a closing line may print its bracketed balance first ('(Rs. 9,406.37) Closing Balance'): it is the closing, not the last row's narration", () => {
  const lines = linesOf(
    text(
      'Transaction Date Value Date Transaction Amount Running Balance Transaction Details',
      '01-06-23 01-06-23 +Rs. 18,764 (Rs. 1,937.37) UPIAR/CR/315273977814/LAKSHMI',
      '02-06-23 02-06-23 +Rs. 1,854 (Rs. 83.37) IMPS/CR/315337430040/ANJALI',
      '03-06-23 03-06-23 -Rs. 9,323 (Rs. 9,406.37) UPIAR/DR/315414673540/MAKEMYTRIP',
      '(Rs. 9,406.37) Closing Balance',
    ),
  );
  const table = readSequence(lines, ['date', 'valueDate', 'amount', 'balance', 'description'], 0, {
    referenceJoin: '',
  });
  assert.deepEqual(
    transactionsOf(table).map(([date, description, , , balance]) => [date, description, balance]),
    [
      ['2023-06-01', 'UPIAR/CR/315273977814/LAKSHMI', -193737],
      ['2023-06-02', 'IMPS/CR/315337430040/ANJALI', -8337],
      ['2023-06-03', 'UPIAR/DR/315414673540/MAKEMYTRIP', -940637],
    ],
  );
  const closing = table.sections.flatMap((s) => s.specials).find((s) => s.kind === 'closing');
  assert.equal(closing?.balance, -940637);
});

test("a row whose balance is bracketed with its currency a word apart ('(Rs. 45477.54)') keeps its wrapped lines", () => {
  const lines = linesOf(
    text(
      'Value Dt Tran Date Remarks Amount (Rs.) Cr/Dr Closing Balance',
      '05-07-25 05-07-25 UPI/DEEPA GUPTA/518690030138/school fee BEING AMOUNT Rs. 11074 CR (Rs. 45477.54)',
      'TRANSFERRED TOWARDS SETTLEMENT OF INVOICE NO',
      'ACCOUNT',
      '07-07-25 07-07-25 NEFT HDFCN251885733469 ORIENT PAPER MART Rs. 2070 DR (Rs. 47547.54)',
    ),
  );
  const table = readSequence(lines, ['valueDate', 'date', 'description', 'amount', 'mark', 'balance'], 0, {
    referenceJoin: '',
  });
  assert.deepEqual(
    transactionsOf(table).map(([date, description]) => [date, description]),
    [
      [
        '2025-07-05',
        'UPI/DEEPA GUPTA/518690030138/school fee BEING AMOUNT TRANSFERRED TOWARDS SETTLEMENT OF INVOICE NO ACCOUNT',
      ],
      ['2025-07-07', 'NEFT HDFCN251885733469 ORIENT PAPER MART'],
    ],
  );
});

test("a page's 'Brought Forward' atop it is no table content: the last row's narration goes on under it", () => {
  // (the narration's line is the page's first line of the table: what comes above it, the header
  // again, furniture, a footer or a special line, is none of the table's own lines)
  const line = (y: number, s: string) => placed(y, [[36, 36 + 5 * s.length, s]], 8);
  const doc = pagesOf([
    [
      ...line(100, 'Date Particulars Withdrawals Deposits Balance'),
      ...line(120, '01-03-2025 UPI/DR/506012345678/RAVI KUMAR 450.00 - 12,050.00'),
      ...line(132, '03-03-2025 NEFT/CR/N062250012345/ACME TRADERS - 8,260.00 20,310.00'),
    ],
    [
      ...line(100, 'Balance Brought Forward 20,310.00'),
      ...line(112, 'SUPPLIES INVOICE 4471'),
      ...line(124, '05-03-2025 ATM CASH WDL 4471 2,000.00 - 18,310.00'),
    ],
  ]);
  const table = readSequence(linesOf(doc), ['date', 'description', 'debit', 'credit', 'balance'], 0, {
    referenceJoin: '',
  });
  assert.deepEqual(transactionsOf(table), [
    ['2025-03-01', 'UPI/DR/506012345678/RAVI KUMAR', 45000, 0, 1205000],
    ['2025-03-03', 'NEFT/CR/N062250012345/ACME TRADERS SUPPLIES INVOICE 4471', 0, 826000, 2031000],
    ['2025-03-05', 'ATM CASH WDL 4471', 200000, 0, 1831000],
  ]);
  assert.deepEqual(
    table.sections.flatMap((s) => s.specials).map((s) => [s.kind, s.balance]),
    [['opening', 2031000]],
  );
});
