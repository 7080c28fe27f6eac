// A tight table's date cells and the reference after them drawn as one item: the dates are the
// date columns', the rest the next column's (the page is merged-dates-page.ts's).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { datesThenText } from '../../src/parse/dates.ts';
import { onePage, placed, type Item } from './items.ts';
import { mergedDatesPage } from './merged-dates-page.ts';

test("dates and a reference drawn as one item ('02 August 24 02 August 24 0000421545088228') are rows", () => {
  // (the item read as no date: the rows printed so were outside the table found under them)
  const tx = parseStatement(mergedDatesPage()).accounts.flatMap((a) => a.transactions);
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-07-29', 331600, 0, 50486845],
      ['2024-07-29', 41848400, 0, 8638445],
      ['2024-07-29', 0, 1290200, 9928645],
      ['2024-07-29', 75200, 0, 9853445],
      ['2024-07-30', 0, 1902100, 11755545],
      ['2024-07-30', 0, 5708500, 17464045],
      ['2024-08-01', 0, 2400, 17466445],
      ['2024-08-02', 0, 649700, 18116145],
      ['2024-08-02', 0, 74800, 18190945],
    ],
  );
  assert.equal(tx[8]!.description, 'UPI-RAJESH SHARMA-rajesh29@okicici-UBIN0408485-421');
});

test('datesThenText takes dates and a cell of text apart, not a date and its time or figures', () => {
  assert.deepEqual(datesThenText('30 August 24 30 August 24 0000424352595205'), {
    dates: ['30 August 24', '30 August 24'],
    rest: '0000424352595205',
  });
  assert.deepEqual(datesThenText('01 Dec 2023 TRANSFER FROM 4897'), {
    dates: ['01 Dec 2023'],
    rest: 'TRANSFER FROM 4897',
  });
  assert.equal(datesThenText('01/12/2023 10:15 AM'), null);
  assert.equal(datesThenText('01/12/2023 1,200.00'), null);
  assert.equal(datesThenText('11-11-25 TRANSFER FROM 1587344834962 Cr INR 4,56,464.00'), null);
  assert.equal(datesThenText('30 August 24'), null);
});

test("datesThenText reads a date printed without its year before the next cell ('Jun 02 CLG'), a full date first", () => {
  // (UNION 2296589319 of seed 290001: a serial, then 'Jun 02 CLG' as one item; the period gives the
  // year. Before, no dated row was found and the table was none)
  assert.deepEqual(datesThenText('Jun 02 CLG'), { dates: ['Jun 02'], rest: 'CLG' });
  assert.deepEqual(datesThenText('Jun 01 Jun 02 CLG'), { dates: ['Jun 01', 'Jun 02'], rest: 'CLG' });
  assert.deepEqual(datesThenText('01 Jun 2023 TFR'), { dates: ['01 Jun 2023'], rest: 'TFR' });
  assert.equal(datesThenText('Jun 02'), null);
});

test("a transaction id and both dates drawn as one item ('S10004271 05-May-2023 05-May-2023') are three cells", () => {
  // (a generated Bank of India layout in Courier 9.5: 'Tran Id | Value Dt | Tran Date | Chq No | ...')
  const at = (y: number, items: Item[]) => placed(y, items, 9.5);
  const row = (y: number, id: string, date: string, text: string, figure: Item, balance: string) =>
    at(y, [
      [45, 220, `${id} ${date} ${date}`],
      [261, 261 + 5.3 * text.length, text],
      figure,
      [707, 767, balance],
    ]);
  const doc = onePage(
    [792, 612],
    [
      ...at(122, [
        [58, 80, 'Tran'],
        [114, 141, 'Value'],
        [180, 202, 'Tran'],
        [233, 249, 'Chq'],
        [378, 427, 'Narration'],
        [547, 601, 'Withdrawal'],
        [627, 660, 'Credit'],
        [707, 745, 'Balance'],
      ]),
      ...at(132.7, [
        [63, 74, 'Id'],
        [122, 133, 'Dt'],
        [180, 202, 'Date'],
        [236, 246, 'No'],
        [547, 569, 'Amt.'],
        [707, 734, '(Rs.)'],
      ]),
      ...row(
        156,
        'S10004271',
        '05-May-2023',
        'UPI/DR/312546184669/BIGBASKET',
        [574, 623, '220.00 Dr'],
        '1,91,431.98',
      ),
      ...row(
        172.3,
        'M10012190',
        '06-May-2023',
        'UPI/DR/312626480304/ANJALI',
        [574, 623, '324.00 Dr'],
        '1,91,107.98',
      ),
      ...row(
        188.6,
        'N10020109',
        '09-May-2023',
        'UPI/CR/312918207510/VIKRAM',
        [654, 687, '492.00 Cr'],
        '1,91,599.98',
      ),
      ...row(
        204.9,
        'M10035947',
        '10-May-2023',
        'IMPS/CR/313046085512/SHALINI',
        [638, 687, '86,338.00 Cr'],
        '2,77,937.98',
      ),
    ],
  );
  const [account] = parseStatement(doc).accounts;
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.valueDate, t.withdrawal, t.deposit, t.balance]),
    [
      ['2023-05-05', '2023-05-05', 22000, 0, 19143198],
      ['2023-05-06', '2023-05-06', 32400, 0, 19110798],
      ['2023-05-09', '2023-05-09', 0, 49200, 19159998],
      ['2023-05-10', '2023-05-10', 0, 8633800, 27793798],
    ],
  );
});
