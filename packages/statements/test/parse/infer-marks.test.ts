// Tables whose headings the reader has no name for, cells drawn as one item: a balance's own mark
// drawn apart before the amount's Dr/Cr column, a reference and the amount after it, a channel and
// the withdrawal after it. Positions from generated layouts (Kotak in Helvetica 8, newest first; SBI
// in Helvetica 9 and ICICI in Times-Roman 10, figures set at the left of their columns). (A Dr/Cr
// mark drawn as one item with the date's month and year, ICICI in Courier 9.5, is no longer read
// apart: census session 13.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, itemsPage } from './items.ts';
import { inferredRowsOf, inferredTableOf } from './stages.ts';

test("a balance's own mark, then the amount's Dr/Cr column ('61,683.46 (Cr) | DR')", () => {
  // (the balance's '(Cr)' was read as the Dr/Cr column and the amount's 'DR' went to the balance:
  // withdrawals read as deposits, balances overdrawn)
  const doc = itemsPage(8, [
    [20, [[37, 169, 'Kotak Mahindra Bank']]],
    [82, [[37, 162, 'Statement generated on 31-JUL-25']]],
    [
      100,
      [
        [41, 70, 'Kolumn'],
        [162, 179, 'Frob'],
        [269, 302, 'Quux Val'],
        [316, 339, 'Plugh'],
        [357, 397, 'Xyzzy Amt'],
        [410, 428, 'Zorb'],
      ],
    ],
    [
      129,
      [
        [37, 74, '30-JUL-25'],
        [82, 228, 'NEFT PUNBN252113711025 SUPREME'],
        [267, 304, '30-JUL-25'],
        [316, 343, '2,175.0'],
        [351, 403, '61,683.46 (Cr)'],
        [410, 422, 'DR'],
      ],
    ],
    [138, [[82, 144, 'PACKAGING LLP']]],
    [
      147,
      [
        [37, 74, '28-JUL-25'],
        [82, 206, 'NACH DR TATA CAPITAL FIN SER'],
        [267, 304, '28-JUL-25'],
        [316, 343, '1,503.0'],
        [351, 403, '63,858.46 (Cr)'],
        [410, 422, 'DR'],
      ],
    ],
    [156, [[82, 172, 'SBIN4443328914729351']]],
    [
      165,
      [
        [37, 74, '26-JUL-25'],
        [82, 182, 'IMPS-520712116682-NEHA'],
        [267, 304, '26-JUL-25'],
        [323, 343, '753.0'],
        [351, 403, '65,361.46 (Cr)'],
        [410, 422, 'CR'],
      ],
    ],
    [174, [[82, 171, 'SINGH-UBIN-XXXX2266']]],
    [
      183,
      [
        [37, 74, '25-JUL-25'],
        [82, 227, 'NEFT UTIBH252064148488 NEW INDIA'],
        [267, 304, '25-JUL-25'],
        [312, 343, '24,187.0'],
        [351, 403, '64,608.46 (Cr)'],
        [410, 422, 'CR'],
      ],
    ],
    [192, [[82, 128, 'HARDWARE']]],
    [
      201,
      [
        [37, 74, '25-JUL-25'],
        [82, 216, 'CASH DEPOSIT AT KORAMANGALA'],
        [267, 304, '25-JUL-25'],
        [316, 343, '1,700.0'],
        [351, 403, '40,421.46 (Cr)'],
        [410, 422, 'CR'],
      ],
    ],
  ]);
  // (the rows in the order printed, newest first: the account stage turns them)
  assert.deepEqual(inferredRowsOf(doc), [
    ['2025-07-30', 217500, 0, 6168346],
    ['2025-07-28', 150300, 0, 6385846],
    ['2025-07-26', 0, 75300, 6536146],
    ['2025-07-25', 0, 2418700, 6460846],
    ['2025-07-25', 0, 170000, 4042146],
  ]);
});

test("a reference and the amount set at the left of its column drawn as one item ('TRANSFER FROM 7604300016641 0.00')", () => {
  // (the figure stayed in the reference's column: the columns could not be told by the balances)
  const doc = itemsPage(9, [
    [20, [[41, 160, 'State Bank of India']]],
    [78, [[41, 232, 'Statement of Account for the period 01-12-23 to 31-12-23']]],
    [
      94,
      [
        [41, 69, 'Kolumn'],
        [87, 103, 'Frob'],
        [132, 151, 'Quux'],
        [310, 331, 'Plugh'],
        [455, 476, 'Xyzzy'],
        [505, 521, 'Zorb'],
        [548, 573, 'Wibble'],
      ],
    ],
    [
      102,
      [
        [132, 143, 'Val'],
        [461, 476, 'Amt'],
      ],
    ],
    [
      138,
      [
        [132, 189, 'Opening Balance'],
        [525, 567, '96,300.53Cr'],
      ],
    ],
    [152, [[132, 305, 'BY TRANSFER-NEFT*IDIB0242941*IDIBN2333512']]],
    [
      160,
      [
        [41, 71, '01-12-23'],
        [87, 117, '01-12-23'],
        [132, 276, '78460*GREENFIELD AGRO PRODUCTS--'],
        [310, 449, 'TRANSFER FROM 7604300016641 0.00'],
        [480, 509, '4,002.00'],
        [525, 573, '1,00,302.53Cr'],
      ],
    ],
    [174, [[132, 270, 'BY CLEARING-HDFC BANK NEW INDIA']]],
    [
      182,
      [
        [41, 71, '02-12-23'],
        [87, 117, '03-12-23'],
        [132, 177, 'HARDWARE-'],
        [310, 335, '254168'],
        [435, 449, '0.00'],
        [480, 509, '7,656.00'],
        [525, 573, '1,07,958.53Cr'],
      ],
    ],
    [196, [[132, 305, 'TO TRANSFER-POS/582342XXXXXX2168/AMAZO']]],
    [
      205,
      [
        [41, 71, '04-12-23'],
        [87, 117, '04-12-23'],
        [132, 195, 'N PAY INDIA PVT--'],
        [310, 418, 'TRANSFER TO 6180486735628'],
        [435, 464, '1,746.70'],
        [480, 495, '0.00'],
        [525, 573, '1,06,211.83Cr'],
      ],
    ],
    [218, [[132, 287, 'TO TRANSFER-UPI/DR/333822021995/NEHA']]],
    [
      227,
      [
        [41, 71, '04-12-23'],
        [87, 117, '04-12-23'],
        [132, 251, 'RAO/BKID/neha429@axl/advance--'],
        [310, 418, 'TRANSFER TO 9140107830475'],
        [435, 458, '477.00'],
        [480, 495, '0.00'],
        [525, 573, '1,05,734.83Cr'],
      ],
    ],
    [240, [[132, 283, 'TO TRANSFER-UPI/DR/334054782476/ANIL']]],
    [
      249,
      [
        [41, 71, '06-12-23'],
        [87, 117, '06-12-23'],
        [132, 234, 'KHAN/BARB/anil@oksbi/UPI--'],
        [310, 418, 'TRANSFER TO 2844477762251'],
        [435, 464, '1,504.00'],
        [480, 495, '0.00'],
        [525, 573, '1,04,230.83Cr'],
      ],
    ],
    [262, [[132, 296, 'BY TRANSFER-UPI/CR/334235952547/NAVEEN']]],
    [
      271,
      [
        [41, 71, '08-12-23'],
        [87, 117, '08-12-23'],
        [132, 249, 'GILL/YESB/naveen@axl/advance--'],
        [310, 449, 'TRANSFER FROM 3844716615490 0.00'],
        [480, 509, '2,343.00'],
        [525, 573, '1,06,573.83Cr'],
      ],
    ],
    [285, [[132, 306, 'BY TRANSFER-NEFT*CNRB0356223*CNRBH2334']]],
    [
      293,
      [
        [41, 71, '11-12-23'],
        [87, 117, '11-12-23'],
        [132, 256, '55502712*BHARAT ELECTRICALS--'],
        [310, 449, 'TRANSFER FROM 4103109535549 0.00'],
        [480, 513, '60,834.00'],
        [525, 573, '1,67,407.83Cr'],
      ],
    ],
    [307, [[132, 305, 'TO TRANSFER-NEFT*PUNB0387912*PUNBN2334']]],
    [
      315,
      [
        [41, 71, '11-12-23'],
        [87, 117, '11-12-23'],
        [132, 303, '56663857*GLOBAL TECH SOLUTIONS PVT LTD--'],
        [310, 418, 'TRANSFER TO 7868693222185'],
        [435, 464, '5,234.00'],
        [480, 495, '0.00'],
        [525, 573, '1,62,173.83Cr'],
      ],
    ],
    [329, [[132, 295, 'BY TRANSFER-UPI/CR/334620869311/SHALINI']]],
    [
      337,
      [
        [41, 71, '12-12-23'],
        [87, 117, '12-12-23'],
        [132, 289, 'THOMAS/UTIB/shalini@axl/Sent using Paytm--'],
        [310, 449, 'TRANSFER FROM 2787932690468 0.00'],
        [480, 509, '7,633.00'],
        [525, 573, '1,69,806.83Cr'],
      ],
    ],
  ]);
  assert.deepEqual(inferredRowsOf(doc), [
    ['2023-12-01', 0, 400200, 10030253],
    ['2023-12-02', 0, 765600, 10795853],
    ['2023-12-04', 174670, 0, 10621183],
    ['2023-12-04', 47700, 0, 10573483],
    ['2023-12-06', 150400, 0, 10423083],
    ['2023-12-08', 0, 234300, 10657383],
    ['2023-12-11', 0, 6083400, 16740783],
    ['2023-12-11', 523400, 0, 16217383],
    ['2023-12-12', 0, 763300, 16980683],
  ]);
});

test("a reference and a one-decimal amount drawn as one item ('UPI-518374551840 15,088.0')", () => {
  // (Kotak in Courier 9.5, figures set at the left of their column: only amounts with paise were
  // taken from the reference before them, and no table was found)
  const row = (
    y: number,
    date: string,
    text: string,
    ref: Item,
    mark: string,
    balance: string,
  ): [number, Item[]] => [
    y,
    [[32, 75, date], [86, 129, date], [139, 296, text], ref, [474, 485, mark], [528, 576, balance]],
  ];
  const doc = itemsPage(9.5, [
    [19, [[32, 191, 'Kotak Mahindra Bank']]],
    [89, [[32, 334, 'Statement of Account for the period 01/07/25 to 31/07/25']]],
    [
      110,
      [
        [32, 64, 'Kolumn'],
        [86, 107, 'Frob'],
        [139, 161, 'Quux'],
        [328, 355, 'Plugh'],
        [420, 495, 'Xyzzy Amt Zorb'],
        [544, 576, 'Wibble'],
      ],
    ],
    [
      144,
      [
        [139, 220, 'Opening Balance'],
        [528, 576, '10,328.46'],
      ],
    ],
    row(
      170,
      '02/07/25',
      'UPI/SNEHA MISHRA/groceries',
      [328, 463, 'UPI-518374551840 15,088.0'],
      'CR',
      '25,416.46',
    ),
    row(
      207,
      '05/07/25',
      'UPI/DEEPA GUPTA/school fee',
      [328, 463, 'UPI-518690030138 11,074.0'],
      'CR',
      '36,490.46',
    ),
    row(244, '05/07/25', 'NEFT RAJDHANI AUTO PARTS', [328, 458, 'NEFTINW-436964 3,539.0'], 'CR', '40,029.46'),
    row(282, '07/07/25', 'NEFT ORIENT PAPER MART', [328, 458, 'NEFTINW-436156 2,070.0'], 'DR', '37,959.46'),
    row(329, '08/07/25', 'UPI/JOSEPH DAS/PhonePe', [328, 441, 'UPI-518917431142 36.0'], 'DR', '37,923.46'),
    row(356, '09/07/25', 'UPI/MAKEMYTRIP/rent', [328, 447, 'UPI-519079314794 340.0'], 'DR', '37,583.46'),
    row(403, '12/07/25', 'UPI/DMART/school fee', [328, 463, 'UPI-519392985623 14,471.0'], 'DR', '23,112.46'),
  ]);
  assert.deepEqual(inferredRowsOf(doc), [
    ['2025-07-02', 0, 1508800, 2541646],
    ['2025-07-05', 0, 1107400, 3649046],
    ['2025-07-05', 0, 353900, 4002946],
    ['2025-07-07', 207000, 0, 3795946],
    ['2025-07-08', 3600, 0, 3792346],
    ['2025-07-09', 34000, 0, 3758346],
    ['2025-07-12', 1447100, 0, 2311246],
  ]);
});

test("a balance with its own mark, then the amount's Dr/Cr column after it ('4,71,547.04Dr' | 'CR')", () => {
  // Positions from a generated Axis layout (Times-Roman 9, one-decimal amounts, overdrawn). The mark
  // column had been joined to the balance ('4,71,547.04Dr CR', no figure): no table, 0 rows.
  const rows: [string, string, string, string, string][] = [
    ['01 Jan 24', 'CASH DEPOSIT MI ROAD', '30,100.0', '4,71,547.04Dr', 'CR'],
    ['02 Jan 24', 'REDDY/YESB/NA', '22,721.0', '4,94,268.04Dr', 'DR'],
    ['03 Jan 24', 'CHOUDHARY/BANK OF BARODA/NA', '1,255.0', '4,95,523.04Dr', 'DR'],
    ['07 Jan 24', 'BANK OF INDIA/advance', '31.0', '4,95,554.04Dr', 'DR'],
    ['09 Jan 24', 'OF MAHARASHTRA/UPI', '215.0', '4,95,769.04Dr', 'DR'],
    ['09 Jan 24', 'ELECTRICALS/AXIS BANK', '4,33,197.0', '62,803.04Dr', 'CR'],
    ['10 Jan 24', 'POS/INDIAN OIL CORP/JAIPUR/551869', '2,627.3', '65,430.34Dr', 'DR'],
  ];
  const doc = itemsPage(9, [
    [20, [[32, 109, 'AXIS BANK']]],
    [88, [[32, 244, 'Statement of Account for the period 01 Jan 24 to 31 Jan 24']]],
    [
      108,
      [
        [32, 63, 'Kolumn'],
        [75, 94, 'Frob'],
        [289, 310, 'Quux'],
        [349, 371, 'Plugh'],
        [380, 404, 'Xyzzy'],
      ],
    ],
    [
      118,
      [
        [297, 310, 'Val'],
        [380, 397, 'Amt'],
      ],
    ],
    ...rows.map(([date, text, amount, balance, mark], i): [number, Item[]] => [
      161 + 14 * i,
      [
        [32, 66, date],
        [75, 75 + 4.4 * text.length, text],
        [310 - 4.5 * amount.length, 310, amount],
        [371 - 4.5 * balance.length, 371, balance],
        [380, 393, mark],
      ],
    ]),
  ]);
  assert.deepEqual(inferredRowsOf(doc), [
    ['2024-01-01', 0, 3010000, -47154704],
    ['2024-01-02', 2272100, 0, -49426804],
    ['2024-01-03', 125500, 0, -49552304],
    ['2024-01-07', 3100, 0, -49555404],
    ['2024-01-09', 21500, 0, -49576904],
    ['2024-01-09', 0, 43319700, -6280304],
    ['2024-01-10', 262730, 0, -6543034],
  ]);
});

test("a channel's text and the withdrawal set at its left drawn as one item ('NET BANKING 6,808.0Dr', 'NET BANKING -')", () => {
  // (the channel's column swallowed the withdrawals: every withdrawal read as 0, 16 rows of 28 wrong)
  const rows: [string, Item[]][] = [
    [
      '1/3/2025 00:00:00',
      [
        [338, 413, 'NET BANKING -'],
        [459, 499, '1,755.0Cr'],
        [513, 566, '37,861.64 Cr'],
      ],
    ],
    [
      '1/3/2025 05:13:29',
      [
        [338, 376, 'MOBILE'],
        [410, 413, '-'],
        [459, 499, '6,519.0Cr'],
        [513, 566, '44,380.64 Cr'],
      ],
    ],
    [
      '3/3/2025 10:26:58',
      [
        [338, 379, 'BRANCH'],
        [410, 413, '-'],
        [459, 499, '3,628.0Cr'],
        [513, 566, '48,008.64 Cr'],
      ],
    ],
    [
      '4/3/2025 15:39:27',
      [
        [338, 359, 'ATM'],
        [410, 463, '21,673.0Dr -'],
        [513, 566, '26,335.64 Cr'],
      ],
    ],
    [
      '5/3/2025 20:52:56',
      [
        [338, 450, 'NET BANKING 6,808.0Dr'],
        [459, 463, '-'],
        [513, 566, '19,527.64 Cr'],
      ],
    ],
    [
      '6/3/2025 01:05:25',
      [
        [338, 376, 'MOBILE'],
        [410, 413, '-'],
        [459, 499, '3,426.0Cr'],
        [513, 566, '22,953.64 Cr'],
      ],
    ],
    [
      '8/3/2025 06:18:54',
      [
        [338, 379, 'BRANCH'],
        [410, 413, '-'],
        [459, 487, '45.0Cr'],
        [513, 566, '22,998.64 Cr'],
      ],
    ],
    [
      '9/3/2025 11:31:23',
      [
        [338, 359, 'ATM'],
        [410, 438, '48.0Dr'],
        [459, 463, '-'],
        [513, 566, '22,950.64 Cr'],
      ],
    ],
    [
      '10/3/2025 16:44:52',
      [
        [338, 450, 'NET BANKING 2,500.0Dr'],
        [459, 463, '-'],
        [513, 566, '20,450.64 Cr'],
      ],
    ],
    [
      '10/3/2025 21:57:21',
      [
        [338, 376, 'MOBILE'],
        [410, 443, '181.0Dr'],
        [459, 463, '-'],
        [513, 566, '20,269.64 Cr'],
      ],
    ],
  ];
  const doc = itemsPage(
    10,
    [
      [19, [[21, 153, 'ICICI Bank Limited']]],
      [107, [[21, 256, 'Statement of Account for the period 1/3/2025 to 31/3/2025']]],
      [
        130,
        [
          [21, 56, 'Kolumn'],
          [104, 125, 'Frob'],
          [338, 362, 'Quux'],
          [430, 455, 'Plugh'],
          [483, 509, 'Xyzzy'],
          [549, 571, 'Zorb'],
        ],
      ],
      [
        141,
        [
          [338, 352, 'Val'],
          [490, 509, 'Amt'],
        ],
      ],
      ...rows.map(([date, items], i): [number, Item[]] => [
        167 + 29 * i,
        [[21, 21 + 4.4 * date.length, date], [104, 280, `UPI/50602011267${i}/Payment/ritu@paytm`], ...items],
      ]),
    ],
    [595.28, 841.89],
  );
  assert.deepEqual(inferredRowsOf(doc), [
    ['2025-03-01', 0, 175500, 3786164],
    ['2025-03-01', 0, 651900, 4438064],
    ['2025-03-03', 0, 362800, 4800864],
    ['2025-03-04', 2167300, 0, 2633564],
    ['2025-03-05', 680800, 0, 1952764],
    ['2025-03-06', 0, 342600, 2295364],
    ['2025-03-08', 0, 4500, 2299864],
    ['2025-03-09', 4800, 0, 2295064],
    ['2025-03-10', 250000, 0, 2045064],
    ['2025-03-10', 18100, 0, 2026964],
  ]);
});

test("a day drawn apart from its month and two-digit year ('02' 'July 24'), headings unknown", () => {
  // (read as the 24th of July on every row, the day taken for a serial number)
  const rows: [string, string, string, string, string][] = [
    ['02', 'July 24', '0.0', '513.0', '713982.28'],
    ['04', 'July 24', '89746.0', '0.0', '624236.28'],
    ['05', 'July 24', '0.0', '10481.0', '634717.28'],
    ['05', 'July 24', '644.0', '0.0', '634073.28'],
    ['02', 'August 24', '1000.0', '0.0', '633073.28'],
  ];
  const doc = itemsPage(8.5, [
    [19, [[31, 136, 'HDFC BANK LTD']]],
    [84, [[31, 347, 'Statement of Account for the period 01 July 24 to 31 August 24']]],
    [
      103,
      [
        [46, 76, 'Kolumn'],
        [250, 270, 'Quux'],
        [303, 329, 'Plugh'],
        [362, 387, 'Xyzzy'],
        [510, 531, 'Zorb'],
      ],
    ],
    [
      143,
      [
        [341, 387, '713469.28'],
        [400, 476, 'Opening Balance'],
      ],
    ],
    ...rows.map(([day, monthYear, debit, credit, balance], i): [number, Item[]] => [
      153 + 19 * i,
      [
        [31, 41, day],
        [46, 46 + 5.1 * monthYear.length, monthYear],
        [270 - 5.1 * debit.length, 270, debit],
        [329 - 5.1 * credit.length, 329, credit],
        [341, 387, balance],
        [400, 517, `IMPS-41847907512${i}-RAHUL`],
      ],
    ]),
  ]);
  assert.deepEqual(inferredRowsOf(doc), [
    ['2024-07-02', 0, 51300, 71398228],
    ['2024-07-04', 8974600, 0, 62423628],
    ['2024-07-05', 0, 1048100, 63471728],
    ['2024-07-05', 64400, 0, 63407328],
    ['2024-08-02', 100000, 0, 63307328],
  ]);
});

test('an overdrawn balance in brackets drawn in one item with the number after it is a figure cell of its own', () => {
  // unknown headings over serial, date, reference, channel, amount, Dr/Cr, balance, cheque number,
  // narration (generated KOTAK seed 4672305059, Courier 8.5, tight): '(17,533.54) 8226' is one item
  const row = (
    y: number,
    n: string,
    date: string,
    amount: string,
    mark: string,
    tail: string,
    text: string,
  ): [number, Item[]] => [
    y,
    [
      [31, 39, n],
      [55, 117, `${date} ${date} NEFTINW-921349`],
      [140, 185, 'NET BANKING'],
      [255 - 4 * amount.length, 255, amount],
      [258, 266, mark],
      [282, 340, tail],
      [346, 346 + 4 * text.length, text],
    ],
  ];
  const doc = itemsPage(8.5, [
    [
      100,
      [
        [31, 60, 'Kolumn'],
        [80, 100, 'Frob'],
        [160, 190, 'Quux'],
        [222, 250, 'Plugh'],
        [300, 330, 'Xyzzy'],
      ],
    ],
    row(120, '1', '01-07-25', '1,000.00', 'DR', '(10,000.00) 8226', 'NEFT SUPREME PACKAGING LLP'),
    row(130, '2', '03-07-25', '2,500.00', 'CR', '(7,500.00) 7837', 'NACH DR TATA CAPITAL'),
    row(140, '3', '05-07-25', '753.00', 'DR', '(8,253.00) 7448', 'IMPS NEHA SINGH'),
    row(150, '4', '08-07-25', '12,000.00', 'CR', '3,747.00 7059', 'NEFT NEW INDIA HARDWARE'),
    row(160, '5', '09-07-25', '47.00', 'DR', '3,700.00 6670', 'CASH DEPOSIT AT KORAMANGALA'),
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.description]),
    [
      ['2025-07-01', 100000, 0, -1000000, 'NEFT SUPREME PACKAGING LLP'],
      ['2025-07-03', 0, 250000, -750000, 'NACH DR TATA CAPITAL'],
      ['2025-07-05', 75300, 0, -825300, 'IMPS NEHA SINGH'],
      ['2025-07-08', 0, 1200000, 374700, 'NEFT NEW INDIA HARDWARE'],
      ['2025-07-09', 4700, 0, 370000, 'CASH DEPOSIT AT KORAMANGALA'],
    ],
  );
});
