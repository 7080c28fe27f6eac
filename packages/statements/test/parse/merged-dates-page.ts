// The page merged-dates.test.ts (the whole parse) and merged-ends.test.ts (the column inference and
// rows stage alone) both read: a tight table's dates and the reference after them drawn as one item
// on every row but some. Positions from a generated HDFC layout with headings the reader has no name
// for (Helvetica 9.5, newest first, 'August' written out).
import type { SourceDocument, Word } from '../../src/source.ts';
import { onePage, placed, type Item } from './items.ts';

const line = (y: number, items: Item[]): Word[] => placed(y, items, 9.5);

const rows: [number, number, string][][] = [
  [
    [26, 33, '35'],
    [61, 191, '02 August 24 02 August 24 0000421545088228'],
    [212, 374, 'UPI-RAJESH SHARMA-rajesh29@okicici-UBIN0408485-421'],
    [437, 439, '-'],
    [455, 520, '748.00 1,81,909.45 CR'],
  ],
  [
    [26, 33, '34'],
    [61, 191, '02 August 24 02 August 24 0000421590758774'],
    [212, 377, 'UPI-ABHISHEK MEHTA-abhishek615@apl-KKBK0926384-42'],
    [437, 439, '-'],
    [450, 520, '6,497.00 1,81,161.45 CR'],
  ],
  [
    [26, 33, '33'],
    [61, 191, '01 August 24 01 August 24 0000421434667166'],
    [212, 396, 'UPI-RITU GILL-ritu@okhdfcbank-BARB0303104-4214346671 66-NA'],
    [437, 439, '-'],
    [459, 520, '24.00 1,74,664.45 CR'],
  ],
  [
    [26, 33, '32'],
    [61, 88, '30 July 24'],
    [99, 126, '30 July 24'],
    [137, 196, 'BKIDN242124155732'],
    [212, 383, 'NEFT CR-BKID0407600-SHREE GANESH TRADERS-METR O'],
    [437, 439, '-'],
    [447, 520, '57,085.00 1,74,640.45 CR'],
  ],
  [
    [26, 33, '31'],
    [61, 126, '01 August 24 30 July 24'],
    [137, 191, '0000000000275797'],
    [212, 352, 'CLG-ACME INDUSTRIES PVT LTD-CANARA BANK'],
    [437, 439, '-'],
    [447, 520, '19,021.00 1,17,555.45 CR'],
  ],
  [
    [26, 33, '30'],
    [61, 88, '29 July 24'],
    [99, 126, '29 July 24'],
    [137, 191, '0000421192071703'],
    [212, 376, 'UPI-IMRAN KHAN-imran985@axl-KKBK0589548-421192071'],
    [421, 439, '752.00'],
    [472, 474, '-'],
    [482, 520, '98,534.45 CR'],
  ],
  [
    [26, 33, '29'],
    [61, 88, '29 July 24'],
    [99, 126, '29 July 24'],
    [137, 198, 'UTKSH242118546072'],
    [212, 383, 'NEFT CR-UTKS0788741-PATEL BROTHERS-METRO OFFIC E'],
    [437, 439, '-'],
    [447, 474, '12,902.00'],
    [482, 520, '99,286.45 CR'],
  ],
  [
    [26, 33, '28'],
    [61, 88, '29 July 24'],
    [99, 126, '29 July 24'],
    [137, 209, 'BKIDR2024072922175844'],
    [212, 377, 'RTGS DR-BKID0357183-GLOBAL TECH SOLUTIONS PVT L'],
    [407, 439, '4,18,484.00'],
    [472, 474, '-'],
    [482, 520, '86,384.45 CR'],
  ],
  [
    [26, 33, '27'],
    [61, 88, '29 July 24'],
    [99, 126, '29 July 24'],
    [137, 198, 'KKBKN242116401680'],
    [212, 375, 'NEFT DR-KKBK0381289-JAI HIND TEXTILES-NETBANK, M'],
    [416, 439, '3,316.00'],
    [472, 520, '- 5,04,868.45 CR'],
  ],
];

/** The page: a bank's name, the period, the headings and the nine rows above, newest first. */
export const mergedDatesPage = (): SourceDocument =>
  onePage(
    [842, 595],
    [
      ...line(21, [[26, 115, 'HDFC BANK LTD']]),
      ...line(72, [[26, 193, 'Statement of Account for the period 01 July 24 to 31 August 24']]),
      ...line(88, [
        [26, 49, 'Kolumn'],
        [61, 74, 'Frob'],
        [99, 124, 'Quux Val'],
        [137, 154, 'Plugh'],
        [212, 242, 'Xyzzy Amt'],
        [416, 430, 'Zorb'],
        [448, 468, 'Wibble'],
        [479, 506, 'Snark No'],
        [511, 526, 'Blort'],
      ]),
      ...rows.flatMap((r, i) => line(112 + 16 * i, r)),
    ],
  );
