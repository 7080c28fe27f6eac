// The sequence reader (parse/sequence.ts) alone: a row's words set one space apart, read by their
// order. Lines from the shapes real plain-text statements take (a redraw of a statement's text, a
// bank's text download), names and numbers invented.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { specialKind } from '../../src/parse/rows.ts';
import { sequenceCells, specialText } from '../../src/parse/sequence.ts';
import { type Item, itemsPage, pagesOf, placed, rowsOf } from './items.ts';
import { texts } from './stages.ts';

const words = (s: string) => s.split(' ');

test('date, narration, the figures in the header order with an empty cell, the balance last', () => {
  assert.deepEqual(
    texts(
      sequenceCells(words('01/05/2019 UPI/DR/626034610246/ODNMQU PAYMENTS - 350.00 3,785.89'), [
        'date',
        'description',
        'debit',
        'credit',
        'balance',
      ])!,
    ),
    [
      ['date', '01/05/2019'],
      ['description', 'UPI/DR/626034610246/ODNMQU PAYMENTS'],
      ['credit', '350.00'],
      ['balance', '3,785.89'],
    ],
  );
});

test('figures before the narration: the words after them are the column the header puts there', () => {
  assert.deepEqual(
    texts(
      sequenceCells(words('2023/04/28 40,000.00 - 60,000.00 NEFT/INWARD/CR-HDFC/VHRP INLYV'), [
        'date',
        'reference',
        'debit',
        'credit',
        'balance',
        'description',
      ])!,
    ),
    [
      ['date', '2023/04/28'],
      ['description', 'NEFT/INWARD/CR-HDFC/VHRP INLYV'],
      ['debit', '40,000.00'],
      ['balance', '60,000.00'],
    ],
  );
});

test("one figure before the balance is an amount of either side; a mark after it is the amount's", () => {
  assert.deepEqual(
    texts(
      sequenceCells(words('01-Jul-2025 UPI/DR/626034610246/ODNMQU 01JUL 347.00 Dr 9,653.00'), [
        'date',
        'description',
        'reference',
        'amount',
        'balance',
      ])!,
    ),
    [
      ['date', '01-Jul-2025'],
      ['description', 'UPI/DR/626034610246/ODNMQU 01JUL'],
      ['amount', '347.00 Dr'],
      ['balance', '9,653.00'],
    ],
  );
});

test('without a header: a code after the balance is no narration', () => {
  assert.deepEqual(
    texts(sequenceCells(words('05-01-2024 ATM CASH WITHDRAWAL 2000.00 128000.00 553'), null)!),
    [
      ['date', '05-01-2024'],
      ['description', 'ATM CASH WITHDRAWAL'],
      ['amount', '2000.00'],
      ['balance', '128000.00'],
      ['other', '553'],
    ],
  );
  // nor a code and the balance's Dr/Cr mark printed after it (generated AXIS seed 166433639)
  assert.deepEqual(
    texts(sequenceCells(words('30-01-24 BANK/Sent using Paytm 16062 -- 404994.33 9393 CR'), null)!),
    [
      ['date', '30-01-24'],
      ['description', 'BANK/Sent using Paytm'],
      ['debit', '16062'],
      ['balance', '404994.33'],
      ['other', '9393 CR'],
    ],
  );
});

test('a line without a date or without money starts no row', () => {
  assert.equal(sequenceCells(words('UOU/UPI/State Bank Of India 20000.00 8990.83'), null), null);
  assert.equal(sequenceCells(words('07-04-2026 UPI/P0A/012881352302/YBSUCHGJT JUGEUG'), null), null);
});

test("whole rupees with their own Dr/Cr mark, a signed figure, a bracketed currency's overdrawn balance", () => {
  assert.deepEqual(
    texts(
      sequenceCells(words('02-07-25 UPI/SNEHA MISHRA/518374551840/groceries 15,088 CR 25,416.46 Cr'), null)!,
    ),
    [
      ['date', '02-07-25'],
      ['description', 'UPI/SNEHA MISHRA/518374551840/groceries'],
      ['amount', '15,088 CR'],
      ['balance', '25,416.46 Cr'],
    ],
  );
  assert.deepEqual(
    texts(
      sequenceCells(words('01-06-23 01-06-23 +18764 5008.63 Cr. UPIAR/CR/315273977814/LAKSHMI'), [
        'date',
        'valueDate',
        'amount',
        'balance',
        'description',
      ])!,
    ),
    [
      ['date', '01-06-23'],
      ['valueDate', '01-06-23'],
      ['description', 'UPIAR/CR/315273977814/LAKSHMI'],
      ['amount', '+18764'],
      ['balance', '5008.63 Cr.'],
    ],
  );
  assert.deepEqual(
    texts(
      sequenceCells(words('30-Jul-2025 NEFT PUNBN252113711025 Rs. 2,175.00 0.00 (Rs. 11,238.54)'), null)!,
    ),
    [
      ['date', '30-Jul-2025'],
      ['description', 'NEFT PUNBN252113711025'],
      // (no header names the sides, and the other figure is a printed zero: that place's empty
      // cell, as '-' is; the balance movement gives this amount's side, parse/one-of-two)
      ['debit', '2,175.00'],
      ['balance', '(11,238.54)'],
    ],
  );
});

test('without a header, the second of two leading dates may be the posting date', () => {
  const row = words('1 03 Apr 2023 01 Apr 2023 CLG/MAHALAXMI STEELS/YES BANK 9,273.00 177,736.80 CR');
  assert.deepEqual(texts(sequenceCells(row, null)!).slice(0, 2), [
    ['date', '03 Apr 2023'],
    ['valueDate', '01 Apr 2023'],
  ]);
  assert.deepEqual(texts(sequenceCells(row, null, { valueDateFirst: true })!).slice(0, 2), [
    ['valueDate', '03 Apr 2023'],
    ['date', '01 Apr 2023'],
  ]);
});

test('whole rupees beside an empty cell take their side from the balance they move (deposit column first)', () => {
  // a statement redrawn one space apart under headings the reader does not know: the deposit is
  // printed before the withdrawal, in whole rupees, the empty cell 'NIL'
  const lines: [number, Item[]][] = [
    [20, [[34, 160, 'Bank of Maharashtra']]],
    [40, [[34, 200, 'IFSC Code : MAHB0058085']]],
    [60, [[34, 294, 'Statement of Account for the period 01/02/2024 to 29/02/2024']]],
    [80, [[34, 225, 'Kolumn Frob Quux Val Plugh Xyzzy Amt Zorb']]],
    [100, [[34, 286, '01/02/2024 01/02/2024 Balance Brought Forward 20,203.05']]],
    [112, [[34, 429, '02/02/2024 02/02/2024 IMPS/CR/403343179855/SUNITA VERMA/BARB 1,840 NIL 22,043.05']]],
    [124, [[34, 383, '04/02/2024 04/02/2024 POS/425791XXXXXX7246/SWIGGY NIL 257.25 21,785.80']]],
    [136, [[34, 356, '04/02/2024 04/02/2024 UPI/CR/403560176246/POOJA 8,128 NIL 29,913.80']]],
    [148, [[34, 417, '06/02/2024 06/02/2024 IMPS/CR/403796526581/KAVITA KHAN/SBIN 3,776 NIL 33,689.80']]],
    [160, [[34, 392, '13/02/2024 13/02/2024 ATM CASH/183343/S1J8M7B25/KOCHI NIL 1,500 32,189.80']]],
    [172, [[34, 300, '29/02/2024 29/02/2024 Closing Balance 32,189.80']]],
  ];
  assert.deepEqual(rowsOf(itemsPage(8, lines)), [
    ['2024-02-02', 0, 184000, 2204305],
    ['2024-02-04', 25725, 0, 2178580],
    ['2024-02-04', 0, 812800, 2991380],
    ['2024-02-06', 0, 377600, 3368980],
    ['2024-02-13', 150000, 0, 3218980],
  ]);
});

test('whole rupees signed with an en dash, a minus after them, or a Dr/Cr mark glued on are amounts', () => {
  // a statement's text redrawn one space apart (generated: UNION, PNB, seed 21001 flat): each row
  // had been left unread, or the table not found
  const cases: [string, string][] = [
    ['01-06-23 01-06-23 UPIAR/DR/315414673540/MAKEMYTRIP \u20139323 25172.63', '\u20139323'],
    ['2023-06-18 2023-06-18 POS/446160XXXXXX3518/SWIGGY 109- 29,298.63', '109-'],
    ['2023-06-03 2023-06-03 IMPS/DR/315418914388/GURPREET YADAV/SBIN 4,133- 21,039.63', '4,133-'],
    ['01 Dec 2023 NEFT/IN/CNRBN233354170778/MAHALAXMI 35,270(Cr) 26,591.84 Dr', '35,270(Cr)'],
    ['07 Dec 2023 UPI/DR/334140832953/KAVITA 745(Dr) 48,906.84 Dr', '745(Dr)'],
  ];
  for (const [line, amount] of cases) {
    const cells = texts(sequenceCells(words(line), null)!);
    assert.deepEqual(
      cells.filter(([role]) => role === 'amount'),
      [['amount', amount]],
      line,
    );
  }
});

test('without a header, two leading dates that run in order both ways: the value date is not the earlier', () => {
  // (headings the reader does not know; every row's two dates equal but a clearing credit's, whose
  // value date comes two days after it was posted: posting date second)
  const lines: [number, Item[]][] = [
    [19, [[41, 159, 'Bank of Baroda']]],
    [
      48,
      [
        [41, 171, 'Name : MRS SANJAY SHEIKH'],
        [298, 443, 'Account No : 39730100227167'],
      ],
    ],
    [
      58,
      [
        [41, 127, '12, STATION ROAD'],
        [298, 422, 'IFSC Code : BARB0045626'],
      ],
    ],
    [
      68,
      [
        [41, 111, 'PUNE - 411001'],
        [298, 373, 'Currency : INR'],
      ],
    ],
    [78, [[298, 460, 'Opening Balance : 175647.40 Dr']]],
    [98, [[41, 376, 'Statement of Account for the period 01-Feb-2024 to 29-Feb-2024']]],
    [118, [[41, 262, 'Kolumn Frob Quux Val Plugh Xyzzy Amt Zorb']]],
    [141, [[41, 473, '03-Feb-2024 03-Feb-2024 POS/479876XXXXXX8129/LIC OF INDIA - 8054.54 183701.94 Dr']]],
    [157, [[41, 397, '06-Feb-2024 06-Feb-2024 NACH DR/LIC HOUSING - 4211.00 187912.94 Dr']]],
    [167, [[41, 192, 'FINANCE/PYTM8974778404845631']]],
    [
      183,
      [[41, 500, '06-Feb-2024 06-Feb-2024 NEFT/IN/UTKSH240372813291/GLOBAL TECH 139652.00 - 48260.94 Dr']],
    ],
    [194, [[41, 198, 'SOLUTIONS PVT LTD/UTKS0495689']]],
    [210, [[41, 468, '08-Feb-2024 06-Feb-2024 INWARD CLG/HDFC BANK/SHIV SHAKTI 15359.00 - 32901.94 Dr']]],
    [220, [[41, 90, 'TRANSPORT']]],
    [236, [[41, 473, '09-Feb-2024 09-Feb-2024 UPI/DR/404092491393/AMAZON PAY INDIA - 36.00 32937.94 Dr']]],
    [246, [[41, 219, 'PVT/PUNB/amazonpay@apl/school fee']]],
  ];
  const read = parseStatement(itemsPage(9, lines, [595, 842])).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    read.map((t) => [t.date, t.valueDate]),
    [
      ['2024-02-03', '2024-02-03'],
      ['2024-02-06', '2024-02-06'],
      ['2024-02-06', '2024-02-06'],
      ['2024-02-06', '2024-02-08'],
      ['2024-02-09', '2024-02-09'],
    ],
  );
});

test('two amount columns no header names, the deposit printed first: the chain gives the sides, and the places they prove give the first row its own', () => {
  // (newest first, unknown headings, the empty cell '--': the usual order, withdrawal first, made
  // every deposit a withdrawal and broke the chain. With the sides right, the oldest row's side had
  // rested on nothing, as no opening balance is printed; the rows the chain proves show the first
  // place holds deposits, and the oldest row prints its amount there: a deposit)
  const lines: [number, Item[]][] = [
    [19, [[41, 123, 'INDIAN BANK']]],
    [
      44,
      [
        [41, 203, 'Name : GLOBAL TECH SOLUTIONS PVT LTD'],
        [298, 401, 'Account No : 6640411955'],
      ],
    ],
    [
      52,
      [
        [41, 113, '12, STATION ROAD'],
        [298, 401, 'IFSC Code : IDIB0018159'],
      ],
    ],
    [
      61,
      [
        [41, 99, 'PUNE - 411001'],
        [298, 361, 'Currency : INR'],
      ],
    ],
    [78, [[41, 302, 'Statement of Account for the period 01-JAN-23 to 31-JAN-23']]],
    [96, [[41, 203, 'Kolumn Frob Quux Val Plugh Xyzzy Amt']]],
    [124, [[41, 315, '30-JAN-23 UPI/CR/303034755063/ANIL 4,020.00 -- 183,315.09 Cr.']]],
    [132, [[41, 234, 'PATEL/PYTM/anil@okaxis/Payment from PhonePe']]],
    [144, [[41, 324, '29-JAN-23 UPI/DR/302945118531/ARJUN -- 18,608.00 179,295.09 Cr.']]],
    [153, [[41, 153, 'MEHTA/BKID/arjun@axl/rent']]],
    [165, [[41, 401, '29-JAN-23 INWARD CLG/PAYTM PAYMENTS BANK/GLOBAL TECH 33,376.00 -- 197,903.09 Cr.']]],
    [173, [[41, 117, 'SOLUTIONS PVT LTD']]],
    [185, [[41, 351, '28-JAN-23 POS/425282XXXXXX3310/JIO PLATFORMS -- 200.78 164,527.09 Cr.']]],
    [197, [[41, 360, '27-JAN-23 POS/541121XXXXXX2039/APOLLO PHARMACY -- 388.03 164,727.87 Cr.']]],
    [209, [[41, 401, '27-JAN-23 UPI/DR/302755347286/IRCTC/SBIN/irctc@sbi/rent -- 435.00 165,115.90 Cr.']]],
    [221, [[41, 347, '25-JAN-23 ATM CASH/766246/S18MGUK50/KOCHI -- 1,000.00 165,550.90 Cr.']]],
    [233, [[41, 342, '24-JAN-23 POS/690141XXXXXX1575/BIGBASKET -- 1,581.66 166,550.90 Cr.']]],
    [245, [[41, 383, '23-JAN-23 NEFT/IN/BKIDH230231266081/VISHAL PHARMA 8,492.00 -- 168,132.56 Cr.']]],
    [253, [[41, 149, 'DISTRIBUTORS/BKID0705179']]],
  ];
  const [account] = parseStatement(itemsPage(7.5, lines, [595, 842])).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.withdrawal, t.deposit]),
    [
      ['2023-01-23', 0, 849200],
      ['2023-01-24', 158166, 0],
      ['2023-01-25', 100000, 0],
      ['2023-01-27', 43500, 0],
      ['2023-01-27', 38803, 0],
      ['2023-01-28', 20078, 0],
      ['2023-01-29', 0, 3337600],
      ['2023-01-29', 1860800, 0],
      ['2023-01-30', 0, 402000],
    ],
  );
  assert.deepEqual(
    [
      account!.reconciliation.ok,
      account!.reconciliation.openingSource,
      account!.reconciliation.openingBalance,
    ],
    [true, 'derived', 16_813_256 - 849_200],
  );
});

test('without a header the reader knows, an opening printed above the first row, its figure first, is read', () => {
  // (generated SBI seed 609842279, flat: the opening stayed in the header zone, and the first row's
  // side rested on nothing: no success)
  const lines: [number, Item[]][] = [
    [20, [[38, 150, 'State Bank of India']]],
    [86, [[38, 252, 'Statement of Account for the period 01-NOV-25 to 31-DEC-25']]],
    [149, [[38, 181, 'Kolumn Frob Quux Val Plugh Xyzzy Amt']]],
    [181, [[38, 163, 'Rs. 2,44,604.54 Cr Opening Balance']]],
    [197, [[38, 185, '04-NOV-25 Rs. 269 Rs. 2,44,335.54 Cr TO']]],
    [207, [[38, 210, 'TRANSFER-UPI/DR/530870141039/BIGBASKET']]],
    [233, [[38, 340, '05-NOV-25 Rs. 441 Rs. 2,43,894.54 Cr TO TRANSFER-UPI/DR/530987550490/UBER']]],
    [250, [[38, 340, '07-NOV-25 Rs. 1,200 Rs. 2,45,094.54 Cr BY TRANSFER-NEFT/ACME']]],
  ];
  const [account] = parseStatement(itemsPage(9, lines, [595, 842])).accounts;
  assert.equal(account!.reconciliation.openingBalance, 24_460_454);
  assert.equal(account!.reconciliation.openingSource, 'printed');
  assert.deepEqual(
    account!.transactions.map((t) => [t.withdrawal, t.deposit]),
    [
      [26_900, 0],
      [44_100, 0],
      [0, 120_000],
    ],
  );
  assert.equal(account!.reconciliation.ok, true, account!.reconciliation.message);
});

test('a dated B/F line with its overdrawn balance in brackets is the opening, not a row', () => {
  // (generated KOTAK seed 2930045859, flat: '01/07/25 01/07/25 (37,429.54) B/F' was read as a row of
  // no amount, which chained, and the statement reconciled one row too many: a false success)
  const lines: [number, Item[]][] = [
    [20, [[40, 150, 'Kotak Mahindra Bank']]],
    [72, [[40, 191, 'Statement of Account for the period 01/07/25 to 31/07/25']]],
    [88, [[40, 215, 'Txn Date Value Date Transaction Amount Dr/Cr Balance Remarks']]],
    [111.5, [[40, 132, '01/07/25 01/07/25 (37,429.54) B/F']]],
    [119.4, [[40, 279, '02/07/25 02/07/25 15,088 CR (22,341.54) UPI/SNEHA MISHRA/518374551840/groceries']]],
    [127.3, [[40, 277, '05/07/25 05/07/25 11,074 CR (11,267.54) UPI/DEEPA GUPTA/518690030138/school fee']]],
    [143.1, [[40, 289, '07/07/25 07/07/25 2,070 DR (13,337.54) NEFT HDFCN251885733469 ORIENT PAPER MART']]],
  ];
  const [account] = parseStatement(itemsPage(7, lines, [595, 842])).accounts;
  assert.equal(account!.reconciliation.openingBalance, -3_742_954);
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.withdrawal, t.deposit]),
    [
      ['2025-07-02', 0, 1_508_800],
      ['2025-07-05', 0, 1_107_400],
      ['2025-07-07', 207_000, 0],
    ],
  );
  assert.equal(account!.reconciliation.ok, true, account!.reconciliation.message);
});

test("newest first, no opening, a printed 0.00 in the other amount column: the oldest row's side is its place's", () => {
  // (generated BOB seed 2613396819, flat: the rows the chain proves show the first place is the
  // withdrawal's, so the oldest row, '8,054.54 0.00', is one; it was read as a deposit, NOT OK)
  const lines: [number, Item[]][] = [
    [19, [[37, 150, 'Bank of Baroda']]],
    [86, [[37, 323, 'Statement of Account for the period 01-02-24 to 29-02-24']]],
    [105, [[37, 221, 'Kolumn Frob Quux Val Plugh Xyzzy Amt']]],
    [137, [[37, 420, '29-02-24 IMPS/CR/406099116357/NEHA MISHRA/ICIC 0.00 11,134.00 1,14,044.59']]],
    [147, [[37, 379, '26-02-24 ATM CASH/987254/N5NPRI55/KOCHI 1,000.00 0.00 1,02,910.59']]],
    [157, [[37, 338, '26-02-24 UPI/CR/405757951625/AMIT KHAN 0.00 250.00 1,03,910.59']]],
    [167, [[37, 409, '25-02-24 POS/699234XXXXXX7594/RELIANCE RETAIL 2,338.65 0.00 1,03,660.59']]],
    [177, [[37, 394, '03-02-24 POS/479876XXXXXX8129/LIC OF INDIA 8,054.54 0.00 1,05,999.24']]],
  ];
  const [account] = parseStatement(itemsPage(9, lines, [595, 842])).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.withdrawal, t.deposit]),
    [
      ['2024-02-03', 805_454, 0],
      ['2024-02-25', 233_865, 0],
      ['2024-02-26', 0, 25_000],
      ['2024-02-26', 100_000, 0],
      ['2024-02-29', 0, 1_113_400],
    ],
  );
  assert.equal(account!.reconciliation.ok, true, account!.reconciliation.message);
});

test("without a header the reader knows: the first row's figures on the line under its date line, a plus set apart, the two-line header again", () => {
  // (generated KOTAK seed 3405193779: the first five rows were not read, the read started at the first
  // date line with its figures; '+' and the header's first line went onto narrations)
  const lines: [number, Item[]][] = [
    [20, [[26, 154, 'Kotak Mahindra Bank']]],
    [85, [[26, 236, 'Statement of Account for the period 01-Jul-2025 to 31-Jul-2025']]],
    [105, [[26, 477, 'Kolumn Frob Quux Plugh Xyzzy Zorb']]],
    [115, [[164, 421, 'Val Amt']]],
    [145, [[164, 477, 'Opening Balance 84051.54Dr']]],
    [160, [[26, 365, '02-Jul-2025 UPI/SNEHA']]],
    [170, [[164, 477, 'MISHRA/518374551840/groceries + 15088 68963.54Dr']]],
    [186, [[26, 365, '05-Jul-2025 NEFT ORIENT']]],
    [196, [[164, 477, 'PAPER MART - 2070 71033.54Dr']]],
    [212, [[26, 477, 'Kolumn Frob Quux Plugh Xyzzy Zorb']]],
    [222, [[164, 421, 'Val Amt']]],
    [238, [[26, 477, '09-Jul-2025 UPI/MAKEMYTRIP/519079314794/rent - 340 71373.54Dr']]],
  ];
  const [account] = parseStatement(itemsPage(9, lines, [842, 595])).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.description, t.withdrawal, t.deposit, t.balance]),
    [
      ['UPI/SNEHA MISHRA/518374551840/groceries', 0, 1_508_800, -6_896_354],
      ['NEFT ORIENT PAPER MART', 207_000, 0, -7_103_354],
      ['UPI/MAKEMYTRIP/519079314794/rent', 34_000, 0, -7_137_354],
    ],
  );
  assert.equal(account!.reconciliation.ok, true, account!.reconciliation.message);
});

test('a date alone under a row’s date line is its value date, not its narration', () => {
  // (generated KOTAK seed 5147365859, unknown headings, the value date printed under the posting
  // date: read by the words' order, every narration ended in its value date)
  const lines: [number, Item[]][] = [
    [20, [[26, 154, 'Kotak Mahindra Bank']]],
    [85, [[26, 236, 'Statement of Account for the period July 01, 2025 to July 31, 2025']]],
    [105, [[26, 477, 'Kolumn Frob Quux Plugh Xyzzy Zorb']]],
    [125, [[26, 477, '1 July 02, 2025 UPI/SNEHA MISHRA/518374551840/groceries 15,088.00 CR 25,416.46 Cr']]],
    [133, [[51, 98, 'July 03, 2025']]],
    [141, [[26, 477, '2 July 05, 2025 UPI/DEEPA GUPTA/518690030138/school fee 11,074.00 CR 36,490.46 Cr']]],
    [149, [[51, 98, 'July 05, 2025']]],
    [157, [[26, 477, '3 July 07, 2025 NEFT HDFCN251885733469 ORIENT PAPER MART 2,070.00 DR 34,420.46 Cr']]],
    [165, [[51, 98, 'July 07, 2025']]],
  ];
  const [account] = parseStatement(itemsPage(9, lines, [842, 595])).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.valueDate, t.description, t.withdrawal, t.deposit]),
    [
      ['2025-07-02', '2025-07-03', 'UPI/SNEHA MISHRA/518374551840/groceries', 0, 1_508_800],
      ['2025-07-05', '2025-07-05', 'UPI/DEEPA GUPTA/518690030138/school fee', 0, 1_107_400],
      ['2025-07-07', '2025-07-07', 'NEFT HDFCN251885733469 ORIENT PAPER MART', 207_000, 0],
    ],
  );
});

test('a date alone under a row, its figures on the line under it, starts the next row', () => {
  const lines: [number, Item[]][] = [
    [20, [[26, 154, 'Kotak Mahindra Bank']]],
    [105, [[26, 477, 'Kolumn Frob Quux Plugh Xyzzy Zorb']]],
    [125, [[26, 477, '01-07-2025 UPI/SNEHA MISHRA/518374551840/groceries 15,088.00 25,416.46']]],
    [133, [[26, 98, '02-07-2025']]],
    [141, [[26, 477, 'UPI/DEEPA GUPTA/518690030138/school fee 11,074.00 36,490.46']]],
    [157, [[26, 477, '07-07-2025 NEFT HDFCN251885733469 ORIENT PAPER MART 2,070.00 34,420.46']]],
  ];
  const [account] = parseStatement(itemsPage(9, lines, [842, 595])).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.description, t.withdrawal, t.deposit]),
    [
      ['2025-07-01', 'UPI/SNEHA MISHRA/518374551840/groceries', 0, 1_508_800],
      ['2025-07-02', 'UPI/DEEPA GUPTA/518690030138/school fee', 0, 1_107_400],
      ['2025-07-07', 'NEFT HDFCN251885733469 ORIENT PAPER MART', 207_000, 0],
    ],
  );
});

test("whole rupees after a value date: '14 Apr 25 2000' withdraws 2000, it is no date of the year 2000", () => {
  // (PNB 5939297659 of flat seed 750001: 'Apr 25 2000' read as 25 April 2000 took the amount for a
  // value date's year; the row moved no money, the chain broke and no read was kept)
  const order = ['serial', 'date', 'description', 'valueDate', 'debit', 'credit', 'balance', 'mark'] as const;
  assert.deepEqual(
    texts(
      sequenceCells(
        words('16 14 Apr 25 03:15:15 ATM CASH/583812/S15KTTU46/AHMEDABAD 14 Apr 25 2000 39393.97 CR'),
        [...order],
      )!,
    ),
    [
      ['date', '14 Apr 25 03:15:15'],
      ['valueDate', '14 Apr 25'],
      ['description', 'ATM CASH/583812/S15KTTU46/AHMEDABAD'],
      ['amount', '2000'],
      ['balance', '39393.97 CR'],
    ],
  );
});

test("a narration centred on its date line: the line set closer to the next date line is that row's, on a page's top too", () => {
  // (generated BOM seed 7364749399, unknown headings, whole rupees with their marks: read by the
  // words' order, the line over each date line went onto the row above; rows 9.4 pt apart, a row's
  // own lines 7.4 pt)
  const page1: [number, Item[]][] = [
    [20, [[36, 162, 'Bank of Maharashtra']]],
    [62, [[396, 508, 'Opening Balance : Rs. 20,203.05']]],
    [77, [[36, 260, 'Statement of Account for the period 01-Feb-2024 to 29-Feb-2024']]],
    [91.3, [[36, 466, 'Kolumn Frob Quux Plugh Xyzzy Zorb Wibble']]],
    [98.7, [[122, 352, 'Val Amt']]],
    [
      121.8,
      [
        [
          36,
          466,
          '02-Feb-2024 02-Feb-2024 IMPS/CR/403343179855/SUNITA VERMA/BARB Rs. 1,840 Cr Rs. 22,043.05',
        ],
      ],
    ],
    [131.1, [[36, 466, '04-Feb-2024 04-Feb-2024 POS/425791XXXXXX7246/SWIGGY Rs. 257.25 Dr Rs. 21,785.80']]],
    [140.5, [[146, 236, 'UPI/CR/403560176246/POOJA']]],
    [
      147.9,
      [
        [
          36,
          466,
          '04-Feb-2024 04-Feb-2024 SHARMA/UTIB/pooja@okhdfcbank/Payment from Rs. 8,128 Cr Rs. 29,913.80',
        ],
      ],
    ],
    [155.2, [[146, 171, 'PhonePe']]],
    [
      164.6,
      [[36, 466, '06-Feb-2024 06-Feb-2024 IMPS/CR/403796526581/KAVITA KHAN/SBIN Rs. 3,776 Cr Rs. 33,689.80']],
    ],
  ];
  const page2: [number, Item[]][] = [
    [19.9, [[36, 162, 'Bank of Maharashtra']]],
    [54.5, [[36, 466, 'Kolumn Frob Quux Plugh Xyzzy Zorb Wibble']]],
    [61.9, [[122, 352, 'Val Amt']]],
    [80.3, [[146, 240, 'UPI/DR/405469797533/BHARAT']]],
    [87.7, [[36, 466, '23-Feb-2024 23-Feb-2024 PETROLEUM/UTKS/bpcl@sbi/Payment Rs. 995 Dr Rs. 32,694.80']]],
    [97.0, [[36, 466, '24-Feb-2024 24-Feb-2024 CASH DEPOSIT/MG ROAD Rs. 2,100 Cr Rs. 34,794.80']]],
  ];
  const doc = pagesOf(
    [page1, page2].map((p) => p.flatMap(([y, items]) => placed(y, items, 6))),
    [792, 612],
  );
  const [account] = parseStatement(doc).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.description, t.withdrawal, t.deposit]),
    [
      ['IMPS/CR/403343179855/SUNITA VERMA/BARB', 0, 184_000],
      ['POS/425791XXXXXX7246/SWIGGY', 25_725, 0],
      ['UPI/CR/403560176246/POOJA SHARMA/UTIB/pooja@okhdfcbank/Payment from PhonePe', 0, 812_800],
      ['IMPS/CR/403796526581/KAVITA KHAN/SBIN', 0, 377_600],
      ['UPI/DR/405469797533/BHARAT PETROLEUM/UTKS/bpcl@sbi/Payment', 99_500, 0],
      ['CASH DEPOSIT/MG ROAD', 0, 210_000],
    ],
  );
  assert.equal(account!.reconciliation.ok, true, account!.reconciliation.message);
});

test('what names a special line: its words from the first with a letter of its own', () => {
  // (a redraw's marks before the line, a serial and its dates, figures in any print, a currency
  // word before one and a Dr/Cr mark after one, an empty cell's 'NIL' or dash)
  const named = [
    ['## OPENING BALANCE', 'OPENING BALANCE'],
    ['01/07/25 01/07/25 (37,429.54) B/F', 'B/F'],
    ['(Rs.69,532.54) B/F', 'B/F'],
    ['(Rs. 3,041.70) Closing Balance', 'Closing Balance'],
    ['Rs. 13,877.63Cr Balance Brought Forward', 'Balance Brought Forward'],
    ['1,84,078 1,47,876 Total', 'Total'],
    ['147876 184078 Total', 'Total'],
    ['NIL - 2,000.00 Cr Closing Balance', 'Closing Balance'],
    ['12 01-04-2024 Opening Balance 5,000.00', 'Opening Balance 5,000.00'],
  ];
  for (const [text, name] of named) assert.equal(specialText(text!), name, text);
  assert.equal(specialKind(specialText('## OPENING BALANCE')), 'opening');
});

test("the balance printed before the amounts: a zero balance leaves a cheque's number to the narration", () => {
  // (a real statement's rows redrawn as text, the balance column before the amounts: '878944355' is
  // the cheque's number, 0.00 the balance after a withdrawal of 190.26; before, the number was read
  // as whole rupees beside a balance taken for the last figure)
  const order = ['date', 'description', 'balance', 'debit', 'credit'] as const;
  const row = (line: string) => texts(sequenceCells(words(line), [...order])!);
  assert.deepEqual(row('05/12/2018 415 AHV 25060916 CHQ W701996570043 878944355 0.00 190.26'), [
    ['date', '05/12/2018'],
    ['description', '415 AHV 25060916 CHQ W701996570043 878944355'],
    ['balance', '0.00'],
    ['amount', '190.26'],
  ]);
  // the balance last, as before: whole rupees before a balance that moves nothing are the amount
  assert.deepEqual(texts(sequenceCells(words('03/05/2024 groceries 269 62,539.54'), null)!), [
    ['date', '03/05/2024'],
    ['description', 'groceries'],
    ['amount', '269'],
    ['balance', '62,539.54'],
  ]);
});
