// Delimited downloads (CSV, tab- or semicolon-separated) are read as a sheet's rows; fixed-width
// reports, whose amounts hold commas too, stay reports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement, readDocument } from '../../src/index.ts';
import { readDelimited, splitFields } from '../../src/read/delimited.ts';

const CSV = [
  'Statement of account',
  'Account No,50100965668015',
  '',
  'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
  '02/12/23,"UPI-ABHISHEK IYER-RENT, DEC",0000333621653512,02/12/23,"4,002.00",,"3,257.18"',
  '03/12/23,"SMS ""ALERT"" CHARGES",0000000000000000,03/12/23,319.97,,"2,937.21"',
].join('\r\n');

test('fields: quotes hold the delimiter and doubled quotes, spaces around a field go', () => {
  assert.deepEqual(splitFields('a, "b, c" ,"d ""e""",', ','), ['a', 'b, c', 'd "e"', '']);
  assert.deepEqual(splitFields('01/04/24\tNEFT IN\t\t1,200.00', '\t'), [
    '01/04/24',
    'NEFT IN',
    '',
    '1,200.00',
  ]);
});

// (blank lines are no rows)
test('a CSV download is a sheet of its rows, quoted figures whole', () => {
  const sheet = readDelimited(CSV);
  assert.ok(sheet);
  assert.deepEqual(sheet.rows[2]!.slice(0, 2), ['Date', 'Narration']);
  assert.deepEqual(sheet.rows[3], [
    '02/12/23',
    'UPI-ABHISHEK IYER-RENT, DEC',
    '0000333621653512',
    '02/12/23',
    '4,002.00',
    null,
    '3,257.18',
  ]);
  assert.equal(sheet.rows[4]![1], 'SMS "ALERT" CHARGES');
});

test('semicolons win over the commas of grouped figures', () => {
  const text = [
    'Date;Narration;Amount;Balance',
    '01/04/24;NEFT IN;1,200.00;1,23,456.00 Cr',
    '02/04/24;ATM;-500.00;1,22,956.00 Cr',
    '03/04/24;UPI;-50.00;22,906.00 Cr',
  ].join('\n');
  assert.deepEqual(readDelimited(text)?.rows[1], ['01/04/24', 'NEFT IN', '1,200.00', '1,23,456.00 Cr']);
});

test('a narration holding the delimiter is joined back; a heading line naming empty columns is not', () => {
  const text = [
    'Date;Narration;Balance;Amount;Type;Remarks;Branch Code',
    '01/04/24;NEFT IN;1,23,456.00 Cr;1200.00;Credit',
    '02/04/24;ATM; MI ROAD;1,22,956.00 Cr;500.00;Debit',
    '03/04/24;UPI;1,22,906.00 Cr;50.00;Debit',
    '04/04/24;UPI;1,22,806.00 Cr;100.00;Debit',
    '05/04/24;SMS CHARGES;1,22,706.00 Cr;100.00;Debit',
  ].join('\n');
  const rows = readDelimited(text)?.rows;
  assert.deepEqual(rows?.[0], ['Date', 'Narration', 'Balance', 'Amount', 'Type', 'Remarks', 'Branch Code']);
  assert.deepEqual(rows?.[2], ['02/04/24', 'ATM; MI ROAD', '1,22,956.00 Cr', '500.00', 'Debit']);
});

test('a fixed-width report is no delimited text, whatever commas its figures hold', () => {
  const report = [
    'Txn Date   Value Date Description                  Debit        Credit       Balance',
    '01-05-2024 01-05-2024 NEFT-HDFC0001-SUPREME       1,200.00                 1,23,456.00',
    '02-05-2024 02-05-2024 UPI/DR/412345,PAYMENT                    5,000.00    1,28,456.00',
    '03-05-2024 03-05-2024 ATM WDL                       500.00                 1,27,956.00',
  ].join('\n');
  assert.equal(readDelimited(report), null);
  assert.equal(readDelimited('just one line, with, some, commas'), null);
});

test('a download whose narrations are padded with spaces is still delimited', () => {
  // (real SBI exports pad the reference and narration fields: 'NEFT INB: X     TRANSFER TO ...')
  for (const d of [',', ';']) {
    const text = [
      ['Txn Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'],
      [
        '18-03-2025',
        'TO TRANSFER-INB NEFT',
        'NEFT INB: NXEOKJYGV9          TRANSFER TO 2534273522489',
        '2000.00',
        '',
        '10039.79',
      ],
      ['18-03-2025', 'BY CLEARING / CHEQUE-WQN   161628671-150256', '/ 273', '', '2500.00', '12539.79'],
      [
        '12-03-2025',
        'A/C Xcpibac Chgs---',
        'XPG422314046738          XPG422314046738',
        '649.00',
        '',
        '11890.79',
      ],
    ]
      .map((r) => r.join(d))
      .join('\r\n');
    const rows = readDelimited(text)?.rows;
    assert.equal(rows?.length, 4, d);
    assert.deepEqual(rows?.[2], [
      '18-03-2025',
      'BY CLEARING / CHEQUE-WQN   161628671-150256',
      '/ 273',
      null,
      '2500.00',
      '12539.79',
    ]);
  }
});

test('the reader reads a CSV file as a sheet, and the statement from it', async () => {
  const read = await readDocument(new TextEncoder().encode(CSV), { ocr: false });
  assert.equal(read.doc.kind, 'sheets');
  const tx = parseStatement(read.doc).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.balance, t.description]),
    [
      ['2023-12-02', 400200, 325718, 'UPI-ABHISHEK IYER-RENT, DEC'],
      ['2023-12-03', 31997, 293721, 'SMS "ALERT" CHARGES'],
    ],
  );
});
