// Amounts printed in whole rupees ('2,700', '151200') beside balances with paise are the amount
// column's figures: before, such rows read 0/0 (four banks of a held-back set).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { HEADINGS, type Item, itemsPage, rowItems, rowsOf } from './items.ts';
import { valuesAt } from './stages.ts';

test('whole rupees in a withdrawal or deposit column of a page are amounts', () => {
  const row = (y: number, day: string, ...rest: [string, string, string, string]): [number, Item[]] => [
    y,
    rowItems(`${day}/05/2024`, ...rest),
  ];
  const doc = itemsPage(8, [
    [119, HEADINGS],
    row(140, '01', 'UPI/DR/412220246414/BHARAT', '2,700', '', '55,953.43'),
    row(155, '02', 'UPI/CR/412258786469/MOHAMMED', '', '151200', '2,07,153.43'),
    row(170, '03', 'ATM CASH', '500.50', '', '2,06,652.93'),
  ]);
  // the values stage alone: whole rupees in the withdrawal cell are the row's figure
  const first = valuesAt(doc, 140);
  assert.ok('tx' in first && first.tx.withdrawal === 270000 && first.tx.deposit === 0, JSON.stringify(first));
  assert.deepEqual(rowsOf(doc), [
    ['2024-05-01', 270000, 0, 5595343],
    ['2024-05-02', 0, 15120000, 20715343],
    ['2024-05-03', 50050, 0, 20665293],
  ]);
});

test('whole rupees in a CSV download are amounts, and the balances prove them', () => {
  const rows = [
    ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
    ['01/05/2024', 'UPI/DR/412220246414/BHARAT', '2700', null, '58653.43'],
    ['02/05/2024', 'NEFT/CR/ACME', null, '1,51,200', '209853.43'],
  ];
  const [account] = parseStatement({
    kind: 'sheets',
    format: 'xlsx',
    sheets: [{ name: 'S', rows }],
  }).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.withdrawal, t.deposit]),
    [
      [270000, 0],
      [0, 15120000],
    ],
  );
  assert.equal(account!.reconciliation.checkedBalances, 2);
});

test('under headings Bahi does not know, whole rupees with their side glued on are the amount column', () => {
  // (a generated Union layout: 'Kolumn | Frob | Quux Val | Plugh | Xyzzy Amt', a backtick for the rupee)
  const row = (y: number, date: string, text: string, amount: string, balance: string) =>
    [
      y,
      [
        [32, 76, date],
        [96, 96 + 4.5 * text.length, text],
        [489 - 5 * amount.length, 489, amount],
        [553 - 4.5 * balance.length, 553, balance],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(
    9,
    [
      [
        118,
        [
          [32, 63, 'Kolumn'],
          [96, 115, 'Frob'],
          [379, 401, 'Quux'],
          [466, 489, 'Plugh'],
          [529, 553, 'Xyzzy'],
        ],
      ],
      [
        130,
        [
          [379, 392, 'Val'],
          [536, 553, 'Amt'],
        ],
      ],
      [
        166,
        [
          [96, 158, 'Opening Balance'],
          [507, 553, 'Rs.13877.63'],
        ],
      ],
      row(177, '01 Jun 2023', 'UPIAR/CR/315273977814/LAKSHMI', '`18764(Cr)', '`32641.63'),
      row(201, '02 Jun 2023', 'IMPS/CR/315337430040/ANJALI THOMAS/YESB', '`1854(Cr)', '`34495.63'),
      row(212, '03 Jun 2023', 'UPIAR/DR/315414673540/MAKEMYTRIP', '`9323(Dr)', '`25172.63'),
      row(236, '03 Jun 2023', 'IMPS/DR/315418914388/GURPREET YADAV', '`4133(Dr)', '`21039.63'),
      row(248, '08 Jun 2023', 'ATM CASH/768275/S1AXNQJJ26/BENGALURU', '`3000(Dr)', '`18039.63'),
    ],
    [841.89, 595.28],
  );
  assert.deepEqual(rowsOf(doc), [
    ['2023-06-01', 0, 1876400, 3264163],
    ['2023-06-02', 0, 185400, 3449563],
    ['2023-06-03', 932300, 0, 2517263],
    ['2023-06-03', 413300, 0, 2103963],
    ['2023-06-08', 300000, 0, 1803963],
  ]);
});

test("a Dr/Cr column after the balance is the side of a whole-rupee amount, not the balance's", () => {
  // (a generated Kotak layout, newest first: 'Amount | Closing Balance | Dr / Cr')
  const row = (y: number, date: string, text: string, amount: string, balance: string, mark: string) =>
    [
      y,
      [
        [103, 142, date],
        [151, 151 + 4 * text.length, text],
        [399 - 4.5 * amount.length, 399, amount],
        [407, 439, balance],
        [448, 459, mark],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(
    8,
    [
      [
        104,
        [
          [103, 119, 'Date'],
          [151, 185, 'Narration'],
          [371, 399, 'Amount'],
          [413, 439, 'Closing'],
          [448, 461, 'Dr /'],
        ],
      ],
      [
        114,
        [
          [412, 439, 'Balance'],
          [448, 457, 'Cr'],
        ],
      ],
      row(154, '30-Jul-2025', 'NEFT PUNBN252113711025', '2,175', '61,683.46', 'DR'),
      row(177, '28-Jul-2025', 'NACH DR TATA CAPITAL', '1,503', '63,858.46', 'DR'),
      row(199, '26-Jul-2025', 'IMPS-520712116682-NEHA', '753', '65,361.46', 'CR'),
      row(222, '25-Jul-2025', 'NEFT UTIBH252064148488', '24,187', '64,608.46', 'CR'),
      row(235, '25-Jul-2025', 'CASH DEPOSIT AT KORAMANGALA', '1,700', '40,421.46', 'CR'),
    ],
    [841.89, 595.28],
  );
  assert.deepEqual(rowsOf(doc), [
    ['2025-07-25', 0, 170000, 4042146],
    ['2025-07-25', 0, 2418700, 6460846],
    ['2025-07-26', 0, 75300, 6536146],
    ['2025-07-28', 150300, 0, 6385846],
    ['2025-07-30', 217500, 0, 6168346],
  ]);
});

test('whole rupees with their side glued on, drawn as one item with the balance, are two cells', () => {
  // (a generated Union layout in Courier: '1,703(Cr) 31,537.30 Cr' one item, newest first)
  const row = (y: number, date: string, text: string, channel: string, figures: string) =>
    [
      y,
      [
        [38, 90, date],
        [100, 100 + 4.5 * text.length, text],
        [441, 441 + 4.5 * channel.length, channel],
        [589 - 4.5 * figures.length, 589, figures],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(
    7.5,
    [
      [
        102.6,
        [
          [38, 66, 'Kolumn'],
          [100, 119, 'Frob'],
          [379, 398, 'Quux'],
          [441, 493, 'Plugh Xyzzy'],
          [532, 551, 'Zorb'],
        ],
      ],
      row(152.2, '30 Jun 2023', 'UPIAR/CR/318139440417/LAKSHMI', 'TFR', '1,703(Cr) 31,537.30 Cr'),
      row(171.4, '29 Jun 2023', 'UPIAR/DR/318079294429/SWIGGY', 'CSH', '358(Dr) 29,834.30 Cr'),
      row(181.0, '26 Jun 2023', 'INWARD CLG/PAYTM PAYMENTS BANK', 'CLG', '18,303(Cr) 30,192.30 Cr'),
      row(190.6, '25 Jun 2023', 'ATM CASH/807420/S1ACV11K80', 'TFR', '4,000(Dr) 11,889.30 Cr'),
      row(200.2, '25 Jun 2023', 'NEFT/OUT/SBINN231769992693', 'NEFT', '4,080(Dr) 15,889.30 Cr'),
      row(209.8, '24 Jun 2023', 'ATM CASH/381689/DORLXL14', 'TFR', '8,500(Dr) 19,969.30 Cr'),
    ],
    [612, 792],
  );
  assert.deepEqual(rowsOf(doc), [
    ['2023-06-24', 850000, 0, 1996930],
    ['2023-06-25', 408000, 0, 1588930],
    ['2023-06-25', 400000, 0, 1188930],
    ['2023-06-26', 0, 1830300, 3019230],
    ['2023-06-29', 35800, 0, 2983430],
    ['2023-06-30', 0, 170300, 3153730],
  ]);
});

test("under headings Bahi does not know, whole rupees over the other rows' '0.00' are amounts", () => {
  // (a generated Axis layout: withdrawals and deposits in whole rupees, '0.00' where a row has none)
  const row = (
    y: number,
    id: string,
    date: string,
    text: string,
    debit: string,
    credit: string,
    balance: string,
  ) =>
    [
      y,
      [
        [23, 64, id],
        [73, 124, date],
        [131, 131 + 4.3 * text.length, text],
        [345, 395, date],
        [502 - 4.5 * debit.length, 502, debit],
        [537 - 4.5 * credit.length, 537, credit],
        [544, 582, balance],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(
    8,
    [
      [75.6, [[306, 407, 'Opening Balance : 32803.96']]],
      [
        125.2,
        [
          [23, 53, 'Kolumn'],
          [73, 91, 'Frob'],
          [131, 152, 'Quux'],
          [345, 367, 'Xyzzy'],
          [476, 502, 'Wibble'],
          [515, 537, 'Snark'],
          [563, 582, 'Blort'],
        ],
      ],
      row(166.1, 'S10194327', '02 January 24', 'BANK/Sent using Paytm', '16062', '0.00', '16741.96'),
      row(182.2, 'N10186408', '03 January 24', 'CLG/OM SAI LOGISTICS', '0.00', '81498', '98239.96'),
      row(198.3, 'M10178489', '05 January 24', 'OF INDIA/Payment', '2600', '0.00', '95639.96'),
      row(214.4, 'S10170570', '08 January 24', 'TRADERS/ICICI BANK', '0.00', '30727', '126366.96'),
      row(230.5, 'S10162651', '09 January 24', 'ATM CASH', '500', '0.00', '125866.96'),
    ],
    [612, 792],
  );
  assert.deepEqual(rowsOf(doc), [
    ['2024-01-02', 1606200, 0, 1674196],
    ['2024-01-03', 0, 8149800, 9823996],
    ['2024-01-05', 260000, 0, 9563996],
    ['2024-01-08', 0, 3072700, 12636696],
    ['2024-01-09', 50000, 0, 12586696],
  ]);
});

test('a sign a space before whole rupees in their own column is theirs (the first row has no opening to check it)', () => {
  const row = (y: number, day: string, text: string, amount: string, balance: string) =>
    [
      y,
      [
        [25, 51, `May ${day}`],
        [62, 62 + 4 * text.length, text],
        [351 - 4.2 * amount.length, 351, amount],
        [381, 427, balance],
      ],
    ] as [number, Item[]];
  const doc = itemsPage(8, [
    [83.8, [[25, 231, 'Statement of Account for the period 1/5/2023 to 31/5/2023']]],
    [
      102.8,
      [
        [25, 42, 'Date'],
        [62, 88, 'Details'],
        [300, 351, 'Amount (Rs.)'],
        [361, 427, 'Running Balance'],
      ],
    ],
    row(133, '05', 'UPI/DR/312546184669/BIGBASKET', '- 220', '309805.02Dr'),
    row(142.5, '06', 'UPI/DR/312626480304/ANJALI', '- 324', '310129.02Dr'),
    row(152, '09', 'UPI/CR/312918207510/VIKRAM', '+ 492', '309637.02Dr'),
  ]);
  assert.deepEqual(rowsOf(doc), [
    ['2023-05-05', 22000, 0, -30980502],
    ['2023-05-06', 32400, 0, -31012902],
    ['2023-05-09', 0, 49200, -30963702],
  ]);
});

// Under headings nobody prints, whole rupees with their sign a space before them ('+ 15,088',
// '– 2,070' with an en dash) beside a branch code column ('0057'): the rows place the amount column
// (generated KOTAK seed 1187984659, whose positions these are; before, no column of figures was
// found and the words' order read put the code and the sign in the narration)
test('signed whole rupees with the sign a space before them are an amount column under unknown headings', () => {
  const doc = itemsPage(8, [
    [
      99,
      [
        [34, 62, 'Kolumn'],
        [109, 129, 'Frob'],
        [236, 255, 'Quux'],
        [334, 358, 'Plugh'],
        [369, 393, 'Xyzzy'],
        [419, 438, 'Zorb'],
      ],
    ],
    [
      108,
      [
        [239, 253, 'Val'],
        [369, 384, 'Amt'],
      ],
    ],
    [
      137.5,
      [
        [26, 70, '02-JUL-25'],
        [81, 157, 'UPI-518374551840'],
        [169, 212, 'UPI/SNEHA'],
        [334, 353, '0057'],
        [369, 408, '+ 15,088'],
        [419, 486, '25,416.46 (Cr)'],
      ],
    ],
    [146.5, [[169, 308, 'MISHRA/518374551840/groceries']]],
    [
      162.2,
      [
        [26, 70, '05-JUL-25'],
        [81, 157, 'UPI-518690030138'],
        [169, 212, 'UPI/DEEPA'],
        [334, 353, '0446'],
        [369, 408, '+ 11,074'],
        [419, 486, '36,490.46 (Cr)'],
      ],
    ],
    [171.2, [[169, 308, 'GUPTA/518690030138/school fee']]],
    [
      186.8,
      [
        [26, 70, '05-JUL-25'],
        [81, 148, 'NEFTINW-436964'],
        [169, 317, 'NEFT ICICH251861561234 RAJDHANI'],
        [334, 353, '0835'],
        [374, 408, '+ 3,539'],
        [419, 486, '40,029.46 (Cr)'],
      ],
    ],
    [195.8, [[169, 217, 'AUTO PARTS']]],
    [
      211.4,
      [
        [26, 70, '07-JUL-25'],
        [81, 148, 'NEFTINW-436156'],
        [169, 308, 'NEFT HDFCN251885733469 ORIENT'],
        [334, 353, '1224'],
        [374, 408, '– 2,070'],
        [419, 486, '37,959.46 (Cr)'],
      ],
    ],
    [220.4, [[169, 217, 'PAPER MART']]],
  ]);
  const result = parseStatement(doc);
  assert.deepEqual(rowsOf(doc), [
    ['2025-07-02', 0, 1508800, 2541646],
    ['2025-07-05', 0, 1107400, 3649046],
    ['2025-07-05', 0, 353900, 4002946],
    ['2025-07-07', 207000, 0, 3795946],
  ]);
  const narrations = result.accounts[0]!.transactions.map((t) => t.description);
  assert.deepEqual(narrations, [
    'UPI/SNEHA MISHRA/518374551840/groceries',
    'UPI/DEEPA GUPTA/518690030138/school fee',
    'NEFT ICICH251861561234 RAJDHANI AUTO PARTS',
    'NEFT HDFCN251885733469 ORIENT PAPER MART',
  ]);
});
