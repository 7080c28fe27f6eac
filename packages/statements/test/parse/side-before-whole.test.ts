// Whole rupees with their side marked before them ('Cr `1,840', 'Dr 20') are money by their
// print, as '1,703 Dr' is: the column of them is the amount's, and a dated line that holds one is a
// row to sample, though it prints no figure with paise (a balance printed on each day's last row
// only). Before, the column was text and such rows were no rows: no columns were inferred, no row
// read. Items as generated layouts drew them (unknown headings; Bank of India in Helvetica 8, newest
// first, the narration last; Bank of Maharashtra in Helvetica 8 with a time under each date).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemsPage } from './items.ts';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { inferredRowsOf, linesOf } from './stages.ts';

test("a column of whole rupees with their side before them ('Dr 20') is the amount", () => {
  const doc = itemsPage(
    12.5,
    [
      [
        101,
        [
          [48, 76, 'Kolumn'],
          [120, 136, 'Frob'],
          [178, 197, 'Quux'],
          [219, 240, 'Plugh'],
          [279, 300, 'Xyzzy'],
          [444, 460, 'Zorb'],
        ],
      ],
      [
        110,
        [
          [182, 193, 'Val'],
          [279, 293, 'Amt'],
        ],
      ],
      [
        139,
        [
          [28, 96, '31/5/2023 01:12 AM'],
          [101, 134, '31/5/2023'],
          [256, 274, 'Dr 20'],
          [279, 333, '3,35,933.98 (Cr)'],
          [338, 479, 'CONSOLIDATED CHARGES JAN-MAR23'],
        ],
      ],
      [
        149,
        [
          [28, 96, '30/5/2023 08:59 PM'],
          [101, 134, '30/5/2023'],
          [245, 274, 'Cr 2,444'],
          [279, 333, '3,35,953.98 (Cr)'],
          [338, 557, 'UPI/CR/315071562106/IMRAN NAIR/MAHB/imran@apl/groceries'],
        ],
      ],
      [
        158,
        [
          [28, 96, '26/5/2023 03:46 AM'],
          [101, 134, '26/5/2023'],
          [160, 185, '135711'],
          [245, 274, 'Cr 5,639'],
          [279, 333, '3,33,509.98 (Cr)'],
          [338, 556, 'INWARD CLG/KOTAK MAHINDRA BANK/ORIENT PAPER MART'],
        ],
      ],
      [
        167,
        [
          [28, 96, '26/5/2023 10:33 PM'],
          [101, 134, '26/5/2023'],
          [252, 274, 'Dr 139'],
          [279, 333, '3,27,870.98 (Cr)'],
          [338, 462, 'UPI/DR/314627976836/VENKATESH'],
        ],
      ],
      [177, [[338, 463, 'YADAV/BARB/venkatesh748@upi/NA']]],
      [
        186,
        [
          [28, 96, '25/5/2023 05:20 AM'],
          [101, 134, '25/5/2023'],
          [245, 274, 'Cr 1,944'],
          [279, 333, '3,28,009.98 (Cr)'],
          [338, 442, 'UPI/CR/314557059960/IMRAN'],
        ],
      ],
      [195, [[338, 487, 'AGARWAL/UTIB/imran321@okaxis/advance']]],
      [
        205,
        [
          [28, 96, '25/5/2023 12:07 PM'],
          [101, 134, '25/5/2023'],
          [160, 185, '445459'],
          [235, 274, 'Dr 1,97,574'],
          [279, 333, '3,26,065.98 (Cr)'],
          [338, 454, 'CHQ PAID/ORIENT PAPER MART'],
        ],
      ],
      [
        214,
        [
          [28, 96, '23/5/2023 07:54 AM'],
          [101, 134, '23/5/2023'],
          [256, 274, 'Cr 22'],
          [279, 333, '5,23,639.98 (Cr)'],
          [338, 448, 'UPI/CR/314318324508/NAVEEN'],
        ],
      ],
      [224, [[338, 498, 'KHAN/CNRB/naveen@okaxis/Sent using Paytm']]],
      [
        233,
        [
          [28, 96, '22/5/2023 02:41 PM'],
          [101, 134, '22/5/2023'],
          [235, 274, 'Cr 2,44,754'],
          [279, 333, '5,23,617.98 (Cr)'],
          [338, 516, 'NEFT/IN/SBINH231422926140/GREENFIELD AGRO'],
        ],
      ],
      [242, [[338, 429, 'PRODUCTS/SBIN0417568']]],
      [
        252,
        [
          [28, 96, '19/5/2023 09:28 AM'],
          [101, 134, '19/5/2023'],
          [245, 274, 'Dr 2,469'],
          [279, 333, '2,78,863.98 (Cr)'],
          [338, 475, 'NEFT/OUT/SBINN231398984203/PATEL'],
        ],
      ],
      [261, [[338, 428, 'BROTHERS/SBIN0618762']]],
      [
        270,
        [
          [28, 96, '18/5/2023 04:15 PM'],
          [101, 134, '18/5/2023'],
          [245, 274, 'Cr 4,706'],
          [279, 333, '2,81,332.98 (Cr)'],
          [338, 491, 'NEFT/IN/KKBKH231383315418/MAHALAXMI'],
        ],
      ],
      [280, [[338, 418, 'STEELS/KKBK0777272']]],
      [
        289,
        [
          [28, 96, '17/5/2023 11:02 AM'],
          [101, 134, '17/5/2023'],
          [256, 274, 'Dr 58'],
          [279, 333, '2,76,626.98 (Cr)'],
          [338, 444, 'UPI/DR/313716452990/AIRTEL'],
        ],
      ],
      [299, [[338, 514, 'PAYMENTS/UTIB/airtel@apl/Payment from PhonePe']]],
    ],
    [595.28, 841.89],
  );
  assert.deepEqual(inferredRowsOf(doc), [
    ['2023-05-31', 2000, 0, 33593398],
    ['2023-05-30', 0, 244400, 33595398],
    ['2023-05-26', 0, 563900, 33350998],
    ['2023-05-26', 13900, 0, 32787098],
    ['2023-05-25', 0, 194400, 32800998],
    ['2023-05-25', 19757400, 0, 32606598],
    ['2023-05-23', 0, 2200, 52363998],
    ['2023-05-22', 0, 24475400, 52361798],
    ['2023-05-19', 246900, 0, 27886398],
    ['2023-05-18', 0, 470600, 28133298],
    ['2023-05-17', 5800, 0, 27662698],
  ]);
});

test("a row whose only figure is whole rupees with their side before them ('Cr `8,128') is a row", () => {
  const doc = itemsPage(13, [
    [99, [[35, 263, 'Statement of Account for the period 01 Feb 2024 to 29 Feb 2024']]],
    [
      120,
      [
        [35, 64, 'Kolumn'],
        [92, 110, 'Frob'],
        [150, 170, 'Quux'],
        [189, 211, 'Plugh'],
        [401, 424, 'Xyzzy'],
        [459, 476, 'Zorb'],
      ],
    ],
    [
      131,
      [
        [150, 161, 'Val'],
        [405, 420, 'Amt'],
      ],
    ],
    [
      163,
      [
        [35, 80, '02 Feb 2024'],
        [92, 137, '02 Feb 2024'],
        [189, 363, 'IMPS/CR/403343179855/SUNITA VERMA/BARB'],
        [400, 434, 'Cr `1,840'],
        [451, 489, '`22,043.05'],
      ],
    ],
    [174, [[35, 69, '01:00 AM']]],
    [
      191,
      [
        [35, 80, '04 Feb 2024'],
        [92, 137, '04 Feb 2024'],
        [189, 320, 'POS/425791XXXXXX7246/SWIGGY'],
        [396, 434, 'Dr `257.25'],
      ],
    ],
    [202, [[35, 69, '08:13 PM']]],
    [
      219,
      [
        [35, 80, '04 Feb 2024'],
        [92, 137, '04 Feb 2024'],
        [189, 301, 'UPI/CR/403560176246/POOJA'],
        [400, 434, 'Cr `8,128'],
      ],
    ],
    [
      230,
      [
        [35, 69, '03:26 AM'],
        [189, 366, 'SHARMA/UTIB/pooja@okhdfcbank/Payment from'],
      ],
    ],
    [240, [[189, 221, 'PhonePe']]],
    [
      258,
      [
        [35, 80, '04 Feb 2024'],
        [92, 137, '04 Feb 2024'],
        [189, 261, 'GST ON CHARGES'],
        [405, 434, 'Dr `0.00'],
        [451, 489, '`29,913.80'],
      ],
    ],
    [268, [[35, 69, '10:39 PM']]],
    [
      286,
      [
        [35, 80, '06 Feb 2024'],
        [92, 137, '06 Feb 2024'],
        [189, 352, 'IMPS/CR/403796526581/KAVITA KHAN/SBIN'],
        [400, 434, 'Cr `3,776'],
        [451, 489, '`33,689.80'],
      ],
    ],
    [296, [[35, 69, '05:52 AM']]],
    [
      314,
      [
        [35, 80, '07 Feb 2024'],
        [92, 137, '07 Feb 2024'],
        [189, 318, 'UPI/CR/403862412993/GURPREET'],
        [400, 434, 'Cr `6,250'],
      ],
    ],
    [
      324,
      [
        [35, 69, '12:05 PM'],
        [189, 319, 'THOMAS/ICIC/gurpreet@paytm/UPI'],
      ],
    ],
    [
      342,
      [
        [35, 80, '07 Feb 2024'],
        [92, 137, '07 Feb 2024'],
        [189, 359, 'POS/591924XXXXXX3265/AIRTEL PAYMENTS'],
        [407, 434, 'Dr `382'],
        [451, 489, '`39,557.80'],
      ],
    ],
    [352, [[35, 69, '07:18 AM']]],
    [
      369,
      [
        [35, 80, '09 Feb 2024'],
        [92, 137, '09 Feb 2024'],
        [189, 351, 'IMPS/CR/404068017551/PRIYA YADAV/BKID'],
        [396, 434, 'Cr `47,400'],
        [451, 489, '`86,957.80'],
      ],
    ],
    [380, [[35, 69, '02:31 PM']]],
    [
      397,
      [
        [35, 80, '11 Feb 2024'],
        [92, 137, '11 Feb 2024'],
        [189, 348, 'UPI/DR/404222984179/AMAZON PAY INDIA'],
        [400, 434, 'Dr `9,311'],
      ],
    ],
    [
      408,
      [
        [35, 69, '09:44 AM'],
        [189, 306, 'PVT/PUNB/amazonpay@apl/UPI'],
      ],
    ],
  ]);
  // (every row sampled, the balances chain across the rows between them: before, only the rows
  // with a figure with paise were, the chain broke and the columns were only a guess)
  assert.equal(inferLayout(linesOf(doc))?.sure, true);
  assert.deepEqual(inferredRowsOf(doc), [
    ['2024-02-02', 0, 184000, 2204305],
    ['2024-02-04', 25725, 0, null],
    ['2024-02-04', 0, 812800, null],
    ['2024-02-04', 0, 0, 2991380],
    ['2024-02-06', 0, 377600, 3368980],
    ['2024-02-07', 0, 625000, null],
    ['2024-02-07', 38200, 0, 3955780],
    ['2024-02-09', 0, 4740000, 8695780],
    ['2024-02-11', 931100, 0, null],
  ]);
});
