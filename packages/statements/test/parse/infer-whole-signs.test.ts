// Columns placed by the dated rows (no heading the reader knows), where the amounts are whole
// rupees whose side is printed beside them: a Dr/Cr word ('`4,002 Dr') or a minus after the figure
// ('3,500–'). Before, neither counted as a figure, the inference found no amount column, and the
// words' order read the rows with their narrations cut (the file still said ok).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Item } from './items.ts';
import { itemsPage } from './items.ts';
import { inferredTableOf } from './stages.ts';

test('whole rupees marked Dr a space after them are figures, where debit and balance are drawn as one item on some rows', () => {
  // unknown headings over serial, date, reference, narration (wrapped above its date line), credit,
  // debit, balance. Most debits are whole rupees ('`4,002 Dr'), and rows 8-16 draw two figure cells
  // as one item, so the debit and balance columns' stretches join: in them a bare number with a Dr
  // a space after it is a figure, as '`319.97 Dr' is
  const doc = itemsPage(8, [
    [
      114,
      [
        [37, 89, 'Kolumn Frob'],
        [123, 142, 'Quux'],
        [209, 233, 'Plugh'],
        [453, 477, 'Xyzzy'],
        [520, 539, 'Zorb'],
        [563, 591, 'Wibble'],
      ],
    ],
    [
      124,
      [
        [123, 137, 'Val'],
        [462, 477, 'Amt'],
      ],
    ],
    [145, [[209, 266, 'UPI-ABHISHEK']]],
    [154, [[209, 386, 'IYER-abhishek612@upi-KKBK0427503-3336']]],
    [
      164,
      [
        [37, 41, '1'],
        [70, 113, '2/12/2023'],
        [123, 199, '0000333621653512'],
        [209, 271, '21653512-RENT'],
        [457, 477, '0.00'],
        [496, 539, '`4,002 Dr'],
        [548, 591, '`3,257.18'],
      ],
    ],
    [
      179,
      [
        [37, 41, '2'],
        [70, 113, '3/12/2023'],
        [123, 199, '0000000000000000'],
        [209, 358, 'SMS ALERT CHARGES JUL-SEP23+GST'],
        [457, 477, '0.00'],
        [491, 539, '`319.97 Dr'],
        [548, 591, '`2,937.21'],
      ],
    ],
    [193, [[209, 252, 'UPI-ARJUN']]],
    [203, [[209, 401, 'NAIR-arjun210@ybl-UBIN0579408-3338671331']]],
    [
      212,
      [
        [37, 41, '3'],
        [70, 113, '4/12/2023'],
        [123, 199, '0000333867133181'],
        [209, 233, '81-NA'],
        [443, 477, '`543 Cr'],
        [520, 539, '0.00'],
        [548, 591, '`3,480.21'],
      ],
    ],
    [227, [[209, 266, 'UPI-HARPREET']]],
    [237, [[209, 382, 'KHAN-harpreet237@ybl-UBIN0853765-334']]],
    [
      246,
      [
        [37, 41, '4'],
        [70, 113, '7/12/2023'],
        [123, 199, '0000334139105590'],
        [209, 353, '139105590-PAYMENT FROM PHONEPE'],
        [457, 477, '0.00'],
        [505, 539, '`184 Dr'],
        [548, 591, '`3,296.21'],
      ],
    ],
    [261, [[209, 271, 'UPI-MEENAKSHI']]],
    [270, [[209, 377, 'PILLAI-meenakshi431@apl-UTKS0701572']]],
    [
      280,
      [
        [37, 41, '5'],
        [70, 113, '8/12/2023'],
        [123, 199, '0000334263606754'],
        [209, 310, '-334263606754-PAYMENT'],
        [433, 477, '`5,773 Cr'],
        [520, 539, '0.00'],
        [548, 591, '`9,069.21'],
      ],
    ],
    [295, [[209, 247, 'UPI-NEHA']]],
    [304, [[209, 410, 'GILL-neha932@okicici-KKBK0627402-334352322']]],
    [
      314,
      [
        [37, 41, '6'],
        [70, 113, '9/12/2023'],
        [123, 199, '0000334352322079'],
        [209, 262, '079-INVOICE'],
        [448, 477, '`31 Cr'],
        [520, 539, '0.00'],
        [548, 591, '`9,100.21'],
      ],
    ],
    [
      328,
      [
        [37, 41, '7'],
        [70, 113, '9/12/2023'],
        [123, 199, '0000000000000000'],
        [209, 358, 'SMS ALERT CHARGES JUL-SEP23+GST'],
        [457, 477, '0.00'],
        [510, 539, '`33 Dr'],
        [548, 591, '`9,067.21'],
      ],
    ],
    [
      343,
      [
        [37, 41, '8'],
        [70, 199, '14/12/2023 0000000000337178'],
        [209, 391, 'POS 528864XXXXXX3874 FLIPKART INTERNET'],
        [457, 539, '0.00 `4,263.02 Dr'],
        [548, 591, '`4,804.19'],
      ],
    ],
    [357, [[209, 266, 'UPI-ABHISHEK']]],
    [367, [[209, 386, 'KUMAR-abhishek@okicici-KKBK0868657-33']]],
    [
      377,
      [
        [37, 41, '9'],
        [70, 199, '20/12/2023 0000335442893916'],
        [209, 295, '5442893916-PAYMENT'],
        [457, 477, '0.00'],
        [496, 539, '`3,297 Dr'],
        [548, 591, '`1,507.19'],
      ],
    ],
    [
      391,
      [
        [37, 46, '10'],
        [70, 199, '20/12/2023 0000000000450238'],
        [209, 300, 'CASH DEP DHARAMPETH'],
        [429, 477, '`24,200 Cr'],
        [520, 591, '0.00 `25,707.19'],
      ],
    ],
    [405, [[209, 257, 'UPI-FATIMA']]],
    [415, [[209, 406, 'DESAI-fatima478@ybl-IDIB0596775-335674214']]],
    [
      425,
      [
        [37, 46, '11'],
        [70, 199, '22/12/2023 0000335674214190'],
        [209, 262, '190-ADVANCE'],
        [457, 477, '0.00'],
        [496, 591, '`3,659 Dr `22,048.19'],
      ],
    ],
    [
      439,
      [
        [37, 46, '12'],
        [70, 199, '23/12/2023 0000000000866962'],
        [209, 391, 'NWD-448870XXXXXX6812-S1A9QYIM53-NAGPUR'],
        [457, 477, '0.00'],
        [496, 591, '`3,000 Dr `19,048.19'],
      ],
    ],
    [454, [[209, 338, 'IMPS-335719270750-VENKATESH']]],
    [
      463,
      [
        [37, 46, '13'],
        [70, 199, '23/12/2023 0000335719270750'],
        [209, 377, 'PILLAI-MAHB-XXXXXXX X1845-GROCERIES'],
        [457, 477, '0.00'],
        [496, 591, '`2,600 Dr `16,448.19'],
      ],
    ],
    [478, [[209, 266, 'UPI-HARPREET']]],
    [488, [[209, 386, 'VERMA-harpreet423@apl-IDIB0941980-335']]],
    [
      497,
      [
        [37, 46, '14'],
        [70, 199, '24/12/2023 0000335874553440'],
        [209, 353, '874553440-PAYMENT FROM PHONEPE'],
        [433, 477, '`1,586 Cr'],
        [520, 591, '0.00 `18,034.19'],
      ],
    ],
    [512, [[209, 257, 'UPI-FATIMA']]],
    [521, [[209, 406, 'PILLAI-fatima@paytm-UBIN0279618-335848131']]],
    [
      531,
      [
        [37, 46, '15'],
        [70, 199, '24/12/2023 0000335848131287'],
        [209, 247, '287-RENT'],
        [433, 477, '`1,264 Cr'],
        [520, 591, '0.00 `19,298.19'],
      ],
    ],
    [546, [[209, 257, 'UPI-SURESH']]],
    [555, [[209, 396, 'IYER-suresh@okhdfcbank-UTIB0681671-3360']]],
    [
      565,
      [
        [37, 46, '16'],
        [70, 199, '26/12/2023 0000336013996700'],
        [209, 286, '13996700-INVOICE'],
        [443, 477, '`275 Cr'],
        [520, 591, '0.00 `19,573.19'],
      ],
    ],
    [579, [[209, 396, 'NEFT DR-MAHB0318573-ACME INDUSTRIES PVT']]],
    [589, [[209, 271, 'LTD-NE TBANK,']]],
    [
      599,
      [
        [37, 46, '17'],
        [70, 204, '29/12/2023 MAHBN233636185802'],
        [209, 358, 'MUM-MAHBN233636185802-GROCERIES'],
        [457, 477, '0.00'],
        [491, 539, '`14,450 Dr'],
        [548, 591, '`5,123.19'],
      ],
    ],
    [613, [[209, 271, 'UPI-MEENAKSHI']]],
    [623, [[209, 372, 'KUMAR-meenakshi@ibl-HDFC0203336-33']]],
    [
      633,
      [
        [37, 46, '18'],
        [70, 199, '31/12/2023 0000336555629768'],
        [209, 281, '6555629768-RENT'],
        [443, 477, '`551 Cr'],
        [520, 539, '0.00'],
        [548, 591, '`5,674.19'],
      ],
    ],
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-12-02', 400200, 0, 325718],
      ['2023-12-03', 31997, 0, 293721],
      ['2023-12-04', 0, 54300, 348021],
      ['2023-12-07', 18400, 0, 329621],
      ['2023-12-08', 0, 577300, 906921],
      ['2023-12-09', 0, 3100, 910021],
      ['2023-12-09', 3300, 0, 906721],
      ['2023-12-14', 426302, 0, 480419],
      ['2023-12-20', 329700, 0, 150719],
      ['2023-12-20', 0, 2420000, 2570719],
      ['2023-12-22', 365900, 0, 2204819],
      ['2023-12-23', 300000, 0, 1904819],
      ['2023-12-23', 260000, 0, 1644819],
      ['2023-12-24', 0, 158600, 1803419],
      ['2023-12-24', 0, 126400, 1929819],
      ['2023-12-26', 0, 27500, 1957319],
      ['2023-12-29', 1445000, 0, 512319],
      ['2023-12-31', 0, 55100, 567419],
    ],
  );
  // the narration is a column of its own (not the reference before it), and its lines above each
  // date line are the row's
  assert.deepEqual(
    rows.slice(0, 3).map((t) => t.description),
    [
      'UPI-ABHISHEK IYER-abhishek612@upi-KKBK0427503-3336 21653512-RENT',
      'SMS ALERT CHARGES JUL-SEP23+GST',
      'UPI-ARJUN NAIR-arjun210@ybl-UBIN0579408-3338671331 81-NA',
    ],
  );
});

test('whole rupees with a minus after them (3,500–) are figures of a signed amount column', () => {
  const row = (y: number, date: string, text: string, amount: string, balance: string): [number, Item[]] => [
    y,
    [
      [31, 71, date],
      [147, 147 + 5 * text.length, text],
      [389 - 5 * amount.length, 389, amount],
      [398, 447, balance],
    ],
  ];
  const doc = itemsPage(8, [
    [
      102,
      [
        [31, 58, 'Kolumn'],
        [89, 105, 'Frob'],
        [147, 178, 'Quux Val'],
        [339, 360, 'Plugh'],
        [398, 435, 'Xyzzy Amt'],
      ],
    ],
    [
      147,
      [
        [31, 71, '01 Apr 2023'],
        [89, 114, '519442'],
        [147, 279, 'CLG/MAHALAXMI STEELS/YES BANK'],
        [370, 389, '9,273'],
        [398, 447, '1,77,736.80 Cr'],
      ],
    ],
    row(162, '01 Apr 2023', 'BENEFICIARY ACCOUNT', '21,530', '1,99,266.80 Cr'),
    row(177, '02 Apr 2023', 'NFS/CASH WDL', '3,500–', '1,95,766.80 Cr'),
    row(192, '02 Apr 2023', 'ICICI BANK', '1,473–', '1,94,293.80 Cr'),
    row(207, '05 Apr 2023', 'DES/BARB0543179', '38,028–', '1,56,265.80 Cr'),
    row(222, '06 Apr 2023', 'ACH/HDB FINANCIAL', '2,100–', '1,54,165.80 Cr'),
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.description]),
    [
      ['2023-04-01', 0, 927300, 17773680, 'CLG/MAHALAXMI STEELS/YES BANK'],
      ['2023-04-01', 0, 2153000, 19926680, 'BENEFICIARY ACCOUNT'],
      ['2023-04-02', 350000, 0, 19576680, 'NFS/CASH WDL'],
      ['2023-04-02', 147300, 0, 19429380, 'ICICI BANK'],
      ['2023-04-05', 3802800, 0, 15626580, 'DES/BARB0543179'],
      ['2023-04-06', 210000, 0, 15416580, 'ACH/HDB FINANCIAL'],
    ],
  );
});

test('whole rupees, signed or grouped, drawn in one item with the balance are a figure cell of their own', () => {
  // unknown headings; date and cheque number, value date and currency, amount and balance each
  // drawn as one item on every row; the amounts are whole rupees, debits with a minus after them
  const doc = itemsPage(8, [
    [
      121,
      [
        [43, 77, 'Kolumn'],
        [127, 150, 'Frob'],
        [258, 304, 'Quux Val'],
        [393, 421, 'Plugh'],
        [440, 491, 'Xyzzy Amt'],
        [513, 536, 'Zorb'],
        [558, 592, 'Wibble'],
      ],
    ],
    [158, [[189, 360, 'NEFT PUNBN252113711025 SUPREME']]],
    [
      171,
      [
        [31, 173, '30.07.2025 NEFTINW-921349'],
        [189, 263, 'PACKAGING LLP'],
        [378, 457, '30.07.2025 INR'],
        [502, 592, '2,175– 61,683.46'],
      ],
    ],
    [190, [[189, 348, 'NACH DR TATA CAPITAL FIN SER']]],
    [
      202,
      [
        [31, 156, '28.07.2025 NACH-365320'],
        [189, 303, 'SBIN4443328914729351'],
        [378, 457, '28.07.2025 INR'],
        [502, 592, '1,503– 63,858.46'],
      ],
    ],
    [222, [[189, 314, 'IMPS-520712116682-NEHA']]],
    [
      234,
      [
        [31, 144, '26.07.2025 MB-423261'],
        [189, 297, 'SINGH-UBIN-XXXX2266'],
        [378, 457, '26.07.2025 INR'],
        [519, 592, '753 65,361.46'],
      ],
    ],
    [253, [[189, 371, 'NEFT UTIBH252064148488 NEW INDIA']]],
    [
      265,
      [
        [31, 173, '25.07.2025 NEFTINW-523054'],
        [189, 234, 'HARDWARE'],
        [378, 457, '25.07.2025 INR'],
        [502, 592, '24,187 64,608.46'],
      ],
    ],
    [
      284,
      [
        [31, 150, '25.07.2025 CDM-661822'],
        [189, 343, 'CASH DEPOSIT AT KORAMANGALA'],
        [378, 457, '25.07.2025 INR'],
        [507, 592, '1,700 40,421.46'],
      ],
    ],
    [304, [[189, 360, 'NEFT PYTMN252051088350 SUPREME']]],
    [
      316,
      [
        [31, 173, '24.07.2025 NEFTINW-961523'],
        [189, 263, 'PACKAGING LLP'],
        [378, 457, '24.07.2025 INR'],
        [507, 592, '3,023 38,721.46'],
      ],
    ],
    [335, [[189, 246, 'UPI/ANJALI']]],
    [
      348,
      [
        [31, 184, '23.07.2025 UPI-520457256450'],
        [189, 354, 'KULKARNI/520457256450/advance'],
        [378, 457, '23.07.2025 INR'],
        [502, 592, '1,099– 35,698.46'],
      ],
    ],
    [367, [[189, 240, 'UPI/KARAN']]],
    [
      379,
      [
        [31, 184, '23.07.2025 UPI-520490809294'],
        [189, 360, 'SHEIKH/520490809294/Sent using'],
        [378, 457, '23.07.2025 INR'],
        [513, 592, '362– 36,797.46'],
      ],
    ],
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2025-07-30', 217500, 0, 6168346],
      ['2025-07-28', 150300, 0, 6385846],
      ['2025-07-26', 0, 75300, 6536146],
      ['2025-07-25', 0, 2418700, 6460846],
      ['2025-07-25', 0, 170000, 4042146],
      ['2025-07-24', 0, 302300, 3872146],
      ['2025-07-23', 109900, 0, 3569846],
      ['2025-07-23', 36200, 0, 3679746],
    ],
  );
});

test("a bare number no words lead to is a cell of its own ('38 1,54,037.50 (Cr)'), and the narration is the column with the most letters", () => {
  // unknown headings, tight: serial, date without its year, details (wrapped), reference with the
  // value date drawn in it, branch, withdrawal, deposit, balance; a deposit in whole rupees and the
  // balance are one item on most credit rows, and 'Nil' is an empty cell
  const doc = itemsPage(
    7,
    [
      [83, [[419, 466, 'Amount in Rs.']]],
      [
        90,
        [
          [30, 69, 'Kolumn Frob'],
          [79, 108, 'Quux Val'],
          [258, 276, 'Plugh'],
          [358, 408, 'Xyzzy Amt Zorb'],
          [421, 475, 'Wibble Snark No'],
          [517, 535, 'Blort'],
        ],
      ],
      [
        113,
        [
          [30, 37, '19'],
          [55, 76, 'Dec 30'],
          [79, 213, 'BY TRANSFER-UPI/CR/336495671898/PRIYA'],
          [258, 379, 'TRANSFER FROM 1671084538650 Dec 30'],
          [393, 408, '7059'],
          [432, 443, 'Nil'],
          [468, 535, '38 1,54,037.50 (Cr)'],
        ],
      ],
      [120, [[79, 205, 'NAIR/BKID/priya823@okhdfcbank/UPI--']]],
      [
        128,
        [
          [30, 37, '18'],
          [55, 76, 'Dec 24'],
          [79, 213, 'BY TRANSFER-UPI/CR/335873069655/POOJA'],
          [258, 379, 'TRANSFER FROM 5848990036646 Dec 24'],
          [393, 408, '6670'],
          [432, 443, 'Nil'],
          [464, 535, '383 1,53,999.50 (Cr)'],
        ],
      ],
      [135, [[79, 205, 'VERMA/UTKS/pooja@okaxis/groceries--']]],
      [
        142,
        [
          [30, 37, '17'],
          [55, 76, 'Dec 23'],
          [79, 245, 'TO TRANSFER-POS/690735XXXXXX3714/MAKEM YTRIP--'],
          [258, 348, 'TRANSFER TO 7439721859419'],
          [358, 379, 'Dec 23'],
          [393, 408, '6281'],
          [414, 443, '2,440.87'],
          [464, 535, 'Nil 1,53,616.50 (Cr)'],
        ],
      ],
      [
        149,
        [
          [30, 37, '16'],
          [55, 76, 'Dec 21'],
          [79, 216, 'TO TRANSFER-UPI/DR/335598808243/RAJESH'],
          [258, 348, 'TRANSFER TO 5902182099448'],
          [358, 379, 'Dec 21'],
          [393, 408, '5892'],
          [432, 443, '531'],
          [464, 535, 'Nil 1,56,057.37 (Cr)'],
        ],
      ],
      [156, [[79, 187, 'NAIR/UTKS/rajesh@apl/Payment--']]],
      [
        164,
        [
          [30, 37, '15'],
          [55, 76, 'Dec 20'],
          [79, 223, 'TO TRANSFER-POS/479875XXXXXX4310/MSEDC L'],
          [258, 348, 'TRANSFER TO 4849339500612'],
          [358, 379, 'Dec 20'],
          [393, 443, '5503 11,998.46'],
          [464, 535, 'Nil 1,56,588.37 (Cr)'],
        ],
      ],
      [171, [[79, 126, 'ELECTRICITY--']]],
      [
        178,
        [
          [30, 37, '14'],
          [55, 76, 'Dec 18'],
          [79, 216, 'TO TRANSFER-UPI/DR/335287995772/SUNITA'],
          [258, 348, 'TRANSFER TO 9556251782152'],
          [358, 379, 'Dec 18'],
          [393, 408, '5114'],
          [432, 443, '600'],
          [464, 535, 'Nil 1,68,586.83 (Cr)'],
        ],
      ],
      [185, [[79, 209, 'AGARWAL/CNRB/sunita975@apl/invoice--']]],
      [
        192,
        [
          [30, 37, '13'],
          [55, 76, 'Dec 18'],
          [79, 216, 'BY TRANSFER-UPI/CR/335238543849/NAVEEN'],
          [258, 379, 'TRANSFER FROM 7619425008580 Dec 18'],
          [393, 408, '4725'],
          [432, 443, 'Nil'],
          [464, 535, '833 1,69,186.83 (Cr)'],
        ],
      ],
      [200, [[79, 202, 'BANERJEE/UTIB/naveen@apl/invoice--']]],
      [
        207,
        [
          [30, 37, '12'],
          [55, 76, 'Dec 17'],
          [79, 209, 'TO TRANSFER-UPI/DR/335165138277/NEHA'],
          [258, 348, 'TRANSFER TO 4993303844932'],
          [358, 379, 'Dec 17'],
          [393, 408, '4336'],
          [432, 443, '165'],
          [464, 535, 'Nil 1,68,353.83 (Cr)'],
        ],
      ],
      [214, [[79, 187, 'JOSHI/UBIN/neha266@okaxis/NA--']]],
      [
        221,
        [
          [30, 37, '11'],
          [55, 76, 'Dec 14'],
          [79, 213, 'TO TRANSFER-UPI/DR/334867427841/KARAN'],
          [258, 348, 'TRANSFER TO 3546869260027'],
          [358, 379, 'Dec 14'],
          [393, 408, '3947'],
          [432, 443, '168'],
          [464, 535, 'Nil 1,68,518.83 (Cr)'],
        ],
      ],
      [228, [[79, 220, 'AGARWAL/HDFC/karan672@okicici/Payment--']]],
      [
        236,
        [
          [30, 37, '10'],
          [55, 76, 'Dec 13'],
          [79, 216, 'TO TRANSFER-UPI/DR/334764356891/NAVEEN'],
          [258, 348, 'TRANSFER TO 4330236974194'],
          [358, 379, 'Dec 13'],
          [393, 408, '3558'],
          [425, 443, '1,120'],
          [464, 535, 'Nil 1,68,686.83 (Cr)'],
        ],
      ],
      [243, [[79, 249, 'BANERJEE/UBIN/naveen@upi/Payment from PhonePe--']]],
      [
        250,
        [
          [30, 34, '9'],
          [55, 76, 'Dec 12'],
          [79, 220, 'BY TRANSFER-UPI/CR/334620869311/SHALINI'],
          [258, 379, 'TRANSFER FROM 2787932690468 Dec 12'],
          [393, 408, '3169'],
          [432, 443, 'Nil'],
          [457, 535, '7,633 1,69,806.83 (Cr)'],
        ],
      ],
      [257, [[79, 231, 'THOMAS/UTIB/shalini@axl/Sent using Paytm--']]],
      [
        264,
        [
          [30, 34, '8'],
          [55, 76, 'Dec 11'],
          [79, 216, 'TO TRANSFER-NEFT*PUNB0387912*PUNBN2334'],
          [258, 348, 'TRANSFER TO 7868693222185'],
          [358, 379, 'Dec 11'],
          [393, 408, '2780'],
          [425, 443, '5,234'],
          [464, 535, 'Nil 1,62,173.83 (Cr)'],
        ],
      ],
      [272, [[79, 223, '56663857*GLOBAL TECH SOLUTIONS PVT LTD--']]],
      [
        279,
        [
          [30, 34, '7'],
          [55, 76, 'Dec 11'],
          [79, 216, 'BY TRANSFER-NEFT*CNRB0356223*CNRBH2334'],
          [258, 379, 'TRANSFER FROM 4103109535549 Dec 11'],
          [393, 408, '2391'],
          [432, 443, 'Nil'],
          [453, 535, '60,834 1,67,407.83 (Cr)'],
        ],
      ],
      [286, [[79, 184, '55502712*BHARAT ELECTRICALS--']]],
      [
        293,
        [
          [30, 34, '6'],
          [55, 76, 'Dec 08'],
          [79, 216, 'BY TRANSFER-UPI/CR/334235952547/NAVEEN'],
          [258, 379, 'TRANSFER FROM 3844716615490 Dec 08'],
          [393, 408, '2002'],
          [432, 443, 'Nil'],
          [457, 535, '2,343 1,06,573.83 (Cr)'],
        ],
      ],
      [300, [[79, 187, 'GILL/YESB/naveen@axl/advance--']]],
      [
        308,
        [
          [30, 34, '5'],
          [55, 76, 'Dec 06'],
          [79, 209, 'TO TRANSFER-UPI/DR/334054782476/ANIL'],
          [258, 348, 'TRANSFER TO 2844477762251'],
          [358, 379, 'Dec 06'],
          [393, 408, '1613'],
          [425, 443, '1,504'],
          [464, 535, 'Nil 1,04,230.83 (Cr)'],
        ],
      ],
      [315, [[79, 173, 'KHAN/BARB/anil@oksbi/UPI--']]],
      [
        322,
        [
          [30, 34, '4'],
          [55, 76, 'Dec 04'],
          [79, 209, 'TO TRANSFER-UPI/DR/333822021995/NEHA'],
          [258, 348, 'TRANSFER TO 9140107830475'],
          [358, 379, 'Dec 04'],
          [393, 408, '1224'],
          [432, 443, '477'],
          [464, 535, 'Nil 1,05,734.83 (Cr)'],
        ],
      ],
      [329, [[79, 187, 'RAO/BKID/neha429@axl/advance--']]],
      [
        337,
        [
          [30, 34, '3'],
          [55, 76, 'Dec 04'],
          [79, 238, 'TO TRANSFER-POS/582342XXXXXX2168/AMAZO N PAY'],
          [258, 348, 'TRANSFER TO 6180486735628'],
          [358, 379, 'Dec 04'],
          [393, 408, '0835'],
          [414, 443, '1,746.70'],
          [464, 535, 'Nil 1,06,211.83 (Cr)'],
        ],
      ],
      [344, [[79, 119, 'INDIA PVT--']]],
      [
        351,
        [
          [30, 34, '2'],
          [55, 76, 'Dec 02'],
          [79, 227, 'BY CLEARING-HDFC BANK NEW INDIA HARDWARE-'],
          [258, 279, '254168'],
          [358, 379, 'Dec 03'],
          [393, 408, '0446'],
          [432, 443, 'Nil'],
          [457, 535, '7,656 1,07,958.53 (Cr)'],
        ],
      ],
      [
        358,
        [
          [30, 34, '1'],
          [55, 76, 'Dec 01'],
          [79, 227, 'BY TRANSFER-NEFT*IDIB0242941*IDIBN2333512'],
          [258, 379, 'TRANSFER FROM 7604300016641 Dec 01'],
          [393, 408, '0057'],
          [432, 443, 'Nil'],
          [457, 535, '4,002 1,00,302.53 (Cr)'],
        ],
      ],
      [365, [[79, 195, '78460*GREENFIELD AGRO PRODUCTS--']]],
    ],
    [595, 842],
  );
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  // (newest first, as printed; the year comes from the period in the account stage)
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['0000-12-30', 0, 3800, 15403750],
      ['0000-12-24', 0, 38300, 15399950],
      ['0000-12-23', 244087, 0, 15361650],
      ['0000-12-21', 53100, 0, 15605737],
      ['0000-12-20', 1199846, 0, 15658837],
      ['0000-12-18', 60000, 0, 16858683],
      ['0000-12-18', 0, 83300, 16918683],
      ['0000-12-17', 16500, 0, 16835383],
      ['0000-12-14', 16800, 0, 16851883],
      ['0000-12-13', 112000, 0, 16868683],
      ['0000-12-12', 0, 763300, 16980683],
      ['0000-12-11', 523400, 0, 16217383],
      ['0000-12-11', 0, 6083400, 16740783],
      ['0000-12-08', 0, 234300, 10657383],
      ['0000-12-06', 150400, 0, 10423083],
      ['0000-12-04', 47700, 0, 10573483],
      ['0000-12-04', 174670, 0, 10621183],
      ['0000-12-02', 0, 765600, 10795853],
      ['0000-12-01', 0, 400200, 10030253],
    ],
  );
  // the details, not the reference beside them ('TRANSFER FROM 1671084538650' and the value date)
  assert.match(rows[0]!.description, /^BY TRANSFER-UPI\/CR\/336495671898\/PRIYA/);
});

test("a day's first rows in whole rupees that print no balance are the table's first rows, not its header", () => {
  // unknown headings; the balance printed on each day's last row only. The first day's two rows
  // before its last print whole rupees and no balance: no figure with paise to be sampled by, they
  // stand above the first sampled row, their debit column a figure column by the rows under them
  const doc = itemsPage(8, [
    [
      100,
      [
        [33, 80, 'Kolumn'],
        [120, 150, 'Quux'],
        [430, 461, 'Plugh'],
        [490, 522, 'Xyzzy'],
        [560, 592, 'Zorb'],
      ],
    ],
    [
      130,
      [
        [33, 80, '01/04/2024'],
        [120, 170, 'ATM CASH'],
        [440, 461, '2,000'],
      ],
    ],
    [
      145,
      [
        [33, 80, '01/04/2024'],
        [120, 170, 'UPI RENT'],
        [440, 461, '5,500'],
      ],
    ],
    [
      160,
      [
        [33, 80, '01/04/2024'],
        [120, 180, 'NEFT SALARY'],
        [500, 522, '1,500'],
        [550, 592, '10,000.00'],
      ],
    ],
    [
      175,
      [
        [33, 80, '02/04/2024'],
        [120, 170, 'POS SHOP'],
        [430, 461, '250.50'],
        [560, 592, '9,749.50'],
      ],
    ],
    [
      190,
      [
        [33, 80, '03/04/2024'],
        [120, 170, 'UPI FOOD'],
        [430, 461, '120.00'],
        [560, 592, '9,629.50'],
      ],
    ],
    [
      205,
      [
        [33, 80, '04/04/2024'],
        [120, 170, 'NEFT IN'],
        [490, 522, '3,000.00'],
        [550, 592, '12,629.50'],
      ],
    ],
    [
      220,
      [
        [33, 80, '05/04/2024'],
        [120, 150, 'ATM'],
        [430, 461, '1,000.00'],
        [550, 592, '11,629.50'],
      ],
    ],
  ]);
  const table = inferredTableOf(doc);
  assert.deepEqual(
    table.sections[0]!.transactions.slice(0, 3).map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-04-01', 200_000, 0, null],
      ['2024-04-01', 550_000, 0, null],
      ['2024-04-01', 0, 150_000, 1_000_000],
    ],
  );
});

test('whole rupees with a sign and a currency word set a space apart (- Rs. 8,055) are figures of a signed amount column', () => {
  // unknown headings, dates without a year, the balance printed on each day's last row only
  const row = (y: number, date: string, text: string, amount: string, balance: string): [number, Item[]] => [
    y,
    [
      [26, 52, date],
      [105, 105 + 5 * text.length, text],
      [338 - 5 * amount.length, 338, amount],
      ...(balance ? [[355, 419, balance] as Item] : []),
    ],
  ];
  const doc = itemsPage(9, [
    [
      120,
      [
        [26, 60, 'Kolumn'],
        [105, 130, 'Quux'],
        [300, 330, 'Plugh'],
        [370, 400, 'Xyzzy'],
      ],
    ],
    row(147, '03-02-2024', 'POS/LIC OF INDIA', '- Rs. 8,055', 'Rs. 2,44,471.40 Dr'),
    row(162, '06-02-2024', 'NACH DR/LIC HOUSING', '- Rs. 4,211', ''),
    row(177, '06-02-2024', 'INWARD CLG/HDFC BANK', '+ Rs. 15,359', 'Rs. 2,33,323.40 Dr'),
    row(192, '09-02-2024', 'UPI/DR/AMAZON PAY', '- Rs. 36', 'Rs. 2,33,359.40 Dr'),
    row(207, '11-02-2024', 'UPI/DR/FLIPKART', '- Rs. 151', 'Rs. 2,33,510.40 Dr'),
    row(222, '12-02-2024', 'UPI/CR/PRIYA', '+ Rs. 22,570', 'Rs. 2,10,940.40 Dr'),
  ]);
  const rows = inferredTableOf(doc).sections.flatMap((s) => s.transactions);
  assert.deepEqual(
    rows.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.description]),
    [
      ['2024-02-03', 805500, 0, -24447140, 'POS/LIC OF INDIA'],
      ['2024-02-06', 421100, 0, null, 'NACH DR/LIC HOUSING'],
      ['2024-02-06', 0, 1535900, -23332340, 'INWARD CLG/HDFC BANK'],
      ['2024-02-09', 3600, 0, -23335940, 'UPI/DR/AMAZON PAY'],
      ['2024-02-11', 15100, 0, -23351040, 'UPI/DR/FLIPKART'],
      ['2024-02-12', 0, 2257000, -21094040, 'UPI/CR/PRIYA'],
    ],
  );
});
