import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import { startApp } from './helpers/harness.ts';
import { member, type Harness } from './helpers/security.ts';
import {
  accountNumberMatches,
  fileReadStatement,
  fileUnfiled,
  normaliseAccountNumber,
  type StatementRowInput,
} from '../src/office/accounts.ts';
import { loadBook } from '../src/office/books.ts';
import { bookRows, clientRules, officeAccounts, officeClients } from '../src/office/tables.ts';

// The filing module the queue's job handler calls (issue 13): a read statement goes into the account
// its number names, rows already in the book are recognised, a new number is kept and reported.

/** January 2026 of one account: `n` rows from the 1st, chained from 1,00,000.00. */
function january(n: number): StatementRowInput[] {
  let bal = 10_000_000;
  return Array.from({ length: n }, (_, i) => {
    const out = i % 3 !== 0;
    const paise = 10_000 + i * 1_111;
    bal += out ? -paise : paise;
    return {
      date: `2026-01-${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
      description: out ? `UPI-SHOP ${i}-shop${i}@okaxis` : `NEFT-CUSTOMER ${i}`,
      withdrawal: out ? paise : 0,
      deposit: out ? 0 : paise,
      balance: bal,
      reference: `R${1000 + i}`,
    };
  });
}

describe('office: filing a read statement into a client’s account', () => {
  let h: Harness;
  let userId: string;
  let clientId: string;
  let accountId: string;

  before(async () => {
    h = await startApp();
    userId = (await member(h)).id;
    const db = h.database.db;
    [{ id: clientId }] = await db
      .insert(officeClients)
      .values({ userId, name: 'Meera Traders', stateCode: '27' })
      .returning({ id: officeClients.id });
    [{ id: accountId }] = await db
      .insert(officeAccounts)
      .values({
        userId,
        clientId,
        bank: 'HDFC',
        accountNumber: '0011 2233 4455 66',
        accountDigits: '11223344556 6'.replace(/\D/g, ''),
        tallyLedger: 'HDFC Bank',
      })
      .returning({ id: officeAccounts.id });
  });
  after(() => h?.close());

  test('account numbers: digits without leading zeros; masked numbers on their visible tail', () => {
    assert.deepEqual(normaliseAccountNumber('0011-2233-4455-66'), { digits: '112233445566', masked: false });
    assert.deepEqual(normaliseAccountNumber('XXXXXXXX5566'), { digits: '5566', masked: true });
    assert.ok(accountNumberMatches('00112233445566', '112233445566'));
    assert.ok(accountNumberMatches('XXXXXXXX5566', '112233445566'));
    assert.ok(accountNumberMatches('****445566', '112233445566'));
    assert.ok(!accountNumberMatches('XXXX566', '112233445566'), 'three visible digits are too few');
    assert.ok(!accountNumberMatches('112233445567', '112233445566'));
    assert.ok(!accountNumberMatches('', '112233445566'));
  });

  test('two overlapping statements: the second adds only its new rows, in date order', async () => {
    const rows = january(40);
    const now = h.clock.now();
    const first = await fileReadStatement(
      h.database.db,
      {
        userId,
        clientId,
        statementId: randomUUID(),
        fileName: 'jan-part1.pdf',
        bank: 'HDFC',
        accountNumber: '00112233445566',
        rows: rows.slice(0, 25),
      },
      now,
    );
    assert.equal(first.kind, 'filed');
    assert.ok(first.kind === 'filed' && first.added === 25 && first.gaps === 0);

    const secondId = randomUUID();
    const second = await fileReadStatement(
      h.database.db,
      {
        userId,
        clientId: null, // from the inbox: found among every client's accounts
        statementId: secondId,
        fileName: 'jan-part2.xlsx',
        bank: 'HDFC',
        accountNumber: 'XXXXXXXXXX5566',
        // newest first, as some exports print, overlapping rows 15..24
        rows: rows.slice(15).reverse(),
      },
      now,
    );
    assert.equal(second.kind, 'filed');
    assert.ok(second.kind === 'filed');
    assert.equal(second.accountId, accountId);
    assert.equal(second.added, 15);
    assert.equal(second.recognised, 10);
    assert.equal(second.gaps, 0);

    const book = await h.database.db
      .select()
      .from(bookRows)
      .where(eq(bookRows.accountId, accountId))
      .orderBy(asc(bookRows.position));
    assert.deepEqual(
      book.map((r) => r.reference),
      rows.map((r) => r.reference),
      'each row once, in the order of the account',
    );
    assert.deepEqual(
      book.map((r) => r.position),
      book.map((_, i) => i),
    );

    // The same statement filed again (a retried job) changes nothing.
    const again = await fileReadStatement(
      h.database.db,
      {
        userId,
        clientId,
        statementId: secondId,
        fileName: 'jan-part2.xlsx',
        bank: 'HDFC',
        accountNumber: '00112233445566',
        rows: rows.slice(15),
      },
      now,
    );
    assert.ok(again.kind === 'filed' && again.alreadyFiled && again.added === 0);
    const count = await h.database.db.select().from(bookRows).where(eq(bookRows.accountId, accountId));
    assert.equal(count.length, 40);
  });

  test('the printed period is the days a statement vouches for: no false hole between two months', async () => {
    const db = h.database.db;
    const [acc] = await db
      .insert(officeAccounts)
      .values({
        userId,
        clientId,
        bank: 'ICICI',
        accountNumber: '000401',
        accountDigits: '401',
        tallyLedger: 'ICICI',
      })
      .returning();
    const row = (date: string, balance: number) => ({
      date,
      description: 'NEFT',
      withdrawal: 0,
      deposit: 100,
      balance,
      reference: null,
    });
    const file = (rows: StatementRowInput[], period?: { from: string; to: string }) =>
      fileReadStatement(
        db,
        {
          userId,
          clientId,
          statementId: randomUUID(),
          fileName: 's.pdf',
          bank: 'ICICI',
          accountNumber: '401',
          rows,
          period,
        },
        h.clock.now(),
      );
    await file([row('2026-01-03', 100), row('2026-01-29', 200)], { from: '2026-01-01', to: '2026-01-31' });
    await file([row('2026-02-04', 300)], { from: '2026-02-01', to: '2026-02-28' });
    assert.deepEqual((await loadBook(db, acc)).uncovered, []);
    // without printed periods the rows' dates stand for them, and April is missing altogether
    await file([row('2026-05-06', 400)]);
    assert.deepEqual((await loadBook(db, acc)).uncovered, [{ from: '01-03-2026', to: '05-05-2026' }]);
  });

  test('a number no account has is kept as unfiled; filed once the account is chosen', async () => {
    const outcome = await fileReadStatement(
      h.database.db,
      {
        userId,
        clientId,
        statementId: randomUUID(),
        fileName: 'sbi.pdf',
        bank: 'SBI',
        accountNumber: '30001234567',
        rows: january(4),
      },
      h.clock.now(),
    );
    assert.equal(outcome.kind, 'new-account');
    assert.ok(outcome.kind === 'new-account');
    const [sbi] = await h.database.db
      .insert(officeAccounts)
      .values({
        userId,
        clientId,
        bank: 'SBI',
        accountNumber: '30001234567',
        accountDigits: '30001234567',
        tallyLedger: 'SBI',
      })
      .returning();
    const someoneElse = (await member(h)).id;
    assert.equal(
      await fileUnfiled(h.database.db, someoneElse, outcome.unfiledId, sbi.id, h.clock.now()),
      null,
      'another user cannot file it',
    );
    const filed = await fileUnfiled(h.database.db, userId, outcome.unfiledId, sbi.id, h.clock.now());
    assert.ok(filed && filed.added === 4 && filed.accountId === sbi.id);
  });

  test('new rows take the client’s rule before its memory, and say which set them', async () => {
    await h.database.db.insert(clientRules).values({
      userId,
      clientId,
      position: 0,
      name: 'Customers',
      words: ['neft', 'customer'],
      match: 'all',
      direction: 'deposit',
      minPaise: null,
      maxPaise: null,
      ledger: 'Sundry Debtors',
      voucherType: null,
    });
    const rows = january(6).map((r) => ({ ...r, date: r.date.replace('2026-01', '2026-02') }));
    const outcome = await fileReadStatement(
      h.database.db,
      {
        userId,
        clientId,
        statementId: randomUUID(),
        fileName: 'feb.pdf',
        bank: 'HDFC',
        accountNumber: '112233445566',
        rows,
      },
      h.clock.now(),
    );
    assert.equal(outcome.kind, 'filed');
    const feb = (await h.database.db.select().from(bookRows).where(eq(bookRows.accountId, accountId))).filter(
      (r) => r.date.startsWith('2026-02'),
    );
    const deposits = feb.filter((r) => r.deposit > 0);
    assert.ok(deposits.length > 0);
    for (const r of deposits) {
      assert.equal(r.ledger, 'Sundry Debtors');
      assert.equal(r.ledgerSource, 'rule');
      assert.equal(r.ledgerReason, 'Rule “Customers”');
    }
    for (const r of feb.filter((x) => x.withdrawal > 0)) assert.equal(r.ledgerSource, null);
  });
});
