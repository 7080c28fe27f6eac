// The columns the dated rows place (inferLayout), tight cells drawn as one item: a piece between an
// item's ends that no cell drawn alone meets is a column of its own. Items as a generated AXIS layout
// drew them (unknown headings, Helvetica 6, overdrawn balances in brackets printed on a day's last row
// only, always in one item with the empty cell before them and the channel after them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { itemsPage } from './items.ts';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import { linesOf } from './stages.ts';
import { parseStatement } from '../../src/index.ts';

const doc = itemsPage(
  6,
  [
    [20, [[40, 99, 'AXIS BANK']]],
    [60, [[421, 533, 'Opening Balance : (8,06,889.50)']]],
    [74, [[40, 256, 'Statement of Account for the period 01.03.2024 to 30.04.2024']]],
    [88, [[357, 400, 'Amount (INR)']]],
    [
      94.6,
      [
        [40, 61, 'Kolumn'],
        [79, 93, 'Frob'],
        [118, 132, 'Quux'],
        [320, 338, 'Plugh'],
        [352, 370, 'Xyzzy'],
        [393, 407, 'Zorb'],
        [432, 453, 'Wibble'],
        [469, 487, 'Snark'],
      ],
    ],
    [
      101.5,
      [
        [118, 128, 'Val'],
        [356, 366, 'Amt'],
        [469, 476, 'No'],
      ],
    ],
    [
      123.8,
      [
        [40, 115, '02.03.2024 02.03.2024'],
        [118, 161, 'BANK/invoice'],
        [320, 331, 'INR'],
        [359, 381, '645.00'],
        [413, 509, '- (8,06,244.50) NET BANKING'],
      ],
    ],
    [
      141.6,
      [
        [40, 115, '03.03.2024 03.03.2024'],
        [118, 298, 'UPI/P2A/406385725106/RAHUL YADAV/HDFC BANK/advance'],
        [320, 331, 'INR'],
        [363, 381, '74.00'],
        [413, 416, '-'],
        [469, 491, 'MOBILE'],
      ],
    ],
    [
      166.2,
      [
        [40, 115, '03.03.2024 03.03.2024'],
        [118, 143, 'PhonePe'],
        [320, 331, 'INR'],
        [377, 381, '-'],
        [387, 416, '1,345.00'],
        [469, 491, 'BRANCH'],
      ],
    ],
    [
      184.0,
      [
        [40, 115, '03.03.2024 03.03.2024'],
        [118, 298, 'NEFT/IDIBN240637639585/ANNAPURNA FOODS/INDIAN BANK'],
        [320, 331, 'INR'],
        [352, 381, '5,691.00'],
        [413, 480, '- (8,01,824.50) ATM'],
      ],
    ],
    [
      201.8,
      [
        [40, 115, '05.03.2024 05.03.2024'],
        [118, 204, 'CASH DEPOSIT NAVRANGPURA'],
        [320, 331, 'INR'],
        [352, 381, '7,700.00'],
        [413, 509, '- (7,94,124.50) NET BANKING'],
      ],
    ],
    [
      226.5,
      [
        [40, 115, '07.03.2024 07.03.2024'],
        [118, 161, 'FINANCE BANK'],
        [320, 331, 'INR'],
        [341, 381, '2,12,933.00'],
        [413, 491, '- (5,81,191.50) MOBILE'],
      ],
    ],
    [
      244.3,
      [
        [40, 115, '09.03.2024 09.03.2024'],
        [118, 218, 'ATM-CASH/S1C99RJ15/AHMEDABAD'],
        [320, 331, 'INR'],
        [377, 381, '-'],
        [387, 491, '1,000.00 (5,82,191.50) BRANCH'],
      ],
    ],
    [
      268.9,
      [
        [40, 115, '10.03.2024 10.03.2024'],
        [118, 146, 'BANK/UPI'],
        [320, 331, 'INR'],
        [377, 381, '-'],
        [387, 416, '7,656.00'],
        [469, 480, 'ATM'],
      ],
    ],
    [
      293.6,
      [
        [40, 115, '10.03.2024 10.03.2024'],
        [118, 161, 'BANK/advance'],
        [320, 331, 'INR'],
        [377, 381, '-'],
        [395, 416, '219.00'],
        [469, 509, 'NET BANKING'],
      ],
    ],
    [
      318.3,
      [
        [40, 115, '10.03.2024 10.03.2024'],
        [118, 143, 'BANK/NA'],
        [320, 331, 'INR'],
        [377, 381, '-'],
        [395, 491, '110.00 (5,90,176.50) MOBILE'],
      ],
    ],
  ],
  [842, 595],
);

test('a balance no row draws apart from the cells around it is a column: its estimated place is kept', () => {
  const layout = inferLayout(linesOf(doc));
  const balance = layout?.columns.find((c) => c.role === 'balance');
  assert.ok(balance, 'a balance column');
  // (the brackets' estimated place, 420-466; before, only the item's ends placed, and the balance
  // was a sliver at 418-423 with its figures left to a column of no role)
  assert.ok(balance.x0 < 425 && balance.x1 > 460, `balance at ${balance.x0}-${balance.x1}`);
});

test("the rows read: the sides and the overdrawn balances the chain proves (a row without one takes the next one's)", () => {
  const [account] = parseStatement(doc).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.withdrawal, t.deposit, t.balance]),
    [
      [0, 64_500, -80_624_450],
      [0, 7_400, -80_617_050],
      [134_500, 0, -80_751_550],
      [0, 569_100, -80_182_450],
      [0, 770_000, -79_412_450],
      [0, 21_293_300, -58_119_150],
      [100_000, 0, -58_219_150],
      [765_600, 0, -58_984_750],
      [21_900, 0, -59_006_650],
      [11_000, 0, -59_017_650],
    ],
  );
});
