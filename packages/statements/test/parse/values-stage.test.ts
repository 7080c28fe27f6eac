// The values stage alone (toTransaction): a row's cells, as the rows stage hands them over, made a
// transaction: dates in ISO, figures in paise, narration and reference joined over the row's lines.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Cell } from '../../src/parse/cells.ts';
import type { Line } from '../../src/parse/lines.ts';
import { NO_YEAR, SIDE_BY_BALANCE, toTransaction } from '../../src/parse/values.ts';

const anchor = (text: string): Line => ({ page: 3, y: 140, height: 8, runs: [], text });
const c = (role: Cell['role'], text: string): Cell => ({ role, text });
/** The row of one date line (plus its wrapped lines' cells), read with `referenceJoin`. */
const value = (cells: Cell[], wrapped: Cell[][] = [], referenceJoin = '', dayAbove?: string) =>
  toTransaction(
    { anchor: anchor(cells.map((x) => x.text).join(' ')), cells, lines: [cells, ...wrapped] },
    { referenceJoin },
    dayAbove,
  );
const tx = (t: ReturnType<typeof toTransaction>) => {
  if (!('tx' in t)) throw new Error(`no transaction: ${t.issue.message}`);
  return t.tx;
};

test('dates in ISO, figures in paise, the narration joined over the wrapped lines, the page kept', () => {
  const t = tx(
    value(
      [
        c('date', '05 Apr 2024'),
        c('valueDate', '06-04-2024'),
        c('description', 'NEFT/CR/N1234'),
        c('credit', '1,23,456.78'),
        c('balance', '2,00,000.00'),
      ],
      [[c('description', 'ACME  TRADERS')]],
    ),
  );
  assert.deepEqual(t, {
    date: '2024-04-05',
    valueDate: '2024-04-06',
    description: 'NEFT/CR/N1234 ACME TRADERS',
    reference: null,
    withdrawal: 0,
    deposit: 12345678,
    balance: 20000000,
    page: 3,
  });
});

test("a reference wrapped mid-number is joined as the bank does ('' or ' '); an export's '-' is no reference", () => {
  const cells = [
    c('date', '01/04/2024'),
    c('description', 'CHQ'),
    c('reference', '0000424'),
    c('debit', '10.00'),
  ];
  const wrapped = [[c('reference', '352595')]];
  assert.equal(tx(value(cells, wrapped, '')).reference, '0000424352595');
  assert.equal(tx(value(cells, wrapped, ' ')).reference, '0000424 352595');
  assert.equal(tx(value([...cells.slice(0, 2), c('reference', '-'), c('debit', '10.00')])).reference, null);
});

test('one amount column: its Dr/Cr mark gives the side; an unsigned amount waits for the balance chain', () => {
  const dr = tx(value([c('date', '01/04/2024'), c('description', 'ATM'), c('amount', '500.00 Dr')]));
  assert.deepEqual([dr.withdrawal, dr.deposit, SIDE_BY_BALANCE.has(dr)], [50000, 0, false]);
  const bare = tx(value([c('date', '01/04/2024'), c('description', 'ATM'), c('amount', '500.00')]));
  assert.deepEqual([bare.withdrawal, bare.deposit, SIDE_BY_BALANCE.has(bare)], [0, 50000, true]);
  const minus = tx(value([c('date', '01/04/2024'), c('description', 'ATM'), c('amount', '-500.00')]));
  assert.deepEqual([minus.withdrawal, minus.deposit], [50000, 0]);
});

test("whole rupees are a row's figure only when no amount cell holds paise (a cheque number beside a deposit)", () => {
  const whole = tx(value([c('date', '01/04/2024'), c('description', 'SALARY'), c('credit', '2,700')]));
  assert.equal(whole.deposit, 270000);
  const cheque = tx(
    value([c('date', '01/04/2024'), c('description', 'CLG'), c('debit', '533429'), c('credit', '86,522.00')]),
  );
  assert.deepEqual([cheque.withdrawal, cheque.deposit], [0, 8652200]);
});

test("a date without its year waits for the period; a row under the day above takes that day's date", () => {
  assert.equal(
    tx(value([c('date', 'May 02'), c('description', 'UPI'), c('debit', '1.00')])).date,
    `${NO_YEAR}-05-02`,
  );
  const sameDay = tx(
    value([c('valueDate', '04/05/2024'), c('description', 'UPI'), c('debit', '1.00')], [], '', '2024-05-03'),
  );
  assert.deepEqual([sameDay.date, sameDay.valueDate], ['2024-05-03', '2024-05-04']);
});

test('a row without a readable date, or without a narration, is an issue naming its page and text', () => {
  const noDate = value([c('date', 'N/A'), c('description', 'UPI'), c('debit', '1.00')]);
  assert.deepEqual(noDate, {
    issue: { kind: 'row', message: "Could not read the date 'N/A'.", page: 3, text: 'N/A UPI 1.00' },
  });
  const noText = value([c('date', '01/04/2024'), c('debit', '1.00')]);
  assert.ok('issue' in noText && /without a narration/.test(noText.issue.message));
});
