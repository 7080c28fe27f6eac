// A balance whose own mark is drawn as one item with it ('`4,06,981.04 Dr': over two pages of
// rows the mark stands as a column of its own, a word space after the figures) and then the Dr/Cr
// column of the amount's side, under headings the reader has no name for, the balance printed only
// on each day's last row. The amount's side is the Dr/Cr column: the balance's own marks, read
// first, are passed over. Before, the Dr/Cr column stopped at the balance's marks and was nobody's
// side; the one amount column, unsigned, could not chain across the rows without a balance, a
// cheque number's column was taken for deposits, and every deposit was read as a withdrawal. Items
// as a generated AXIS layout drew them (Times-Roman 9, A4 landscape, two pages).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Item, pagesOf, placed } from './items.ts';
import { inferredRowsOf } from './stages.ts';

const page = (lines: [number, Item[]][]) => lines.flatMap(([y, items]) => placed(y, items, 14));
const doc = pagesOf(
  [
    page([
      [20, [[26, 103, 'AXIS BANK']]],
      [
        48,
        [
          [26, 145, 'Name : MS SNEHA AGARWAL'],
          [421, 539, 'Account No : 929018685866523'],
        ],
      ],
      [
        60,
        [
          [26, 103, '12, STATION ROAD'],
          [421, 521, 'IFSC Code : UTIB0064737'],
        ],
      ],
      [
        71,
        [
          [26, 84, 'PUNE - 411001'],
          [421, 477, 'Currency : INR'],
        ],
      ],
      [94, [[26, 292, 'Statement of Account for the period January 01, 2024 to January 31, 2024']]],
      [
        117,
        [
          [26, 57, 'Kolumn'],
          [109, 128, 'Frob'],
          [192, 228, 'Quux Val'],
          [415, 437, 'Plugh'],
          [488, 530, 'Xyzzy Amt'],
          [556, 575, 'Zorb'],
        ],
      ],
      [
        152,
        [
          [192, 254, 'Opening Balance'],
          [473, 545, 'INR 4,37,081.04 Dr'],
        ],
      ],
      [
        171,
        [
          [26, 88, 'January 01, 2024'],
          [192, 295, 'CASH DEPOSIT MI ROAD'],
          [423, 462, '`30,100.00'],
          [488, 545, '`4,06,981.04 Dr'],
          [556, 568, 'CR'],
        ],
      ],
      [190, [[192, 343, 'IMPS/P2A/400220973656/VENKATESH']]],
      [
        201,
        [
          [26, 88, 'January 02, 2024'],
          [192, 263, 'REDDY/YESB/NA'],
          [423, 462, '`22,721.00'],
          [488, 545, '`4,29,702.04 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [220, [[192, 330, 'UPI/P2A/400316492931/HARPREET']]],
      [
        232,
        [
          [26, 88, 'January 03, 2024'],
          [192, 344, 'CHOUDHARY/BANK OF BARODA/NA'],
          [428, 462, '`1,255.00'],
          [488, 545, '`4,30,957.04 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [251, [[192, 371, 'UPI/P2A/400759364348/IMRAN KHAN/STATE']]],
      [
        262,
        [
          [26, 88, 'January 07, 2024'],
          [192, 290, 'BANK OF INDIA/advance'],
          [439, 462, '`31.00'],
          [488, 545, '`4,30,988.04 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [281, [[192, 367, 'UPI/P2A/400988028389/KAVITA IYER/BANK']]],
      [
        293,
        [
          [26, 88, 'January 09, 2024'],
          [192, 292, 'OF MAHARASHTRA/UPI'],
          [434, 462, '`215.00'],
          [556, 568, 'DR'],
        ],
      ],
      [312, [[192, 337, 'UPI/P2A/400945408315/VENKATESH']]],
      [
        323,
        [
          [26, 88, 'January 09, 2024'],
          [192, 303, 'IYER/AXIS BANK/school fee'],
          [434, 462, '`231.00'],
          [556, 568, 'DR'],
        ],
      ],
      [342, [[192, 354, 'RTGS/UTIBR2024010928678869/BHARAT']]],
      [
        354,
        [
          [26, 88, 'January 09, 2024'],
          [192, 303, 'ELECTRICALS/AXIS BANK'],
          [416, 462, '`4,33,197.00'],
          [502, 545, '`1,762.96Cr'],
          [556, 568, 'CR'],
        ],
      ],
      [
        373,
        [
          [26, 88, 'January 10, 2024'],
          [192, 348, 'POS/INDIAN OIL CORP/JAIPUR/551869'],
          [428, 462, '`2,627.30'],
          [556, 568, 'DR'],
        ],
      ],
      [392, [[192, 322, 'UPI/P2M/401064978257/MSEDCL']]],
      [
        403,
        [
          [26, 88, 'January 10, 2024'],
          [192, 343, 'ELECTRICITY/INDIAN BANK/advance'],
          [434, 462, '`277.00'],
          [499, 545, '`1,141.34 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [
        422,
        [
          [26, 88, 'January 13, 2024'],
          [109, 136, '643665'],
          [192, 334, 'CHQ PAID BHARAT ELECTRICALS'],
          [416, 462, '`1,30,081.00'],
          [556, 568, 'DR'],
        ],
      ],
      [441, [[192, 353, 'UPI/P2M/401370869022/IRCTC/BANK OF']]],
      [
        453,
        [
          [26, 88, 'January 13, 2024'],
          [192, 278, 'MAHARASHTRA/UPI'],
          [434, 462, '`163.00'],
          [488, 545, '`1,31,385.34 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [
        472,
        [
          [26, 88, 'January 14, 2024'],
          [192, 345, 'ATM-CASH-AXIS/NUMGAC37/JAIPUR'],
          [428, 462, '`4,000.00'],
          [556, 568, 'DR'],
        ],
      ],
      [491, [[192, 330, 'UPI/P2A/401423561607/GURPREET']]],
      [
        502,
        [
          [26, 88, 'January 14, 2024'],
          [192, 312, 'KUMAR/ICICI BANK/groceries'],
          [428, 462, '`2,037.00'],
          [556, 568, 'DR'],
        ],
      ],
    ]),
    page([
      [20, [[26, 103, 'AXIS BANK']]],
      [
        48,
        [
          [26, 144, 'Account No : 929018685866523'],
          [153, 177, 'Page 2'],
        ],
      ],
      [
        71,
        [
          [26, 57, 'Kolumn'],
          [109, 128, 'Frob'],
          [192, 228, 'Quux Val'],
          [415, 437, 'Plugh'],
          [488, 530, 'Xyzzy Amt'],
          [556, 575, 'Zorb'],
        ],
      ],
      [88, [[192, 343, 'IMPS/P2A/401460661659/VENKATESH']]],
      [
        100,
        [
          [26, 88, 'January 14, 2024'],
          [192, 264, 'MEHTA/UBIN/UPI'],
          [428, 462, '`1,716.00'],
          [488, 545, '`1,35,706.34 Dr'],
          [556, 568, 'CR'],
        ],
      ],
      [119, [[192, 343, 'IMPS/P2A/401812550617/VENKATESH']]],
      [
        130,
        [
          [26, 88, 'January 18, 2024'],
          [192, 272, 'KHAN/UTKS/invoice'],
          [423, 462, '`94,757.00'],
          [494, 545, '`40,949.34 Dr'],
          [556, 568, 'CR'],
        ],
      ],
      [149, [[192, 307, 'NACH-DR- HDB FINANCIAL']]],
      [
        161,
        [
          [26, 88, 'January 19, 2024'],
          [192, 335, 'SERVICES-MAHB4150645844211821'],
          [423, 462, '`22,283.00'],
          [556, 568, 'DR'],
        ],
      ],
      [180, [[192, 330, 'UPI/P2A/401932884733/GURPREET']]],
      [
        191,
        [
          [26, 88, 'January 19, 2024'],
          [192, 277, 'AGARWAL/BANK OF'],
          [434, 462, '`144.00'],
          [494, 545, '`63,088.34 Dr'],
          [556, 568, 'CR'],
        ],
      ],
      [202, [[192, 297, 'MAHARASHTRA/groceries']]],
      [221, [[192, 377, 'UPI/P2A/402150615140/NAVEEN JOSHI/UNION']]],
      [
        233,
        [
          [26, 88, 'January 21, 2024'],
          [192, 290, 'BANK OF INDIA/advance'],
          [434, 462, '`825.00'],
          [494, 545, '`62,263.34 Dr'],
          [556, 568, 'CR'],
        ],
      ],
      [252, [[192, 369, 'NEFT/MAHBN240239772672/ORIENT PAPER']]],
      [
        263,
        [
          [26, 88, 'January 23, 2024'],
          [192, 330, 'MART/BANK OF MAHARASHTRA'],
          [423, 462, '`29,924.00'],
          [556, 568, 'DR'],
        ],
      ],
      [282, [[192, 378, 'UPI/P2M/402338030110/MAKEMYTRIP/KOTAK']]],
      [
        294,
        [
          [26, 88, 'January 23, 2024'],
          [192, 302, 'MAHINDRA BANK/Payment'],
          [428, 462, '`4,650.00'],
          [494, 545, '`96,837.34 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [
        313,
        [
          [26, 88, 'January 24, 2024'],
          [192, 329, 'POS/LIC OF INDIA/JAIPUR/649203'],
          [434, 462, '`162.33'],
          [556, 568, 'DR'],
        ],
      ],
      [332, [[192, 365, 'NEFT/ICICH240249462977/SHREE GANESH']]],
      [
        343,
        [
          [26, 88, 'January 24, 2024'],
          [192, 284, 'TRADERS/ICICI BANK'],
          [423, 462, '`30,727.00'],
          [488, 545, '`1,27,726.67 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [362, [[192, 376, 'UPI/P2A/402840473020/SUNITA REDDY/BANK']]],
      [
        374,
        [
          [26, 88, 'January 28, 2024'],
          [192, 318, 'OF INDIA/Payment from PhonePe'],
          [428, 462, '`2,600.00'],
          [488, 545, '`1,30,326.67 Dr'],
          [556, 568, 'DR'],
        ],
      ],
      [
        393,
        [
          [26, 88, 'January 30, 2024'],
          [109, 136, '397127'],
          [192, 343, 'CLG/OM SAI LOGISTICS/ICICI BANK'],
          [423, 462, '`81,498.00'],
          [556, 568, 'CR'],
        ],
      ],
      [412, [[192, 355, 'UPI/P2M/403084365690/TATA PLAY/ICICI']]],
      [
        423,
        [
          [26, 88, 'January 30, 2024'],
          [192, 282, 'BANK/Sent using Paytm'],
          [423, 462, '`16,062.00'],
          [494, 545, '`64,890.67 Dr'],
          [556, 568, 'DR'],
        ],
      ],
    ]),
  ],
  [841.89, 595.28],
);

// (opening balance 4,37,081.04 Dr; the seven deposits are the rows a 'CR' ends)
test("a Dr/Cr column past a balance whose own marks stand apart is the amount's side", () => {
  assert.deepEqual(inferredRowsOf(doc), [
    ['2024-01-01', 0, 3010000, -40698104],
    ['2024-01-02', 2272100, 0, -42970204],
    ['2024-01-03', 125500, 0, -43095704],
    ['2024-01-07', 3100, 0, -43098804],
    ['2024-01-09', 21500, 0, null],
    ['2024-01-09', 23100, 0, null],
    ['2024-01-09', 0, 43319700, 176296],
    ['2024-01-10', 262730, 0, null],
    ['2024-01-10', 27700, 0, -114134],
    ['2024-01-13', 13008100, 0, null],
    ['2024-01-13', 16300, 0, -13138534],
    ['2024-01-14', 400000, 0, null],
    ['2024-01-14', 203700, 0, null],
    ['2024-01-14', 0, 171600, -13570634],
    ['2024-01-18', 0, 9475700, -4094934],
    ['2024-01-19', 2228300, 0, null],
    ['2024-01-19', 0, 14400, -6308834],
    ['2024-01-21', 0, 82500, -6226334],
    ['2024-01-23', 2992400, 0, null],
    ['2024-01-23', 465000, 0, -9683734],
    ['2024-01-24', 16233, 0, null],
    ['2024-01-24', 3072700, 0, -12772667],
    ['2024-01-28', 260000, 0, -13032667],
    ['2024-01-30', 0, 8149800, null],
    ['2024-01-30', 1606200, 0, -6489067],
  ]);
});
