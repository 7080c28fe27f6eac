// TallyPrime's bank-statement file for auto reconciliation (issue 31), as MT940: golden file (input
// beside the expected output), the balances the file states chain with its lines, and a statement
// that cannot be written says why.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { buildMt940, mt940Amount, TallyError, type Mt940Input } from '../src/index.ts';

const UPDATE = process.env.BAHI_UPDATE_GOLDEN === '1';
const input = JSON.parse(
  readFileSync(new URL('./golden/mt940/statement.json', import.meta.url), 'utf8'),
) as Mt940Input;
const GOLDEN = new URL('./golden/mt940/statement.sta', import.meta.url);

test('golden mt940-statement', () => {
  const sta = buildMt940(input);
  if (UPDATE || !existsSync(GOLDEN)) {
    if (!UPDATE) assert.fail(`${GOLDEN.pathname} is missing; run with BAHI_UPDATE_GOLDEN=1 to create it`);
    writeFileSync(GOLDEN, sta);
  }
  assert.equal(sta, readFileSync(GOLDEN, 'utf8'));
});

/** The file read back: balances and lines, each line's signed amount in paise. */
function readBack(sta: string) {
  const fields = sta.split('\r\n');
  const money = (s: string) => {
    const [r, p] = s.split(',');
    return Number(r) * 100 + Number(p);
  };
  const balance = (tag: string) => {
    const m = new RegExp(`^:${tag}:([CD])(\\d{6})INR([\\d,]+)$`).exec(
      fields.find((f) => f.startsWith(`:${tag}:`))!,
    )!;
    return (m[1] === 'D' ? -1 : 1) * money(m[3]);
  };
  const lines = fields
    .filter((f) => f.startsWith(':61:'))
    .map((f) => {
      const m = /^:61:(\d{6})(\d{4})?([CD])([\d,]+)(N[A-Z]{3})(.{1,16})$/.exec(f)!;
      assert.ok(m, f);
      return {
        date: m[1],
        entry: m[2],
        amount: (m[3] === 'D' ? -1 : 1) * money(m[4]),
        type: m[5],
        ref: m[6],
      };
    });
  return { opening: balance('60F'), closing: balance('62F'), lines, fields };
}

test('the balances chain with the lines; types, instruments and dates as the vouchers carry them', () => {
  const back = readBack(buildMt940(input));
  assert.equal(back.opening, 15000000);
  assert.equal(back.closing, 22988200);
  assert.equal(back.opening + back.lines.reduce((a, l) => a + l.amount, 0), back.closing);
  assert.deepEqual(
    back.lines.map((l) => [l.date, l.entry, l.amount, l.type, l.ref]),
    [
      // value date first, the posting date after it when they differ
      ['250604', '0603', -4500000, 'NCHK', '495548'],
      ['250605', undefined, 12500000, 'NTRF', 'BKIDH25153476069'],
      ['250606', undefined, -250000, 'NMSC', '415424818181'],
      // the reversal printed as -2,500.00 withdrawn: money in, with the RRN its narration names
      ['250606', undefined, 250000, 'NMSC', '415424818181'],
      // a junk reference '0' is no instrument
      ['250609', undefined, -11800, 'NMSC', 'NONREF'],
    ],
  );
  // SWIFT's character set only, lines of at most 65 characters after the tag, at most six.
  const narration = back.fields.filter((f) => !f.startsWith(':') && f);
  assert.ok(back.fields.every((f) => /^[A-Za-z0-9/\-?:().,'+ ]*$/.test(f)));
  assert.ok(narration.every((f) => f.length <= 65));
  assert.equal(mt940Amount(1234550), '12345,50');
  assert.equal(mt940Amount(5), '0,05');
});

test('a statement without running balances, or whose balances break, is refused with the reason', () => {
  const bare = { ...input, transactions: input.transactions.map((t) => ({ ...t, balance: null })) };
  assert.throws(
    () => buildMt940(bare),
    (e: unknown) => e instanceof TallyError && e.code === 'no_balance',
  );
  const filtered = { ...input, transactions: [input.transactions[0], input.transactions[2]] };
  assert.throws(
    () => buildMt940(filtered),
    (e: unknown) => e instanceof TallyError && /do not chain on 2025-06-06/.test(e.userMessage),
  );
  assert.throws(() => buildMt940({ ...input, accountNumber: ' ' }), /account number/);
});
