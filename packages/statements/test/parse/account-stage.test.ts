// The account stage alone (readAccount, accountForEveryPage): one table section, as the rows stage
// hands it over, made an account statement: the period's year, date order, sides by the balance
// chain, the opening and closing, the reconciliation, and the pages a statement numbers.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accountForEveryPage, readAccount } from '../../src/parse/account.ts';
import { AMOUNT_PLACE, SIDE_BY_BALANCE } from '../../src/parse/values.ts';
import { accountContext, section, special, textLine, txn } from './stages.ts';

test('dates printed without a year take the period printed in the header zone', () => {
  const ctx = accountContext([textLine('Statement period 01/12/2023 to 31/01/2024')]);
  const a = readAccount(
    section(
      [txn('0000-12-30', 100, 0, 9900), txn('0000-01-02', 0, 1000, 10900)],
      [special('opening', 10000, true)],
    ),
    0,
    ctx,
  );
  assert.deepEqual(
    a.transactions.map((t) => t.date),
    ['2023-12-30', '2024-01-02'],
  );
  assert.deepEqual(a.period, { from: '2023-12-01', to: '2024-01-31' });
  assert.equal(a.reconciliation.ok, true);
});

test('rows printed newest first are turned into date order, and the chain runs from the opening', () => {
  const a = readAccount(
    section(
      [txn('2024-04-03', 500, 0, 10400), txn('2024-04-02', 0, 1000, 10900), txn('2024-04-01', 100, 0, 9900)],
      [special('opening', 10000, true), special('closing', 10400, false)],
    ),
    0,
    accountContext(),
  );
  assert.deepEqual(
    a.transactions.map((t) => t.date),
    ['2024-04-01', '2024-04-02', '2024-04-03'],
  );
  assert.deepEqual([a.openingBalance, a.closingBalance], [10000, 10400]);
  assert.deepEqual([a.reconciliation.ok, a.reconciliation.openingSource], [true, 'printed']);
});

test('an opening line after the first row is a page brought forward, not the opening', () => {
  const a = readAccount(
    section(
      [txn('2024-04-01', 100, 0, 9900), txn('2024-04-02', 0, 1000, 10900)],
      [special('opening', 9900, false)],
    ),
    0,
    accountContext(),
  );
  assert.equal(a.openingBalance, null);
  assert.equal(a.reconciliation.openingSource, 'derived');
});

test("on a page the balance chain moves an amount to its side; a sheet's side columns are kept", () => {
  // a withdrawal of 1,000 was placed in the deposit column: the balance went down by it
  const misplaced = () =>
    section(
      [txn('2024-04-01', 100, 0, 9900), txn('2024-04-02', 0, 1000, 8900)],
      [special('opening', 10000, true)],
    );
  const page = readAccount(misplaced(), 0, accountContext());
  assert.deepEqual(
    page.transactions.map((t) => [t.withdrawal, t.deposit]),
    [
      [100, 0],
      [1000, 0],
    ],
  );
  assert.equal(page.reconciliation.ok, true);
  const sheet = readAccount(misplaced(), 0, accountContext([], true));
  assert.deepEqual(sheet.transactions[1]!.deposit, 1000);
  assert.equal(sheet.reconciliation.ok, false);
});

test('rows dated months outside the printed period are no success, though their balances chain', () => {
  const ctx = accountContext([textLine('Statement period 01/01/2023 to 31/01/2023')]);
  const a = readAccount(
    section(
      [txn('2023-01-05', 100, 0, 9900), txn('2023-05-10', 0, 1000, 10900)],
      [special('opening', 10000, true)],
    ),
    0,
    ctx,
  );
  assert.equal(a.reconciliation.ok, false);
  assert.match(a.reconciliation.message, /outside the statement's period/);
});

test("a statement that numbers its pages past the file's last page is no success", () => {
  const account = () =>
    readAccount(
      section([txn('2024-04-01', 100, 0, 9900)], [special('opening', 10000, true)]),
      0,
      accountContext(),
    );
  const cut = [account()];
  assert.equal(cut[0]!.reconciliation.ok, true);
  accountForEveryPage([textLine('Page 1 of 3', 1, 780), textLine('Page 2 of 3', 2, 780)], 2, cut);
  assert.equal(cut[0]!.reconciliation.ok, false);
  assert.match(cut[0]!.reconciliation.message, /page 2 of 3/);
  // the last page's number printed: the file holds the statement's end
  const whole = [account()];
  accountForEveryPage([textLine('Page 1 of 3', 1, 780), textLine('Page 3 of 3', 2, 780)], 2, whole);
  assert.equal(whole[0]!.reconciliation.ok, true);
});

test("no opening printed: the first row's side is the one its amount's place shows, where the chain proves which place is which", () => {
  // two amount columns no header names, one cell of each row printed empty ('1,755.0 - 4,532.11'):
  // the first place holds deposits, as the rows after the first prove (flat ICICI of seed 33001)
  const rows = () => {
    const txs = [
      txn('2025-03-01', 1755, 0, 4000),
      txn('2025-03-02', 0, 500, 4500),
      txn('2025-03-03', 200, 0, 4300),
      txn('2025-03-04', 0, 300, 4600),
      txn('2025-03-05', 100, 0, 4500),
    ];
    // as the words' order reader hands them over: each side a guess, each amount's place kept
    const places = ['debit', 'debit', 'credit', 'debit', 'credit'] as const;
    txs.forEach((t, k) => {
      SIDE_BY_BALANCE.add(t);
      AMOUNT_PLACE.set(t, places[k]!);
    });
    return txs;
  };
  const a = readAccount(section(rows()), 0, accountContext());
  assert.deepEqual([a.transactions[0]!.withdrawal, a.transactions[0]!.deposit], [0, 1755]);
  assert.equal(a.reconciliation.openingBalance, 4000 - 1755);
  assert.equal(a.reconciliation.ok, true);
  // without the places, nothing shows the first row's side: no success on a guess
  const bare = rows().map((t) => ({ ...t }));
  bare.forEach((t) => SIDE_BY_BALANCE.add(t));
  assert.equal(readAccount(section(bare), 0, accountContext()).reconciliation.ok, false);
});

test("no opening printed: the first row's side is the one its narration's Dr/Cr word names, where every row the chain proves agrees", () => {
  // flat CANARA of seed 1, newest first, no opening printed: 'UPI/DR/...' on every withdrawal and
  // 'UPI/CR/...' on every deposit the balance proves, so the first row's 'UPI/DR/' is a withdrawal
  const rows = (fourth: string) => {
    const said = [
      // (the first read as a deposit: a guess)
      ['UPI/DR/412220246414/BHARAT PETROLEUM', 0, 92000, 5595343],
      ['UPI/CR/412258786469/MOHAMMED DESAI', 0, 115500, 5710843],
      ['IMPS/CR/412253789917/ABHISHEK YADAV', 0, 330200, 6041043],
      [fourth, 400000, 0, 5641043],
      ['NACH DR/HDFC BANK LTD', 482000, 0, 5159043],
      ['ATM CASH/458686/LUCKNOW', 100000, 0, 5059043],
    ] as const;
    const txs = said.map(([description, w, d, b], k) => ({
      ...txn(`2024-05-0${k + 1}`, w, d, b),
      description,
    }));
    // as the words' order reader hands them over: each side a guess
    txs.forEach((t) => SIDE_BY_BALANCE.add(t));
    return txs;
  };
  const a = readAccount(section(rows('UPI/DR/413158032908/ABHISHEK')), 0, accountContext());
  assert.deepEqual([a.transactions[0]!.withdrawal, a.transactions[0]!.deposit], [92000, 0]);
  assert.equal(a.reconciliation.openingBalance, 5595343 + 92000);
  assert.equal(a.reconciliation.ok, true);
  // one proven row whose word names the other side: the words prove nothing, no success on a guess
  const crossed = readAccount(section(rows('REV UPI/CR/413158032908')), 0, accountContext());
  assert.equal(crossed.reconciliation.ok, false);
});

test("no opening printed: the first row's side is the one on which the rows give the printed totals", () => {
  // flat HDFC of seed 470001, newest first, no opening printed, 'Total 35,808.32 34,223.00' under the
  // rows: the oldest row's 4,002.00 gives the totals only as a withdrawal
  const rows = () => {
    const txs = [
      // (the first read as a deposit: a guess)
      txn('2023-12-02', 0, 400200, 325718),
      txn('2023-12-03', 31997, 0, 293721),
      txn('2023-12-04', 0, 54300, 348021),
    ];
    txs.forEach((t) => SIDE_BY_BALANCE.add(t));
    return txs;
  };
  const total = { ...special('total', 0, false), balance: null, debit: 432197, credit: 54300 };
  const a = readAccount(section(rows(), [total]), 0, accountContext());
  assert.deepEqual([a.transactions[0]!.withdrawal, a.transactions[0]!.deposit], [400200, 0]);
  assert.equal(a.reconciliation.openingBalance, 325718 + 400200);
  assert.equal(a.reconciliation.ok, true);
  // a debit total without the first row's amount: a deposit
  const deposit = readAccount(
    section(rows(), [{ ...total, debit: 31997, credit: null }]),
    0,
    accountContext(),
  );
  assert.deepEqual([deposit.transactions[0]!.withdrawal, deposit.transactions[0]!.deposit], [0, 400200]);
  assert.equal(deposit.reconciliation.ok, true);
  // no totals printed: nothing shows the first row's side, no success on a guess
  assert.equal(readAccount(section(rows()), 0, accountContext()).reconciliation.ok, false);
});

test("a consolidated statement's section reads its own account line first, before the header zone's facts", () => {
  // (the first account's line is printed above the table's header, with a line of the customer's
  // other account before it: the section's line, not the first number printed, names the account)
  const ctx = accountContext([
    textLine('Customer Id : 432355002 Linked Account No : 12110200159593', 1, 20),
    textLine('Account Number : 12110100421184 ACCOUNT 1 OF 2', 1, 40),
  ]);
  const sec = {
    ...section([txn('2024-04-01', 100, 0, 9900)], [special('opening', 10000, true)]),
    accountLine: ctx.headerZone[1]!,
  };
  assert.equal(readAccount(sec, 0, ctx).number, '12110100421184');
});
