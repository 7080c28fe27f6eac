// Column headings the reader has no alias for are still known by the word at their root
// (src/parse/columns/heading.ts ROOTS): a statement's table is found from its heading words, not a list of
// the exact headings of the banks we have seen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/index.ts';
import { matchHeader } from '../../src/parse/columns/heading.ts';

const header = (cells: string[]) =>
  matchHeader(cells.map((text, i) => ({ text, x0: i * 100, x1: i * 100 + 60 })));
const roles = (cells: string[]) => header(cells)?.columns.map((c) => c.role);

test('headings named by their root word', () => {
  assert.deepEqual(
    roles([
      'Txn Posted Date',
      'Narrative Details',
      'Withdrawal Amount in INR',
      'Deposit Amount in INR',
      'Balance in INR',
    ]),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
});

test('a cheque or reference column whose heading no alias spells is still the reference', () => {
  assert.deepEqual(
    roles(['Date', 'Transaction Details', 'Cheque/Reference#', 'Debit', 'Credit', 'Balance']),
    ['date', 'description', 'reference', 'debit', 'credit', 'balance'],
  );
  assert.deepEqual(roles(['Date', 'Particulars', 'Instrument No', 'Withdrawals', 'Deposits', 'Balance']), [
    'date',
    'description',
    'reference',
    'debit',
    'credit',
    'balance',
  ]);
});

test('bilingual headings: the English word names the column', () => {
  assert.deepEqual(
    roles(['दिनांक / Date', 'विवरण / Particulars', 'नामे / Debit', 'जमा / Credit', 'शेष / Balance']),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
});

test("a transaction number column is no date: 'Txn No.' before 'Txn Date'", () => {
  const h = header(['Txn No.', 'Txn Date', 'Description', 'Cheque No.', 'Dr Amount', 'Cr Amount', 'Balance']);
  assert.equal(h?.columns.find((c) => c.role === 'date')?.label, 'Txn Date');
});

test("'Balance Amount' is one balance column, not a balance and an amount", () => {
  assert.deepEqual(
    roles(['Transaction Date', 'Particulars', 'Debit Amount', 'Credit Amount', 'Balance Amount']),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
});

test("two headings known only as 'other' stay two columns: 'Tran Id' first, 'Init. Br' after the balance", () => {
  // the branch code set a word space after the balance, as a tight table prints it
  const cells = ['Tran Id', 'Date', 'Particulars', 'Debit', 'Credit', 'Balance'].map((text, i) => ({
    text,
    x0: i * 100,
    x1: i * 100 + 60,
  }));
  const h = matchHeader([...cells, { text: 'Init. Br', x0: 564, x1: 590 }]);
  assert.deepEqual(
    h?.columns.map((c) => `${c.role}:${c.label}`),
    [
      'other:Tran Id',
      'date:Date',
      'description:Particulars',
      'debit:Debit',
      'credit:Credit',
      'balance:Balance',
      'other:Init. Br',
    ],
  );
});

test('a heading the reader has no name for is kept as a column of its own, where it stands', () => {
  const h = header(['Date', 'Narration', 'Purpose', 'Debit', 'Credit', 'Balance', 'Zone']);
  assert.deepEqual(
    h?.columns.map((c) => c.role),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
  assert.deepEqual(h?.unnamed, [
    { x0: 200, x1: 260 },
    { x0: 600, x1: 660 },
  ]);
});

test("'Debit' and 'Credit Amount' a word space apart are two columns, not one 'Debit Credit' amount", () => {
  const h = matchHeader([
    { text: 'Date', x0: 0, x1: 20 },
    { text: 'Narration', x0: 100, x1: 140 },
    { text: 'Debit', x0: 300, x1: 319 },
    { text: 'Credit Amount', x0: 324, x1: 375 },
    { text: 'Balance', x0: 400, x1: 430 },
  ]);
  assert.deepEqual(
    h?.columns.map((c) => `${c.role}:${c.label}`),
    ['date:Date', 'description:Narration', 'debit:Debit', 'credit:Credit Amount', 'balance:Balance'],
  );
  // one heading spelling both sides is still the one amount column
  assert.deepEqual(roles(['Date', 'Narration', 'Debit/Credit', 'Balance']), [
    'date',
    'description',
    'amount',
    'balance',
  ]);
});

test("'Debit Credit Amount' drawn as one item (a tight print from a browser) is two columns, as 'Withdrawal / Deposit' is one", () => {
  const h = matchHeader([
    { text: 'Sl No', x0: 27, x1: 45 },
    { text: 'Trans Date', x0: 70, x1: 106 },
    { text: 'Remarks', x0: 177, x1: 202 },
    { text: 'Debit Credit Amount Running Balance Br Code', x0: 472, x1: 625 },
  ]);
  assert.deepEqual(
    h?.columns.map((c) => `${c.role}:${c.label}`),
    [
      'serial:Sl No',
      'date:Trans Date',
      'description:Remarks',
      'debit:Debit',
      'credit:Credit Amount',
      'balance:Running Balance',
      'other:Br Code',
    ],
  );
  assert.deepEqual(roles(['Date', 'Narration', 'Withdrawal / Deposit', 'Balance']), [
    'date',
    'description',
    'amount',
    'balance',
  ]);
});

test("'Dr', '/' and 'Cr' drawn a word space apart after the balance are one Dr/Cr column", () => {
  const h = matchHeader([
    { text: 'Txn Date', x0: 26, x1: 67 },
    { text: 'Transaction Details', x0: 140, x1: 237 },
    { text: 'Amount (Rs.)', x0: 331, x1: 392 },
    { text: 'Running Balance', x0: 414, x1: 490 },
    { text: 'Dr', x0: 512, x1: 522 },
    { text: '/', x0: 527, x1: 532 },
    { text: 'Cr', x0: 537, x1: 547 },
  ]);
  assert.deepEqual(
    h?.columns.map((c) => c.role),
    ['date', 'description', 'amount', 'balance', 'mark'],
  );
});

test("'Val. Date', 'Effective Date', and the sides as money out and in", () => {
  const withValueDate = ['date', 'valueDate', 'description', 'debit', 'credit', 'balance'];
  for (const cells of [
    ['Txn. Date', 'Val. Date', 'Particulars', 'Debit', 'Credit', 'Balance'],
    ['Date', 'Effective Date', 'Details', 'Money Out', 'Money In', 'Balance'],
  ])
    assert.deepEqual(roles(cells), withValueDate, cells.join(' | '));
  assert.deepEqual(roles(['Date', 'Particulars', 'Paid Out', 'Paid In', 'Balance']), [
    'date',
    'description',
    'debit',
    'credit',
    'balance',
  ]);
});

test('headings a tight table prints as one run are still each a column: a type, a category, a branch code', () => {
  // pdf.js gives 'Balance Category' and 'Balance Br' as one item each when the gap is a word space
  const tight = matchHeader([
    { text: 'S.No Transaction Date Tran', x0: 27, x1: 151 },
    { text: 'Type Instrument', x0: 156, x1: 228 },
    { text: 'Id Value', x0: 233, x1: 271 },
    { text: 'Dt', x0: 276, x1: 285 },
    { text: 'Debit', x0: 304, x1: 328 },
    { text: 'Deposits Running', x0: 338, x1: 414 },
    { text: 'Balance Category', x0: 419, x1: 496 },
    { text: 'Remarks', x0: 515, x1: 549 },
  ]);
  assert.deepEqual(
    tight?.columns.map((c) => `${c.role}:${c.label}`),
    [
      'serial:S.No',
      'date:Transaction Date',
      'other:Tran Type',
      'reference:Instrument Id',
      'valueDate:Value Dt',
      'debit:Debit',
      'credit:Deposits',
      'balance:Running Balance',
      'other:Category',
      'description:Remarks',
    ],
  );
  const branch = matchHeader([
    { text: 'Trans Date', x0: 36, x1: 72 },
    { text: 'Narration', x0: 154, x1: 186 },
    { text: 'CCY Withdrawal', x0: 388, x1: 438 },
    { text: '(Dr) Deposit', x0: 441, x1: 484 },
    { text: '(Cr)', x0: 487, x1: 502 },
    { text: 'Balance Br', x0: 526, x1: 562 },
    { text: 'Code', x0: 565, x1: 580 },
  ]);
  assert.deepEqual(
    branch?.columns.map((c) => `${c.role}:${c.label}`),
    [
      'date:Trans Date',
      'description:Narration',
      'other:CCY',
      'debit:Withdrawal (Dr)',
      'credit:Deposit (Cr)',
      'balance:Balance',
      'other:Br Code',
    ],
  );
});

test("a header set one space apart names 'Balance Amount' as two columns where the table needs its amount", () => {
  // (a real statement's text redrawn one space apart, the balance before the amount; before, the
  // amount's word was read as the tail of the balance's name, the header named no amount and was
  // not found, and a date ending each narration was read as a value date)
  const line = (text: string) =>
    matchHeader([{ text, x0: 0, x1: 5 * text.length }])?.columns.map((c) => c.role);
  assert.deepEqual(line('Txn Date Transaction Remarks Balance (INR) Transaction Amount (INR)'), [
    'date',
    'description',
    'balance',
    'amount',
  ]);
  // a figure column's name with an amount's word stays one name where the table has its amounts
  assert.deepEqual(line('Date Narration Withdrawal Amount Deposit Amount Balance'), [
    'date',
    'description',
    'debit',
    'credit',
    'balance',
  ]);
  const read = parseStatement({
    kind: 'lines',
    format: 'rpt',
    lines: [
      'Opening Balance 13196.40',
      'Txn Date Transaction Remarks Balance (INR) Transaction Amount (INR)',
      '01/02/2019 POS 180557HBTKFY0013 WO S DEBIT 12857.40 339.00 Dr',
      '04/02/2019 SO AHV LOAN# 57905239 04-02-2019 28847.40 15,990.00 Cr',
      '06/02/2019 ATM WDL 28347.40 500.00 Dr',
    ],
  });
  assert.deepEqual(
    read.accounts[0]!.transactions.map((t) => [t.description, t.valueDate]),
    [
      ['POS 180557HBTKFY0013 WO S DEBIT', null],
      ['SO AHV LOAN# 57905239 04-02-2019', null],
      ['ATM WDL', null],
    ],
  );
});
