// An empty amount cell printed as a word ('NIL'), drawn as one item with the balance and the branch
// code after it in a tight Courier table ('NIL 1,02,330.56 1224'). Positions from a generated Indian
// Bank layout (Courier 9.5, one-decimal amounts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { onePage, placed, type Item } from './items.ts';

const line = (y: number, items: Item[]): Word[] => placed(y, items, 9.5);

test("an empty amount printed 'NIL' is no text of the row, alone or drawn with the balance", () => {
  // (the item had been read as words: the row lost its balance)
  const rows: [number, number, string][][] = [
    [
      [530, 547, 'NIL'],
      [587, 610, '32.0'],
      [644, 723, '98,182.56 0057'],
    ],
    [
      [530, 547, 'NIL'],
      [581, 610, '570.0'],
      [644, 723, '98,752.56 0446'],
    ],
    [
      [530, 547, 'NIL'],
      [570, 610, '4,900.0'],
      [638, 723, '1,03,652.56 0835'],
    ],
    [
      [490, 530, '1,322.0'],
      [593, 723, 'NIL 1,02,330.56 1224'],
    ],
    [
      [530, 547, 'NIL'],
      [564, 610, '91,452.0'],
      [638, 723, '1,93,782.56 1613'],
    ],
    [
      [508, 530, '28.0'],
      [593, 723, 'NIL 1,93,754.56 2002'],
    ],
  ];
  const days = ['01', '01', '01', '01', '02', '02'];
  const doc: SourceDocument = onePage(
    [792, 612],
    [
      ...line(20, [[29, 120, 'INDIAN BANK']]),
      ...line(98, [[29, 383, 'Statement of Account for the period 01-Jan-2023 to 31-Jan-2023']]),
      ...line(122, [
        [29, 52, 'S.No'],
        [77, 100, 'Tran'],
        [294, 356, 'Transaction'],
        [518, 547, 'Debit'],
        [553, 564, 'Cr'],
        [632, 672, 'Balance'],
        [700, 734, 'Branch'],
      ]),
      ...line(135, [
        [77, 100, 'Date'],
        [305, 345, 'Details'],
        [553, 587, 'Amount'],
        [706, 729, 'Code'],
      ]),
      ...rows.flatMap((r, i) =>
        line(172 + 28 * i, [
          [29, 35, String(i + 1)],
          [57, 123, `${days[i]}-Jan-2023`],
          [182, 347, `UPI/CR/30013469718${i}/VENKATESH`],
          ...r,
        ]),
      ),
    ],
  );
  const tx = parseStatement(doc).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-01-01', 0, 3200, 9818256],
      ['2023-01-01', 0, 57000, 9875256],
      ['2023-01-01', 0, 490000, 10365256],
      ['2023-01-01', 132200, 0, 10233056],
      ['2023-01-02', 0, 9145200, 19378256],
      ['2023-01-02', 2800, 0, 19375456],
    ],
  );
});

test("a withdrawal's mark and the empty deposit after it drawn as one item ('Dr Nil')", () => {
  // Positions from a generated Bank of Baroda layout (Courier 8, figures set at the left with their
  // mark a space after them). The item had been read as a word: those rows lost their amounts.
  const rows: [number, number, string][][] = [
    [
      [102, 221, 'POS/479876XXXXXX8129/LIC OF INDIA'],
      [243, 272, '8,054.54'],
      [276, 297, 'Dr Nil'],
      [336, 368, '69,522.06'],
      [372, 386, '(Cr)'],
    ],
    [
      [102, 171, 'NACH DR/LIC HOUSING'],
      [243, 272, '4,211.00'],
      [276, 297, 'Dr Nil'],
      [336, 368, '65,311.06'],
      [372, 386, '(Cr)'],
    ],
    [
      [102, 236, 'NEFT/IN/UTKSH240372813291/GLOBAL TECH'],
      [243, 254, 'Nil'],
      [286, 322, '139,652.00'],
      [325, 372, 'Cr 204,963.06'],
      [375, 390, '(Cr)'],
    ],
    [
      [102, 218, 'INWARD CLG/HDFC BANK/SHIV SHAKTI'],
      [243, 254, 'Nil'],
      [286, 318, '15,359.00'],
      [322, 329, 'Cr'],
      [336, 372, '220,322.06'],
      [375, 390, '(Cr)'],
    ],
    [
      [102, 232, 'UPI/DR/404092491393/AMAZON PAY INDIA'],
      [243, 261, '36.00'],
      [265, 272, 'Dr'],
      [286, 297, 'Nil'],
      [336, 372, '220,286.06'],
      [375, 390, '(Cr)'],
    ],
    [
      [102, 203, 'UPI/DR/404257932155/FLIPKART'],
      [243, 265, '151.00'],
      [268, 276, 'Dr'],
      [286, 297, 'Nil'],
      [336, 372, '220,135.06'],
      [375, 390, '(Cr)'],
    ],
  ];
  const days = ['03', '06', '06', '06', '09', '11'];
  const doc: SourceDocument = onePage(
    [842, 595],
    [
      ...line(20, [[24, 120, 'Bank of Baroda']]),
      ...line(70, [[24, 300, 'Statement of Account for the period 01 Feb 2024 to 29 Feb 2024']]),
      ...line(93, [
        [24, 57, 'Tran Date'],
        [67, 128, 'Cheque No Details'],
        [247, 279, 'Dr Amount'],
        [298, 320, 'Credit'],
        [339, 386, 'Balance (Rs.)'],
      ]),
      ...rows.flatMap((r, i) => line(109 + 15 * i, [[24, 64, `${days[i]} Feb 2024`], ...r])),
    ],
  );
  const tx = parseStatement(doc).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-02-03', 805454, 0, 6952206],
      ['2024-02-06', 421100, 0, 6531106],
      ['2024-02-06', 0, 13965200, 20496306],
      ['2024-02-06', 0, 1535900, 22032206],
      ['2024-02-09', 3600, 0, 22028606],
      ['2024-02-11', 15100, 0, 22013506],
    ],
  );
});
